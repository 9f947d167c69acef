import { drawStatus, el, fill, lineWords, ROOM, roomAct, roomNextStep, sayWords, startRoom, t } from "./lib.js";
import { controlOf, ownedControl, recordFor } from "./seats.js";

// The Flash Duel table: the track in one line (tap a pawn, then a space, to place it by hand),
// a card picker for moves, pushes, attacks and dashing strikes, answers to attacks, abilities,
// the draw pile and time-over, the solo bot, Raid hit points, Betrayal's private card (shown
// only while pressed), and the Custom Clockwork ability swap between rounds.
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

function kept(key, attrs) {
  // Text typed into a field survives a re-render caused by another phone's action.
  return el(
    "input",
    Object.assign(
      {
        value: DUEL.inputs[key] || "",
        oninput: (e) => {
          DUEL.inputs[key] = e.target.value;
        },
      },
      attrs,
    ),
  );
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

function renderStatus(s) {
  const score = Object.entries(s.score)
    .map(([side, wins]) => sideName(s, side) + " " + wins)
    .join(" · ");
  const raid = s.mode === "raid" || s.mode === "betrayal";
  const sides = Object.entries(s.sides).map(
    ([side, members]) =>
      t("side_" + side, SIDE_LABELS[side] || side) +
      ": " +
      members.map((m) => m + (s.characters[m] ? " (" + s.characters[m] + ")" : "")).join(", "),
  );
  fill(
    document.getElementById("status"),
    el(
      "h1",
      {},
      s.choosing
        ? t("choosing_title", "Choosing characters")
        : s.game_winner
          ? t("game_over", "Game over")
          : s.round_over
            ? t("round_over", "Round over")
            : t("turn_of", "Turn") + " " + s.turn_no + ": " + s.turn,
    ),
    el("p", {}, t("mode", "Mode") + ": " + modeName(s) + (raid ? "" : " · " + t("rounds", "Rounds") + " " + score + " / " + s.round_wins)),
    raid || s.mode === "solo"
      ? el(
          "p",
          {},
          (s.mode === "solo" ? t("bot_hp", "Bot hit points") : t("dragon_hp", "Dragon hit points")) +
            ": " +
            s.hit_points +
            (s.extra_turns ? " · " + t("extra_turns", "extra turns") + ": " + s.extra_turns : ""),
        )
      : null,
    s.mode === "solo" || s.mode === "simple" || s.mode === "full" || s.mode === "custom-clockwork"
      ? null
      : sides.map((line) => el("p", { class: "small" }, line)),
    s.dragon_setup
      ? el(
          "p",
          { class: "small" },
          s.dragon +
            ": " +
            t("dragon_hand", "hand") +
            " " +
            s.dragon_setup.hand_size +
            " · " +
            t("dragon_abilities", "ability cards") +
            " " +
            s.dragon_setup.abilities,
        )
      : null,
    s.outcome ? el("p", { id: "outcome" }, el("strong", {}, lineWords(s.outcome_said || s.outcome))) : null,
  );
  const winner = document.getElementById("winner");
  winner.hidden = !s.game_winner;
  winner.textContent = s.game_winner
    ? s.game_winner === "draw"
      ? t("fd_draw", "Draw")
      : (SIDE_TERMS[s.game_winner] ? sideName(s, s.game_winner) : s.winner_name) +
        " " +
        ((s.sides[s.game_winner] || []).length > 1 ? t("win_plural", "win") : t("wins", "wins"))
    : "";
}

// Characters chosen at the table: in secret (only this phone's own choice is shown until the
// last seat has chosen), or 2 vs 2 in the open, in the pick order A, B, B, A.
function renderChoosing(s, seated) {
  const box = document.getElementById("choose");
  const c = s.choosing;
  box.hidden = !c;
  if (!c) return;
  const picksNow = (p) => !c.blind && c.picking && s.sides[c.picking]?.includes(p);
  const mayChoose = seated && c.players.includes(s.you) && (c.blind || (c.waiting.includes(s.you) && picksNow(s.you)));
  const picked = DUEL.choice || c.mine || c.options[0].id;
  const select = el(
    "select",
    {
      id: "character",
      "aria-label": t("character", "Character"),
      onchange: (e) => {
        DUEL.choice = e.target.value;
        fill(document.getElementById("pick-abilities"), pickAbilities(c, e.target.value));
      },
    },
    c.options.map((o) => el("option", { value: o.id, selected: o.id === picked }, o.name)),
  );
  const nameOf = (id) => c.options.find((o) => o.id === id)?.name || id;
  const status = (p) =>
    s.characters[p]
      ? s.characters[p]
      : c.chosen.includes(p)
        ? "✓ " + t("chosen_secret", "chosen")
        : picksNow(p)
          ? "▶ " + t("picks_now", "picks now")
          : "… " + t("choosing", "choosing");
  fill(
    box,
    el("h2", {}, c.blind ? t("choose_secret_title", "Characters: chosen in secret") : t("pick_title", "Characters: picks A, B, B, A")),
    el(
      "ul",
      { id: "choosers" },
      c.players.map((p) => el("li", { "data-chooser": p }, p + ": " + status(p))),
    ),
    c.mine ? el("p", { id: "my-choice" }, t("your_choice", "Your choice (only you see it)") + ": " + nameOf(c.mine)) : null,
    mayChoose
      ? el(
          "div",
          { class: "row" },
          select,
          el(
            "button",
            {
              type: "button",
              class: "big",
              id: "choose-go",
              onclick: () => {
                const character = select.value;
                DUEL.choice = null;
                duelAct({ type: "choose", character });
              },
            },
            c.blind ? (c.mine ? t("change_choice", "Change") : t("choose_in_secret", "Choose in secret")) : t("pick", "Pick"),
          ),
        )
      : null,
    mayChoose ? el("div", { id: "pick-abilities", "aria-live": "polite" }, pickAbilities(c, picked)) : null,
  );
}

// The ability cards of the character in the picker: the catalog's text, or "write-in" where
// no source gives it (the printed card has ruled lines for it).
function pickAbilities(c, id) {
  const option = c.options.find((o) => o.id === id);
  if (!option?.abilities) return [];
  return [
    el("h3", {}, option.name + ": " + t("ability_cards", "ability cards")),
    el(
      "ul",
      { class: "pick-abilities" },
      option.abilities.map((a) =>
        el(
          "li",
          {},
          el("strong", {}, a.name || t("write_in", "write-in")),
          a.trigger ? " (" + a.trigger + ")" : "",
          el("br"),
          a.known ? a.effect : t("write_in_text", "write-in: the catalog has no text for this card; read your printed card"),
        ),
      ),
    ),
  ];
}

function pawn(f, seated, label) {
  // A pawn is moved by hand from a phone that may place it (seats.js; its own player's at a
  // tournament table, any seated phone's at a casual one).
  seated = seated && controlOf(ROOM.current, "place:" + f.name, f.name) !== "none";
  return el(
    "span",
    {
      class: "pawn " + f.side + (f.defeated ? " down" : "") + (DUEL.pick === f.name ? " selected" : ""),
      title: f.name,
      onclick: (e) => {
        if (!seated) return;
        e.stopPropagation();
        DUEL.pick = DUEL.pick === f.name ? null : f.name;
        rerender();
      },
    },
    label,
  );
}

function renderTrack(s, seated) {
  const cells = [];
  const label = labels(s);
  for (let space = 1; space <= s.spaces; space++) {
    const here = s.fighters.filter((f) => f.position === space && !f.defeated);
    const classes = "space" + (s.dark_spaces.includes(space) ? " dark" : "") + (s.start_spaces.includes(space) ? " start" : "");
    cells.push(
      el(
        "button",
        {
          type: "button",
          class: classes,
          "data-space": space,
          onclick: () => {
            if (seated && DUEL.pick) duelAct({ type: "place", player: DUEL.pick, space });
          },
        },
        // Read as "space 7 ..." by a screen reader; the visible text stays the number.
        el("span", { class: "sr-only" }, t("space", "space") + " "),
        el("span", { class: "num" }, space),
        here.map((f) => pawn(f, seated, label[f.name])),
      ),
    );
  }
  const track = document.getElementById("track");
  track.style.gridTemplateColumns = "repeat(" + s.spaces + ", 1fr)";
  track.replaceChildren(...cells);
  fill(
    document.getElementById("where"),
    s.fighters.map((f) =>
      el(
        "span",
        { class: "where " + f.side + (f.defeated ? " down" : "") },
        el("b", {}, label[f.name]),
        " " + f.name + " " + (f.defeated ? "✕" : f.position) + (f.recovering ? " (" + t("recovering", "recovering") + ")" : ""),
      ),
    ),
  );
  document.getElementById("place-hint").textContent = seated
    ? DUEL.pick
      ? t("tap_space", "Tap the space for") + " " + DUEL.pick
      : t("tap_pawn", "Tap a pawn, then a space, to move it by hand.")
    : "";
}

function cardPicker(s) {
  return el(
    "div",
    {},
    el(
      "div",
      { class: "row cards" },
      (s.card_values || [1, 2, 3, 4, 5]).map((v) =>
        el(
          "button",
          {
            type: "button",
            "data-card": v,
            onclick: () => {
              DUEL.cards.push(v);
              rerender();
            },
          },
          v,
        ),
      ),
      el(
        "button",
        {
          type: "button",
          onclick: () => {
            DUEL.cards = [];
            rerender();
          },
        },
        t("clear", "Clear"),
      ),
    ),
    el("p", { id: "chosen" }, t("cards", "Cards") + ": " + (DUEL.cards.join(" ") || "-")),
  );
}

function renderControls(s, seated) {
  const box = document.getElementById("controls");
  // The turn's moves and End turn: the turn player's phone; another phone has them folded
  // behind "Record for" at a casual table, and not at all at a tournament table.
  const how = seated ? controlOf(ROOM.current, "turn", s.turn) : "none";
  box.hidden = how === "none" || !!s.choosing || s.reshuffle_due || s.round_over || !!s.game_winner || !!s.pending || isBot(s, s.turn);
  if (box.hidden) return;
  const build = () => turnControls(s);
  fill(box, how === "own" ? build() : recordFor(ROOM.current, "turn", s.turn, build));
}

function turnControls(s) {
  const me = s.turn;
  // A target the player picked by hand stays picked for this turn; otherwise the likely one.
  const chosen = DUEL.target?.turn === s.turn_no && enemiesOf(s, me).includes(DUEL.target.name) ? DUEL.target.name : null;
  const aim = chosen || likelyTarget(s, me);
  const target = el(
    "select",
    {
      id: "target",
      "aria-label": t("target", "Target"),
      onchange: (e) => {
        DUEL.target = { turn: s.turn_no, name: e.target.value };
      },
    },
    enemiesOf(s, me).map((n) => el("option", { value: n, selected: n === aim }, n)),
  );
  const [first, ...rest] = DUEL.cards;
  const none = DUEL.cards.length === 0;
  const recovering = s.fighters.find((f) => f.name === me && f.recovering);
  return [
    el("h2", {}, me + (recovering ? " (" + t("recovering", "recovering") + ")" : "")),
    cardPicker(s),
    el(
      "div",
      { class: "row" },
      el(
        "button",
        { type: "button", id: "move", disabled: none, onclick: () => duelAct({ type: "move", player: me, card: first }) },
        t("advance", "Advance"),
      ),
      el(
        "button",
        { type: "button", id: "back", disabled: none, onclick: () => duelAct({ type: "move", player: me, card: first, backward: true }) },
        t("move_back", "Move back"),
      ),
    ),
    el("div", { class: "row" }, target),
    el(
      "div",
      { class: "row" },
      el(
        "button",
        {
          type: "button",
          id: "attack",
          disabled: none,
          onclick: () => duelAct({ type: "attack", player: me, target: target.value, cards: DUEL.cards }),
        },
        t("attack", "Attack"),
      ),
      el(
        "button",
        {
          type: "button",
          id: "push",
          disabled: none,
          onclick: () => duelAct({ type: "push", player: me, target: target.value, card: first }),
        },
        t("push", "Push"),
      ),
      el(
        "button",
        {
          type: "button",
          id: "dash",
          disabled: rest.length === 0,
          onclick: () => duelAct({ type: "dash", player: me, target: target.value, dash: first, cards: rest }),
        },
        t("dash", "Dashing strike"),
      ),
    ),
    el("p", { class: "small" }, t("dash_hint", "Dashing strike: the first card is the dash, the rest strike.")),
    el(
      "button",
      { type: "button", class: "big", id: "end-turn", onclick: () => duelAct({ type: "end_turn", turn: ROOM.current.state.turn_no }) },
      t("end_turn", "End turn"),
    ),
  ];
}

// Taking a hit can lose the round: the first tap asks, the second takes it (a stray tap on
// a crowded phone loses nothing).
function hitButton(who) {
  if (DUEL.confirmHit === who)
    return el(
      "button",
      { type: "button", class: "danger", "data-hit-confirm": who, onclick: () => duelAct({ type: "hit", player: who }) },
      t("hit_sure", "Take the hit? Tap again") + ": " + who,
    );
  return el(
    "button",
    {
      type: "button",
      "data-hit": who,
      onclick: () => {
        DUEL.confirmHit = who;
        rerender();
      },
    },
    t("take_hit", "Hit") + ": " + who,
  );
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

function renderAnswer(s, seated) {
  const box = document.getElementById("answer");
  const p = s.pending;
  box.hidden = !p;
  if (!p?.targets.includes(DUEL.confirmHit)) DUEL.confirmHit = null;
  if (!p) return;
  const botDefends = p.targets.some((who) => isBot(s, who));
  const teammates = p.targets.length
    ? standing(s)
        .filter((f) => f.side === sideOf(s, p.targets[0]) && !p.targets.includes(f.name))
        .map((f) => f.name)
    : [];
  const [first, ...rest] = DUEL.cards;
  const what = p.kind === "dash" ? t("dash", "Dashing strike") : t("attack", "Attack");
  fill(
    box,
    el("h2", {}, p.attacker + ": " + what + " " + p.cards.join(" ") + " → " + p.targets.join(", ")),
    p.cannot ? el("p", { class: "note" }, t("cannot_answer", "An ability rules out") + ": " + p.cannot.join(", ")) : null,
    seated && !botDefends
      ? [
          cardPicker(s),
          p.targets.map((who) =>
            answerControl(s, who, () =>
              el(
                "div",
                { class: "row" },
                el(
                  "button",
                  {
                    type: "button",
                    "data-block": who,
                    disabled: DUEL.cards.length === 0 || (p.cannot || []).includes("block"),
                    onclick: () => duelAct({ type: "block", player: who, cards: DUEL.cards }),
                  },
                  t("block", "Block") + ": " + who,
                ),
                p.kind === "dash"
                  ? el(
                      "button",
                      {
                        type: "button",
                        "data-retreat": who,
                        disabled: DUEL.cards.length === 0 || (p.cannot || []).includes("retreat"),
                        onclick: () => duelAct({ type: "retreat", player: who, card: first }),
                      },
                      t("retreat", "Retreat") + ": " + who,
                    )
                  : null,
                hitButton(who),
              ),
            ),
          ),
          teammates.map((who) =>
            answerControl(s, who, () =>
              el(
                "button",
                {
                  type: "button",
                  "data-dashing-block": who,
                  disabled: rest.length === 0,
                  onclick: () => duelAct({ type: "dashing_block", player: who, dash: first, cards: rest }),
                },
                t("dashing_block", "Dashing block") + ": " + who,
              ),
            ),
          ),
          teammates.length
            ? el("p", { class: "small" }, t("dashing_block_hint", "Dashing block: the first card is the dash, the rest join the block."))
            : null,
        ]
      : null,
  );
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

function renderBot(s, seated) {
  const box = document.getElementById("bot");
  const p = s.pending;
  const defend = s.mode === "solo" && p && p.targets.some((who) => isBot(s, who));
  const turn = isBot(s, s.turn) && !p && !s.round_over;
  box.hidden = s.mode !== "solo";
  if (box.hidden) return;
  keepBotHand(s);
  const hand = kept("bot-hand", { id: "bot-hand", inputmode: "numeric", placeholder: "1 3 3 4 5" });
  const extra = kept("bot-extra", { id: "bot-extra", inputmode: "numeric", placeholder: "2" });
  fill(
    box,
    el("h2", {}, t("fd_bot", "Bot") + ": " + (s.bot_name || "") + " (" + s.bot_pawn + ")"),
    s.last_bot ? el("p", { id: "bot-says" }, el("strong", {}, lineWords(s.last_bot_said || s.last_bot))) : null,
    seated && (turn || defend)
      ? [
          el("label", {}, el("span", {}, t("bot_hand", "The bot's hand (face up)")), hand),
          el(
            "label",
            {},
            el("span", {}, defend ? t("bot_extra", "The card it draws to defend") : t("bot_drawn", "The card it drew")),
            extra,
          ),
          el(
            "button",
            {
              type: "button",
              class: "big",
              id: "bot-go",
              onclick: () => {
                const cards = numbers(hand.value);
                const one = numbers(extra.value)[0];
                DUEL.bot = { hand: cards.concat(one === undefined ? [] : [one]), version: ROOM.current.version };
                duelAct(defend ? { type: "bot_defend", hand: cards, extra: one } : { type: "bot_turn", hand: cards, drawn: one });
              },
            },
            defend ? t("bot_defend", "Bot defends") : t("bot_turn", "Bot plays"),
          ),
        ]
      : null,
  );
}

function renderSwap(s) {
  if (!s.swap || s.swap.player !== s.you) return null;
  const mine = el(
    "select",
    { id: "swap-give", "aria-label": t("swap_give", "Give") },
    (s.abilities[s.you] || []).map((a) => el("option", { value: a.key }, a.name)),
  );
  const pool = el(
    "select",
    { id: "swap-take", "aria-label": t("swap_take", "Take") },
    s.unused_abilities.map((a) => el("option", { value: a.key }, a.name)),
  );
  return el(
    "div",
    { id: "swap" },
    el("h3", {}, t("swap_title", "You lost the round: you may swap one ability")),
    el("label", {}, el("span", {}, t("swap_give", "Give")), mine),
    el("label", {}, el("span", {}, t("swap_take", "Take")), pool),
    el(
      "button",
      {
        type: "button",
        id: "swap-go",
        onclick: () => duelAct({ type: "swap_ability", player: s.you, give: mine.value, take: pool.value }),
      },
      t("fd_swap", "Swap"),
    ),
  );
}

function renderBetween(s, seated) {
  const box = document.getElementById("between");
  box.hidden = !s.round_over;
  if (!s.round_over) return;
  if (s.game_winner) {
    const solo = s.solo_choices;
    const character = solo
      ? el(
          "select",
          { id: "next-character" },
          solo.characters.map((c) => el("option", { value: c.id, selected: c.id === solo.character }, c.name)),
        )
      : null;
    const bot = solo
      ? el(
          "select",
          { id: "next-bot" },
          solo.bots.map((b) => el("option", { value: b.id, selected: b.id === s.bot }, b.name)),
        )
      : null;
    const next = solo
      ? () => duelAct({ type: "new_game", character: character.value, bot: bot.value })
      : () => duelAct({ type: "new_game" });
    fill(
      box,
      el("h2", {}, t("game_over", "Game over")),
      seated && solo ? el("div", { class: "row" }, character, bot) : null,
      seated && ROOM.current?.trust !== "tournament"
        ? el("button", { type: "button", class: "big", id: "new-game", onclick: next }, t("new_game", "New game"))
        : null,
    );
    return;
  }
  const who = s.chooser
    ? s.chooser + " " + t("chooses_first", "chooses who goes first")
    : t("coin_first", "A draw: flip a coin for who goes first");
  const switches =
    seated && s.switches_order
      ? el(
          "div",
          { class: "row" },
          Object.values(s.sides).map((team) =>
            el(
              "button",
              { type: "button", "data-switch": team[0], onclick: () => duelAct({ type: "switch_order", player: team[0] }) },
              t("switch_order", "Switch p1 / p2") + ": " + team.join(" ⇄ "),
            ),
          ),
        )
      : null;
  fill(
    box,
    el("h2", {}, who),
    seated ? renderSwap(s) : null,
    switches,
    // Who goes first is the losing side's to name (the rules refuse the winner's phone).
    seated && controlOf(ROOM.current, "first_player", s.chooser) === "own"
      ? el(
          "div",
          { class: "row" },
          s.fighters.map((f) =>
            el(
              "button",
              { type: "button", "data-first": f.name, onclick: () => duelAct({ type: "first_player", player: f.name }) },
              f.name,
            ),
          ),
        )
      : null,
  );
}

// Rules 2: the table lowers the pile by every refill at the end of a turn; these buttons
// only correct it (an ability that draws: "I drew 1"; a card counted by mistake: "+1 back").
function pileCorrection(s) {
  const mine = s.fighters.some((f) => f.name === s.you);
  // At a tournament table the pile is the turn player's (the server refuses it off turn).
  const pile = controlOf(ROOM.current, "draw", null) !== "none";
  return [
    el(
      "p",
      { class: "small" },
      t(
        "table_draws_hint",
        "The table draws for every player at the end of a turn. An ability drew or discarded a card, or a card was miscounted? Correct it here:",
      ),
    ),
    el(
      "div",
      { class: "row" },
      mine
        ? [
            pile
              ? el(
                  "button",
                  { type: "button", "data-draw": 1, onclick: () => duelAct({ type: "draw", count: 1, player: s.you }) },
                  t("i_drew", "I drew 1"),
                )
              : null,
            el(
              "button",
              { type: "button", "data-discard": 1, onclick: () => duelAct({ type: "discard", count: 1, player: s.you }) },
              t("i_discarded", "I discarded 1"),
            ),
          ]
        : null,
      pile
        ? el(
            "button",
            { type: "button", "data-draw": -1, onclick: () => duelAct({ type: "draw", count: -1 }) },
            t("put_back", "1 back on the pile"),
          )
        : null,
    ),
  ];
}

// A tournament table's time-over: each phone enters its own hand, hidden from the others
// until every standing fighter's is in; then the round is settled.
function ownHand(s) {
  const shown = s.hands_shown || { entered: [], mine: null };
  const waiting = standing(s)
    .map((f) => f.name)
    .filter((n) => !shown.entered.includes(n));
  const mayShow = standing(s).some((f) => f.name === s.you);
  return [
    el("p", {}, t("own_hand_hint", "The pile is empty: each player enters their own hand on their own phone.")),
    mayShow && shown.mine ? el("p", { id: "my-hand" }, t("your_hand_in", "Your hand is in:") + " " + (shown.mine.join(" ") || "—")) : null,
    mayShow
      ? el(
          "label",
          {},
          el("span", {}, t("your_hand", "Your hand")),
          kept("hand-" + s.you, { "data-hand": s.you, inputmode: "numeric", placeholder: "2 4 5" }),
        )
      : null,
    mayShow
      ? el(
          "button",
          {
            type: "button",
            class: "big",
            id: "show-hand",
            onclick: () => {
              const cards = numbers(DUEL.inputs["hand-" + s.you]);
              DUEL.inputs = {};
              duelAct({ type: "show_hand", cards });
            },
          },
          t("show_hand", "Show my hand"),
        )
      : null,
    el("p", { id: "hands-waiting", class: "small" }, t("hands_waiting", "Waiting for the hand of:") + " " + waiting.join(", ")),
  ];
}

function renderPile(s, seated) {
  const box = document.getElementById("pile");
  const live = seated && !s.round_over && !s.game_winner && !s.choosing;
  const hands = standing(s).map((f) =>
    el("label", {}, el("span", {}, f.name), kept("hand-" + f.name, { "data-hand": f.name, inputmode: "numeric", placeholder: "2 4 5" })),
  );
  fill(
    box,
    el("h2", {}, t("draw_pile", "Draw pile") + ": " + s.deck + (s.reshuffles ? " (" + t("reshuffled", "reshuffled") + ")" : "")),
    live && s.deck > 0 && s.table_draws ? pileCorrection(s) : null,
    live && s.deck > 0 && !s.table_draws
      ? ownedControl(ROOM.current, "draw", null, () =>
          el(
            "div",
            { class: "row" },
            [1, 2, 3, 5].map((n) =>
              el(
                "button",
                { type: "button", "data-draw": n, disabled: n > s.deck, onclick: () => duelAct({ type: "draw", count: n }) },
                "−" + n,
              ),
            ),
          ),
        )
      : null,
    live && s.reshuffle_due && s.you === s.dragon
      ? el(
          "button",
          { type: "button", class: "big", id: "reshuffle", onclick: () => duelAct({ type: "reshuffle" }) },
          t("reshuffle_done", "Reshuffled"),
        )
      : null,
    live && s.deck === 0 && !s.reshuffle_due && ROOM.current?.trust === "tournament" ? ownHand(s) : null,
    live && s.deck === 0 && !s.reshuffle_due && ROOM.current?.trust !== "tournament"
      ? [
          el("p", {}, t("time_over_hint", "The pile is empty: enter every standing fighter's hand.")),
          hands,
          el(
            "button",
            {
              type: "button",
              class: "big",
              id: "time-over",
              onclick: () => {
                const given = {};
                for (const f of standing(s)) given[f.name] = numbers(DUEL.inputs["hand-" + f.name]);
                DUEL.inputs = {};
                duelAct({ type: "time_over", hands: given });
              },
            },
            t("time_over", "Time over"),
          ),
        ]
      : null,
  );
}

// Each fighter's abilities; "Use" only for the phone's own (#27): another player's are
// behind one "Record for" button at a casual table, and absent at a tournament table.
function renderAbilities(s, seated) {
  const cards = Object.entries(s.abilities)
    .filter(([, list]) => list.length)
    .map(([player, list]) => {
      const how = seated && !s.round_over ? controlOf(ROOM.current, "use:" + player, player) : "none";
      const unused = list.filter((a) => !a.used);
      const uses = () => unused.map((a) => useButton(player, a, t("use", "Use") + ": " + a.name));
      return el(
        "section",
        { class: "card pile" + (player === s.turn ? " turn" : "") },
        el("h3", {}, el("span", {}, player), el("span", { class: "small" }, s.characters[player] || "")),
        list.map((a) =>
          el(
            "div",
            { class: a.used ? "used" : "" },
            el("p", {}, el("strong", {}, a.name), a.trigger ? " (" + a.trigger + ")" : ""),
            el("p", { class: "small" }, a.effect),
            how === "own" && !a.used ? useButton(player, a, t("use", "Use")) : null,
          ),
        ),
        how === "record" && unused.length ? recordFor(ROOM.current, "use:" + player, player, uses) : null,
      );
    });
  document.getElementById("abilities").replaceChildren(...cards);
}

function useButton(player, a, label) {
  return el(
    "button",
    {
      type: "button",
      "data-ability": a.key,
      // An ability whose effect is a hit: the table applies the hit too.
      onclick: () => duelAct({ type: a.applies === "hit" ? "ability_hit" : "use_ability", player, ability: a.key }),
    },
    label,
  );
}

function renderLoyalty(s) {
  // The card shows only while the button is held, so a neighbour glancing at the phone sees nothing.
  const own = document.getElementById("loyalty");
  own.hidden = !s.loyalty;
  if (!s.loyalty) return;
  const text = t("your_card", "Your card") + ": " + t("card_" + s.loyalty, CARD_NAMES[s.loyalty] || s.loyalty);
  const card = el("h2", { id: "my-card", "aria-live": "polite" }, DUEL.holding ? text : "");
  // A re-render while the button is held (another phone acted) keeps the card showing.
  const show = (e) => {
    e.preventDefault();
    DUEL.holding = true;
    card.textContent = text;
  };
  const hide = () => {
    DUEL.holding = false;
    card.textContent = "";
  };
  const hold = el(
    "button",
    {
      type: "button",
      id: "hold-card",
      class: "big",
      onpointerdown: show,
      onpointerup: hide,
      onpointerleave: hide,
      onpointercancel: hide,
      oncontextmenu: (e) => e.preventDefault(),
    },
    t("hold_card", "Press and hold to see your loyalty card"),
  );
  fill(own, hold, card, el("p", { class: "small" }, t("secret", "Only this phone has it; let go to hide it.")));
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
  const choose = (value) => {
    // Only one guess can be wrong: after it nobody else is named.
    if (value === "wrong") for (const m of Object.keys(DUEL.naming)) if (DUEL.naming[m] === "wrong") DUEL.naming[m] = "none";
    DUEL.naming[mortal] = value;
    rerender();
  };
  return el(
    "div",
    { class: "naming", role: "radiogroup", "aria-label": mortal, "data-naming": mortal },
    el("b", {}, mortal),
    NAMING.map(([value, key, text]) =>
      el(
        "label",
        {},
        el("input", { type: "radio", name: "naming-" + mortal, value, checked: mark === value, onchange: () => choose(value) }),
        t(key, text),
      ),
    ),
  );
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

function renderBetrayal(s, seated) {
  renderLoyalty(s);
  const box = document.getElementById("betrayal");
  box.hidden = s.mode !== "betrayal";
  if (box.hidden) return;
  const mortals = (s.sides.mortals || []).filter((m) => !s.fighters.find((f) => f.name === m).defeated);
  const accused = el(
    "select",
    { id: "accused", "aria-label": t("accuse", "Accuse") },
    mortals.filter((m) => m !== s.you).map((m) => el("option", { value: m }, m)),
  );
  const others = mortals.filter((m) => m !== s.you);
  const revealed = Object.entries(s.revealed)
    .map(([p, c]) => p + ": " + t("card_" + c, c))
    .join(" · ");
  fill(
    box,
    el("h2", {}, t("betrayal", "Betrayal")),
    revealed ? el("p", {}, revealed) : null,
    seated && mortals.includes(s.you) && !s.game_winner
      ? el(
          "div",
          { class: "row" },
          accused,
          el(
            "button",
            { type: "button", id: "accuse", onclick: () => duelAct({ type: "accuse", accused: accused.value }) },
            t("accuse", "Accuse"),
          ),
        )
      : null,
    // Every mortal's phone shows Reveal, and the Dragon's always shows its card button: what
    // a phone shows never depends on its hidden card (the rules refuse the one without it).
    seated && s.you !== s.dragon && mortals.includes(s.you) && !s.game_winner
      ? [
          el(
            "p",
            { class: "small" },
            t("naming_hint", "Reveal: mark each hand you named, right or wrong; leave the others. A wrong guess ends the naming."),
          ),
          others.map(namingRow),
          el("button", { type: "button", id: "reveal", onclick: () => reveal(others) }, t("reveal", "Reveal")),
        ]
      : null,
    seated && s.you === s.dragon && !(s.dragon in s.revealed) && !s.game_winner
      ? el(
          "button",
          { type: "button", id: "dragon-reveal", onclick: () => duelAct({ type: "dragon_reveal" }) },
          t("dragon_reveal", "Show the traitor card"),
        )
      : null,
  );
}

function renderAchievements(s) {
  const box = document.getElementById("achievements");
  box.hidden = s.mode !== "solo";
  if (box.hidden) return;
  fill(
    box,
    el("h2", {}, t("achievements", "Achievements") + ": " + s.points[0] + " / " + s.points[1] + " " + t("points", "points")),
    el(
      "ul",
      { class: "plain" },
      s.achievements.map((a) => el("li", {}, a.name + " (" + a.points + ")")),
    ),
  );
}

// The bar at the bottom: what this phone's player must do now, as the server says
// (flash_duel/next_step.py); the buttons take the phone to the card it needs.
function stepButton(s, name) {
  const goTo = (id, label) =>
    el("button", { type: "button", class: "big", onclick: () => document.getElementById(id).scrollIntoView({ block: "center" }) }, label);
  switch (name) {
    case "answer":
      return goTo("answer", t("fd_go_answer", "Block or retreat ↑"));
    case "hit":
      return hitButton(s.you);
    case "dashing_block":
      return goTo("answer", t("fd_go_dashing_block", "Dashing block ↑"));
    case "bot":
      return goTo("bot", t("fd_go_bot", "The bot's play ↑"));
    case "time_over":
      return goTo("pile", t("fd_go_time_over", "Enter the hands ↑"));
    case "between":
      return goTo("between", t("fd_go_between", "Choose ↑"));
    case "choose":
      return goTo("choose", t("fd_go_choose", "Choose ↑"));
    case "reshuffle":
      return el(
        "button",
        { type: "button", class: "big", onclick: () => duelAct({ type: "reshuffle" }) },
        t("reshuffle_done", "Reshuffled"),
      );
    case "end_turn":
      return el(
        "button",
        { type: "button", class: "big", onclick: () => duelAct({ type: "end_turn", turn: ROOM.current.state.turn_no }) },
        t("end_turn", "End turn"),
      );
    default:
      return null;
  }
}
function render(data) {
  const s = data.state;
  const seated = !ROOM.spectator && !!s.you;
  drawStatus(s.status);
  renderStatus(s);
  renderChoosing(s, seated);
  renderTrack(s, seated);
  renderAnswer(s, seated);
  renderControls(s, seated);
  renderBot(s, seated);
  renderBetween(s, seated);
  renderPile(s, seated);
  renderAbilities(s, seated);
  renderBetrayal(s, seated);
  renderAchievements(s);
  roomNextStep(seated ? s.next_step : null, (name) => stepButton(s, name));
}

startRoom(render);
