import { addWords, drawStatus, ROOM, roomAct, roomNextStepView, startRoom, t } from "./lib.js";
import { ownedControl } from "./seats.js";
import { draw, html } from "./view.js";

// The turn's steps in Japanese (our wording of seed 004's sequence), by the catalog's step id
// (data/shadowfist/basic.toml): a name (phase: step) and what to do.
addWords("shadowfist_steps", {
  "sf_step_start-of-turn": "エスタブリッシング・ショット：ターン開始",
  "sf_sum_start-of-turn": "ターン開始時に誘発する効果を解決する。",
  "sf_step_generate-power": "エスタブリッシング・ショット：パワーを生み出す",
  "sf_sum_generate-power": "サイトとカードが生むパワーを得る（裏向きの風水サイト1枚につき1）。2枚以上捨てるならこのステップは飛ばす。",
  sf_step_unturn: "エスタブリッシング・ショット：アンターン",
  sf_sum_unturn: "自分のカードをアンターンする（「ターンして維持」のカードはターンしたままにできる）。",
  sf_step_discard: "エスタブリッシング・ショット：捨てる",
  sf_sum_discard: "手札を1枚捨ててよい（パワーを飛ばしたなら何枚でも）。",
  sf_step_draw: "エスタブリッシング・ショット：ドロー",
  sf_sum_draw: "手札上限（6枚）まで引く。超えても捨てない。",
  "sf_step_main-shot": "メイン・ショット",
  "sf_sum_main-shot":
    "カードのプレイ、効果の使用、攻撃の宣言を好きな順に行う。風水サイトは1ターン1枚まで。次の攻撃は、それまでの攻撃がすべて成功した時だけ。",
  "sf_step_end-of-turn": "ターン終了",
  sf_seating_order: "手番の順（抽選）",
  sf_start_turn: "ターン開始",
  "sf_sum_end-of-turn": "終了を宣言する。相手はまだ行動でき（その時はメイン・ショットに戻る）、その後「ターン終了時」の効果を解決する。",
});

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
// A player's controls on their card. The victim picker keeps its choice across redraws
// (the view library leaves a select the player changed as it is while its options stay).
function sfControls(s, p) {
  const others = s.players.filter((o) => o.name !== p.name && o.sites > 0).map((o) => o.name);
  const act = (action) => () => roomAct(action);
  const victim = (event) => event.currentTarget.closest(".row").querySelector("select").value;
  const take = (type, label) =>
    html`<button type="button" disabled=${!p.may_take_site} onClick=${(event) => roomAct({ type, player: p.name, from: victim(event) })}>
      ${label}
    </button>`;
  const note = sfSiteNote(s, p);
  return html`<div class="row">
      <button type="button" onClick=${act({ type: "spend", player: p.name, amount: 1 })} disabled=${p.power < 1}>−1</button>
      <button type="button" onClick=${act({ type: "gain", player: p.name, amount: 1 })}>+1</button>
      <button type="button" onClick=${act({ type: "gain", player: p.name, amount: 5 })}>+5</button>
    </div>
    <button type="button" class="big" disabled=${!p.may_play_site} onClick=${act({ type: "play_site", player: p.name })}>
      ${t("sf_play_site", "Play a Feng Shui Site") + (p.site_gain ? " (+" + p.site_gain + ")" : " (" + p.site_cost + ")")}
    </button>
    ${note ? html`<p class="note">${note}</p>` : null}
    ${
      others.length
        ? html`<div class="row">
            <select aria-label=${t("sf_from", "from")}>${others.map((n) => html`<option key=${n} value=${n}>${n}</option>`)}</select>
            ${take("seize", t("sf_seize", "Seize"))}${take("burn_victory", t("sf_burn_victory", "Burn for victory"))}
            ${take("burn_power", t("sf_burn_power", "Burn for power") + " +" + s.burn_gain)}
          </div>`
        : null
    }
    <div class="row">
      <button type="button" disabled=${p.sites < 1} onClick=${act({ type: "lose_site", player: p.name })}>${t("sf_lose_site", "Lost a site")}</button>
      <button type="button" disabled=${p.decked} onClick=${act({ type: "decked", player: p.name })}>${t("sf_decked", "Drew the last card")}</button>
    </div>`;
}
// The action is made when tapped: the bar keeps its buttons while its step looks the same
// (a phone back from sleep on its next turn), so what they name must be read then.
const roomButton = (label, action) => html`<button type="button" class="big" onClick=${() => roomAct(action())}>${label}</button>`;
// The turn and step shown go with the tap: a double tap is refused, not a skipped turn.
const shownTurn = () => ({ turn: ROOM.current.state.turn_no, step: ROOM.current.state.step.index });
function stepButton(s, name) {
  if (name === "generate_power")
    return roomButton(t("sf_generate", "Generate power") + " +" + s.power_due, () => ({ type: "generate_power" }));
  if (name === "start_turn")
    return roomButton(t("sf_start_turn", "Start turn") + " +" + s.start_power, () => ({ type: "start_turn", ...shownTurn() }));
  if (name === "next_step") return roomButton(t("sf_next_step", "Next step"), () => ({ type: "next_step", ...shownTurn() }));
  if (name === "end_turn") return roomButton(t("sf_end_turn", "End turn"), () => ({ type: "end_turn", turn: shownTurn().turn }));
  return null;
}
function promptView(s) {
  // The seating was drawn when the table opened: said here from the start, not only in
  // the history line of the first action.
  return html`<h1>${t("sf_turn", "Turn") + " " + s.turn_no + ": " + s.turn}</h1>
    <p><strong>${t("sf_step_" + s.step.id, s.step.name)}</strong>${" (" + (s.step.index + 1) + "/" + s.step.count + ")"}</p>
    <p class="small">${t("sf_sum_" + s.step.id, s.step.summary)}</p>
    <p class="small" id="seating">${t("sf_seating_order", "Order of play (drawn)") + ": " + s.order.join(" → ")}</p>`;
}
// One card a player, keyed by name: a redraw (another phone's move) keeps every button that
// is still there as the same node, so a finger on it keeps it.
function playerView(data, p) {
  const s = data.state;
  const facts =
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
    (p.decked ? " · " + t("sf_deck_out", "deck out") : "");
  return html`<section key=${p.name} class=${"card pile" + (p.name === s.turn ? " turn" : "")}>
    <h3>
      <span>${p.name}</span>
      <span class="victory" title=${t("sf_victory", "to victory")}>${p.victory + " / " + s.victory_sites}</span>
    </h3>
    <p>${facts}</p>
    ${s.winner ? null : ownedControl(data, "player:" + p.name, p.name, () => sfControls(s, p))}
  </section>`;
}
function render(data) {
  const s = data.state;
  const seated = !ROOM.spectator && s.you;
  drawStatus(s.status);
  roomNextStepView(seated ? s.next_step : null, (name) => stepButton(s, name));
  const winner = document.getElementById("winner");
  winner.hidden = !s.winner;
  winner.textContent = s.winner ? "★ " + s.winner + " " + t("sf_wins", "wins") : "";
  draw(document.getElementById("prompt"), promptView(s));
  draw(
    document.getElementById("players"),
    s.players.map((p) => playerView(data, p)),
  );
}

startRoom(render);
