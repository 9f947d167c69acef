import { addWords, api, el, fill, sayWords, t } from "./lib.js";

// Tournament pages: create, organiser, public pairings, projector standings, enter, seat.
// Japanese words of the tournament pages (i18n.js applies them; this script runs first).
addWords("tournament", {
  t_name: "大会名",
  t_game: "ゲーム",
  t_ps: "Puzzle Strike（3本勝負・敗者の選択あり）",
  t_fd_full: "Flash Duel フルゲーム（5本勝負）",
  t_fd_cc: "Flash Duel カスタム戦（5本勝負）",
  t_bank_policy: "銀行",
  t_bank_round: "ラウンドごとにランダムな銀行（全テーブル共通）",
  t_bank_table: "テーブルごとにランダムな銀行",
  t_bank_rec: "毎ラウンドお勧めチップセット",
  t_bank_rec_name: "お勧めチップセットの名前",
  t_rounds: "スイスラウンド数（空欄なら標準）",
  t_top: "決勝トーナメント",
  t_minutes: "ラウンドの制限時間（分・任意）",
  t_players: "プレイヤー（1行に1人。QRでも参加できます）",
  t_create: "作成",
  t_standings: "順位",
  t_enter: "参加申込",
  t_pairings: "対戦表",
  t_your_name: "あなたの名前",
  t_character: "キャラクター",
  t_ask: "参加を申し込む",
  t_you_are: "あなたは",
  t_taken: "この席はすでに別の端末が使っています。",
  t_take_seat: "自分の席に着く",
  t_secret: "このページのリンクは主催者の鍵です。他の人に見せないでください。",
  t_by: "あなたの名前（入力した結果と一緒に記録されます）",
  t_round: "ラウンド",
  t_players_title: "プレイヤー",
  t_invite: "このQRコードで参加",
  t_public: "公開ページ",
  t_projector: "プロジェクター",
  t_log: "記録",
  t_drawn: "引き分け",
  t_not_started: "まだ始まっていません",
  t_top_cut: "決勝",
  t_swiss: "スイス",
  t_playing: "人が参加中",
  t_swiss_rounds: "スイスラウンド",
  t_swiss_round: "スイスラウンド",
  t_differ: "報告が食い違い",
  t_lost_phone: "端末をなくした・電池切れ？",
  t_new_phone_confirm: "この席を新しい端末に渡しますか？古い端末はすぐに操作できなくなります。",
  t_approve_all: "全員を承認",
  t_result: "結果",
  t_min_left: "残り{n}分",
  t_n_min: "{n}分",
  t_time_up: "時間切れ",
  src_table: "テーブルの端末",
  src_players: "プレイヤーの報告",
  src_organiser: "主催者",
  t_top_n: "上位{n}",
  t_bye: "不戦勝",
  t_playing_now: "対戦中",
  t_watch: "観戦",
  t_correct: "訂正",
  t_enter_result: "入力",
  t_player: "プレイヤー",
  t_record: "勝-敗-分",
  t_points: "点",
  t_rating: "レーティング",
  t_seed_by_rating: "第1ラウンドをクラブのレーティング順でシードする（未レーティングの人は後）",
  t_no_game: "まだ対戦していません",
  t_no_opponent: "対戦相手の結果はまだありません",
  t_level: "結果はまだありません：全員が同順位です。",
  t_waiting: "主催者の承認待ち",
  t_not_paired: "このラウンドは対戦がありません",
  t_table: "テーブル",
  t_approve: "承認",
  t_drop: "ドロップ",
  t_reenter: "再参加",
  t_status_pending: "承認待ち",
  t_status_active: "参加中",
  t_status_dropped: "ドロップ",
  t_over: "大会は終了しました",
  t_winner: "優勝",
  t_last_round: "最終ラウンドの対戦中",
  t_final: "最終順位",
  t_before_round: "第1ラウンドを待っています",
  t_start_top: "決勝ラウンド開始",
  t_start_round: "ラウンド開始",
  t_slips: "テーブル票",
  t_new_phone: "新しい端末",
  t_report: "結果を報告",
  t_reported: "報告済み",
  t_waiting_for: "確認待ち",
  t_reports_differ: "報告が一致しません: 主催者が決めます",
  t_table_undo: "卓の直前の操作",
  t_nothing: "取り消す操作はありません",
  t_ends: "終了予定",
});
const T = {
  id: () => document.body.dataset.tournament,
  token: () => document.body.dataset.token || "",
  headers: () => (T.token() ? { "X-Organiser-Token": T.token() } : {}),
};

function showError(err, id) {
  const node = document.getElementById(id || "error");
  // A refusal the rules said with a word key is shown in the phone's language.
  if (node) node.textContent = err?.said ? sayWords(err.said) : err?.error ? err.error : String(err || "");
}

function score(result) {
  if (!result) return "…";
  return result.wins_a + "–" + result.wins_b + (result.draws ? " (" + result.draws + " " + t("t_drawn", "drawn") + ")" : "");
}

function currentRound(data) {
  return data.rounds.length ? data.rounds[data.rounds.length - 1] : null;
}

function roundEnds(data, round) {
  // The round's clock: when it ends, in the phone's own time (started + the time limit).
  if (!data.config.round_minutes || !round.started || round.complete) return "";
  const end = new Date(new Date(round.started).getTime() + data.config.round_minutes * 60000);
  const left = Math.ceil((end.getTime() - Date.now()) / 60000);
  const clock = left > 0 ? t("t_min_left", "{n} min left").replace("{n}", left) : t("t_time_up", "time is up");
  return " · " + t("t_ends", "ends") + " " + end.toTimeString().slice(0, 5) + " · " + clock;
}

function roundTitle(data) {
  const round = currentRound(data);
  if (!round) return t("t_not_started", "Not started yet");
  const stage = round.stage === "top" ? t("t_top_cut", "Top cut") : t("t_swiss", "Swiss");
  return t("t_round", "Round") + " " + round.number + " · " + stage + roundEnds(data, round);
}

function summary(data) {
  const active = data.players.filter((p) => p.status === "active").length;
  const game = data.config.game === "flash-duel" ? "Flash Duel" : "Puzzle Strike";
  const clock = data.config.round_minutes ? " · " + t("t_n_min", "{n} min").replace("{n}", data.config.round_minutes) : "";
  return (
    game +
    " · " +
    active +
    " " +
    t("t_playing", "playing") +
    " · " +
    data.swiss_rounds +
    " " +
    (data.swiss_rounds === 1 ? t("t_swiss_round", "Swiss round") : t("t_swiss_rounds", "Swiss rounds")) +
    (data.config.top_cut ? " + " + t("t_top_n", "top {n}").replace("{n}", data.config.top_cut) : "") +
    clock
  );
}

// Who gave a result: the table's phones, both players' reports, the organiser (or their name).
const SOURCES = { table: "table", players: "players", organiser: "organiser" };
function resultSource(who) {
  return SOURCES[who] ? t("src_" + who, SOURCES[who]) : who;
}

function bankLine(data, code) {
  const bank = data.banks[code];
  if (!bank) return null;
  const names = bank.stacks.map((s) => s.name + (s.cost === null ? "" : " (" + s.cost + ")"));
  return el("p", { class: "small bank" }, (bank.name ? bank.name + " · " : "") + code + ": " + names.join(", "));
}

function tableLine(table, organiser) {
  if (table.bye) return el("li", { class: "table-line" }, el("strong", {}, table.a.name), " — " + t("t_bye", "bye"));
  // Both players reported, and not the same: flagged with both scores, the organiser decides.
  const differ = table.reports_differ ? [table.reports.a, table.reports.b].map((r) => r.wins_a + "-" + r.wins_b).join(" / ") : null;
  const state = table.result
    ? score(table.result)
    : differ
      ? t("t_differ", "reports differ") + ": " + differ
      : t("t_playing_now", "playing");
  const parts = [
    el("span", { class: "table-no" }, String(table.table)),
    el("strong", {}, table.a.name),
    " vs ",
    el("strong", {}, table.b.name),
    " ",
    el("span", { class: table.result ? "result done" : differ ? "result differ" : "result" }, state),
  ];
  if (table.result && table.source) parts.push(el("span", { class: "small" }, " · " + resultSource(table.changed_by || table.source)));
  if (table.view_url) parts.push(" ", el("a", { href: table.view_url }, t("t_watch", "watch")));
  const line = el("li", { class: "table-line" + (differ ? " disputed" : ""), "data-table": table.table }, parts);
  if (organiser) line.append(resultForm(table));
  if (organiser && !table.result) line.append(undoAtTable(table), newPhones(table));
  return line;
}

// A dispute at a table: the organiser looks at its last action, then takes it back with a
// second tap that names it (a final action, such as the reveal, is refused by the server).
function undoAtTable(table) {
  const where = "/api/tournaments/" + T.id() + "/rounds/" + T.round + "/tables/" + table.table;
  const note = el("span", { class: "small" });
  const button = el(
    "button",
    { type: "button", class: "small-button", "data-undo-table": table.table },
    t("t_table_undo", "Table's last action"),
  );
  button.addEventListener("click", async () => {
    try {
      if (button.dataset.target) {
        const done = await api("POST", where + "/undo", { target: Number(button.dataset.target) }, T.headers());
        note.textContent = done.line;
        delete button.dataset.target;
        button.textContent = t("t_table_undo", "Table's last action");
        return;
      }
      const { last } = await api("GET", where + "/last-action", undefined, T.headers());
      if (!last) note.textContent = t("t_nothing", "nothing to undo");
      else if (last.refused) note.textContent = last.refused;
      else {
        button.dataset.target = String(last.target);
        button.textContent = t("undo", "Undo") + ": " + last.line;
      }
    } catch (err) {
      delete button.dataset.target;
      showError(err, "round-error");
    }
  });
  return el("div", { class: "row table-undo" }, button, note);
}

// A player's phone is lost or flat: the organiser frees that seat for one new phone (the old
// one stops at once) and shows its link and QR code here until the page is left.
T.handed = {};
function newPhones(table) {
  const box = el("div", { class: "row new-phones" });
  // Folded, below the result form and the undo: a seat handed over by a slip of the thumb
  // locks a player's phone out, so it asks first.
  const fold = el("details", { class: "new-phones-fold" }, el("summary", {}, t("t_lost_phone", "A lost or flat phone?")), box);
  if (Object.keys(T.handed).some((key) => key.startsWith(T.round + "/" + table.table + "/"))) fold.open = true;
  [table.a, table.b].forEach((player, seat) => {
    const key = T.round + "/" + table.table + "/" + player.name;
    const handed = T.handed[key];
    if (handed) {
      box.append(
        el(
          "p",
          { class: "small handed" },
          player.name + ": ",
          el("a", { href: handed }, handed),
          el("img", { class: "qr", alt: "seat QR code for " + player.name, src: "/qr.svg?text=" + encodeURIComponent(handed) }),
        ),
      );
      return;
    }
    const button = el(
      "button",
      { type: "button", class: "small-button", "data-new-phone": player.name },
      t("t_new_phone", "New phone") + ": " + player.name,
    );
    button.addEventListener("click", async () => {
      const where = "/api/tournaments/" + T.id() + "/rounds/" + T.round + "/tables/" + table.table;
      if (!window.confirm(t("t_new_phone_confirm", "Hand this seat to a new phone? The old phone stops at once.") + " " + player.name))
        return;
      try {
        const seatIndex = table.seats ? table.seats[seat] : seat;
        const made = await api("POST", where + "/seats/" + seatIndex + "/hand-over", {}, T.headers());
        T.handed[key] = made.join_url;
        refresh();
      } catch (err) {
        showError(err, "round-error");
      }
    });
    box.append(button);
  });
  return fold;
}

function resultForm(table) {
  const r = table.result || { wins_a: 0, wins_b: 0, draws: 0 };
  const input = (name, value, label) =>
    el("label", { class: "mini" }, el("span", {}, label), el("input", { type: "number", min: "0", max: "5", name, value: String(value) }));
  const form = el(
    "form",
    { class: "result-form row" },
    input("wins_a", r.wins_a, table.a.name),
    input("wins_b", r.wins_b, table.b.name),
    input("draws", r.draws, t("t_drawn", "drawn")),
    el("button", { type: "submit" }, table.result ? t("t_correct", "Correct") : t("t_enter_result", "Enter")),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const f = new FormData(form);
    const body = {
      wins_a: Number(f.get("wins_a")),
      wins_b: Number(f.get("wins_b")),
      draws: Number(f.get("draws")),
      by: document.getElementById("by").value,
    };
    try {
      await api("POST", "/api/tournaments/" + T.id() + "/rounds/" + T.round + "/tables/" + table.table + "/result", body, T.headers());
      if (document.activeElement) document.activeElement.blur();
      showError("", "round-error");
      refresh();
    } catch (err) {
      showError(err, "round-error");
    }
  });
  return form;
}

function renderRound(data, organiser) {
  const round = currentRound(data);
  const title = document.getElementById("round-title");
  if (title) title.textContent = roundTitle(data);
  const box = document.getElementById("round");
  if (!round) {
    fill(box, el("p", { class: "small" }, t("t_not_started", "Not started yet")));
    return;
  }
  T.round = round.number;
  const codes = [...new Set(round.tables.map((x) => x.bank).filter(Boolean))];
  fill(
    box,
    codes.length === 1 ? bankLine(data, codes[0]) : null,
    el(
      "ul",
      { class: "plain tables" },
      round.tables.map((x) => tableLine(x, organiser)),
    ),
  );
}

function pct(value) {
  return value.toFixed(2);
}
// A line's place: "=2" when it is level with others on points and tie-breakers.
function placeOf(line) {
  return (line.level ? "=" : "") + line.place;
}
// A tie-breaker's cell: its figure, or a dash saying why there is none yet (no game played,
// no opponent met: the 33% floor would be no figure at all).
function figure(value, why) {
  if (value !== null && value !== undefined) return el("td", {}, pct(value));
  return el("td", { class: "none", title: why, "aria-label": why }, "—");
}

// Once the event is over, every page announces the winner above the standings.
function renderWinner(data) {
  const box = document.getElementById("standings");
  if (!box || !data.next.over) return;
  box.prepend(el("p", { class: "winner", role: "status" }, "★ " + t("t_winner", "Winner") + ": " + data.next.winner));
}
// A linked player's club rating after the event's counted tables, and its change (#30).
function ratingNote(r) {
  if (!r) return null;
  const change = (r.change >= 0 ? "+" : "−") + Math.abs(r.change);
  return el("span", { class: "rating" }, " · " + t("t_rating", "rating") + " " + r.after + " ±" + r.margin + " (" + change + ")");
}
function renderStandings(data) {
  // Tie-breakers are shown once a result gives one a meaning; before any, everyone is level.
  const figures = data.standings.some((s) => s.gw !== null || s.omw !== null);
  const columns = ["#", t("t_player", "Player"), t("t_record", "W-L-D"), t("t_points", "Pts")];
  const head = el(
    "tr",
    {},
    (figures ? [...columns, "OMW%", "GW%", "OGW%"] : columns).map((h) => el("th", {}, h)),
  );
  const noGame = t("t_no_game", "no game played yet");
  const noOpponent = t("t_no_opponent", "no opponent's result yet");
  const rows = data.standings.map((s) =>
    el(
      "tr",
      { class: s.active ? "" : "dropped" },
      el("td", { class: "place" }, placeOf(s)),
      el("td", {}, s.name, ratingNote(s.rating)),
      el("td", {}, s.wins + "-" + s.losses + "-" + s.draws),
      el("td", {}, String(s.points)),
      figures ? [figure(s.omw, noOpponent), figure(s.gw, noGame), figure(s.ogw, noOpponent)] : null,
    ),
  );
  const note = figures ? null : el("p", { class: "small" }, t("t_level", "No result yet: every player is level."));
  fill(document.getElementById("standings"), el("table", { class: "standings" }, el("thead", {}, head), el("tbody", {}, rows)), note);
  renderWinner(data);
}

function renderYou(data) {
  const box = document.getElementById("you");
  if (!box || !data.you) return;
  const you = data.you;
  if (you.status === "pending") {
    fill(box, el("p", { class: "you" }, you.name + ": " + t("t_waiting", "waiting for the organiser to let you in")));
    return;
  }
  const round = currentRound(data);
  const mine = round ? round.tables.find((x) => x.a.id === you.id || (x.b && x.b.id === you.id)) : null;
  const place = data.standings.find((x) => x.player === you.id);
  if (data.next.over) {
    const final = t("t_final", "Final standings") + ": " + (place ? "#" + placeOf(place) : "—") + " · " + t("t_winner", "Winner") + ": ";
    fill(box, el("p", { class: "you" }, you.name + " · " + final + data.next.winner), mine?.result ? yourResult(mine) : null);
    return;
  }
  if (!round) {
    fill(box, el("p", { class: "you" }, you.name + ": " + t("t_before_round", "waiting for round 1")));
    return;
  }
  if (!mine) {
    fill(box, el("p", { class: "you" }, you.name + ": " + t("t_not_paired", "not paired this round")));
    return;
  }
  if (mine.bye) {
    fill(box, el("p", { class: "you" }, you.name + ": " + t("t_bye", "bye")));
    return;
  }
  const other = mine.a.id === you.id ? mine.b.name : mine.a.name;
  fill(
    box,
    el("p", { class: "you" }, you.name + " · " + t("t_table", "Table") + " " + mine.table + " · vs " + other),
    mine.your_seat_url && !mine.result
      ? el("a", { class: "button big", href: mine.your_seat_url }, t("t_take_seat", "Take my seat"))
      : null,
    mine.result ? yourResult(mine) : reportForm(mine, you, other),
  );
}

function yourResult(table) {
  return el("p", { class: "you-result", id: "your-result" }, t("t_result", "Result") + ": " + fullScore(table));
}

// A table's result with its names and who gave it: "Ana 2–1 Ben · players".
function fullScore(table) {
  const r = table.result;
  const drawn = r.draws ? " (" + r.draws + " " + t("t_drawn", "drawn") + ")" : "";
  const who = table.source ? " · " + resultSource(table.changed_by || table.source) : "";
  return table.a.name + " " + r.wins_a + "–" + r.wins_b + " " + table.b.name + drawn + who;
}

// Played without the table on a phone? Each player types the score: the same from both is
// the result; two different ones go to the organiser.
function reportForm(table, you, other) {
  const side = table.a.id === you.id ? "a" : "b";
  const said = table.reports?.[side];
  const theirs = table.reports?.[side === "a" ? "b" : "a"];
  const shown = (r) =>
    table.a.name +
    " " +
    r.wins_a +
    "–" +
    r.wins_b +
    " " +
    table.b.name +
    (r.draws ? " (" + r.draws + " " + t("t_drawn", "drawn") + ")" : "");
  let note = null;
  if (said && theirs) note = t("t_reports_differ", "Your reports differ: the organiser decides");
  else if (said) note = t("t_reported", "You reported") + " " + shown(said) + " · " + t("t_waiting_for", "waiting for") + " " + other;
  const input = (name, label) =>
    el(
      "label",
      { class: "mini" },
      el("span", {}, label),
      el("input", { type: "number", min: "0", max: "5", name, value: String(said ? said[name] : 0) }),
    );
  const form = el(
    "form",
    { class: "result-form row", id: "report" },
    input("wins_a", table.a.name),
    input("wins_b", table.b.name),
    input("draws", t("t_drawn", "drawn")),
    el("button", { type: "submit" }, t("t_report", "Report the score")),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const f = new FormData(form);
    const score = { wins_a: Number(f.get("wins_a")), wins_b: Number(f.get("wins_b")), draws: Number(f.get("draws")) };
    try {
      await api("POST", "/api/tournaments/" + T.id() + "/rounds/" + T.round + "/tables/" + table.table + "/report", score);
      etag = null;
      refresh();
    } catch (err) {
      showError(err);
    }
  });
  return el(
    "div",
    {},
    el("h2", {}, t("t_report", "Report the score")),
    note ? el("p", { class: "small", id: "report-note" }, note) : null,
    form,
  );
}

function renderPlayers(data) {
  const list = document.getElementById("players");
  const button = (label, action, p) =>
    el(
      "button",
      {
        type: "button",
        class: "small-button",
        onclick: async () => {
          try {
            await api("POST", "/api/tournaments/" + T.id() + "/players/" + p.id + "/" + action, {}, T.headers());
            refresh();
          } catch (err) {
            showError(err, "player-error");
          }
        },
      },
      label,
    );
  const pending = data.players.filter((p) => p.status === "pending");
  const approveAll = el(
    "button",
    {
      type: "button",
      class: "small-button",
      id: "approve-all",
      onclick: async () => {
        try {
          for (const p of pending) await api("POST", "/api/tournaments/" + T.id() + "/players/" + p.id + "/approve", {}, T.headers());
          refresh();
        } catch (err) {
          showError(err, "player-error");
        }
      },
    },
    t("t_approve_all", "Approve all") + " (" + pending.length + ")",
  );
  fill(
    list,
    pending.length > 1 ? el("li", {}, approveAll) : null,
    data.players.map((p) =>
      el(
        "li",
        { class: "player " + p.status },
        p.name + (p.character ? " (" + p.character + ")" : "") + " · " + t("t_status_" + p.status, p.status) + " ",
        p.status === "pending" ? button(t("t_approve", "Approve"), "approve", p) : null,
        p.status === "active" ? button(t("t_drop", "Drop"), "drop", p) : null,
        p.status === "dropped" ? button(t("t_reenter", "Re-enter"), "reenter", p) : null,
      ),
    ),
  );
}

function renderNext(data) {
  const button = document.getElementById("next-round");
  const next = data.next;
  if (next.over) {
    button.textContent = t("t_over", "The tournament is over") + " · " + t("t_winner", "Winner") + ": " + next.winner;
    button.disabled = true;
  } else if (!next.stage) {
    button.textContent = t("t_last_round", "The last round is being played");
    button.disabled = true;
  } else {
    button.textContent =
      (next.stage === "top" ? t("t_start_top", "Start top cut round") : t("t_start_round", "Start round")) + " " + next.round;
    button.disabled = !next.ready;
  }
  button.dataset.round = String(next.round);
  const slips = document.getElementById("slips");
  const round = currentRound(data);
  if (!round) {
    fill(slips);
    return;
  }
  const url = (paper) =>
    "/api/tournaments/" + T.id() + "/rounds/" + round.number + "/slips.pdf?paper=" + paper + "&key=" + encodeURIComponent(T.token());
  fill(
    slips,
    el("a", { class: "button", href: url("letter") }, t("t_slips", "Table slips") + " (Letter)"),
    el("a", { class: "button", href: url("a4") }, t("t_slips", "Table slips") + " (A4)"),
  );
}

function renderLog(data) {
  fill(
    document.getElementById("log"),
    (data.log || []).map((l) => el("li", {}, l.at.slice(11, 16) + " " + l.actor + ": " + l.line)),
  );
}

let etag = null;
let latest = null;

function render(data) {
  const page = document.body.dataset.page;
  const summaryNode = document.getElementById("summary");
  if (summaryNode) summaryNode.textContent = summary(data);
  // Do not redraw the tables under a result being typed in.
  const editing = document.activeElement?.matches?.(".result-form input");
  if (!editing) renderRound(data, page === "organiser");
  renderStandings(data);
  if (page === "public") renderYou(data);
  if (page === "organiser") {
    renderPlayers(data);
    renderNext(data);
    renderLog(data);
    const link = document.getElementById("enter-link");
    if (link.href !== data.links.enter_url) {
      link.href = data.links.enter_url;
      link.textContent = data.links.enter_url;
      document.getElementById("enter-qr").src = "/qr.svg?text=" + encodeURIComponent(data.links.enter_url);
    }
  }
}

async function refresh() {
  try {
    const headers = Object.assign({}, T.headers(), etag ? { "If-None-Match": etag } : {});
    const data = await api("GET", "/api/tournaments/" + T.id(), undefined, headers);
    if (data.status === 304) return;
    etag = data.etag;
    latest = data;
    render(data);
    showError("");
  } catch (err) {
    showError(err);
  }
}

function startPolling(seconds) {
  refresh();
  setInterval(() => {
    if (!document.hidden) refresh();
  }, seconds * 1000);
  document.addEventListener("langchange", () => {
    if (latest) render(latest);
  });
  // The round clock counts down between answers (an unchanged tournament answers 304).
  setInterval(() => {
    const title = document.getElementById("round-title");
    if (latest && title) title.textContent = roundTitle(latest);
  }, 20000);
}

function initNew() {
  const form = document.getElementById("new-tournament");
  const toggle = () => {
    form.querySelector(".ps-only").hidden = !form.elements.game.value.startsWith("puzzle-strike");
  };
  form.elements.game.addEventListener("change", toggle);
  toggle();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const f = new FormData(form);
    const [game, mode] = f.get("game").split(":");
    const number = (k) => (f.get(k) ? Number(f.get(k)) : null);
    const bank = { policy: f.get("policy") };
    if (f.get("recommended")) bank.recommended = f.get("recommended");
    if (f.get("no_attacks")) bank.no_attacks = true;
    const body = {
      name: f.get("name"),
      game,
      sets: f.getAll("sets"),
      bank,
      rounds: number("rounds"),
      top_cut: Number(f.get("top_cut")),
      round_minutes: number("round_minutes"),
      seed_by_rating: f.get("seed_by_rating") === "on",
      players: (f.get("players") || "")
        .split("\n")
        .map((s) => s.trim())
        .filter(Boolean),
    };
    if (mode) body.mode = mode;
    try {
      const made = await api("POST", "/api/tournaments", body);
      window.location.href = made.organiser_url;
    } catch (err) {
      showError(err);
    }
  });
}

function initOrganiser() {
  document.getElementById("by").value = localStorage.getItem("organiser-name") || "";
  document.getElementById("by").addEventListener("change", (e) => localStorage.setItem("organiser-name", e.target.value));
  document.getElementById("add-player").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = event.target;
    const f = new FormData(form);
    const body = { name: f.get("name") };
    if (f.get("character")) body.character = f.get("character");
    try {
      await api("POST", "/api/tournaments/" + T.id() + "/players", body, T.headers());
      form.reset();
      showError("", "player-error");
      refresh();
    } catch (err) {
      showError(err, "player-error");
    }
  });
  document.getElementById("next-round").addEventListener("click", async (event) => {
    const button = event.target;
    button.disabled = true;
    try {
      await api(
        "POST",
        "/api/tournaments/" + T.id() + "/rounds",
        { round: Number(button.dataset.round), by: document.getElementById("by").value },
        T.headers(),
      );
      showError("", "round-error");
    } catch (err) {
      showError(err, "round-error");
    }
    refresh();
  });
  startPolling(3);
}

function initEnter() {
  document.getElementById("enter").addEventListener("submit", async (event) => {
    event.preventDefault();
    const f = new FormData(event.target);
    const body = { name: f.get("name") };
    if (f.get("character")) body.character = f.get("character");
    try {
      await api("POST", "/api/tournaments/" + T.id() + "/entries", body);
      window.location.href = "/t/" + T.id();
    } catch (err) {
      showError(err);
    }
  });
}

function initSeat() {
  const button = document.getElementById("take-seat");
  if (!button) return;
  button.disabled = false; // disabled in the page until this script has wired it (no dead tap)
  button.addEventListener("click", async () => {
    const code = document.body.dataset.join;
    try {
      // The slip's link carries the seat's own code: it takes this seat only, once.
      const claim = new URLSearchParams(location.search).get("claim");
      const joined = await api("POST", "/api/join/" + encodeURIComponent(code), { seat: Number(document.body.dataset.seat), claim });
      window.location.href = joined.table_url;
    } catch (err) {
      showError(err);
    }
  });
}

document.addEventListener("DOMContentLoaded", () => {
  const page = document.body.dataset.page;
  if (page === "new") initNew();
  else if (page === "organiser") initOrganiser();
  else if (page === "public") startPolling(5);
  else if (page === "projector") startPolling(10);
  else if (page === "enter") initEnter();
  else if (page === "seat") initSeat();
});
