import {
  addWords,
  bannerSwatch,
  chipIcon,
  chipIcons,
  drawStatus,
  el,
  lineWords,
  ROOM,
  roomAct,
  roomNextStep,
  roomToast,
  roomUndo,
  sayWords,
  startRoom,
  stepSlot,
  t,
} from "./lib.js";
import { controlOf, ownedControl } from "./seats.js";
import { undoSnackbar } from "./toasts.js";

// The Puzzle Strike table. room.js (loaded after this file) polls the state, sends actions
// with their base version and idempotency key, and draws undo / redo, history and links;
// this file draws the table from the state and reacts to what other phones did.
// A selection is kept as gem values, never positions: a pile that changes under the phone
// keeps the same gems selected, or clears the selection with a note.
addWords("puzzle_strike", {
  selection_gone: "場のジェムが変わり、選んだジェムがなくなりました。選び直してください。",
  best_of_3: "3本勝負",
  best_of_5: "5本勝負",
  one_game: "1ゲーム",
  match_to: "対戦の勝者",
  you_are: "あなた：",
  spectator: "観戦中",
  restart_choice: "キャラクターを選び直す",
  rematch: "再戦する",
  clash: "同じキャラクター",
  coin_gave: "コイントスで取ったのは",
  chooses_again: "は別のキャラクターと先手・後手を選びます。",
  unstoppable: "4ジェム：カウンタークラッシュ不可",
  deciding: "判断するのは",
  floating: "浮きジェム：送り主の場が9以下になると送られる",
  total: "合計",
  draws: "ドロー",
  gem_power: "粉砕で得たジェム・パワー",
  out: "脱落",
  tap_gems: "ジェムをタップして選ぶ",
  end_at_ten: "場のジェムが10以上：ターンを終えて負けますか？",
  forfeit: "投了",
  forfeit_sure: "このゲームを投了しますか？もう一度タップ",
  game_to: "ゲームの勝者",
  mark_empty: "空",
  mark_removed: "除外（Into Oblivion）",
  mark_full: "補充",
  tap_stack: "山をタップすると説明を読み、空にできます。",
  left_n: "残り{n}",
  gem_n: "{n}ジェム",
  level_2: "パニックタイム",
  level_3: "デンジャータイム",
  level_4: "デッドリータイム",
  bought_1: "1枚購入",
  bank_hidden: "大会ルール：銀行はキャラクターが決まってから公開されます。",
  in_the_air: "飛んでいるジェム",
  floating_gems: "浮きジェム",
  // The next-step bar (companion/game/puzzle_strike/next_step.py says which).
  ps_your_choice: "あなたが敗者の選択をします",
  ps_wait_choice: "{who} の敗者の選択を待っています",
  ps_next_game: "次のゲームはあなたが先手：始めてください",
  ps_wait_next_game: "{who} が次のゲームを始めるのを待っています",
  next_game: "次のゲームを始める",
  next_game_title: "次のゲーム",
  ps_match_to: "対戦の勝者：{winner}",
  ps_wait_turn: "{turn} のターンを待っています",
  ps_choose: "キャラクターを選んでください（他の人には見えません）",
  ps_wait_choose: "{who} のキャラクター選択を待っています",
  ps_wait_others: "{deciders} がまだ対応できます",
  ps_wait_decide: "{sent}：{deciders} の判断待ち",
  ps_counter_or_land: "{sent}：カウンタークラッシュするか、受ける",
  ps_let_land: "{sent}：受ける",
  // What sent the gems in the air ({sent} above): a crash, a counter-crash's rest flying
  // back, floating gems sent at last, a 2nd-edition overflow (nobody crashed).
  ps_sent_crash: "{sender} が {target} に {ones} 個クラッシュ",
  ps_sent_crash_you: "{sender} があなたに {ones} 個クラッシュ",
  ps_sent_back: "{sender} のカウンタークラッシュで {ones} 個が {target} に跳ね返る",
  ps_sent_back_you: "{sender} のカウンタークラッシュで {ones} 個があなたに跳ね返る",
  ps_sent_floating: "{sender} の浮きジェム {ones} 個が {target} に送られる",
  ps_sent_floating_you: "{sender} の浮きジェム {ones} 個があなたに送られる",
  ps_sent_overflow: "{sender} の場があふれ、{ones} 個が {target} に",
  ps_sent_overflow_you: "{sender} の場があふれ、{ones} 個があなたに",
  ps_counter_hint:
    "カウンタークラッシュ：手札の {chips_ja} をプレイし、選んだ場のジェムを粉砕。こちらの1ジェム1枚が相手の1ジェム1枚を相殺し、差分は粉砕が少なかった方へ。",
  ps_ante_first: "あなたのターン：{gem}ジェムをアンティ",
  ps_play_then_end: "あなたのターン：チップを使い、ターンを終える",
  more_choices: "入れ替え・キャラクター変更 ↑",
  tiebreak: "タイブレーク",
  tb_overflowed: "がジェム10以上でターンを終えた",
  tb_tied_at: "が最少ジェムで同点：",
  tb_one_more: "それぞれもう1ターン",
  end_without_ante: "アンティしていません：アンティなしでターンを終えますか？",
  nobody_reacts: "誰も対応しない",
});
const UNIT_PX = 20;
const LOSING_TOTAL = 10;
const UI = { playFirst: true, selected: [], note: "", confirm: null, openStack: null, previous: null, acting: false, decided: false };

// "2-gem" in the phone's words (seed 003: 2ジェム).
function gemName(n) {
  return t("gem_n", "{n}-gem").replace("{n}", n);
}

function pileOf(s, player) {
  return s.table?.piles.find((p) => p.players.includes(player));
}
function myPile(s) {
  return s.you ? pileOf(s, s.you) : null;
}
function sideTurn(s, pile) {
  return pile.players.includes(s.table.turn);
}

// A multiset check: does the pile still hold every selected value?
function stillHeld(values, gems) {
  const left = gems.slice();
  for (const v of values) {
    const i = left.indexOf(v);
    if (i < 0) return false;
    left.splice(i, 1);
  }
  return true;
}
function keepSelection(s) {
  const pile = myPile(s);
  if (UI.selected.length && (!pile || !stillHeld(UI.selected, pile.gems))) {
    if (!UI.acting) UI.note = t("selection_gone", "Your pile changed: the gems you selected are gone. Select again.");
    UI.selected = [];
  }
}

async function act(action) {
  const before = ROOM.current?.version;
  UI.confirm = null;
  UI.acting = true;
  try {
    await roomAct(action);
  } finally {
    UI.acting = false;
  }
  const now = ROOM.current;
  if (now && now.version !== before) {
    UI.selected = [];
    UI.note = "";
    const line = now.history[now.history.length - 1];
    if (line && now.undo && now.undo.line === line.text) showSnackbar(lineWords(line), now.undo.target);
    render(now);
  }
}

function showSnackbar(line, target) {
  if (line && !ROOM.spectator) undoSnackbar(line, target, roomUndo);
}

function buzz(pattern) {
  if (navigator.vibrate) navigator.vibrate(pattern);
}

// Tell this phone what another phone did to it: a toast, and a short vibration.
function notice(s, data) {
  const before = UI.previous;
  UI.previous = { version: data.version, history: data.history.length, turn: s.table?.turn, pending: s.table?.pending };
  if (!before || !s.you || data.version === before.version) return;
  const fresh = data.history.slice(before.history);
  const mine = new RegExp("(^|[^\\p{L}])" + s.you.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + "([^\\p{L}]|$)", "u");
  const involved = before.pending && [before.pending.sender, before.pending.target].includes(s.you);
  // Lines another phone made that name this player (read in English; shown in the phone's words).
  const others = fresh.filter(
    (line) => line.args?.who !== s.you && !line.text.startsWith(s.you + " ") && (involved || mine.test(line.text)),
  );
  const pending = s.table?.pending;
  const incoming = pending && pileOf(s, pending.target) === myPile(s) && pending.sender !== s.you;
  if (incoming) {
    // What really sent them (a crash, a counter-crash's rest, floating gems, an overflow).
    const step = s.next_step;
    const args = { sender: pending.sender, ones: pending.ones, target: pending.target };
    roomToast(
      step?.terms?.sent ? stepSlot(step, "sent") : sayWords({ say: "toast_incoming", text: "{sender}: {ones} × 1-gem → {target}", args }),
    );
    buzz([80, 40, 80]);
  } else if (crashedAt(s, fresh)) {
    roomToast(lineWords(crashedAt(s, fresh)));
    buzz([80, 40, 80]);
  } else if (others.length) roomToast(lineWords(others[others.length - 1]));
  const level = fresh.flatMap((line) => [line, ...(line.then || [])]).filter((line) => line.say?.startsWith("psh_level_"));
  if (level.length) roomToast(lineWords(level[level.length - 1]));
  if (s.table && s.table.turn === s.you && before.turn !== s.you) buzz(120);
}

// An uncounterable crash lands at once (nothing waits in the air): the line says whom it hit.
function crashedAt(s, fresh) {
  const pile = myPile(s);
  const hits = fresh.filter(
    (line) => line.say?.startsWith("psh_crash") && line.args?.who !== s.you && pile?.players.includes(line.args?.target),
  );
  return hits[hits.length - 1];
}

function render(data) {
  const s = data.state;
  keepSelection(s);
  notice(s, data);
  drawStatus(s.status);
  const panic = document.getElementById("panic");
  panic.hidden = s.panic.ante <= 1 || s.phase !== "playing";
  panic.textContent = t("level_" + s.panic.ante, s.panic.level).toUpperCase() + " · " + t("ante", "Ante") + " " + gemName(s.panic.ante);
  renderTiebreak(s);
  renderStatus(s);
  renderChoose(s);
  renderFlight(s);
  renderPiles(s);
  renderActions(s);
  renderBetween(s);
  renderStacks(s);
  renderNextStep(s);
}

// A free-for-all tie-break round, on every phone: who tied, who overflowed, who plays now.
function renderTiebreak(s) {
  const box = document.getElementById("tiebreak");
  const tb = s.phase === "playing" && s.table ? s.table.tiebreak : null;
  box.hidden = !tb;
  if (!tb) return;
  box.textContent =
    t("tiebreak", "Tie-break") +
    ": " +
    (tb.overflowed ? tb.overflowed + " " + t("tb_overflowed", "ended a turn at 10 or more") + "; " : "") +
    tb.tied.join(", ") +
    " " +
    t("tb_tied_at", "tie for the lowest pile at") +
    " " +
    tb.at +
    " · " +
    t("tb_one_more", "one more turn each") +
    ": " +
    [s.table.turn, ...tb.still_to_play].join(" → ");
}

function scoreLine(s) {
  return Object.entries(s.match.score)
    .map(([side, n]) => side + " " + n)
    .join(" · ");
}

// The match's length (formats.py): one game, best of 3 or best of 5.
const MATCH_LENGTHS = { 1: ["one_game", "one game"], 3: ["best_of_3", "best of 3"], 5: ["best_of_5", "best of 5"] };
function renderStatus(s) {
  const parts = [
    el("h1", { id: "title" }, s.title),
    el("p", { class: "small" }, t("game", "Game") + " " + s.game_no + " · " + t(...(MATCH_LENGTHS[s.best_of] || MATCH_LENGTHS[3]))),
  ];
  if (s.match) parts.push(el("p", { id: "score" }, t("score", "Score") + ": " + scoreLine(s)));
  if (s.match?.winner) parts.push(el("p", { class: "big winner" }, t("match_to", "Match to") + " " + s.match.winner));
  else if (s.table?.winners.length)
    parts.push(el("p", { class: "big winner" }, t("game_to", "Game to") + " " + s.table.winners.join(" & ")));
  else if (s.table)
    parts.push(
      el(
        "p",
        { class: "turn-line" + (sideTurn(s, myPile(s) || { players: [] }) ? " mine" : "") },
        s.table.turn === s.you ? t("your_turn", "Your turn") : t("turn_of", "Turn") + ": " + s.table.turn,
      ),
    );
  parts.push(el("p", { class: "small" }, s.you ? t("you_are", "You are") + " " + s.you : t("spectator", "Spectator")));
  const restart = s.may_restart_choice && s.you && !ROOM.spectator;
  if (restart && (s.phase === "playing" || s.restart_votes.length)) {
    const agreed = s.restart_votes.includes(s.you);
    parts.push(
      el(
        "button",
        { type: "button", class: "quiet small-button", disabled: agreed, onclick: () => act({ type: "restart_choice" }) },
        t("restart_choice", "Choose characters again") +
          (s.restart_votes.length ? " (" + s.restart_votes.length + "/" + s.players.length + ")" : ""),
      ),
    );
  }
  // A tournament table's decided match belongs to the event: no rematch there.
  if (s.phase === "over" && s.you && !ROOM.spectator && ROOM.current?.trust !== "tournament") {
    parts.push(
      el("button", { type: "button", class: "big", id: "rematch", onclick: () => act({ type: "rematch" }) }, t("rematch", "Rematch")),
    );
  }
  document.getElementById("status").replaceChildren(...parts);
}

function renderChoose(s) {
  const box = document.getElementById("choose");
  box.hidden = s.phase !== "choosing";
  if (box.hidden) return;
  const mine = s.you && s.characters[s.you];
  const parts = [el("h2", {}, t("choose_character", "Choose your character (the others cannot see it)"))];
  if (s.clash) {
    parts.push(
      el(
        "p",
        { class: "clash" },
        t("clash", "Same character") +
          ": " +
          s.clash.character +
          ". " +
          t("coin_gave", "A coin flip gave it to") +
          " " +
          s.clash.keeper +
          "; " +
          s.clash.rechoose +
          " " +
          t("chooses_again", "chooses another character and whether to play first or second."),
      ),
    );
  }
  parts.push(
    el("p", { class: "small waiting" }, t("waiting", "Waiting for") + ": " + (s.rechoose ? s.rechoose : s.waiting_for.join(", "))),
  );
  if (mine) parts.push(el("p", {}, "✓ " + mine));
  const mayChoose = s.you && !ROOM.spectator && (s.rechoose ? s.rechoose === s.you : s.waiting_for.length > 0);
  if (mayChoose) {
    const grid = el("div", { class: "grid" });
    // After a lost coin flip, "play first" is read when the character is tapped.
    const firstChoice = () => (s.rechoose === s.you ? { first: UI.playFirst !== false } : {});
    for (const c of s.character_options) {
      grid.append(
        el(
          "button",
          { type: "button", class: "stack", onclick: () => act(Object.assign({ type: "choose", character: c.id }, firstChoice())) },
          c.name,
        ),
      );
    }
    if (s.rechoose === s.you)
      parts.push(
        el(
          "label",
          { class: "inline" },
          el("input", {
            type: "checkbox",
            id: "first",
            checked: UI.playFirst !== false,
            onchange: (e) => {
              UI.playFirst = e.target.checked;
            },
          }),
          t("first", "play first"),
        ),
      );
    parts.push(grid);
  }
  box.replaceChildren(...parts);
}

function selectedValues() {
  return UI.selected.slice();
}

function renderFlight(s) {
  const box = document.getElementById("flight");
  const pending = s.table?.pending;
  const floating = s.table?.floating || [];
  box.hidden = !pending && !floating.length;
  if (box.hidden) return;
  const parts = [];
  if (pending) {
    parts.push(
      el(
        "h2",
        {},
        t("in_the_air", "In the air") +
          ": " +
          pending.ones +
          " × " +
          gemName(1) +
          ": " +
          pending.sender +
          " → " +
          pending.target +
          (pending.unstoppable ? " · " + t("unstoppable", "a 4-gem: nobody can counter-crash") : ""),
      ),
    );
    parts.push(el("p", { class: "small" }, t("deciding", "Deciding") + ": " + s.table.can_land.join(", ")));
  }
  for (const f of floating) {
    parts.push(
      el(
        "p",
        { class: "floating" },
        t("floating_gems", "Floating") +
          ": " +
          f.ones +
          " × " +
          gemName(1) +
          " " +
          f.sender +
          " → " +
          f.target +
          " · " +
          t("floating", "floating until the sender's pile is 9 or less"),
      ),
    );
  }
  box.replaceChildren(...parts);
}

function gemTile(value, mine, chosen) {
  const classes = "gem gem-tile v" + value + (chosen ? " selected" : "");
  return sized(
    el(
      "button",
      {
        type: "button",
        class: classes,
        "aria-pressed": chosen ? "true" : "false",
        "aria-label": gemName(value),
        disabled: !mine,
        onclick: mine ? () => toggleGem(value, chosen) : null,
      },
      String(value),
    ),
    "height",
    value * UNIT_PX,
  );
}
function toggleGem(value, chosen) {
  UI.note = "";
  if (chosen) UI.selected.splice(UI.selected.indexOf(value), 1);
  else UI.selected.push(value);
  render(ROOM.current);
}

// Sizes go through the CSSOM: the page's Content-Security-Policy refuses style attributes.
function sized(node, property, px) {
  node.style[property] = px + "px";
  return node;
}

// The pile as stacked tiles, bottom up, each as tall as its value, with the line at 10.
function pileColumn(pile, mine) {
  const left = UI.selected.slice();
  const tiles = pile.gems.map((v) => {
    const at = mine ? left.indexOf(v) : -1;
    if (at >= 0) left.splice(at, 1);
    return gemTile(v, mine, at >= 0);
  });
  const height = Math.max(pile.total, LOSING_TOTAL + 1) * UNIT_PX;
  const line = sized(el("div", { class: "ten-line" }, el("span", {}, "10")), "bottom", LOSING_TOTAL * UNIT_PX);
  return sized(
    el("div", { class: "column" + (pile.total >= LOSING_TOTAL ? " over" : "") }, line, el("div", { class: "tiles" }, tiles)),
    "height",
    height,
  );
}

function pileFacts(s, pile) {
  const facts = [el("p", { class: "total" }, t("total", "Total") + " " + pile.total + " / 10")];
  facts.push(
    el(
      "p",
      { class: "bonus" },
      t("height_bonus", "Height bonus") + " +" + pile.bonus + " · " + t("draws", "draws") + " " + (5 + pile.bonus),
    ),
  );
  for (const p of pile.players) {
    const power = s.table.money[p];
    if (power) facts.push(el("p", { class: "power" }, p + ": +$" + power + " " + t("gem_power", "gem power from crashing")));
  }
  if (s.table.eliminated.some((p) => pile.players.includes(p))) facts.push(el("p", { class: "out" }, t("out", "out")));
  return facts;
}

function renderPiles(s) {
  const box = document.getElementById("piles");
  if (!s.table) {
    box.replaceChildren();
    return;
  }
  const cards = s.table.piles.map((pile) => {
    const mine = pile.players.includes(s.you) && !ROOM.spectator;
    const title = pile.players.map((p) => p + (s.characters[p] ? " (" + s.characters[p] + ")" : "")).join(" & ");
    const head = el("h3", {}, title);
    const body = el("div", { class: "pile-body" }, pileColumn(pile, mine), el("div", { class: "facts" }, pileFacts(s, pile)));
    const card = el("section", { class: "card pile" + (sideTurn(s, pile) ? " turn" : ""), "data-owner": pile.owner }, head, body);
    if (mine && UI.note) card.append(el("p", { class: "note", role: "status" }, UI.note));
    if (mine && !s.table.winners.length) card.append(pileActions(s, pile));
    const adds = s.table.winners.length ? null : pileAdds(s, pile);
    if (adds) card.append(adds);
    return card;
  });
  box.replaceChildren(...cards);
}

// A pile's +1..+4: the phone's own (its pile, or any pile on its turn), another player's
// folded behind "Record for Ben" at a casual table, absent at a tournament table (seats.js).
function pileAdds(s, pile) {
  const who = pile.players.includes(s.you) ? s.you : pile.players[0];
  return ownedControl(ROOM.current, "add_gem:" + who, who, () => addRow(who));
}
function addRow(who) {
  const row = el(
    "div",
    { class: "row add" },
    el("span", { class: "small" }, t("add", "add") + ":"),
    [1, 2, 3, 4].map((v) =>
      el("button", { type: "button", class: "quiet", onclick: () => act({ type: "add_gem", player: who, value: v }) }, "+" + v),
    ),
  );
  return row;
}

function pileActions(s, pile) {
  const values = selectedValues();
  const row = el("div", { class: "row" });
  const pair = values.length === 2 && values[0] + values[1] <= 4;
  row.append(
    el(
      "button",
      { type: "button", disabled: !pair, onclick: () => act({ type: "combine", a: values[0], b: values[1] }) },
      t("combine", "Combine"),
    ),
  );
  const opponents = s.table.opponents[s.you] || [];
  const crash = (target) => act(Object.assign({ type: "crash", gems: values }, target ? { target } : {}));
  const canCrash = values.length >= 1 && values.length <= 2 && sideTurn(s, pile) && !s.table.pending;
  if (opponents.length <= 1 || s.mode === "team-battle" || s.edition === 2) {
    row.append(el("button", { type: "button", disabled: !canCrash, onclick: () => crash(null) }, t("crash", "Crash")));
  } else {
    for (const o of opponents)
      row.append(el("button", { type: "button", disabled: !canCrash, onclick: () => crash(o) }, t("crash", "Crash") + " → " + o));
  }
  row.append(
    el(
      "button",
      {
        type: "button",
        class: "quiet",
        disabled: values.length !== 1,
        onclick: () => act({ type: "remove_gem", player: s.you, value: values[0] }),
      },
      t("remove", "Remove"),
    ),
  );
  const hint = values.length ? t("gems_selected", "Selected") + ": " + values.join(" + ") : t("tap_gems", "Tap gems to select them");
  return el("div", {}, el("p", { class: "small" }, hint), row);
}

// A tap that ends a turn at 10 or more (or forfeits) asks for a second tap first.
function confirmed(kind, label, warning, action) {
  if (UI.confirm === kind) return el("button", { type: "button", class: "big danger", onclick: () => act(action) }, warning);
  return el(
    "button",
    {
      type: "button",
      class: "big",
      onclick: () => {
        UI.confirm = kind;
        render(ROOM.current);
      },
    },
    label,
  );
}

function renderActions(s) {
  const box = document.getElementById("actions");
  const pile = myPile(s);
  const mine = s.table && !s.table.winners.length && pile && sideTurn(s, pile) && !ROOM.spectator;
  box.hidden = !mine;
  if (!mine) return;
  const forfeit = confirmed("forfeit", t("forfeit", "Forfeit"), t("forfeit_sure", "Forfeit this game? Tap again"), { type: "forfeit" });
  forfeit.classList.add("quiet");
  box.replaceChildren(forfeit);
}

// The bar at the bottom of the screen: what this phone's player must do now, with the
// buttons for it, as the server says (next_step.py); other phones say what they wait for.
// A spectator sees no bar.
function renderNextStep(s) {
  roomNextStep(ROOM.spectator ? null : s.next_step, (name) => stepButton(s, name));
  showPileToDecide(s);
}

// A counter-crash decision needs the phone's own gems: the pile is scrolled into view once
// when the decision arrives, clear of the bar (its scroll margin is the bar's height).
function showPileToDecide(s) {
  const deciding = !ROOM.spectator && !!s.next_step?.mine && s.next_step.actions.includes("counter");
  const arrived = deciding && !UI.decided;
  UI.decided = deciding;
  if (!arrived) return;
  const pile = document.querySelector(`#piles section[data-owner='${CSS.escape(myPile(s)?.owner || "")}']`);
  if (pile) pile.scrollIntoView({ block: "end" });
}

function stepButton(s, name) {
  const big = (label, action) => el("button", { type: "button", class: "big", onclick: () => act(action) }, label);
  const end = t("end_turn", "End turn");
  switch (name) {
    case "ante":
      return big(t("ante", "Ante") + " " + gemName(s.panic.ante), { type: "ante" });
    case "end_turn":
      return big(end, { type: "end_turn" });
    case "end_turn_at_ten":
      return confirmed("end", end, t("end_at_ten", "Your pile is 10 or more: end the turn and lose?"), { type: "end_turn" });
    case "end_turn_without_ante":
      return confirmed("skip_ante", end, t("end_without_ante", "No ante this turn: end it without the ante?"), {
        type: "end_turn",
        without_ante: true,
      });
    case "counter": {
      const values = selectedValues();
      const label = t("counter", "Counter-crash") + (values.length ? " (" + values.join(" + ") + ")" : "");
      const button = big(label, { type: "counter", gems: values });
      button.disabled = !values.length || values.length > 2;
      if (s.next_step?.hint) button.setAttribute("aria-describedby", "next-hint"); // what it means
      return button;
    }
    case "land":
      return big(t("land", "Let them land"), { type: "land" });
    case "nobody_reacts": // for every player still to decide: a casual table's shortcut
      return controlOf(ROOM.current, "nobody_reacts", null) === "none"
        ? null
        : big(t("nobody_reacts", "Nobody reacts"), { type: "nobody_reacts" });
    case "keep":
      return big(t("keep", "Keep everything"), { type: "losers_choice", option: "keep" });
    case "next_game":
      return big(t("next_game", "Start the next game"), { type: "losers_choice", option: "keep" });
    case "more_choices":
      return el(
        "button",
        { type: "button", class: "big quiet", onclick: () => document.getElementById("between").scrollIntoView({ block: "center" }) },
        t("more_choices", "Swap or switch ↑"),
      );
    default:
      return null;
  }
}

function renderBetween(s) {
  const box = document.getElementById("between");
  const waiting = s.match && s.phase === "between" ? s.match.awaiting_choice : [];
  box.hidden = !waiting.length;
  if (!waiting.length) return;
  const last = s.match.games[s.match.games.length - 1];
  // Free-for-all and 2 vs 2 (formats.PLAY_ON): nothing changes, the first out starts the next game.
  const playOn = s.match.options.length === 1;
  const parts = [
    el("h2", {}, (playOn ? t("next_game_title", "Next game") : t("losers_choice", "Loser's choice")) + ": " + waiting[0]),
    el("p", { class: "small" }, t("game_to", "Game to") + " " + last[0] + " · " + t("plays_first", "plays first") + ": " + waiting[0]),
  ];
  if (s.match.choosers.includes(s.you) && !ROOM.spectator) {
    parts.push(
      ...(playOn
        ? [
            el(
              "button",
              { type: "button", class: "big", onclick: () => act({ type: "losers_choice", option: "keep" }) },
              t("next_game", "Start the next game"),
            ),
          ]
        : choiceControls(s)),
    );
  }
  box.replaceChildren(...parts);
}

function choiceControls(s) {
  const out = el(
    "select",
    { id: "swap-out" },
    s.stacks.filter((x) => !x.key.startsWith("fixed/")).map((x) => el("option", { value: x.key }, stackName(x))),
  );
  const into = el(
    "select",
    { id: "swap-in" },
    s.pool
      .filter((x) => !s.stacks.some((y) => y.key === x.key) && !s.match.switched_out.includes(x.key))
      .map((x) => el("option", { value: x.key }, stackName(x))),
  );
  const controls = [
    el(
      "button",
      { type: "button", class: "big", onclick: () => act({ type: "losers_choice", option: "keep" }) },
      t("keep", "Keep everything"),
    ),
    el(
      "div",
      {},
      out,
      into,
      el(
        "button",
        { type: "button", class: "big", onclick: () => act({ type: "losers_choice", option: "swap", out: out.value, into: into.value }) },
        t("swap", "Swap one stack"),
      ),
    ),
  ];
  if (s.may_switch_character) {
    const character = el(
      "select",
      { id: "switch-to" },
      s.character_options.map((c) => el("option", { value: c.id }, c.name)),
    );
    controls.push(
      el(
        "div",
        { class: "row" },
        character,
        el(
          "button",
          { type: "button", onclick: () => act({ type: "losers_choice", option: "switch", character: character.value }) },
          t("switch", "Switch character"),
        ),
      ),
    );
  }
  if (s.match.options.includes("reroll")) {
    controls.push(
      el(
        "button",
        { type: "button", class: "big quiet", onclick: () => act({ type: "losers_choice", option: "reroll" }) },
        t("reroll", "Re-roll the bank"),
      ),
    );
  }
  return controls;
}

function renderStacks(s) {
  const grid = document.getElementById("stacks");
  const hidden = document.getElementById("bank-hidden");
  hidden.hidden = !s.bank_hidden;
  grid.replaceChildren(...s.stacks.map((x) => stackCell(x)));
  const detail = document.getElementById("stack-detail");
  const open = s.stacks.find((x) => x.key === UI.openStack);
  detail.hidden = !open;
  if (open) detail.replaceChildren(...stackDetail(s, open));
}

// One bank stack: its name and the chips left (where known), and "Bought 1" for the turn's side.
function stackCell(x) {
  const open = el(
    "button",
    {
      type: "button",
      class: "stack " + x.state + (UI.openStack === x.key ? " open" : ""),
      "aria-expanded": UI.openStack === x.key ? "true" : "false",
      onclick: () => {
        UI.openStack = UI.openStack === x.key ? null : x.key;
        render(ROOM.current);
      },
    },
    stackName(x) + (x.state === "removed" ? " (" + t("mark_removed", "Into Oblivion") + ")" : ""),
    x.left === null ? "" : el("span", { class: "left" }, t("left_n", "{n} left").replace("{n}", x.left)),
  );
  if (!x.may_buy || ROOM.spectator) return el("div", { class: "stack-cell" }, open);
  const label = t("bought_1", "Bought 1") + ": " + stackName(x);
  const bought = el(
    "button",
    { type: "button", class: "buy", "aria-label": label, onclick: () => act({ type: "buy", stack: x.key }) },
    t("bought_1", "Bought 1"),
  );
  return el("div", { class: "stack-cell" }, open, bought);
}

// A stack or chip by the catalog's Japanese name on a Japanese phone, where it has one.
function stackName(x) {
  return x.name_ja ? sayWords({ say: "", text: "{n}", args: { n: x.name }, ja: { n: x.name_ja } }) : x.name;
}
function stackDetail(s, stack) {
  const chip = s.chips[stack.key] || { name: stack.name, cost: null, summary: null, banner: [], banner_icons: [], icons: [] };
  const head = el(
    "h3",
    {},
    el("span", { class: "cost" }, chip.cost === null ? "?" : String(chip.cost)),
    " ",
    stackName(chip),
    " ",
    ...chip.banner.map((c) => bannerSwatch(c)),
    ...chip.banner_icons.map((i) => chipIcon(i, 0, 20)),
  );
  const parts = [head, el("p", { class: "icons" }, chipIcons(chip.icons, 24)), el("p", {}, chip.summary || "")];
  if (s.you && !ROOM.spectator && s.phase === "playing") {
    const mark = (state, label) =>
      el(
        "button",
        { type: "button", class: "quiet", disabled: stack.state === state, onclick: () => act({ type: "stack", stack: stack.key, state }) },
        label,
      );
    parts.push(
      el(
        "div",
        { class: "row" },
        mark("empty", t("mark_empty", "Empty")),
        mark("removed", t("mark_removed", "Into Oblivion")),
        mark("full", t("mark_full", "Full")),
      ),
    );
  }
  return parts;
}

startRoom(render);
