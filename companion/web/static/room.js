import { actingSeat, api, flushOutbox, keepAwakeFrom, LONG_POLL, newKey, outboxRead, pollForever, sendWrite } from "./api.js";
import { drawFooter } from "./footer.js";
import { lineWords } from "./history.js";
import { applyWords, sayWords, t } from "./i18n.js";
import { followTurn } from "./shared.js";
import { dropStaleUndo, toast } from "./toasts.js";
import { cloneElement } from "./vendor/preact.js";
import { draw, html } from "./view.js";
// Shared by the room pages: polling (ETag / 304), writes with the version they were based on
// and an idempotency key (kept and sent later when the phone is offline), undo / redo,
// history, share links and handing a seat to a new phone, and keeping the screen on.
// The page's own script calls startRoom(render) with its function that draws the table.
export const ROOM = {
  url: document.body.dataset.stateUrl,
  match: document.body.dataset.match,
  spectator: document.body.dataset.spectator === "yes",
  current: null,
  etag: null,
  ownEtag: null,
  shown: null,
  render: null,
};
// A message over the page (toasts.js); one that matters more (a kept tap refused, a seat
// handed over) stays longer, but every one goes by itself or with its dismiss button.
export function roomToast(text, stay) {
  toast(text, stay ? 12000 : 4000);
}
function roomWaiting() {
  const entry = ROOM.match && outboxRead(ROOM.match);
  let note = document.getElementById("outbox-box");
  if (!note && !entry) return;
  if (!note) {
    note = document.createElement("div");
    note.id = "outbox-box";
    document.querySelector("main").prepend(note);
  }
  const waiting = t("tap_waiting", "Offline: your last tap is kept and will be sent when the phone is back");
  draw(note, entry ? html`<p id="outbox" class="outbox" role="status">${waiting + " (" + entry.label + ")"}</p>` : null);
}
async function roomFlush() {
  if (!ROOM.match || !outboxRead(ROOM.match)) return;
  try {
    const result = await flushOutbox(ROOM.match);
    if (result.sent) {
      ROOM.etag = null;
      roomToast(t("tap_sent", "Your kept tap was sent") + ": " + lineWords(result.data.said || result.data.line));
    }
  } catch (err) {
    roomRefused(err, true);
  }
  roomWaiting();
}
async function roomPoll(wait) {
  try {
    const seat = actingSeat();
    if (wait && seat !== null && !(await tableMoved())) return;
    const url = ROOM.url + (wait && seat === null && ROOM.etag ? LONG_POLL : "");
    const data = await api("GET", url, undefined, ROOM.etag ? { "If-None-Match": ROOM.etag } : {});
    if (seat !== actingSeat()) return; // a shared phone turned to another seat meanwhile
    // A state already shown (same ETag: same version, seats and viewer) is not drawn again:
    // after a tap, the tap's own read and the long poll both bring the new state. The view
    // library would redraw it as a no-op; not drawing it at all saves the copy and a shared
    // phone's look at its other seats.
    const fresh = data.status !== 304 && !olderThanShown(data);
    const shown = data.etag && data.etag === ROOM.shown;
    if (fresh && !shown) {
      ROOM.shown = data.etag;
      roomShow(data);
      roomKeepCopy(data);
    }
    if (fresh) ROOM.etag = data.etag;
    // A tap still on its way is in the outbox too: only one left there (kept offline) is sent.
    if (!data.offline && !ROOM.sending && outboxRead(ROOM.match)) await roomFlush();
  } catch (err) {
    if (err.status) roomToast(err.error || "error");
  }
}
// A shared phone turned to another seat it holds (shared.js) waits for the table as its own
// first seat: the server's long poll knows a phone by that seat's cookie and answered a read
// naming another seat (X-Seat) at once, so the phone asked every second. Once the table
// moved, the seat shown is read at once. True: the table moved (or was never read so).
async function tableMoved() {
  const headers = ROOM.ownEtag ? { "X-Seat": "", "If-None-Match": ROOM.ownEtag } : { "X-Seat": "" };
  const data = await api("GET", ROOM.url + (ROOM.ownEtag ? LONG_POLL : ""), undefined, headers);
  if (data.status === 304) return false;
  ROOM.ownEtag = data.offline ? null : data.etag;
  return true;
}
// Answers to reads can arrive out of order (a long poll answered just before a tap's own
// read, delivered just after it): a state older than the one shown is never drawn, or the
// phone would step back and its next tap be refused as based on an old table.
function olderThanShown(data) {
  return ROOM.current !== null && data.version < ROOM.current.version;
}
// The service worker keeps each state it passes on, but a read that started before it took
// the page (a join link followed at once) passes it by: the page keeps what it was shown, so
// a reload without network shows the latest table. Same cache as in sw.js.
function roomKeepCopy(data) {
  if (!("caches" in window) || data.offline || actingSeat() !== null) return; // own seat only (sw.js)
  const body = Object.assign({}, data);
  for (const added of ["status", "etag", "offline"]) delete body[added];
  const copy = new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });
  caches
    .open("strikekit-rooms-v1")
    .then((cache) => cache.put(location.origin + ROOM.url, copy))
    .catch(() => {});
}
// A refusal the rules said with a word key is shown in the phone's language.
const refusal = (err) => (err.said ? sayWords(err.said) : err.error || "error");
function roomRefused(err, kept) {
  const what = kept && err.entry ? " (" + err.entry.label + ")" : "";
  const prefix = kept ? t("tap_refused", "Your kept tap was not applied") + what + ": " : "";
  if (err.status === 409 && err.current) {
    if (!olderThanShown(err.current)) roomShow(err.current);
    roomToast(prefix + t("changed", err.error), kept);
  } else roomToast(prefix + refusal(err), kept);
}
// Taps are sent one at a time, in order: a tap made while the previous one is on its way
// waits for it (and for the state it brings) instead of being dropped.
let roomQueue = Promise.resolve();
function roomSend(path, extra, label) {
  const next = roomQueue.then(() => roomSendNow(path, extra, label));
  roomQueue = next.catch(() => {});
  return next;
}
async function roomSendNow(path, extra, label) {
  if (!ROOM.current) return;
  if (outboxRead(ROOM.match)) {
    roomToast(t("tap_wait_first", "Your last tap is still waiting for the network: try again once it is sent"));
    return;
  }
  const request = Object.assign({ base_version: ROOM.current.version, idempotency_key: newKey() }, extra || {});
  ROOM.sending = true;
  try {
    const result = await sendWrite(ROOM.match, path, request, label).finally(() => {
      ROOM.sending = false;
    });
    if (result.waiting) roomWaiting();
    else {
      ROOM.etag = null;
      await roomPoll();
    }
  } catch (err) {
    roomRefused(err, false);
  }
}
// Undo names the action it means (its log position): if another tap got there first, the
// server refuses instead of taking back something else.
export const roomUndo = (target) =>
  target === "" || target === undefined ? undefined : roomSend("undo", { target: Number(target) }, t("undo", "Undo"));
export const roomAct = (action) => roomSend("actions", { action }, t("act_" + action.type, action.type.replace(/_/g, " ")));
// The next-step bar at the bottom of a table page, drawn from the step the server sends for
// this phone's seat ({mine, say, text, args, actions}; null: no bar, e.g. a spectator).
// button(name) makes the page's button for each action the step names, as a view (or null);
// the bar marks each with data-step=name, the action it is for in any language.
/** Draw the next-step bar for this step: button(name) returns a view or null. */
export function roomNextStepView(step, button) {
  const bar = document.getElementById("next-step");
  if (!bar) return;
  bar.hidden = !step;
  document.body.classList.toggle("with-next-step", !!step);
  if (!step) return;
  bar.classList.toggle("mine", step.mine);
  // Each button keyed by its action and the step it was drawn for: a redraw that leaves the
  // step as it was keeps the node under a finger; a changed step (another prompt, another
  // action: "End turn" and "End turn at 10 or more" look alike but do not act alike) makes
  // new nodes, so a press made on one step never lands on the next.
  const drawnFor = JSON.stringify(step);
  const buttons = step.actions.map((name) => [name, button(name)]).filter(([, view]) => view);
  draw(
    bar,
    html`<p id="next-line">${sayWords(step)}</p>
      ${step.hint ? html`<p id="next-hint" class="hint">${sayWords(step.hint)}</p>` : null}
      ${buttons.length ? html`<div class="row">${buttons.map(([name, view]) => cloneElement(view, { key: name + drawnFor, "data-step": name }))}</div>` : null}`,
  );
  document.body.style.setProperty("--next-step-height", bar.offsetHeight + "px");
}
/** One slot of a step in the phone's language (a term's or phrase's own slots filled). */
export function stepSlot(step, name) {
  return sayWords({ say: "", text: `{${name}}`, args: step.args, terms: step.terms, ja: step.ja });
}
// A phone whose seat was handed to a new phone is told so, once (it now only watches).
function seatLost(data) {
  const was = ROOM.current?.state.you;
  if (!was || ROOM.spectator || data.state.you) return;
  roomToast(t("seat_lost", "Your seat was handed to a new phone: this phone now only watches the table") + " (" + was + ")", true);
}
function roomShow(data) {
  seatLost(data);
  ROOM.current = data;
  ROOM.render(data);
  dropStaleUndo(data.undo);
  drawFooter(data, !ROOM.spectator && !!data.state.you, FOOTER_ROOM);
  roomWaiting();
  applyWords();
  if (!ROOM.spectator) followTurn(data, ROOM.match, roomReread);
}
// What the footer (footer.js) does through the room.
const FOOTER_ROOM = {
  match: ROOM.match,
  undo: (target) => roomUndo(target),
  redo: () => roomSend("redo", {}, t("redo", "Redo")),
  reread: () => roomReread(),
  toast: (text) => roomToast(text),
};
// Read the table again at once (a shared phone turned to another seat: its own state).
function roomReread() {
  ROOM.etag = null;
  ROOM.shown = null;
  roomPoll();
}
// Start the room page: render(data) draws the table from each state the server sends.
// The state is readable as window.ROOM for the browser tests (no script reads it).
export function startRoom(render) {
  ROOM.render = render;
  window.ROOM = ROOM;
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") roomPoll();
  });
  window.addEventListener("online", () => roomPoll());
  document.addEventListener("langchange", () => ROOM.current && roomShow(ROOM.current));
  if (!ROOM.spectator) keepAwakeFrom(["click", "touchend"]);
  roomPoll();
  pollForever(roomPoll);
}
