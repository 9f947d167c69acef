import { bannerSwatchView, chipIconsView, chipIconView } from "./chips.js";
import {
  addWords,
  drawStatus,
  lineWords,
  ROOM,
  roomAct,
  roomNextStepView,
  roomToast,
  roomUndo,
  sayWords,
  startRoom,
  stepSlot,
  t,
} from "./lib.js";
import { controlOf } from "./seats.js";
import { undoSnackbar } from "./toasts.js";
import { draw, html } from "./view.js";

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
  tap_stack_read: "山をタップすると説明を読めます。",
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
// Another player's controls opened on purpose ("Record for Ben"): control key -> the table
// version it was opened at; any change of the table (this phone's action or another's)
// closes it again, as seats.js does for the pages still built with el().
const OPEN = new Map();

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

// Each part of the page is a view (html`...`) drawn into its container with draw(): a redraw
// updates the page in place, so a button still there after it is the same node under the finger.
function render(data) {
  const s = data.state;
  keepSelection(s);
  notice(s, data);
  drawStatus(s.status);
  const panic = s.panic.ante > 1 && s.phase === "playing";
  drawCard("panic", panic ? t("level_" + s.panic.ante, s.panic.level).toUpperCase() + " · " + anteLabel(s) : null);
  drawCard("tiebreak", tiebreakView(s));
  draw(document.getElementById("status"), statusView(s));
  drawCard("choose", chooseView(s));
  drawCard("flight", flightView(s));
  draw(document.getElementById("piles"), s.table ? s.table.piles.map((pile) => pileView(s, pile)) : null);
  drawCard("actions", actionsView(s));
  drawCard("between", betweenView(s));
  drawBank(s);
  renderNextStep(s);
}

// A part of the page shown only while it has something to say (null: hidden and empty).
function drawCard(id, view) {
  const box = document.getElementById(id);
  box.hidden = view === null;
  draw(box, view);
}

function anteLabel(s) {
  return t("ante", "Ante") + " " + gemName(s.panic.ante);
}

// A free-for-all tie-break round, on every phone: who tied, who overflowed, who plays now.
function tiebreakView(s) {
  const tb = s.phase === "playing" && s.table ? s.table.tiebreak : null;
  if (!tb) return null;
  return (
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
    [s.table.turn, ...tb.still_to_play].join(" → ")
  );
}

function scoreLine(s) {
  return Object.entries(s.match.score)
    .map(([side, n]) => side + " " + n)
    .join(" · ");
}

// The match's length (formats.py): one game, best of 3 or best of 5.
const MATCH_LENGTHS = { 1: ["one_game", "one game"], 3: ["best_of_3", "best of 3"], 5: ["best_of_5", "best of 5"] };
function statusView(s) {
  const length = t(...(MATCH_LENGTHS[s.best_of] || MATCH_LENGTHS[3]));
  return html`<h1 id="title">${s.title}</h1>
    <p class="small">${t("game", "Game") + " " + s.game_no + " · " + length}</p>
    ${s.match ? html`<p id="score">${t("score", "Score") + ": " + scoreLine(s)}</p>` : null} ${resultLine(s)}
    <p class="small">${s.you ? t("you_are", "You are") + " " + s.you : t("spectator", "Spectator")}</p>
    ${restartButton(s)} ${rematchButton(s)}`;
}

function resultLine(s) {
  if (s.match?.winner) return html`<p class="big winner">${t("match_to", "Match to") + " " + s.match.winner}</p>`;
  if (s.table?.winners.length) return html`<p class="big winner">${t("game_to", "Game to") + " " + s.table.winners.join(" & ")}</p>`;
  if (!s.table) return null;
  const mine = sideTurn(s, myPile(s) || { players: [] });
  return html`<p class=${"turn-line" + (mine ? " mine" : "")}>
    ${s.table.turn === s.you ? t("your_turn", "Your turn") : t("turn_of", "Turn") + ": " + s.table.turn}
  </p>`;
}

function restartButton(s) {
  const restart = s.may_restart_choice && s.you && !ROOM.spectator;
  if (!restart || !(s.phase === "playing" || s.restart_votes.length)) return null;
  const votes = s.restart_votes.length ? " (" + s.restart_votes.length + "/" + s.players.length + ")" : "";
  return html`<button type="button" class="quiet small-button" disabled=${s.restart_votes.includes(s.you)}
    onClick=${() => act({ type: "restart_choice" })}>${t("restart_choice", "Choose characters again") + votes}</button>`;
}

// A tournament table's decided match belongs to the event: no rematch there.
function rematchButton(s) {
  if (s.phase !== "over" || !s.you || ROOM.spectator || ROOM.current?.trust === "tournament") return null;
  return html`<button type="button" class="big" id="rematch" onClick=${() => act({ type: "rematch" })}>
    ${t("rematch", "Rematch")}
  </button>`;
}

function chooseView(s) {
  if (s.phase !== "choosing") return null;
  const mine = s.you && s.characters[s.you];
  const mayChoose = s.you && !ROOM.spectator && (s.rechoose ? s.rechoose === s.you : s.waiting_for.length > 0);
  return html`<h2>${t("choose_character", "Choose your character (the others cannot see it)")}</h2>
    ${clashLine(s)}
    <p class="small waiting">${t("waiting", "Waiting for") + ": " + (s.rechoose ? s.rechoose : s.waiting_for.join(", "))}</p>
    ${mine ? html`<p>${"✓ " + mine}</p>` : null} ${mayChoose ? characterButtons(s) : null}`;
}

function clashLine(s) {
  if (!s.clash) return null;
  const { character, keeper, rechoose } = s.clash;
  return html`<p class="clash">
    ${t("clash", "Same character") + ": " + character + ". " + t("coin_gave", "A coin flip gave it to") + " " + keeper + "; "}
    ${rechoose + " " + t("chooses_again", "chooses another character and whether to play first or second.")}
  </p>`;
}

function characterButtons(s) {
  // After a lost coin flip, "play first" is read when the character is tapped.
  const rechoosing = s.rechoose === s.you;
  const choose = (c) => act(Object.assign({ type: "choose", character: c.id }, rechoosing ? { first: UI.playFirst !== false } : {}));
  const first = (e) => {
    UI.playFirst = e.target.checked;
  };
  return html`${
    rechoosing
      ? html`<label class="inline"><input type="checkbox" id="first" checked=${UI.playFirst !== false} onChange=${first} />
          ${t("first", "play first")}</label>`
      : null
  }
    <div class="grid">
      ${s.character_options.map((c) => html`<button key=${c.id} type="button" class="stack" onClick=${() => choose(c)}>${c.name}</button>`)}
    </div>`;
}

function selectedValues() {
  return UI.selected.slice();
}

function flightView(s) {
  const pending = s.table?.pending;
  const floating = s.table?.floating || [];
  if (!pending && !floating.length) return null;
  return html`${pending ? pendingLines(s, pending) : null}
    ${floating.map(
      (f) =>
        html`<p class="floating">
          ${t("floating_gems", "Floating") + ": " + f.ones + " × " + gemName(1) + " " + f.sender + " → " + f.target}
          ${" · " + t("floating", "floating until the sender's pile is 9 or less")}
        </p>`,
    )}`;
}

function pendingLines(s, pending) {
  const sent = pending.ones + " × " + gemName(1) + ": " + pending.sender + " → " + pending.target;
  const unstoppable = pending.unstoppable ? " · " + t("unstoppable", "a 4-gem: nobody can counter-crash") : "";
  return html`<h2>${t("in_the_air", "In the air") + ": " + sent + unstoppable}</h2>
    <p class="small">${t("deciding", "Deciding") + ": " + s.table.can_land.join(", ")}</p>`;
}

// A gem of the pile, as tall as its value (sizes go through the CSSOM: the page's
// Content-Security-Policy refuses style attributes, and the view library sets style objects
// property by property).
function gemTile(value, mine, chosen, key) {
  return html`<button key=${key} type="button" class=${"gem gem-tile v" + value + (chosen ? " selected" : "")}
    aria-pressed=${chosen ? "true" : "false"} aria-label=${gemName(value)} disabled=${!mine}
    onClick=${mine ? () => toggleGem(value, chosen) : null} style=${{ height: value * UNIT_PX + "px" }}>${String(value)}</button>`;
}
function toggleGem(value, chosen) {
  UI.note = "";
  if (chosen) UI.selected.splice(UI.selected.indexOf(value), 1);
  else UI.selected.push(value);
  render(ROOM.current);
}

// The pile as stacked tiles, bottom up, each as tall as its value, with the line at 10.
// Each gem is keyed by its value and which of that value it is, so a redraw keeps its node.
function pileColumn(pile, mine) {
  const left = UI.selected.slice();
  const seen = {};
  const tiles = pile.gems.map((v) => {
    const at = mine ? left.indexOf(v) : -1;
    if (at >= 0) left.splice(at, 1);
    seen[v] = (seen[v] || 0) + 1;
    return gemTile(v, mine, at >= 0, v + "." + seen[v]);
  });
  const height = Math.max(pile.total, LOSING_TOTAL + 1) * UNIT_PX;
  return html`<div class=${"column" + (pile.total >= LOSING_TOTAL ? " over" : "")} style=${{ height: height + "px" }}>
    <div class="ten-line" style=${{ bottom: LOSING_TOTAL * UNIT_PX + "px" }}><span>10</span></div>
    <div class="tiles">${tiles}</div>
  </div>`;
}

function pileFacts(s, pile) {
  const out = s.table.eliminated.some((p) => pile.players.includes(p));
  return html`<p class="total">${t("total", "Total") + " " + pile.total + " / 10"}</p>
    <p class="bonus">${t("height_bonus", "Height bonus") + " +" + pile.bonus + " · " + t("draws", "draws") + " " + (5 + pile.bonus)}</p>
    ${pile.players
      .filter((p) => s.table.money[p])
      .map((p) => html`<p key=${p} class="power">${p + ": +$" + s.table.money[p] + " " + t("gem_power", "gem power from crashing")}</p>`)}
    ${out ? html`<p class="out">${t("out", "out")}</p>` : null}`;
}

function pileView(s, pile) {
  const mine = pile.players.includes(s.you) && !ROOM.spectator;
  const over = s.table.winners.length > 0;
  const title = pile.players.map((p) => p + (s.characters[p] ? " (" + s.characters[p] + ")" : "")).join(" & ");
  const turn = !over && sideTurn(s, pile); // once the game is over it is nobody's turn
  return html`<section key=${pile.owner} class=${"card pile" + (turn ? " turn" : "")} data-owner=${pile.owner}>
    <h3>${title}</h3>
    <div class="pile-body">${pileColumn(pile, mine)}<div class="facts">${pileFacts(s, pile)}</div></div>
    ${mine && UI.note ? html`<p class="note" role="status">${UI.note}</p>` : null}
    ${mine && !over ? pileActions(s, pile) : null} ${over ? null : pileAdds(s, pile)}
  </section>`;
}

// A pile's +1..+4: the phone's own (its pile, or any pile on its turn), another player's
// folded behind "Record for Ben" at a casual table, absent at a tournament table.
function pileAdds(s, pile) {
  const who = pile.players.includes(s.you) ? s.you : pile.players[0];
  return owned(ROOM.current, "add_gem:" + who, who, () => addRow(who));
}
function addRow(who) {
  return html`<div class="row add">
    <span class="small">${t("add", "add") + ":"}</span>
    ${[1, 2, 3, 4].map(
      (v) =>
        html`<button key=${v} type="button" class="quiet" onClick=${() => act({ type: "add_gem", player: who, value: v })}>
          ${"+" + v}
        </button>`,
    )}
  </div>`;
}

// A control as this phone should have it (seats.js says whose it is): its own, folded behind
// "Record for Ben" (another player's, at a casual table), or left out (null).
function owned(data, key, owner, build) {
  const how = controlOf(data, key, owner);
  if (how === "own") return build();
  if (how === "record") return recordFold(data, key, owner || data.state.whose?.[key]?.[0] || "", build);
  return null;
}
function recordFold(data, key, owner, build) {
  const say = (word, english) => t(word, english).replaceAll("{who}", owner);
  const label = say("record_for", "Record for {who}");
  if (OPEN.get(key) !== data.version) {
    OPEN.delete(key);
    const open = () => {
      OPEN.set(key, ROOM.current.version);
      render(ROOM.current);
    };
    return html`<button type="button" class="record-for" data-record-for=${owner} aria-expanded="false" onClick=${open}>
      ${label}
    </button>`;
  }
  const close = () => {
    OPEN.delete(key);
    render(ROOM.current);
  };
  return html`<div class="acting-for" data-acting-for=${owner} role="group" aria-label=${label}>
    <div class="acting-head">
      <strong>${say("acting_for", "Acting for {who}: these taps are recorded as {who}'s")}</strong>
      <button type="button" class="small-button quiet" aria-expanded="true" onClick=${close}>${t("record_close", "Close")}</button>
    </div>
    ${build()}
  </div>`;
}

function pileActions(s, pile) {
  const values = selectedValues();
  const pair = values.length === 2 && values[0] + values[1] <= 4;
  const hint = values.length ? t("gems_selected", "Selected") + ": " + values.join(" + ") : t("tap_gems", "Tap gems to select them");
  return html`<div>
    <p class="small">${hint}</p>
    <div class="row">
      <button type="button" disabled=${!pair} onClick=${() => act({ type: "combine", a: values[0], b: values[1] })}>
        ${t("combine", "Combine")}
      </button>
      ${crashButtons(s, pile, values)}
      <button type="button" class="quiet" disabled=${values.length !== 1}
        onClick=${() => act({ type: "remove_gem", player: s.you, value: values[0] })}>${t("remove", "Remove")}</button>
    </div>
  </div>`;
}

// A crash is played on the crasher's own turn (seed 000 l.222): another turn's phone has none.
function crashButtons(s, pile, values) {
  if (!sideTurn(s, pile)) return null;
  const opponents = s.table.opponents[s.you] || [];
  const crash = (target) => act(Object.assign({ type: "crash", gems: values }, target ? { target } : {}));
  const canCrash = values.length >= 1 && values.length <= 2 && !s.table.pending;
  const one = opponents.length <= 1 || s.mode === "team-battle" || s.edition === 2;
  const targets = one ? [null] : opponents;
  return targets.map(
    (o) =>
      html`<button key=${o || ""} type="button" disabled=${!canCrash} onClick=${() => crash(o)}>
        ${t("crash", "Crash") + (o ? " → " + o : "")}
      </button>`,
  );
}

// A tap that ends a turn at 10 or more (or forfeits) asks for a second tap first.
function confirmed(kind, label, warning, action, extra = "") {
  if (UI.confirm === kind)
    return html`<button type="button" class=${"big danger" + extra} onClick=${() => act(action)}>${warning}</button>`;
  const ask = () => {
    UI.confirm = kind;
    render(ROOM.current);
  };
  return html`<button type="button" class=${"big" + extra} onClick=${ask}>${label}</button>`;
}

function actionsView(s) {
  const pile = myPile(s);
  const mine = s.table && !s.table.winners.length && pile && sideTurn(s, pile) && !ROOM.spectator;
  if (!mine) return null;
  return confirmed("forfeit", t("forfeit", "Forfeit"), t("forfeit_sure", "Forfeit this game? Tap again"), { type: "forfeit" }, " quiet");
}

// The bar at the bottom of the screen: what this phone's player must do now, with the
// buttons for it, as the server says (next_step.py); other phones say what they wait for.
// A spectator sees no bar. Each button is a view; room.js marks it with its step (data-step).
function renderNextStep(s) {
  roomNextStepView(ROOM.spectator ? null : s.next_step, (name) => stepButton(s, name));
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

function bigButton(label, action) {
  return html`<button type="button" class="big" onClick=${() => act(action)}>${label}</button>`;
}

function counterButton(s) {
  const values = selectedValues();
  const label = t("counter", "Counter-crash") + (values.length ? " (" + values.join(" + ") + ")" : "");
  // What it means is the bar's hint.
  return html`<button type="button" class="big" disabled=${!values.length || values.length > 2}
    aria-describedby=${s.next_step?.hint ? "next-hint" : undefined} onClick=${() => act({ type: "counter", gems: values })}>
    ${label}
  </button>`;
}

const scrollToChoices = () => document.getElementById("between").scrollIntoView({ block: "center" });
const STEP_BUTTONS = {
  ante: (s) => bigButton(anteLabel(s), { type: "ante" }),
  end_turn: () => bigButton(t("end_turn", "End turn"), { type: "end_turn" }),
  end_turn_at_ten: () =>
    confirmed("end", t("end_turn", "End turn"), t("end_at_ten", "Your pile is 10 or more: end the turn and lose?"), {
      type: "end_turn",
    }),
  end_turn_without_ante: () =>
    confirmed("skip_ante", t("end_turn", "End turn"), t("end_without_ante", "No ante this turn: end it without the ante?"), {
      type: "end_turn",
      without_ante: true,
    }),
  counter: (s) => counterButton(s),
  land: () => bigButton(t("land", "Let them land"), { type: "land" }),
  // For every player still to decide: a casual table's shortcut.
  nobody_reacts: () =>
    controlOf(ROOM.current, "nobody_reacts", null) === "none"
      ? null
      : bigButton(t("nobody_reacts", "Nobody reacts"), { type: "nobody_reacts" }),
  keep: () => bigButton(t("keep", "Keep everything"), { type: "losers_choice", option: "keep" }),
  next_game: () => bigButton(t("next_game", "Start the next game"), { type: "losers_choice", option: "keep" }),
  more_choices: () =>
    html`<button type="button" class="big quiet" onClick=${scrollToChoices}>${t("more_choices", "Swap or switch ↑")}</button>`,
};
function stepButton(s, name) {
  return STEP_BUTTONS[name] ? STEP_BUTTONS[name](s) : null;
}

function betweenView(s) {
  const waiting = s.match && s.phase === "between" ? s.match.awaiting_choice : [];
  if (!waiting.length) return null;
  const last = s.match.games[s.match.games.length - 1];
  // Free-for-all and 2 vs 2 (formats.PLAY_ON): nothing changes, the first out starts the next game.
  const playOn = s.match.options.length === 1;
  const chooses = s.match.choosers.includes(s.you) && !ROOM.spectator;
  const title = playOn ? t("next_game_title", "Next game") : t("losers_choice", "Loser's choice");
  return html`<h2>${title + ": " + waiting[0]}</h2>
    <p class="small">${t("game_to", "Game to") + " " + last[0] + " · " + t("plays_first", "plays first") + ": " + waiting[0]}</p>
    ${chooses && playOn ? bigButton(t("next_game", "Start the next game"), { type: "losers_choice", option: "keep" }) : null}
    ${chooses && !playOn ? choiceControls(s) : null}`;
}

const picked = (id) => document.getElementById(id).value;
function option(x) {
  return html`<option key=${x.key} value=${x.key}>${stackName(x)}</option>`;
}
function choiceControls(s) {
  const outs = s.stacks.filter((x) => !x.key.startsWith("fixed/"));
  const ins = s.pool.filter((x) => !s.stacks.some((y) => y.key === x.key) && !s.match.switched_out.includes(x.key));
  const swap = () => act({ type: "losers_choice", option: "swap", out: picked("swap-out"), into: picked("swap-in") });
  const change = () => act({ type: "losers_choice", option: "switch", character: picked("switch-to") });
  return html`${bigButton(t("keep", "Keep everything"), { type: "losers_choice", option: "keep" })}
    <div>
      <select id="swap-out">${outs.map(option)}</select>
      <select id="swap-in">${ins.map(option)}</select>
      <button type="button" class="big" onClick=${swap}>${t("swap", "Swap one stack")}</button>
    </div>
    ${
      s.may_switch_character
        ? html`<div class="row">
          <select id="switch-to">
            ${s.character_options.map((c) => html`<option key=${c.id} value=${c.id}>${c.name}</option>`)}
          </select>
          <button type="button" onClick=${change}>${t("switch", "Switch character")}</button>
        </div>`
        : null
    }
    ${
      s.match.options.includes("reroll")
        ? html`<button type="button" class="big quiet" onClick=${() => act({ type: "losers_choice", option: "reroll" })}>
          ${t("reroll", "Re-roll the bank")}
        </button>`
        : null
    }`;
}

// The bank: a tap on a stack reads it; its marks (empty, Into Oblivion, full) are the turn
// player's, so the hint promises them only where this phone draws them as its own.
function drawBank(s) {
  document.getElementById("bank-hidden").hidden = !s.bank_hidden;
  const hint =
    marksHow(s) === "own" ? t("tap_stack", "Tap a stack to read it and mark it empty.") : t("tap_stack_read", "Tap a stack to read it.");
  draw(document.getElementById("bank-hint"), hint);
  draw(document.getElementById("stacks"), s.stacks.map(stackCell));
  const open = s.stacks.find((x) => x.key === UI.openStack);
  drawCard("stack-detail", open ? stackDetail(s, open) : null);
}

// One bank stack: its name and the chips left (where known), and "Bought 1" for the turn's side.
function stackCell(x) {
  const isOpen = UI.openStack === x.key;
  const toggle = () => {
    UI.openStack = isOpen ? null : x.key;
    render(ROOM.current);
  };
  const name = stackName(x) + (x.state === "removed" ? " (" + t("mark_removed", "Into Oblivion") + ")" : "");
  const label = t("bought_1", "Bought 1") + ": " + stackName(x);
  const buy = x.may_buy && !ROOM.spectator;
  return html`<div key=${x.key} class="stack-cell">
    <button type="button" class=${"stack " + x.state + (isOpen ? " open" : "")} aria-expanded=${isOpen ? "true" : "false"}
      onClick=${toggle}>${name}${x.left === null ? null : html`<span class="left">${t("left_n", "{n} left").replace("{n}", x.left)}</span>`}</button>
    ${
      buy
        ? html`<button type="button" class="buy" aria-label=${label} onClick=${() => act({ type: "buy", stack: x.key })}>
          ${t("bought_1", "Bought 1")}
        </button>`
        : null
    }
  </div>`;
}

// A stack or chip by the catalog's Japanese name on a Japanese phone, where it has one.
function stackName(x) {
  return x.name_ja ? sayWords({ say: "", text: "{n}", args: { n: x.name }, ja: { n: x.name_ja } }) : x.name;
}
function stackDetail(s, stack) {
  const chip = s.chips[stack.key] || { name: stack.name, cost: null, summary: null, banner: [], banner_icons: [], icons: [] };
  return html`<h3>
      <span class="cost">${chip.cost === null ? "?" : String(chip.cost)}</span> ${stackName(chip)}
      ${" "}${chip.banner.map((c) => bannerSwatchView(c))}${chip.banner_icons.map((i) => chipIconView(i, 0, 20))}
    </h3>
    <p class="icons">${chipIconsView(chip.icons, 24)}</p>
    <p>${chip.summary || ""}</p>
    ${stackMarks(s, stack)}`;
}

// How this phone has the marks: its own, "record" (another's turn, casual table) or "none".
function marksHow(s) {
  return s.phase === "playing" ? controlOf(ROOM.current, "stack", null) : "none";
}
function stackMarks(s, stack) {
  if (marksHow(s) === "none") return null;
  const mark = (state, label) =>
    html`<button type="button" class="quiet" disabled=${stack.state === state}
      onClick=${() => act({ type: "stack", stack: stack.key, state })}>${label}</button>`;
  return owned(
    ROOM.current,
    "stack",
    null,
    () => html`<div class="row">
    ${mark("empty", t("mark_empty", "Empty"))} ${mark("removed", t("mark_removed", "Into Oblivion"))}
    ${mark("full", t("mark_full", "Full"))}
  </div>`,
  );
}

startRoom(render);
