import { el, fill, ROOM, roomAct, roomNextStep, startRoom, t } from "./lib.js";

// The Shadowfist table: turn prompts, power pools, Feng Shui Sites (one a turn, on your own
// turn), victory at 5 by seizing or burning the fifth.
function sfSiteNote(s, p) {
  if (p.name !== s.turn) return t("sf_not_your_turn", "Feng Shui Sites are played on your own turn");
  if (s.step.phase !== "main-shot") return t("sf_main_shot_only", "Sites are played in the Main Shot");
  if (p.site_played) return t("sf_site_played", "A Feng Shui Site was played this turn (one a turn)");
  if (p.victory === s.victory_sites - 1) {
    return p.wins_by_playing
      ? t("sf_wins_by_playing", "No one else has a site to attack: playing one wins")
      : t("sf_fifth_rule", "The fifth must be seized or burned for victory (playing one wins only when no one else has a site to attack)");
  }
  return null;
}
function sfControls(s, p) {
  const others = s.players.filter((o) => o.name !== p.name && o.sites > 0).map((o) => o.name);
  const victim = el(
    "select",
    { "aria-label": t("sf_from", "from") },
    others.map((n) => el("option", { value: n }, n)),
  );
  const take = (type, label) =>
    el("button", { type: "button", onclick: () => roomAct({ type, player: p.name, from: victim.value }) }, label);
  const note = sfSiteNote(s, p);
  return [
    el(
      "div",
      { class: "row" },
      el("button", { type: "button", onclick: () => roomAct({ type: "spend", player: p.name, amount: 1 }), disabled: p.power < 1 }, "−1"),
      el("button", { type: "button", onclick: () => roomAct({ type: "gain", player: p.name, amount: 1 }) }, "+1"),
      el("button", { type: "button", onclick: () => roomAct({ type: "gain", player: p.name, amount: 5 }) }, "+5"),
    ),
    el(
      "button",
      { type: "button", class: "big", disabled: !p.may_play_site, onclick: () => roomAct({ type: "play_site", player: p.name }) },
      t("sf_play_site", "Play a Feng Shui Site") + (p.site_gain ? " (+" + p.site_gain + ")" : " (" + p.site_cost + ")"),
    ),
    note ? el("p", { class: "note" }, note) : null,
    others.length
      ? el(
          "div",
          { class: "row" },
          victim,
          take("seize", t("sf_seize", "Seize")),
          take("burn_victory", t("sf_burn_victory", "Burn for victory")),
          take("burn_power", t("sf_burn_power", "Burn for power") + " +" + s.burn_gain),
        )
      : null,
    el(
      "div",
      { class: "row" },
      el(
        "button",
        { type: "button", disabled: p.sites < 1, onclick: () => roomAct({ type: "lose_site", player: p.name }) },
        t("sf_lose_site", "Lost a site"),
      ),
      el(
        "button",
        { type: "button", disabled: p.decked, onclick: () => roomAct({ type: "decked", player: p.name }) },
        t("sf_decked", "Drew the last card"),
      ),
    ),
  ];
}
const roomButton = (label, action) => el("button", { type: "button", class: "big", onclick: () => roomAct(action) }, label);
function render(data) {
  const s = data.state;
  const seated = !ROOM.spectator && s.you;
  roomNextStep(seated ? s.next_step : null, (name) => {
    if (name === "generate_power") return roomButton(t("sf_generate", "Generate power") + " +" + s.power_due, { type: "generate_power" });
    if (name === "next_step") return roomButton(t("sf_next_step", "Next step"), { type: "next_step" });
    if (name === "end_turn") return roomButton(t("sf_end_turn", "End turn"), { type: "end_turn" });
    return null;
  });
  const winner = document.getElementById("winner");
  winner.hidden = !s.winner;
  winner.textContent = s.winner ? "★ " + s.winner + " " + t("sf_wins", "wins") : "";
  fill(
    document.getElementById("prompt"),
    el("h1", {}, t("sf_turn", "Turn") + " " + s.turn_no + ": " + s.turn),
    el("p", {}, el("strong", {}, s.step.name), " (" + (s.step.index + 1) + "/" + s.step.count + ")"),
    el("p", { class: "small" }, s.step.summary),
  );
  const cards = s.players.map((p) =>
    el(
      "section",
      { class: "card pile" + (p.name === s.turn ? " turn" : "") },
      el(
        "h3",
        {},
        el("span", {}, p.name),
        el("span", { class: "victory", title: t("sf_victory", "to victory") }, p.victory + " / " + s.victory_sites),
      ),
      el(
        "p",
        {},
        t("sf_power", "Power") +
          ": " +
          p.power +
          " · " +
          t("sf_sites", "Sites") +
          ": " +
          p.sites +
          " · " +
          t("sf_burned", "Burned") +
          ": " +
          p.burned +
          (p.decked ? " · " + t("sf_deck_out", "deck out") : ""),
      ),
      ...(seated && !s.winner ? sfControls(s, p) : []),
    ),
  );
  document.getElementById("players").replaceChildren(...cards);
}

startRoom(render);
