import { api } from "./api.js";
import { lineWords } from "./history.js";
import { t } from "./i18n.js";
import { sharedBox } from "./shared.js";
import { draw, html } from "./view.js";

// The footer every room page shares (_room_footer.html), drawn from each state with the view
// library: undo / redo, the history (one keyed line per event), the share links with the
// hand-over box and the pass-and-play box, the tournament event's line. A redraw keeps each
// node still there (a finger on Undo keeps its button; an open box stays open).
// room: {match, undo(target), redo(), reread(), toast(text)} from room.js.
const FOOTER = { why: false, handed: null, last: null };
const UNDO_WORDS = { undo: "Undo", undo_pick: "Undo the last pick" };

/** Draw the footer of a room page from the state the phone was sent. */
export function drawFooter(data, seated, room) {
  FOOTER.last = [data, seated, room];
  const box = document.getElementById("undo-box");
  if (box) draw(box, undoView(data, seated, box.dataset, room));
  draw(document.getElementById("history"), historyView(data.history));
  const share = document.getElementById("share");
  share.hidden = !data.links;
  draw(share, data.links ? shareView(data, room) : null);
  const line = document.getElementById("event");
  if (line) {
    line.hidden = !data.event;
    draw(line, data.event ? eventView(data.event) : null);
  }
}

// Newest first; each line keyed by its place in the whole history, so a new line is one
// node added at the top and the others stay.
function historyView(history) {
  return history.map((line, n) => html`<li key=${n}>${lineWords(line)}</li>`).reverse();
}

// Undo names what it takes back (this phone's own last action, while it is last). Off, it
// says why (the server's reason: nothing to undo, a final action such as a reveal or a coin
// flip, another seat's action, ...): the button stays focusable (aria-disabled), its title
// and aria-describedby give the reason, and a tap shows it in the line under it.
function undoView(data, seated, words, room) {
  const off = !data.undo || !seated ? (seated ? data.undo_why : { why: "spectator" }) || {} : null;
  const why = off ? undoWhyWords(off) : "";
  if (!off) FOOTER.why = false;
  const label = words.undo || "undo";
  const word = t(label, UNDO_WORDS[label] || "Undo");
  const tap = () => {
    if (!off) return room.undo(data.undo.target);
    FOOTER.why = true; // a tap on a greyed-out Undo says why it is off
    drawFooter(...FOOTER.last);
  };
  const redo = words.redo !== "no";
  return html`<div class="row">
      <button id="undo" type="button" aria-disabled=${off ? "true" : undefined} title=${why || undefined}
        aria-describedby=${why ? "undo-why" : undefined} onClick=${tap}>
        ${data.undo ? word + ": " + lineWords(data.undo.said || data.undo.line) : word}
      </button>
      ${redo ? html`<button id="redo" type="button" disabled=${!data.can_redo || !seated} onClick=${room.redo}>${t("redo", "Redo")}</button>` : null}
    </div>
    <p id="undo-why" class="small" role="status" hidden=${!FOOTER.why || !why}>${why}</p>`;
}

function undoWhyWords(why) {
  const line = why.said || why.line ? lineWords(why.said || why.line) : "";
  switch (why.why) {
    case "nothing":
      return t("undo_why_nothing", "Nothing to undo yet");
    case "final":
      return t("undo_why_final", "Cannot undo: this is final (a reveal or a coin flip is never taken back)") + ": " + line;
    case "other_seat":
      return (
        t("undo_why_other", "Cannot undo: the last action is {actor}'s, and only {actor}'s phone can take it back").replaceAll(
          "{actor}",
          why.actor || "",
        ) +
        (why.organiser ? " " + t("undo_why_organiser", "(or the organiser)") : "") +
        ": " +
        line
      );
    case "depth":
      return t("undo_why_depth", "Only the last action can be taken back here, once");
    case "spectator":
      return t("undo_why_spectator", "A spectator's phone cannot undo");
    default:
      return why.text || "";
  }
}

const qr = (url) => html`<img class="qr" alt="join QR code" src=${"/qr.svg?text=" + encodeURIComponent(url)} />`;

function shareView(data, room) {
  const links = data.links;
  return html`<h2>${t("share", "Share")}</h2>
    ${qr(links.join_url)}
    <p>${t("join_link", "Join link")}: <a href=${links.join_url}>${links.join_url}</a></p>
    <p>${t("view_link", "Spectator link")}: <a href=${links.view_url}>${links.view_url}</a></p>
    ${data.trust === "tournament" ? null : handOverView(data, room)}
    ${sharedBox(data, room.match, room.reread)}`;
}

// At a tournament table only the organiser hands a seat over: no box the server refuses.
function handOverView(data, room) {
  const handed = FOOTER.handed;
  return html`<details id="hand-over">
    <summary>${t("hand_over", "Hand a seat to a new phone")}</summary>
    <p class="small">
      ${t("hand_over_help", "For a lost or flat phone: its seat is freed for a new link, and the old phone can no longer act.")}
    </p>
    <div class="row">
      ${data.seats.map(
        (seat) =>
          html`<button key=${seat.seat} type="button" class="small-button" onClick=${() => handOver(seat, room)}>${seat.name}</button>`,
      )}
    </div>
    <div id="hand-over-link">
      ${handed ? html`<p>${handed.name}: <a href=${handed.url}>${handed.url}</a></p>${qr(handed.url)}` : null}
    </div>
  </details>`;
}

async function handOver(seat, room) {
  if (!window.confirm(t("hand_over_confirm", "Hand this seat to a new phone?") + " " + seat.name)) return;
  try {
    const made = await api("POST", "/api/matches/" + room.match + "/seats/" + seat.seat + "/hand-over", {});
    FOOTER.handed = { name: seat.name, url: made.join_url };
    drawFooter(...FOOTER.last);
  } catch (err) {
    room.toast(err.error || "error");
  }
}

// A tournament table links to its event, says once its result has gone there, and shows
// the event's round clock (drawn again with each state the phone reads).
function eventView(event) {
  return html`<a href=${event.url}>${t("event", "Event") + ": " + event.name}</a>
    ${event.result_sent ? html`<strong class="sent">${" · ✓ " + t("result_sent", "Result sent to the event")}</strong>` : null}
    ${event.round_ends ? html`<span id="round-clock">${" · " + roundClock(event.round_ends)}</span>` : null}`;
}

// When the round ends, in this phone's time, and the minutes left.
function roundClock(iso) {
  const end = new Date(iso);
  const left = Math.ceil((end.getTime() - Date.now()) / 60000);
  if (left <= 0) return t("round_time_up", "the round's time is up");
  const at = end.toTimeString().slice(0, 5);
  return t("round_ends_at", "round ends {time} ({n} min left)").replace("{time}", at).replace("{n}", left);
}
