import { api, ROOM, roomAct, roomNextStepView, roomToast, startRoom, t } from "./lib.js";
import { draw, html } from "./view.js";

// The Custom Clockwork draft room: the pool, whose pick it is, everyone's picks. Tapping an
// item reads its text on every phone; the player whose pick it is then picks it from there.
const DRAFT = { open: null };
function orderView(s) {
  // Every pick in order, the one being made marked, so each phone sees who comes next.
  return html`<p class="small pick-order">
    ${t("pick_order", "Pick order") + ": "}
    ${s.pick_order.map((name, n) => [
      n ? " · " : "",
      n === s.picks_made
        ? html`<strong aria-current="step">${"▶ " + name}</strong>`
        : html`<span class=${n < s.picks_made ? "done" : ""}>${name}</span>`,
    ])}
  </p>`;
}
// The pool, one button an item keyed by the item: a pick made on another phone changes one
// button, and the one under a finger stays the same node.
function poolView(s) {
  const open = s.pool.find((item) => item.key === DRAFT.open) || null;
  const toggle = (item) => () => {
    DRAFT.open = DRAFT.open === item.key ? null : item.key;
    render(ROOM.current);
  };
  return s.pool.map(
    (item) =>
      html`<button key=${item.key} type="button" class=${"stack" + (item.taken_by ? " empty" : "") + (item === open ? " open" : "")}
        aria-expanded=${item === open ? "true" : "false"} data-key=${item.key} onClick=${toggle(item)}>
        ${item.name}<br /><span class="small">${item.taken_by ? "→ " + item.taken_by : item.character}</span>
      </button>`,
  );
}
function detailView(open, canPick) {
  let action = null;
  if (open.taken_by) action = html`<p class="small">${t("taken_by", "Taken by") + " " + open.taken_by}</p>`;
  else if (canPick)
    action = html`<button type="button" id="pick" class="big" onClick=${() => roomAct({ type: "pick", key: open.key })}>
      ${t("pick_this", "Pick") + " " + open.name}
    </button>`;
  return html`<h3>${open.name + " · " + open.character}</h3>
    <p>${open.text || t("no_text", "The catalog has no text for it: read the chip or card.")}</p>
    ${action}`;
}
function statusView(s, mine) {
  let coin = null;
  if (s.coin)
    coin = html`<p id="coin">${t("coin_flip_draft", "Coin flip: {who} drafts first and plays first").replace("{who}", s.coin)}</p>`;
  else if (s.first_player) coin = html`<p class="small">${t("plays_first", "Plays first") + ": " + s.first_player}</p>`;
  const turn = s.done ? t("draft_done", "The draft is done") : mine ? t("your_pick", "Your pick") : t("pick_of", "Pick") + ": " + s.turn;
  return html`<h1>${"Custom Clockwork · " + (s.game === "flash-duel" ? "Flash Duel" : "Puzzle Strike")}</h1>
    <p class="big">${turn}</p>
    ${s.teams ? html`<p class="small">${s.teams.map((team) => team.join(" & ")).join(" vs ")}</p>` : null}
    ${coin}${orderView(s)}`;
}
function picksView(data, seated) {
  const s = data.state;
  const names = Object.fromEntries(s.pool.map((i) => [i.key, i.name]));
  return html`<h2>${t("picks", "Picks")}</h2>
    ${s.seats.map((seat, index) => {
      const picks = s.picks[seat] || [];
      return html`<p key=${seat}>
        <strong>${seat + " (" + t("left", "left") + " " + s.picks_left[seat] + "): "}</strong>
        ${picks.map((k) => names[k]).join(", ") || "—"}${" "}
        ${picks.length ? html`<a href=${"/api/matches/" + ROOM.match + "/sheet/" + index + ".pdf"}>${t("print", "print")}</a>` : null}
      </p>`;
    })}
    ${s.done && seated ? carryButton(data, "carry") : null}`;
}
function render(data) {
  const s = data.state;
  const seated = !ROOM.spectator && s.you;
  const mine = s.turn === s.you && !s.done;
  draw(document.getElementById("status"), statusView(s, mine));
  const canPick = mine && seated;
  draw(document.getElementById("pool"), poolView(s));
  const open = s.pool.find((item) => item.key === DRAFT.open) || null;
  const detail = document.getElementById("pool-detail");
  detail.hidden = !open;
  draw(detail, open ? detailView(open, canPick) : null);
  draw(document.getElementById("picks"), picksView(data, seated));
  roomNextStepView(seated ? s.next_step : null, (name) => (name === "carry" ? carryButton(data, "carry-now") : null));
}

// One match per draft: the first tap makes it, every seat's phone is seated there.
function carryButton(data, id) {
  const label = data.carried ? t("go_to_match", "Go to the match") : t("carry", "Start a match with these characters");
  const carry = async (event) => {
    const button = event.currentTarget;
    button.disabled = true;
    try {
      const made = await api("POST", "/api/matches/" + ROOM.match + "/carry", {});
      window.location.assign(made.table_url);
    } catch (err) {
      roomToast(err.error || "error");
      button.disabled = false;
    }
  };
  return html`<button type="button" class="big" id=${id} onClick=${carry}>${label}</button>`;
}

startRoom(render);
