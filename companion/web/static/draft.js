import { api, el, fill, ROOM, roomAct, roomNextStep, roomToast, startRoom, t } from "./lib.js";

// The Custom Clockwork draft room: the pool, whose pick it is, everyone's picks. Tapping an
// item reads its text on every phone; the player whose pick it is then picks it from there.
const DRAFT = { open: null };
function renderOrder(s) {
  // Every pick in order, the one being made marked, so each phone sees who comes next.
  return el(
    "p",
    { class: "small pick-order" },
    t("pick_order", "Pick order") + ": ",
    s.pick_order.map((name, n) => [
      n ? " · " : "",
      n === s.picks_made
        ? el("strong", { "aria-current": "step" }, "▶ " + name)
        : el("span", { class: n < s.picks_made ? "done" : "" }, name),
    ]),
  );
}
function renderPool(s, canPick) {
  const open = s.pool.find((item) => item.key === DRAFT.open) || null;
  fill(
    document.getElementById("pool"),
    s.pool.map((item) =>
      el(
        "button",
        {
          type: "button",
          class: "stack" + (item.taken_by ? " empty" : "") + (item === open ? " open" : ""),
          "aria-expanded": item === open ? "true" : "false",
          "data-key": item.key,
          onclick: () => {
            DRAFT.open = DRAFT.open === item.key ? null : item.key;
            renderPool(s, canPick);
          },
        },
        item.name,
        el("br"),
        el("span", { class: "small" }, item.taken_by ? "→ " + item.taken_by : item.character),
      ),
    ),
  );
  const detail = document.getElementById("pool-detail");
  detail.hidden = !open;
  if (!open) return;
  fill(
    detail,
    el("h3", {}, open.name + " · " + open.character),
    el("p", {}, open.text || t("no_text", "The catalog has no text for it: read the chip or card.")),
    open.taken_by
      ? el("p", { class: "small" }, t("taken_by", "Taken by") + " " + open.taken_by)
      : canPick
        ? el(
            "button",
            { type: "button", id: "pick", class: "big", onclick: () => roomAct({ type: "pick", key: open.key }) },
            t("pick_this", "Pick") + " " + open.name,
          )
        : null,
  );
}
function render(data) {
  const s = data.state;
  const seated = !ROOM.spectator && s.you;
  const status = document.getElementById("status");
  const mine = s.turn === s.you && !s.done;
  fill(
    status,
    el("h1", {}, "Custom Clockwork · " + (s.game === "flash-duel" ? "Flash Duel" : "Puzzle Strike")),
    el(
      "p",
      { class: "big" },
      s.done ? t("draft_done", "The draft is done") : mine ? t("your_pick", "Your pick") : t("pick_of", "Pick") + ": " + s.turn,
    ),
    s.teams ? el("p", { class: "small" }, s.teams.map((team) => team.join(" & ")).join(" vs ")) : null,
    s.coin
      ? el("p", { id: "coin" }, t("coin_flip_draft", "Coin flip: {who} drafts first and plays first").replace("{who}", s.coin))
      : s.first_player
        ? el("p", { class: "small" }, t("plays_first", "Plays first") + ": " + s.first_player)
        : null,
    renderOrder(s),
  );
  renderPool(s, mine && seated);
  const names = Object.fromEntries(s.pool.map((i) => [i.key, i.name]));
  const picks = document.getElementById("picks");
  fill(
    picks,
    el("h2", {}, t("picks", "Picks")),
    ...s.seats.map((seat, index) =>
      el(
        "p",
        {},
        el("strong", {}, seat + " (" + t("left", "left") + " " + s.picks_left[seat] + "): "),
        (s.picks[seat] || []).map((k) => names[k]).join(", ") || "—",
        " ",
        (s.picks[seat] || []).length
          ? el("a", { href: "/api/matches/" + ROOM.match + "/sheet/" + index + ".pdf" }, t("print", "print"))
          : null,
      ),
    ),
  );
  roomNextStep(seated ? s.next_step : null, (name) => (name === "carry" ? carryButton(data, "carry-now") : null));
  if (s.done && seated) picks.append(carryButton(data, "carry"));
}

// One match per draft: the first tap makes it, every seat's phone is seated there.
function carryButton(data, id) {
  const label = data.carried ? t("go_to_match", "Go to the match") : t("carry", "Start a match with these characters");
  return el(
    "button",
    {
      type: "button",
      class: "big",
      id,
      onclick: async (event) => {
        event.target.disabled = true;
        try {
          const made = await api("POST", "/api/matches/" + ROOM.match + "/carry", {});
          window.location.assign(made.table_url);
        } catch (err) {
          roomToast(err.error || "error");
          event.target.disabled = false;
        }
      },
    },
    label,
  );
}

startRoom(render);
