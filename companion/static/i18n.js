"use strict";
// Interface words in English and Japanese (game terms from the 3rd-edition Japanese rules).
const WORDS = {
  en: {},
  ja: {
    offline: "オフライン", home: "ホーム", start_match: "Puzzle Strike の対戦を始める", players: "プレイヤー（手番順）",
    mode: "モード", mode_auto: "2人プレイ／乱戦", mode_team: "2vs2チーム戦", mode_lms: "生き残りルール", set: "セット",
    bank_code_opt: "銀行コード（空欄ならランダム）", i_am: "この端末は", start: "開始", invite: "このコードかQRで参加",
    to_table: "テーブルへ", join: "対戦に参加", join_button: "参加", bank_randomizer: "銀行ランダマイザー", sets: "セット",
    exclude: "除外（カンマ区切り）", pin: "固定（カンマ区切り）", no_attacks: "攻撃なし", min_attacks: "攻撃チップ N 枚以上",
    min_arrows: "黒矢印 N 枚以上", cheap: "価格がこれ以下のチップを含む", seed: "シード（空欄ならランダム）", draw: "銀行を作る",
    bank: "銀行", sheet: "セットアップシート（PDF）", recommended: "お勧めチップセット", pick_seat: "あなたは誰？", watch: "観戦する",
    undo: "元に戻す", redo: "やり直す", ante: "アンティ", end_turn: "ターン終了", combine: "融合", crash: "クラッシュ",
    counter: "カウンタークラッシュ", land: "そのまま受ける", your_turn: "あなたの番", turn_of: "手番", add: "追加", remove: "削除",
    panic: "パニックタイム", choose_character: "キャラクターを選ぶ（他の人には見えません）", waiting: "待機中",
    height_bonus: "積み上げボーナス", winner: "勝者", score: "スコア", keep: "変更しない", switch: "キャラクター変更",
    swap: "山を1つ入れ替え", reroll: "銀行を作り直す", losers_choice: "敗者の選択", changed: "テーブルが変わりました。確認してもう一度。",
    flying: "飛んでいるジェム", to: "→", possible: "通りの銀行", oblivion: "除外", share: "共有", view_link: "観戦リンク",
    join_link: "参加リンク", first: "先手", second: "後手", game: "ゲーム", gems_selected: "選んだジェム",
    players_count: "プレイヤー数", other_rooms: "ドラフト・Shadowfist", room_kind: "部屋", draft_ps: "カスタム戦ドラフト（Puzzle Strike）",
    draft_fd: "カスタム戦ドラフト（Flash Duel）", shadowfist_table: "Shadowfist テーブル", open_room: "開く", pool: "プール",
    undo_pick: "直前のピックを取り消す", draft_done: "ドラフト終了", your_pick: "あなたのピック", pick_of: "ピック", picks: "ピック",
    print: "印刷", carry: "このキャラクターで対戦を始める", go_to_match: "対戦へ進む", plays_first: "先手",
    next_step: "次のステップ", wins: "の勝ち", play_site: "風水サイトを出す", seize: "奪取", burn_victory: "勝利のために焼く",
    burn_power: "パワーのために焼く", lose_site: "サイトを失った", decked: "山札切れ", power: "パワー", sites: "サイト", burned: "焼いた",
  },
};
let LANG = localStorage.getItem("lang") || (navigator.language || "en").slice(0, 2);
if (!WORDS[LANG]) LANG = "en";
const ORIGINAL = new Map();
function t(key, fallback) {
  return (WORDS[LANG] && WORDS[LANG][key]) || fallback || key;
}
function applyWords(root) {
  (root || document).querySelectorAll("[data-i18n]").forEach((el) => {
    if (!ORIGINAL.has(el)) ORIGINAL.set(el, el.textContent);
    el.textContent = t(el.dataset.i18n, ORIGINAL.get(el));
  });
  document.documentElement.lang = LANG;
  const button = document.getElementById("lang");
  if (button) button.textContent = LANG === "ja" ? "English" : "日本語";
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
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});
});
