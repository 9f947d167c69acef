import { addWords, drawStatus, lineWords, ROOM, roomAct, roomNextStepView, sayWords, startRoom, t } from "./lib.js";
import { controlFor, controlOf, isOpenFor, ownedControl, recordFor } from "./seats.js";
import { draw, html } from "./view.js";

// The Flash Duel table: the track in one line (tap a pawn, then a space, to place it by hand),
// a card picker for moves, pushes, attacks and dashing strikes, answers to attacks, abilities,
// the draw pile and time-over, the solo bot, Raid hit points, Betrayal's private card (shown
// only while pressed), and the Custom Clockwork ability swap between rounds. Each part is a
// view (html`...`) drawn into its box of duel.html; a redraw keeps the buttons it still shows.
const DUEL = { cards: [], pick: null, inputs: {}, holding: false, confirmHit: null, bot: null, naming: {} };
const numbers = (text) => (String(text || "").match(/\d+/g) || []).map(Number);
const duelAct = async (action) => {
  // Clear the picked cards before sending (the action already holds them), so that cards
  // picked for the next action while this one is on its way are not wiped when it returns.
  DUEL.cards = [];
  DUEL.pick = null;
  await roomAct(action);
  if (ROOM.current) render(ROOM.current);
};
const rerender = () => render(ROOM.current);
// The value a select of the page shows now (read when its action is sent).
const chosen = (id) => document.getElementById(id)?.value;
// Draw a box of the page, or hide and empty it (view null).
function drawBox(id, view) {
  const box = document.getElementById(id);
  box.hidden = !view;
  draw(box, view || null);
}

function kept(key, attrs) {
  // Text typed into a field survives a re-render caused by another phone's action.
  const typed = (e) => {
    DUEL.inputs[key] = e.target.value;
  };
  return html`<input value=${DUEL.inputs[key] || ""} onInput=${typed} ...${attrs} />`;
}
function sideOf(s, name) {
  return s.fighters.find((f) => f.name === name)?.side;
}
function standing(s) {
  return s.fighters.filter((f) => !f.defeated);
}
function enemiesOf(s, name) {
  return standing(s)
    .filter((f) => f.side !== sideOf(s, name))
    .map((f) => f.name);
}
// The enemy an attack most likely aims at: the one exactly as far away as the first chosen
// card (an attack's card is the distance), else the nearest one.
function likelyTarget(s, me) {
  const at = (name) => s.fighters.find((f) => f.name === name)?.position ?? 0;
  const distance = (name) => Math.abs(at(name) - at(me));
  const enemies = enemiesOf(s, me);
  const exact = enemies.find((name) => distance(name) === DUEL.cards[0]);
  if (exact) return exact;
  return enemies.slice().sort((a, b) => distance(a) - distance(b))[0];
}
function initials(name) {
  return Array.from(name).slice(0, 2).join("");
}
function labels(s) {
  // Two letters per pawn; when two pawns would look alike, first and last letter instead.
  const out = {};
  for (const f of s.fighters) {
    const same = s.fighters.filter((g) => initials(g.name) === initials(f.name)).length > 1;
    const chars = Array.from(f.name);
    out[f.name] = same ? chars[0] + chars[chars.length - 1] : initials(f.name);
  }
  return out;
}
function modeName(s) {
  return t("mode_" + s.mode, s.mode_name || s.mode);
}
// The mortals and the Dragon are game terms: a Japanese phone names them in its words.
const SIDE_TERMS = { mortals: "fdh_term_mortals", dragon: "fdh_term_dragon" };
// The sides and loyalty cards as a label says them in English ("Mortals:", "Your card: Traitor").
const SIDE_LABELS = { A: "Team A", B: "Team B", mortals: "Mortals", dragon: "Dragon" };
const CARD_NAMES = { loyal: "Loyal", traitor: "Traitor" };
function sideName(s, side) {
  const english = s.side_names?.[side] || side;
  if (!SIDE_TERMS[side]) return english;
  const args = { side: english, dragon: english.replace(/ \(Dragon\)$/, "") };
  return sayWords({ say: "", text: "{side}", args, terms: { side: SIDE_TERMS[side] } });
}
function isBot(s, name) {
  return s.mode === "solo" && name === s.bot_pawn;
}
// The game is over: nothing is played until a new game starts.
function isOver(s) {
  return !!s.game_winner;
}
// The table takes moves now: the game is on, the characters are chosen and no hand is being
// shown at time-over (the rules refuse anything else then: room.apply).
function isPlaying(s) {
  return !isOver(s) && !s.choosing && !s.hands_shown?.entered?.length;
}

function statusTitle(s) {
  if (s.choosing) return t("choosing_title", "Choosing characters");
  if (s.game_winner) return t("game_over", "Game over");
  if (s.round_over) return t("round_over", "Round over");
  return t("turn_of", "Turn") + " " + s.turn_no + ": " + s.turn;
}

function statusView(s) {
  const score = Object.entries(s.score)
    .map(([side, wins]) => sideName(s, side) + " " + wins)
    .join(" · ");
  const raid = s.mode === "raid" || s.mode === "betrayal";
  const duel = ["solo", "simple", "full", "custom-clockwork"].includes(s.mode);
  const sides = Object.entries(s.sides).map(
    ([side, members]) =>
      t("side_" + side, SIDE_LABELS[side] || side) +
      ": " +
      members.map((m) => m + (s.characters[m] ? " (" + s.characters[m] + ")" : "")).join(", "),
  );
  const hp = s.mode === "solo" ? t("bot_hp", "Bot hit points") : t("dragon_hp", "Dragon hit points");
  const extra = s.extra_turns ? " · " + t("extra_turns", "extra turns") + ": " + s.extra_turns : "";
  const setup = s.dragon_setup;
  return html`
    <h1>${statusTitle(s)}</h1>
    <p>${t("mode", "Mode") + ": " + modeName(s) + (raid ? "" : " · " + t("rounds", "Rounds") + " " + score + " / " + s.round_wins)}</p>
    ${raid || s.mode === "solo" ? html`<p>${hp + ": " + s.hit_points + extra}</p>` : null}
    ${duel ? null : sides.map((line) => html`<p class="small" key=${line}>${line}</p>`)}
    ${
      setup
        ? html`<p class="small">
            ${s.dragon + ": " + t("dragon_hand", "hand") + " " + setup.hand_size + " · " + t("dragon_abilities", "ability cards") + " " + setup.abilities}
          </p>`
        : null
    }
    ${s.outcome ? html`<p id="outcome"><strong>${lineWords(s.outcome_said || s.outcome)}</strong></p>` : null}
  `;
}

// Who won, as one sentence in the phone's words (Japanese puts no space before の勝ち).
addWords("duel", { fd_side_wins: "{who}の勝ち", fd_side_win: "{who}の勝ち" });
function winnerText(s) {
  if (!s.game_winner) return "";
  if (s.game_winner === "draw") return t("fd_draw", "Draw");
  const members = s.sides[s.game_winner] || [];
  // The Dragon's side is named by the Dragon; a traitor who joined it wins too (seed 002 l.315).
  const joined = s.game_winner === "dragon" ? members.slice(1) : [];
  const name = SIDE_TERMS[s.game_winner] ? [sideName(s, s.game_winner), ...joined].join(" & ") : s.winner_name;
  const many = members.length > 1;
  return (many ? t("fd_side_win", "{who} win") : t("fd_side_wins", "{who} wins")).replace("{who}", name);
}

// Characters chosen at the table: in secret (only this phone's own choice is shown until the
// last seat has chosen), or 2 vs 2 in the open, in the pick order A, B, B, A.
function choosingView(s, seated) {
  const c = s.choosing;
  if (!c) return null;
  const picksNow = (p) => !c.blind && c.picking && s.sides[c.picking]?.includes(p);
  const mayChoose = seated && c.players.includes(s.you) && (c.blind || (c.waiting.includes(s.you) && picksNow(s.you)));
  const picked = DUEL.choice || c.mine || c.options[0].id;
  const nameOf = (id) => c.options.find((o) => o.id === id)?.name || id;
  const status = (p) =>
    s.characters[p]
      ? s.characters[p]
      : c.chosen.includes(p)
        ? "✓ " + t("chosen_secret", "chosen")
        : picksNow(p)
          ? "▶ " + t("picks_now", "picks now")
          : "… " + t("choosing", "choosing");
  const change = (e) => {
    DUEL.choice = e.target.value;
    rerender();
  };
  const go = () => {
    const character = chosen("character");
    DUEL.choice = null;
    duelAct({ type: "choose", character });
  };
  const word = c.blind ? (c.mine ? t("change_choice", "Change") : t("choose_in_secret", "Choose in secret")) : t("pick", "Pick");
  return html`
    <h2>${c.blind ? t("choose_secret_title", "Characters: chosen in secret") : t("pick_title", "Characters: picks A, B, B, A")}</h2>
    <ul id="choosers">
      ${c.players.map((p) => html`<li key=${p} data-chooser=${p}>${p + ": " + status(p)}</li>`)}
    </ul>
    ${c.mine ? html`<p id="my-choice">${t("your_choice", "Your choice (only you see it)") + ": " + nameOf(c.mine)}</p>` : null}
    ${
      mayChoose
        ? html`<div class="row">
              <select id="character" aria-label=${t("character", "Character")} onChange=${change}>
                ${c.options.map((o) => html`<option key=${o.id} value=${o.id} selected=${o.id === picked}>${o.name}</option>`)}
              </select>
              <button type="button" class="big" id="choose-go" onClick=${go}>${word}</button>
            </div>
            <div id="pick-abilities" aria-live="polite">${pickAbilities(c, picked)}</div>`
        : null
    }
  `;
}

// The ability cards of the character in the picker: the catalog's text, or "write-in" where
// no source gives it (the printed card has ruled lines for it).
function pickAbilities(c, id) {
  const option = c.options.find((o) => o.id === id);
  if (!option?.abilities) return null;
  const item = (a, i) => html`
    <li key=${i}>
      <strong>${a.name || t("write_in", "write-in")}</strong>${a.trigger ? " (" + a.trigger + ")" : ""}<br />
      ${a.known ? a.effect : t("write_in_text", "write-in: the catalog has no text for this card; read your printed card")}
    </li>
  `;
  return html`
    <h3>${option.name + ": " + t("ability_cards", "ability cards")}</h3>
    <ul class="pick-abilities">
      ${option.abilities.map(item)}
    </ul>
  `;
}

// A pawn is moved by hand from a phone that may place it (seats.js: at a tournament table
// its own player's, on their own turn; any seated phone's at a casual one), while the game is on.
function mayPlace(s, seated, name) {
  return seated && isPlaying(s) && controlOf(ROOM.current, "place:" + name, name) !== "none";
}

function pawn(f, movable, label) {
  const tap = (e) => {
    if (!movable) return;
    e.stopPropagation();
    DUEL.pick = DUEL.pick === f.name ? null : f.name;
    rerender();
  };
  const classes = "pawn " + f.side + (f.defeated ? " down" : "") + (DUEL.pick === f.name ? " selected" : "");
  return html`<span key=${f.name} class=${classes} title=${f.name} onClick=${tap}>${label}</span>`;
}

// The track; its spaces are buttons only on a phone that may place a pawn now.
function trackView(s, seated) {
  const label = labels(s);
  const movable = (f) => mayPlace(s, seated, f.name);
  const placing = s.fighters.some(movable);
  const space = (n) => {
    const here = s.fighters.filter((f) => f.position === n && !f.defeated);
    const classes = "space" + (s.dark_spaces.includes(n) ? " dark" : "") + (s.start_spaces.includes(n) ? " start" : "");
    const place = () => {
      if (seated && DUEL.pick) duelAct({ type: "place", player: DUEL.pick, space: n });
    };
    const attrs = placing ? { type: "button", onClick: place } : {};
    // Read as "space 7 ..." by a screen reader; the visible text stays the number.
    return html`
      <${placing ? "button" : "div"} key=${n} class=${classes} data-space=${n} ...${attrs}>
        <span class="sr-only">${t("space", "space") + " "}</span><span class="num">${n}</span>
        ${here.map((f) => pawn(f, movable(f), label[f.name]))}
      <//>
    `;
  };
  return Array.from({ length: s.spaces }, (_, i) => space(i + 1));
}

function whereView(s) {
  const label = labels(s);
  return s.fighters.map(
    (f) => html`
      <span key=${f.name} class=${"where " + f.side + (f.defeated ? " down" : "")}>
        <b>${label[f.name]}</b>
        ${" " + f.name + " " + (f.defeated ? "✕" : f.position) + (f.recovering ? " (" + t("recovering", "recovering") + ")" : "")}
      </span>
    `,
  );
}

function placeHint(s, seated) {
  if (!s.fighters.some((f) => mayPlace(s, seated, f.name))) return "";
  return DUEL.pick ? t("tap_space", "Tap the space for") + " " + DUEL.pick : t("tap_pawn", "Tap a pawn, then a space, to move it by hand.");
}

function drawTrack(s, seated) {
  if (DUEL.pick && !mayPlace(s, seated, DUEL.pick)) DUEL.pick = null;
  const track = document.getElementById("track");
  track.style.gridTemplateColumns = "repeat(" + s.spaces + ", 1fr)";
  draw(track, trackView(s, seated));
  draw(document.getElementById("where"), whereView(s));
  draw(document.getElementById("place-hint"), placeHint(s, seated));
}

function cardPicker(s) {
  const add = (v) => () => {
    DUEL.cards.push(v);
    rerender();
  };
  const clear = () => {
    DUEL.cards = [];
    rerender();
  };
  return html`
    <div>
      <div class="row cards">
        ${(s.card_values || [1, 2, 3, 4, 5]).map((v) => html`<button key=${v} type="button" data-card=${v} onClick=${add(v)}>${v}</button>`)}
        <button key="clear" type="button" onClick=${clear}>${t("clear", "Clear")}</button>
      </div>
      <p id="chosen">${t("cards", "Cards") + ": " + (DUEL.cards.join(" ") || "-")}</p>
    </div>
  `;
}

function controlsView(s, seated) {
  // The turn's moves and End turn: the turn player's phone; another phone has them folded
  // behind "Record for" at a casual table, and not at all at a tournament table.
  const how = seated ? controlOf(ROOM.current, "turn", s.turn) : "none";
  if (how === "none" || s.choosing || s.reshuffle_due || s.round_over || isOver(s) || s.pending || isBot(s, s.turn)) return null;
  const build = () => turnControls(s);
  return how === "own" ? build() : recordFor(ROOM.current, "turn", s.turn, build);
}

function turnControls(s) {
  const me = s.turn;
  // A target the player picked by hand stays picked for this turn; otherwise the likely one.
  const picked = DUEL.target?.turn === s.turn_no && enemiesOf(s, me).includes(DUEL.target.name) ? DUEL.target.name : null;
  const aim = picked || likelyTarget(s, me);
  const [first, ...rest] = DUEL.cards;
  const none = DUEL.cards.length === 0;
  const recovering = s.fighters.find((f) => f.name === me && f.recovering);
  const aimAt = (e) => {
    DUEL.target = { turn: s.turn_no, name: e.target.value };
  };
  const act = (make) => () => duelAct(make(chosen("target")));
  return html`
    <h2>${me + (recovering ? " (" + t("recovering", "recovering") + ")" : "")}</h2>
    ${cardPicker(s)}
    <div class="row">
      <button type="button" id="move" disabled=${none} onClick=${act(() => ({ type: "move", player: me, card: first }))}>
        ${t("advance", "Advance")}
      </button>
      <button type="button" id="back" disabled=${none} onClick=${act(() => ({ type: "move", player: me, card: first, backward: true }))}>
        ${t("move_back", "Move back")}
      </button>
    </div>
    <div class="row">
      <select id="target" aria-label=${t("target", "Target")} onChange=${aimAt}>
        ${enemiesOf(s, me).map((n) => html`<option key=${n} value=${n} selected=${n === aim}>${n}</option>`)}
      </select>
    </div>
    <div class="row">
      <button type="button" id="attack" disabled=${none} onClick=${act((target) => ({ type: "attack", player: me, target, cards: DUEL.cards }))}>
        ${t("attack", "Attack")}
      </button>
      <button type="button" id="push" disabled=${none} onClick=${act((target) => ({ type: "push", player: me, target, card: first }))}>
        ${t("push", "Push")}
      </button>
      <button
        type="button"
        id="dash"
        disabled=${rest.length === 0}
        onClick=${act((target) => ({ type: "dash", player: me, target, dash: first, cards: rest }))}
      >
        ${t("dash", "Dashing strike")}
      </button>
    </div>
    <p class="small">${t("dash_hint", "Dashing strike: the first card is the dash, the rest strike.")}</p>
    <button type="button" class="big" id="end-turn" onClick=${act(() => ({ type: "end_turn", turn: ROOM.current.state.turn_no }))}>
      ${t("end_turn", "End turn")}
    </button>
  `;
}

// Taking a hit can lose the round: the first tap asks, the second takes it (a stray tap on
// a crowded phone loses nothing). The same view in the answer box and in the bar.
function hitButton(who) {
  if (DUEL.confirmHit === who)
    return html`<button type="button" class="danger" data-hit-confirm=${who} onClick=${() => duelAct({ type: "hit", player: who })}>
      ${t("hit_sure", "Take the hit? Tap again") + ": " + who}
    </button>`;
  const ask = () => {
    DUEL.confirmHit = who;
    rerender();
  };
  return html`<button type="button" data-hit=${who} onClick=${ask}>${t("take_hit", "Hit") + ": " + who}</button>`;
}

// Who answers a strike: the struck player on their own phone. Any seated phone answers for
// a player who has no phone at the table (the attacker's tap once lost the defender's round).
// Another seated player's answer is folded behind "Record for" at a casual table (#27).
function answersFor(s, who) {
  if (who === s.you) return true;
  const seat = (ROOM.current?.seats || []).find((x) => x.name === who);
  return !seat?.taken && ROOM.current?.trust !== "tournament";
}
function answerControl(s, who, build) {
  return answersFor(s, who) ? build() : ownedControl(ROOM.current, "answer:" + who, who, build);
}

function defenceRow(p, who) {
  const [first] = DUEL.cards;
  const none = DUEL.cards.length === 0;
  const cannot = p.cannot || [];
  const block = () => duelAct({ type: "block", player: who, cards: DUEL.cards });
  const retreat = () => duelAct({ type: "retreat", player: who, card: first });
  return html`
    <div class="row" key=${who}>
      <button type="button" data-block=${who} disabled=${none || cannot.includes("block")} onClick=${block}>${t("block", "Block") + ": " + who}</button>
      ${
        p.kind === "dash"
          ? html`<button type="button" data-retreat=${who} disabled=${none || cannot.includes("retreat")} onClick=${retreat}>
              ${t("retreat", "Retreat") + ": " + who}
            </button>`
          : null
      }
      ${hitButton(who)}
    </div>
  `;
}

function dashingBlock(who) {
  const [first, ...rest] = DUEL.cards;
  const go = () => duelAct({ type: "dashing_block", player: who, dash: first, cards: rest });
  return html`<button key=${who} type="button" data-dashing-block=${who} disabled=${rest.length === 0} onClick=${go}>
    ${t("dashing_block", "Dashing block") + ": " + who}
  </button>`;
}

function answerView(s, seated) {
  const p = s.pending;
  if (!p?.targets.includes(DUEL.confirmHit)) DUEL.confirmHit = null;
  if (!p) return null;
  const botDefends = p.targets.some((who) => isBot(s, who));
  const teammates = p.targets.length
    ? standing(s)
        .filter((f) => f.side === sideOf(s, p.targets[0]) && !p.targets.includes(f.name))
        .map((f) => f.name)
    : [];
  const what = p.kind === "dash" ? t("dash", "Dashing strike") : t("attack", "Attack");
  const answers = seated && !botDefends ? p.targets.map((who) => answerControl(s, who, () => defenceRow(p, who))) : [];
  const blocks = seated && !botDefends ? teammates.map((who) => answerControl(s, who, () => dashingBlock(who))) : [];
  // The cards are picked only on a phone that answers for someone now (its own answer, or
  // another's opened behind "Record for").
  const opened = (who) => answersFor(s, who) || isOpenFor(ROOM.current, "answer:" + who);
  const answering = seated && !botDefends && [...p.targets, ...teammates].some(opened);
  return html`
    <h2>${p.attacker + ": " + what + " " + p.cards.join(" ") + " → " + p.targets.join(", ")}</h2>
    ${p.cannot ? html`<p class="note">${t("cannot_answer", "An ability rules out") + ": " + p.cannot.join(", ")}</p>` : null}
    ${answering ? cardPicker(s) : null} ${answers} ${blocks}
    ${
      blocks.some(Boolean)
        ? html`<p class="small">${t("dashing_block_hint", "Dashing block: the first card is the dash, the rest join the block.")}</p>`
        : null
    }
  `;
}

// The bot's face-up hand is kept between its turns: once the table shows its move, the
// hand field keeps the cards it did not use, and only the new draws are typed.
function keepBotHand(s) {
  if (!DUEL.bot || ROOM.current.version <= DUEL.bot.version) return;
  const left = DUEL.bot.hand.slice();
  for (const card of s.bot_used) {
    const at = left.indexOf(card);
    if (at >= 0) left.splice(at, 1);
  }
  DUEL.inputs["bot-hand"] = left.join(" ");
  DUEL.inputs["bot-extra"] = "";
  DUEL.bot = null;
}

function botView(s, seated) {
  if (s.mode !== "solo") return null;
  const p = s.pending;
  const defend = !!p?.targets.some((who) => isBot(s, who));
  const turn = isBot(s, s.turn) && !p && !s.round_over;
  keepBotHand(s);
  const go = () => {
    const cards = numbers(DUEL.inputs["bot-hand"]);
    const one = numbers(DUEL.inputs["bot-extra"])[0];
    DUEL.bot = { hand: cards.concat(one === undefined ? [] : [one]), version: ROOM.current.version };
    duelAct(defend ? { type: "bot_defend", hand: cards, extra: one } : { type: "bot_turn", hand: cards, drawn: one });
  };
  return html`
    <h2>${t("fd_bot", "Bot") + ": " + (s.bot_name || "") + " (" + s.bot_pawn + ")"}</h2>
    ${s.last_bot ? html`<p id="bot-says"><strong>${lineWords(s.last_bot_said || s.last_bot)}</strong></p>` : null}
    ${
      seated && (turn || defend)
        ? html`
            <label>
              <span>${t("bot_hand", "The bot's hand (face up)")}</span>
              ${kept("bot-hand", { id: "bot-hand", inputmode: "numeric", placeholder: "1 3 3 4 5" })}
            </label>
            <label>
              <span>${defend ? t("bot_extra", "The card it draws to defend") : t("bot_drawn", "The card it drew")}</span>
              ${kept("bot-extra", { id: "bot-extra", inputmode: "numeric", placeholder: "2" })}
            </label>
            <button type="button" class="big" id="bot-go" onClick=${go}>
              ${defend ? t("bot_defend", "Bot defends") : t("bot_turn", "Bot plays")}
            </button>
          `
        : null
    }
  `;
}

function swapView(s) {
  if (!s.swap || s.swap.player !== s.you) return null;
  const go = () => duelAct({ type: "swap_ability", player: s.you, give: chosen("swap-give"), take: chosen("swap-take") });
  const options = (list) => list.map((a) => html`<option key=${a.key} value=${a.key}>${a.name}</option>`);
  return html`
    <div id="swap">
      <h3>${t("swap_title", "You lost the round: you may swap one ability")}</h3>
      <label>
        <span>${t("swap_give", "Give")}</span>
        <select id="swap-give" aria-label=${t("swap_give", "Give")}>${options(s.abilities[s.you] || [])}</select>
      </label>
      <label>
        <span>${t("swap_take", "Take")}</span>
        <select id="swap-take" aria-label=${t("swap_take", "Take")}>${options(s.unused_abilities)}</select>
      </label>
      <button type="button" id="swap-go" onClick=${go}>${t("fd_swap", "Swap")}</button>
    </div>
  `;
}

// The end of a game: a new one (solo: with the character and bot chosen here).
function gameOverView(s, seated) {
  const solo = s.solo_choices;
  const next = solo
    ? () => duelAct({ type: "new_game", character: chosen("next-character"), bot: chosen("next-bot") })
    : () => duelAct({ type: "new_game" });
  return html`
    <h2>${t("game_over", "Game over")}</h2>
    ${
      seated && solo
        ? html`<div class="row">
            <select id="next-character">
              ${solo.characters.map((c) => html`<option key=${c.id} value=${c.id} selected=${c.id === solo.character}>${c.name}</option>`)}
            </select>
            <select id="next-bot">
              ${solo.bots.map((b) => html`<option key=${b.id} value=${b.id} selected=${b.id === s.bot}>${b.name}</option>`)}
            </select>
          </div>`
        : null
    }
    ${
      seated && ROOM.current?.trust !== "tournament"
        ? html`<button type="button" class="big" id="new-game" onClick=${next}>${t("new_game", "New game")}</button>`
        : null
    }
  `;
}

function betweenView(s, seated) {
  if (!s.round_over) return null;
  if (isOver(s)) return gameOverView(s, seated);
  const who = s.chooser
    ? s.chooser + " " + t("chooses_first", "chooses who goes first")
    : t("coin_first", "A draw: flip a coin for who goes first");
  const switchButton = (team) => html`
    <button key=${team[0]} type="button" data-switch=${team[0]} onClick=${() => duelAct({ type: "switch_order", player: team[0] })}>
      ${t("switch_order", "Switch p1 / p2") + ": " + team.join(" ⇄ ")}
    </button>
  `;
  const firstButton = (f) => html`
    <button key=${f.name} type="button" data-first=${f.name} onClick=${() => duelAct({ type: "first_player", player: f.name })}>${f.name}</button>
  `;
  // Who goes first is the losing side's to name (the rules refuse the winner's phone).
  const names = seated && controlOf(ROOM.current, "first_player", s.chooser) === "own";
  // A team switches its own order (a tournament table takes it from that team's phones only).
  const teams = Object.values(s.sides).filter((team) => controlFor(s.you, ROOM.current.trust, team, null) !== "none");
  return html`
    <h2>${who}</h2>
    ${seated ? swapView(s) : null}
    ${seated && s.switches_order && teams.length ? html`<div class="row">${teams.map(switchButton)}</div>` : null}
    ${names ? html`<div class="row">${s.fighters.map(firstButton)}</div>` : null}
  `;
}

// Rules 2: the table lowers the pile by every refill at the end of a turn; these buttons
// only correct it (an ability that draws: "I drew 1"; a card counted by mistake: "+1 back").
function pileCorrection(s) {
  const mine = s.fighters.some((f) => f.name === s.you);
  // At a tournament table the pile is the turn player's (the server refuses it off turn).
  const pile = controlOf(ROOM.current, "draw", null) !== "none";
  const drew = () => duelAct({ type: "draw", count: 1, player: s.you });
  const discarded = () => duelAct({ type: "discard", count: 1, player: s.you });
  const back = () => duelAct({ type: "draw", count: -1 });
  return html`
    <p class="small">
      ${t(
        "table_draws_hint",
        "The table draws for every player at the end of a turn. An ability drew or discarded a card, or a card was miscounted? Correct it here:",
      )}
    </p>
    <div class="row">
      ${mine && pile ? html`<button type="button" data-draw="1" onClick=${drew}>${t("i_drew", "I drew 1")}</button>` : null}
      ${mine ? html`<button type="button" data-discard="1" onClick=${discarded}>${t("i_discarded", "I discarded 1")}</button>` : null}
      ${pile ? html`<button type="button" data-draw="-1" onClick=${back}>${t("put_back", "1 back on the pile")}</button>` : null}
    </div>
  `;
}

// A tournament table's time-over: each phone enters its own hand, hidden from the others
// until every standing fighter's is in; then the round is settled.
function ownHand(s) {
  const shown = s.hands_shown || { entered: [], mine: null };
  const waiting = standing(s)
    .map((f) => f.name)
    .filter((n) => !shown.entered.includes(n));
  const mayShow = standing(s).some((f) => f.name === s.you);
  const show = () => {
    const cards = numbers(DUEL.inputs["hand-" + s.you]);
    DUEL.inputs = {};
    duelAct({ type: "show_hand", cards });
  };
  return html`
    <p>${t("own_hand_hint", "The pile is empty: each player enters their own hand on their own phone.")}</p>
    ${mayShow && shown.mine ? html`<p id="my-hand">${t("your_hand_in", "Your hand is in:") + " " + (shown.mine.join(" ") || "—")}</p>` : null}
    ${
      mayShow
        ? html`
            <label>
              <span>${t("your_hand", "Your hand")}</span>
              ${kept("hand-" + s.you, { "data-hand": s.you, inputmode: "numeric", placeholder: "2 4 5" })}
            </label>
            <button type="button" class="big" id="show-hand" onClick=${show}>${t("show_hand", "Show my hand")}</button>
          `
        : null
    }
    <p id="hands-waiting" class="small">${t("hands_waiting", "Waiting for the hand of:") + " " + waiting.join(", ")}</p>
  `;
}

// A casual table's time-over: any seated phone enters every standing fighter's hand.
function everyHand(s) {
  const over = () => {
    const given = {};
    for (const f of standing(s)) given[f.name] = numbers(DUEL.inputs["hand-" + f.name]);
    DUEL.inputs = {};
    duelAct({ type: "time_over", hands: given });
  };
  return html`
    <p>${t("time_over_hint", "The pile is empty: enter every standing fighter's hand.")}</p>
    ${standing(s).map(
      (f) => html`
        <label key=${f.name}>
          <span>${f.name}</span>
          ${kept("hand-" + f.name, { "data-hand": f.name, inputmode: "numeric", placeholder: "2 4 5" })}
        </label>
      `,
    )}
    <button type="button" class="big" id="time-over" onClick=${over}>${t("time_over", "Time over")}</button>
  `;
}

// The pile's own counter (a table that does not draw by itself): -1, -2, -3, -5.
function pileCounter(s) {
  const row = () => html`
    <div class="row">
      ${[1, 2, 3, 5].map(
        (n) => html`
          <button key=${n} type="button" data-draw=${n} disabled=${n > s.deck} onClick=${() => duelAct({ type: "draw", count: n })}>${"−" + n}</button>
        `,
      )}
    </div>
  `;
  return ownedControl(ROOM.current, "draw", null, row);
}

function pileView(s, seated) {
  const live = seated && !s.round_over && !isOver(s) && !s.choosing;
  const empty = live && s.deck === 0 && !s.reshuffle_due;
  const reshuffle = () => duelAct({ type: "reshuffle" });
  return html`
    <h2>${t("draw_pile", "Draw pile") + ": " + s.deck + (s.reshuffles ? " (" + t("reshuffled", "reshuffled") + ")" : "")}</h2>
    ${live && s.deck > 0 ? (s.table_draws ? pileCorrection(s) : pileCounter(s)) : null}
    ${
      live && s.reshuffle_due && s.you === s.dragon
        ? html`<button type="button" class="big" id="reshuffle" onClick=${reshuffle}>${t("reshuffle_done", "Reshuffled")}</button>`
        : null
    }
    ${empty ? (ROOM.current?.trust === "tournament" ? ownHand(s) : everyHand(s)) : null}
  `;
}

function useButton(player, a, label) {
  // An ability whose effect is a hit: the table applies the hit too.
  const use = () => duelAct({ type: a.applies === "hit" ? "ability_hit" : "use_ability", player, ability: a.key });
  return html`<button key=${a.key} type="button" data-ability=${a.key} onClick=${use}>${label}</button>`;
}

// Each fighter's abilities; "Use" only for the phone's own (#27): another player's are
// behind one "Record for" button at a casual table, and absent at a tournament table.
function abilitiesView(s, seated) {
  const fighter = ([player, list]) => {
    const how = seated && isPlaying(s) && !s.round_over ? controlOf(ROOM.current, "use:" + player, player) : "none";
    const unused = list.filter((a) => !a.used);
    const uses = () => unused.map((a) => useButton(player, a, t("use", "Use") + ": " + a.name));
    const card = (a) => html`
      <div key=${a.key} class=${a.used ? "used" : ""}>
        <p><strong>${a.name}</strong>${a.trigger ? " (" + a.trigger + ")" : ""}</p>
        <p class="small">${a.effect}</p>
        ${how === "own" && !a.used ? useButton(player, a, t("use", "Use")) : null}
      </div>
    `;
    return html`
      <section key=${player} class=${"card pile" + (player === s.turn ? " turn" : "")}>
        <h3><span>${player}</span><span class="small">${s.characters[player] || ""}</span></h3>
        ${list.map(card)}
        ${how === "record" && unused.length ? recordFor(ROOM.current, "use:" + player, player, uses) : null}
      </section>
    `;
  };
  return Object.entries(s.abilities)
    .filter(([, list]) => list.length)
    .map(fighter);
}

function loyaltyView(s) {
  // The card shows only while the button is held, so a neighbour glancing at the phone sees
  // nothing; a redraw while it is held (another phone acted) keeps the same button and card.
  // Once the card is face up (revealed, or every card at the end), there is nothing to hold.
  if (!s.loyalty || s.you in s.revealed || isOver(s)) return null;
  const text = t("your_card", "Your card") + ": " + t("card_" + s.loyalty, CARD_NAMES[s.loyalty] || s.loyalty);
  const hold = (on) => (e) => {
    if (on) e.preventDefault();
    if (DUEL.holding === on) return;
    DUEL.holding = on;
    rerender();
  };
  return html`
    <button
      type="button"
      id="hold-card"
      class="big"
      onPointerDown=${hold(true)}
      onPointerUp=${hold(false)}
      onPointerLeave=${hold(false)}
      onPointerCancel=${hold(false)}
      onContextMenu=${(e) => e.preventDefault()}
    >
      ${t("hold_card", "Press and hold to see your loyalty card")}
    </button>
    <h2 id="my-card" aria-live="polite">${DUEL.holding ? text : ""}</h2>
    <p class="small">${t("secret", "Only this phone has it; let go to hide it.")}</p>
  `;
}

// Naming hands when the traitor reveals (seed 002): one mortal at a time, any left out, and a
// wrong guess ends the naming. Each mortal is marked not named, named right or named wrong
// (kept across redraws); the right ones go first, then the wrong one, which stops the rules.
const NAMING = [
  ["none", "naming_none", "Not named"],
  ["right", "naming_right", "✓ Right"],
  ["wrong", "naming_wrong", "✗ Wrong"],
];
function namingRow(mortal) {
  const mark = DUEL.naming[mortal] || "none";
  const choose = (value) => () => {
    // Only one guess can be wrong: after it nobody else is named.
    if (value === "wrong") for (const m of Object.keys(DUEL.naming)) if (DUEL.naming[m] === "wrong") DUEL.naming[m] = "none";
    DUEL.naming[mortal] = value;
    rerender();
  };
  return html`
    <div key=${mortal} class="naming" role="radiogroup" aria-label=${mortal} data-naming=${mortal}>
      <b>${mortal}</b>
      ${NAMING.map(
        ([value, key, text]) => html`
          <label key=${value}>
            <input type="radio" name=${"naming-" + mortal} value=${value} checked=${mark === value} onChange=${choose(value)} />${t(key, text)}
          </label>
        `,
      )}
    </div>
  `;
}
function namedGuesses(mortals) {
  const marked = (mark) => mortals.filter((m) => DUEL.naming[m] === mark).map((m) => [m, mark === "right"]);
  return [...marked("right"), ...marked("wrong")];
}
function reveal(mortals) {
  const guesses = namedGuesses(mortals);
  DUEL.naming = {};
  duelAct({ type: "reveal", guesses });
}

function betrayalView(s, seated) {
  if (s.mode !== "betrayal") return null;
  const mortals = (s.sides.mortals || []).filter((m) => !s.fighters.find((f) => f.name === m).defeated);
  const others = mortals.filter((m) => m !== s.you);
  const revealed = Object.entries(s.revealed)
    .map(([p, c]) => p + ": " + t("card_" + c, c))
    .join(" · ");
  const mortal = seated && mortals.includes(s.you) && isPlaying(s);
  // The traitor card is face up (the traitor revealed, or the Dragon showed it): nobody
  // else holds it, so nobody reveals any more (seed 002 l.321, l.336).
  const traitorKnown = Object.values(s.revealed).includes("traitor");
  const hidden = others.filter((m) => !(m in s.revealed)); // an accused shows a hidden card
  const accuse = () => duelAct({ type: "accuse", accused: chosen("accused") });
  // Every mortal's phone shows Reveal, and the Dragon's always shows its card button: what
  // a phone shows never depends on its hidden card (the rules refuse the one without it).
  return html`
    <h2>${t("betrayal", "Betrayal")}</h2>
    ${revealed ? html`<p>${revealed}</p>` : null}
    ${
      mortal && hidden.length
        ? html`<div class="row">
            <select id="accused" aria-label=${t("accuse", "Accuse")}>
              ${hidden.map((m) => html`<option key=${m} value=${m}>${m}</option>`)}
            </select>
            <button type="button" id="accuse" onClick=${accuse}>${t("accuse", "Accuse")}</button>
          </div>`
        : null
    }
    ${
      mortal && s.you !== s.dragon && !traitorKnown && !(s.you in s.revealed)
        ? html`
            <p class="small">
              ${t("naming_hint", "Reveal: mark each hand you named, right or wrong; leave the others. A wrong guess ends the naming.")}
            </p>
            ${others.map(namingRow)}
            <button type="button" id="reveal" onClick=${() => reveal(others)}>${t("reveal", "Reveal")}</button>
          `
        : null
    }
    ${
      seated && s.you === s.dragon && !traitorKnown && isPlaying(s)
        ? html`<button type="button" id="dragon-reveal" onClick=${() => duelAct({ type: "dragon_reveal" })}>
            ${t("dragon_reveal", "Show the traitor card")}
          </button>`
        : null
    }
  `;
}

function achievementsView(s) {
  if (s.mode !== "solo") return null;
  return html`
    <h2>${t("achievements", "Achievements") + ": " + s.points[0] + " / " + s.points[1] + " " + t("points", "points")}</h2>
    <ul class="plain">
      ${s.achievements.map((a, i) => html`<li key=${i}>${a.name + " (" + a.points + ")"}</li>`)}
    </ul>
  `;
}

// The bar at the bottom: what this phone's player must do now, as the server says
// (flash_duel/next_step.py); the buttons take the phone to the card it needs.
const bigButton = (label, onClick) => html`<button type="button" class="big" onClick=${onClick}>${label}</button>`;
const goTo = (id, label) => bigButton(label, () => document.getElementById(id).scrollIntoView({ block: "center" }));
const STEP_BUTTONS = {
  answer: () => goTo("answer", t("fd_go_answer", "Block or retreat ↑")),
  hit: (s) => hitButton(s.you),
  dashing_block: () => goTo("answer", t("fd_go_dashing_block", "Dashing block ↑")),
  bot: () => goTo("bot", t("fd_go_bot", "The bot's play ↑")),
  time_over: () => goTo("pile", t("fd_go_time_over", "Enter the hands ↑")),
  between: () => goTo("between", t("fd_go_between", "Choose ↑")),
  choose: () => goTo("choose", t("fd_go_choose", "Choose ↑")),
  reshuffle: () => bigButton(t("reshuffle_done", "Reshuffled"), () => duelAct({ type: "reshuffle" })),
  end_turn: () => bigButton(t("end_turn", "End turn"), () => duelAct({ type: "end_turn", turn: ROOM.current.state.turn_no })),
};
function stepButton(s, name) {
  return STEP_BUTTONS[name] ? STEP_BUTTONS[name](s) : null;
}
function render(data) {
  const s = data.state;
  const seated = !ROOM.spectator && !!s.you;
  drawStatus(s.status);
  draw(document.getElementById("status"), statusView(s));
  const winner = document.getElementById("winner");
  winner.hidden = !s.game_winner;
  draw(winner, winnerText(s));
  drawBox("choose", choosingView(s, seated));
  drawBox("loyalty", loyaltyView(s));
  drawTrack(s, seated);
  drawBox("answer", answerView(s, seated));
  drawBox("controls", controlsView(s, seated));
  drawBox("bot", botView(s, seated));
  drawBox("between", betweenView(s, seated));
  draw(document.getElementById("pile"), pileView(s, seated));
  draw(document.getElementById("abilities"), abilitiesView(s, seated));
  drawBox("betrayal", betrayalView(s, seated));
  drawBox("achievements", achievementsView(s));
  roomNextStepView(seated ? s.next_step : null, (name) => stepButton(s, name));
}

startRoom(render);
