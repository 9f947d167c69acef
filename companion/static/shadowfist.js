"use strict";
// The Shadowfist table: turn prompts, power pools, Feng Shui Sites, victory at 5.
window.ROOM_RENDER = (data) => {
  const s = data.state;
  const seated = !ROOM.spectator && s.you;
  const winner = document.getElementById("winner");
  winner.hidden = !s.winner;
  winner.textContent = s.winner ? "🏆 " + s.winner + " " + t("wins", "wins") : "";
  const prompt = document.getElementById("prompt");
  fill(prompt, 
    el("h1", {}, t("turn_of", "Turn") + " " + s.turn_no + ": " + s.turn),
    el("p", {}, el("strong", {}, s.step.name), " (" + (s.step.index + 1) + "/" + s.step.count + ")"),
    el("p", { class: "small" }, s.step.summary),
    seated && !s.winner ? el("div", { class: "row" },
      el("button", { type: "button", class: "big", onclick: () => roomAct({ type: "next_step" }) }, t("next_step", "Next step")),
      el("button", { type: "button", class: "big", onclick: () => roomAct({ type: "end_turn" }) }, t("end_turn", "End turn"))) : null);
  const others = (name) => s.players.filter((p) => p.name !== name && p.sites > 0).map((p) => p.name);
  const cards = s.players.map((p) => {
    const victim = el("select", {}, others(p.name).map((n) => el("option", { value: n }, n)));
    const controls = seated && !s.winner ? [
      el("div", { class: "row" },
        el("button", { type: "button", onclick: () => roomAct({ type: "spend", player: p.name, amount: 1 }), disabled: p.power < 1 }, "−1"),
        el("button", { type: "button", onclick: () => roomAct({ type: "gain", player: p.name, amount: 1 }) }, "+1"),
        el("button", { type: "button", onclick: () => roomAct({ type: "gain", player: p.name, amount: 5 }) }, "+5")),
      el("button", { type: "button", class: "big", disabled: p.power < p.site_cost, onclick: () => roomAct({ type: "play_site", player: p.name }) },
        t("play_site", "Play a Feng Shui Site") + (p.site_gain ? " (+" + p.site_gain + ")" : " (" + p.site_cost + ")")),
      others(p.name).length ? el("div", { class: "row" }, victim,
        el("button", { type: "button", onclick: () => roomAct({ type: "seize", player: p.name, from: victim.value }) }, t("seize", "Seize")),
        el("button", { type: "button", onclick: () => roomAct({ type: "burn_victory", player: p.name, from: victim.value }) }, t("burn_victory", "Burn for victory")),
        el("button", { type: "button", onclick: () => roomAct({ type: "burn_power", player: p.name, from: victim.value }) }, t("burn_power", "Burn for power") + " +" + s.burn_gain)) : null,
      el("div", { class: "row" },
        el("button", { type: "button", disabled: p.sites < 1, onclick: () => roomAct({ type: "lose_site", player: p.name }) }, t("lose_site", "Lost a site")),
        el("button", { type: "button", disabled: p.decked, onclick: () => roomAct({ type: "decked", player: p.name }) }, t("decked", "Drew the last card"))),
    ] : [];
    return el("section", { class: "card pile" + (p.name === s.turn ? " turn" : "") },
      el("h3", {}, el("span", {}, p.name + (p.decked ? " (deck out)" : "")), el("span", { class: "victory" }, p.victory + " / " + s.victory_sites)),
      el("p", {}, t("power", "Power") + ": " + p.power + " · " + t("sites", "Sites") + ": " + p.sites + " · " + t("burned", "Burned") + ": " + p.burned),
      ...controls);
  });
  document.getElementById("players").replaceChildren(...cards);
};
