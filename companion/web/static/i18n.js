// Interface words in English and Japanese (game terms from the 3rd-edition Japanese rules).
// English is the text in the pages and scripts; Japanese comes in one block per page (shared
// words in "common"), looked up in every block: a page's script adds its own block with
// addWords(name, {...}) when it is imported, before the page is drawn.
// The game terms the printed sheets use too (printkit/i18n.py) come from the page itself
// (base.html's JSON block), looked up first: one word list for paper and phone.
const JA_BLOCKS = {
  glossary: JSON.parse(document.getElementById("glossary")?.textContent || "{}"),
  common: {
    offline: "オフライン", home: "ホーム", start_match: "Puzzle Strike の対戦を始める", players: "プレイヤー（手番順）",
    mode: "モード", mode_auto: "2人プレイ／乱戦", mode_team: "2vs2チーム戦", mode_lms: "生き残りルール", set: "セット",
    bank_code_opt: "銀行コード（空欄ならランダム）", games: "ゲーム数",
    games_usual: "標準（2人は3本勝負・他は1ゲーム）", games_one: "1ゲーム", games_best3: "3本中2本先取", games_best5: "5本中3本先取", i_am: "この端末は", start: "開始", invite: "このコードかQRで参加",
    to_table: "テーブルへ", join: "対戦に参加", join_button: "参加", bank_randomizer: "銀行ランダマイザー", t_run: "大会を開く", sets: "セット",
    exclude: "除外（カンマ区切り）", pin: "固定（カンマ区切り）", no_attacks: "攻撃なし", min_attacks: "攻撃チップ N 枚以上",
    min_arrows: "黒矢印 N 枚以上", cheap: "価格がこれ以下のチップを含む", seed: "シード（空欄ならランダム）", draw: "銀行を作る",
    sheet: "セットアップシート（PDF）", recommended: "お勧めチップセット", pick_seat: "あなたは誰？", watch: "観戦する",
    undo: "元に戻す", redo: "やり直す", end_turn: "ターン終了", combine: "融合", crash: "クラッシュ",
    land: "そのまま受ける", your_turn: "あなたの番", turn_of: "手番", add: "追加", remove: "削除",
    choose_character: "キャラクターを選ぶ（他の人には見えません）", waiting: "待機中",
    winner: "勝者", score: "スコア", keep: "変更しない", switch: "キャラクター変更",
    swap: "山を1つ入れ替え", reroll: "銀行を作り直す", losers_choice: "敗者の選択", changed: "テーブルが変わりました。確認してもう一度。",
    flying: "飛んでいるジェム", to: "→", possible: "通りの銀行", oblivion: "除外", share: "共有", view_link: "観戦リンク",
    join_link: "参加リンク", first: "先手", second: "後手", game: "ゲーム", gems_selected: "選んだジェム",
    players_count: "プレイヤー数", other_rooms: "ドラフト・Shadowfist", room_kind: "部屋", draft_ps: "カスタム戦ドラフト（Puzzle Strike）",
    draft_fd: "カスタム戦ドラフト（Flash Duel）", shadowfist_table: "Shadowfist テーブル", open_room: "開く", pool: "プール",
    undo_pick: "直前のピックを取り消す", draft_done: "ドラフト終了", your_pick: "あなたのピック", pick_of: "ピック", picks: "ピック",
    print: "印刷", carry: "このキャラクターで対戦を始める", go_to_match: "対戦へ進む", plays_first: "先手",
    next_step: "次のステップ", wins: "の勝ち", play_site: "風水サイトを出す", seize: "奪取", burn_victory: "勝利のために焼く",
    burn_power: "パワーのために焼く", lose_site: "サイトを失った", decked: "山札切れ", burned: "焼いた",
    tap_waiting: "オフライン：最後の操作は保存され、接続が戻ったら送信されます", tap_sent: "保存していた操作を送信しました",
    tap_refused: "保存していた操作は適用されませんでした", tap_wait_first: "前の操作が送信待ちです。送信後にもう一度どうぞ",
    seat_lost: "この席は新しい端末に渡されました：この端末は観戦のみになります",
    hand_over: "席を新しい端末に渡す", hand_over_help: "紛失・電池切れの端末の代わりに：その席を新しいリンクで開放し、古い端末は操作できなくなります。",
    colour_brown: "茶", colour_red: "赤", colour_blue: "青", colour_purple: "紫", colour_gray: "灰", colour_gold: "金",
    colour_short_brown: "茶", colour_short_red: "赤", colour_short_blue: "青", colour_short_purple: "紫", colour_short_gray: "灰", colour_short_gold: "金",
    seat_taken: "使用中", seat_reserved: "別の端末用",
    hand_over_confirm: "この席を新しい端末に渡しますか？", event: "大会", result_sent: "結果を大会に送りました",
    round_ends_at: "ラウンド終了 {time}（残り{n}分）", round_time_up: "ラウンドの時間切れ",
    undo_why_nothing: "まだ元に戻す操作はありません", undo_why_final: "元に戻せません：確定した操作です（公開やコイントスは取り消せません）",
    undo_why_other: "元に戻せません：最後の操作は {actor} のもので、{actor} の端末だけが取り消せます", undo_why_organiser: "（または主催者）",
    undo_why_depth: "ここで取り消せるのは直前の操作1回だけです", undo_why_spectator: "観戦中の端末は元に戻せません",
    club_home: "クラブ：プレイヤー・レーティング・統計",
  },
  shadowfist: {
    sf_turn: "ターン", sf_next_step: "次のステップ", sf_end_turn: "ターン終了", sf_wins: "の勝利",
    sf_play_site: "風水サイトを出す", sf_seize: "奪取する", sf_burn_victory: "勝利のために焼く", sf_burn_power: "パワーのために焼く",
    sf_lose_site: "サイトを失った", sf_decked: "最後のカードを引いた", sf_deck_out: "山札切れ", sf_burned: "勝利用に焼いた", sf_from: "相手", sf_site_played: "このターンは風水サイトを出しました（1ターン1枚）",
    sf_not_your_turn: "風水サイトは自分のターンに出します", sf_fifth_rule: "5枚目は奪取するか勝利のために焼くこと（攻撃できるサイトが他にない時だけ、出して勝てます）",
    sf_wins_by_playing: "攻撃できるサイトが他にないので、出せば勝ちです", sf_victory: "勝利まで",
    sf_won: "{winner} の勝利", sf_your_turn: "あなたのターン：{step}（{index}/{count}）", sf_wait_turn: "{turn} のターン待ち：{step}",
    sf_main_shot_only: "サイトはメイン・ショットで出します", sf_generate: "パワーを生み出す",
  },
};
// --- Flash Duel (helper fd): seed 003 has no Flash Duel terms, so plain Japanese ---------
JA_BLOCKS.flash_duel = {
  flash_duel_table: "Flash Duel テーブル", fd_full: "1対1（キャラクターあり）", fd_simple: "1対1（能力なし）",
  fd_solo: "ボットとソロ", fd_raid: "ドラゴン討伐（最後のプレイヤーがドラゴン）", fd_betrayal: "裏切り（最後のプレイヤーがドラゴン）",
  fd_players: "手番順のプレイヤー。2vs2 は1・3番と2・4番の対戦。", bot: "ボット（ソロ）", fd_bot: "ボット",
  "mode_simple": "シンプル", "mode_full": "フルゲーム", "mode_custom-clockwork": "カスタム・クロックワーク",
  "mode_solo": "ソロ", "mode_team-battle": "2vs2チーム戦", "mode_raid": "デスストライク・ドラゴン討伐",
  "mode_betrayal": "ドラゴン討伐・裏切り", side_A: "チームA", side_B: "チームB", side_mortals: "人間", side_dragon: "ドラゴン",
  round_over: "ラウンド終了", rounds: "ラウンド", bot_hp: "ボットの体力", dragon_hp: "ドラゴンの体力", extra_turns: "追加ターン",
  dragon_hand: "手札", dragon_abilities: "能力カード", fd_draw: "引き分け", space: "マス",
  tap_space: "置くマスをタップ：", tap_pawn: "コマをタップしてからマスをタップすると、手で動かせます。", recovering: "回復中",
  clear: "クリア", cards: "カード", target: "対象", advance: "前進", move_back: "後退", push: "押し出し",
  dash: "ダッシュ攻撃", dash_hint: "ダッシュ攻撃：最初のカードでダッシュし、残りのカードで攻撃。", block: "ブロック",
  retreat: "退却", take_hit: "攻撃を受ける", dashing_block: "ダッシュブロック",
  dashing_block_hint: "ダッシュブロック：最初のカードでダッシュし、残りのカードをブロックに加える。",
  bot_hand: "ボットの手札（表向き）", bot_extra: "防御のために引いたカード", bot_drawn: "ボットが引いたカード",
  bot_defend: "ボットが防御", bot_turn: "ボットの手番", swap_title: "ラウンドに負けました：能力を1枚入れ替えられます",
  swap_give: "手放す能力", swap_take: "受け取る能力", fd_swap: "入れ替える", game_over: "ゲーム終了", new_game: "新しいゲーム",
  chooses_first: "が先手を決めます", coin_first: "引き分け：コインで先手を決めます", draw_pile: "山札", reshuffled: "再シャッフル済み",
  time_over_hint: "山札が尽きました：残っている全員の手札を入力してください。", use: "使う",
  own_hand_hint: "山札が尽きました：各自が自分の端末で自分の手札を入力してください。",
  your_hand_in: "あなたの手札は入力済み：", your_hand: "あなたの手札", show_hand: "手札を出す",
  hands_waiting: "手札の入力待ち：",
  your_card: "あなたのカード", card_loyal: "忠実な人間", card_traitor: "裏切り者", hold_card: "長押しで忠誠カードを見る",
  secret: "この端末だけに表示されます。指を離すと隠れます。", accuse: "告発",
  naming_hint: "正体を明かす：言い当てようとした手札に正解か不正解を付け、ほかはそのまま。不正解のあとは言い当てられません。",
  naming_none: "宣言なし", naming_right: "✓ 正解", naming_wrong: "✗ 不正解",
  reveal: "正体を明かす", dragon_reveal: "裏切り者カードを見せる",
  achievements: "実績", points: "ポイント", win_plural: "の勝ち",
  switch_order: "p1とp2を入れ替え",
  you_are_attacked: "攻撃されています", block_or_retreat: "ブロックか後退", answers_attack: "攻撃への対応中",
  cannot_answer: "アビリティにより不可",
  bot_turn_enter: "ボットの番：下でその行動を入力", one_action: "行動を1つして、ターンを終える",
  hit_sure: "ヒットを受けますか？もう一度タップ",
  fd_game_to: "ゲームの勝者：{winner}", fd_game_drawn: "ゲームは引き分け", fd_bot_turn: "ボットの番：その行動を入力", fd_your_turn: "あなたの番：行動を1つして、ターンを終える", fd_recovering: "リトリートの回復中：ターンを終える",
  fd_defeated_turn: "あなたは倒されました：ターンを終えてゲームを進める", fd_may_dashing_block: "{attacker} が {targets} を攻撃：ダッシュ防御できます",
  fd_go_dashing_block: "ダッシュ防御 ↑",
  fd_wait_turn: "{turn} の番を待っています", fd_swap_step: "ラウンドに負けました：能力を入れ替えるか、そのままにする",
  fd_wait_swap: "{who} の能力の入れ替えを待っています", fd_choose_first: "先手を決めてください", fd_wait_first: "{who} が先手を決めるのを待っています",
  fd_time_over: "タイムオーバー：山札が尽きました。手札を公開してください",
  fd_hand_shown: "タイムオーバー：あなたの手札は入力済み。{who}を待っています", fd_go_time_over: "手札を入力 ↑",
  fd_wait_reshuffle: "山札が尽きました：{dragon} のリシャッフルを待っています",
  fd_reshuffle: "山札が尽きました：捨て札と自分の手札を混ぜて新しい山札にし、手札を引き直す",
  fd_reshuffle_owed: "山札が尽きました：捨て札と自分の手札を混ぜて新しい山札にし、手札を引き直す。その後に補充：{owed}",
  reshuffle_done: "リシャッフルした",
  fd_choose_character: "秘密でキャラクターを選んでください：最後の人が選ぶと全員公開されます", fd_wait_choose: "{who} が秘密で選ぶのを待っています",
  fd_pick_character: "あなたのチームの番：キャラクターを選んでください（全員に見えます）", fd_wait_pick: "{who} のピックを待っています",
  fd_go_choose: "選ぶ ↑", chosen_secret: "選択済み", choosing: "選択中", choose_secret_title: "キャラクター：秘密で選ぶ",
  pick_title: "キャラクター：A、B、B、Aの順に選ぶ", your_choice: "あなたの選択（あなただけに見えます）",
  character: "キャラクター", fd_blind: "各プレイヤーが自分のスマホで秘密にキャラクターを選ぶ（2対2はピック順）",
  change_choice: "変更", choosing_title: "キャラクター選択中", picks_now: "ピック中", choose_in_secret: "秘密で決定", ability_cards: "能力カード", write_in: "書き込みカード",
  write_in_text: "書き込みカード：カタログにこのカードの文はありません。印刷したカードを読んでください", pick: "選ぶ", i_drew: "自分が1枚引いた", i_discarded: "自分が1枚捨てた", put_back: "1枚山札に戻す",
  table_draws_hint: "ターンの終わりに各プレイヤーの補充を自動で数えます。能力で引いた・捨てた、数え間違えたときはここで修正：",
  fd_round_over: "ラウンド終了", fd_bot_answers: "{attacker} がボットを攻撃：ボットの対応を入力",
  fd_attacked_dash: "攻撃されています（{attacker}）：ブロック、後退、または攻撃を受ける", fd_attacked: "攻撃されています（{attacker}）：ブロックか、攻撃を受ける",
  fd_wait_answer: "{targets} が {attacker} の攻撃に対応するのを待っています", fd_go_answer: "ブロック・後退 ↑", fd_go_bot: "ボットの行動 ↑", fd_go_between: "選ぶ ↑",
  dr_done: "ドラフト終了：対戦を始める", dr_your_pick: "あなたのピック（残り{left}）：チップをタップすると説明が読めます",
  dr_your_pick_card: "あなたのピック（残り{left}）：カードをタップすると説明が読めます",
  dr_wait_pick: "{turn} のピックを待っています",
  coin_flip_draft: "コイントス：{who} が先にピックし、先手になります", pick_order: "ピック順", left: "残り", tap_to_read: "チップやアビリティをタップすると説明が読めます。",
  no_text: "カタログに説明がありません：実物のチップかカードを読んでください。", taken_by: "取った人：", pick_this: "ピック：",
};
const LANGUAGES = ["en", "ja"];
let LANG = localStorage.getItem("lang") || (navigator.language || "en").slice(0, 2);
if (!LANGUAGES.includes(LANG)) LANG = "en";
const ORIGINAL = new Map();
// Attributes a page may put in the phone's language: data-i18n-aria-label="key" says the
// aria-label's words, as data-i18n says an element's text.
const ATTRIBUTES = ["aria-label", "title", "placeholder", "alt"];
const ORIGINAL_ATTRIBUTES = new Map();
/** Add a page's Japanese words (a block named after the page). */
export function addWords(name, block) {
  JA_BLOCKS[name] = block;
}
/** The word for key in the phone's language (fallback: the English text). */
export function t(key, fallback) {
  if (LANG === "ja") {
    for (const block of Object.values(JA_BLOCKS)) if (block[key]) return block[key];
  }
  return fallback || key;
}
/** True when the phone's language has its own words for key (English always falls back). */
export function hasWords(key) {
  return LANG === "ja" && Object.values(JA_BLOCKS).some((block) => block[key]);
}
/** Words said to the phone ({say, text, args, terms, ja}: a next step, a history line) in its
 * language, the {slots} filled from args; a slot that holds a game term (terms), or a name
 * the catalog gives in Japanese (ja), in the phone's words too. */
export function sayWords(said) {
  const terms = said.terms || {};
  const named = LANG === "ja" ? said.ja || {} : {};
  const plain = (text) => text.replace(/\{(\w+)\}/g, (slot, name) => (name in said.args ? String(said.args[name]) : slot));
  // A slot holding a term or a phrase is said in the phone's words, the phrase's own slots filled.
  const value = (name) => named[name] || (terms[name] ? plain(t(terms[name], String(said.args[name]))) : String(said.args[name]));
  return t(said.say, said.text).replace(/\{(\w+)\}/g, (slot, name) => (name in said.args ? value(name) : slot));
}
/** An element's words for key in the phone's language, their {slots} filled from its
 * data-i18n-args (a JSON object: numbers or names the server wrote into the English). */
function wordsOf(el, key, english) {
  const args = el.getAttribute("data-i18n-args");
  return args ? sayWords({ say: key, text: english, args: JSON.parse(args) }) : t(key, english);
}
/** Put every [data-i18n] element under root in the phone's language, and every attribute
 * named by a data-i18n-<attribute> (aria-label, title, placeholder, alt). */
export function applyWords(root) {
  (root || document).querySelectorAll("[data-i18n]").forEach((el) => {
    if (!ORIGINAL.has(el)) ORIGINAL.set(el, el.textContent);
    el.textContent = wordsOf(el, el.dataset.i18n, ORIGINAL.get(el));
  });
  for (const name of ATTRIBUTES) {
    (root || document).querySelectorAll(`[data-i18n-${name}]`).forEach((el) => {
      if (!ORIGINAL_ATTRIBUTES.has(el)) ORIGINAL_ATTRIBUTES.set(el, {});
      const english = ORIGINAL_ATTRIBUTES.get(el);
      if (!(name in english)) english[name] = el.getAttribute(name) || "";
      el.setAttribute(name, wordsOf(el, el.getAttribute(`data-i18n-${name}`), english[name]));
    });
  }
  document.documentElement.lang = LANG;
  const button = document.getElementById("lang");
  if (button) {
    // The button names the other language in that language (its accessible name is its text).
    button.textContent = LANG === "ja" ? "English" : "日本語";
    button.lang = LANG === "ja" ? "en" : "ja";
  }
}
document.addEventListener("DOMContentLoaded", () => {
  applyWords();
  const button = document.getElementById("lang");
  if (button) button.addEventListener("click", () => {
    LANG = LANG === "ja" ? "en" : "ja";
    localStorage.setItem("lang", LANG);
    applyWords();
    document.dispatchEvent(new Event("langchange"));
  });
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js").catch(() => {});
    // A page opened before the worker ran (a join link followed at once) is kept as well.
    navigator.serviceWorker.ready
      .then((registration) => {
        const worker = registration.active;
        if (!worker) return;
        worker.postMessage({ keep: location.pathname });
        // A page whose navigation began while the worker installed is missed by the worker's
        // clients.claim() (it was not a client yet): ask to be claimed now.
        if (!navigator.serviceWorker.controller) worker.postMessage({ claim: true });
      })
      .catch(() => {});
  }
});
