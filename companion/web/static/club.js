// The club's pages (issue #30): make a profile, add a device by its one-time code, count a
// finished casual match, hide or delete one's profile. The pages are drawn by the server;
// this adds their Japanese words and makes their buttons work.
import { api } from "./api.js";
import { addWords, applyWords, t } from "./i18n.js";

addWords("club", {
  club_title: "クラブ",
  club_my_card: "プレイヤーカード",
  club_season: "シーズン",
  club_player: "プレイヤー",
  club_rating: "レーティング",
  club_games: "対戦数",
  club_match_one: "戦",
  club_matches: "戦",
  club_a_player: "プレイヤー",
  club_provisional: "暫定",
  club_no_games: "レーティング対象の対戦はまだありません。",
  club_statistics: "統計",
  club_recent: "最近の対戦",
  club_export: "書き出し",
  club_my_page: "自分のページ",
  club_hidden_note: "公開ページでは非表示",
  club_to_count: "記録する対戦",
  club_confirmed: "確認済み",
  club_waiting_others: "他のプレイヤーの確認待ち",
  club_count_this: "この対戦を記録する",
  club_nothing_to_count: "この端末で確認を待つカジュアル対戦はありません。",
  club_count_help: "カジュアル対戦は、全員が自分の端末で確認すると記録されます。",
  club_add_device: "別の端末を追加",
  club_show_code: "1回限りのコードを表示",
  club_code_help: "10分以内に別の端末で開いてください（1回だけ使えます）。",
  club_privacy: "プライバシー",
  club_hide_me: "公開ページで名前を隠す",
  club_show_me: "名前を再び表示する",
  club_delete_me: "プロフィールを削除",
  club_delete_help: "削除しても対戦記録は残り、名前だけが消えます。",
  club_make_profile: "プレイヤープロフィールを作る",
  club_private_join: "非公開のクラブです。プロフィールを作る間だけ公開にするよう、クラブ管理者に頼んでください。",
  club_your_name: "名前",
  club_make: "作成",
  club_profile_help: "この端末があなたを覚えます。別の端末はこの端末のコードで追加します。",
  club_add_this_device: "この端末をプロフィールに追加",
  club_add_this: "この端末を追加",
  club_ratings: "レーティング",
  club_rating_over_time: "対戦ごとのレーティング（帯は ± 不確かさ）",
  club_axis_matches: "レーティング対象の対戦数",
  club_chart_label_one: "{game} のレーティング：レーティング対象の初戦の前は {before}、{matches} 戦の後は {now}",
  club_chart_label: "{game} のレーティング：レーティング対象の初戦の前は {before}、{matches} 戦の後は {now}",
  club_head_to_head: "対戦成績",
  club_opponent: "相手",
  club_ahead: "上位",
  club_behind: "下位",
  club_level: "同順位",
  club_characters: "使用キャラクター",
  club_history: "履歴",
  club_matches_counted: "記録された対戦",
  club_interval_note: "勝率と95%区間。対戦数がこれ未満は",
  club_too_few: "対戦数が少なすぎます",
  club_bank_chips: "銀行のチップ",
  club_bank_note: "全員が同じ銀行から買うので、誰が買ったかだけが意味を持ちます（購入記録のある対戦での割合）。",
  club_chip: "チップ",
  club_in_bank: "銀行にあった対戦数",
  club_bought_winners: "勝者が購入",
  club_bought_losers: "敗者が購入",
  club_character_rates: "キャラクター別勝率",
  club_character: "キャラクター",
  club_win_rate: "勝率",
  club_matchups: "相性表（行のキャラの勝数／対戦数）",
  club_seat_advantage: "席順の有利（席1が最初の手番）",
  club_seat: "席",
  club_tournaments: "大会",
  club_count_mine: "この対戦を自分の記録にする",
  club_confirmed_here: "あなたのプロフィールで確認しました。",
  club_count_mine_help: "テーブルの端末があなたの席のために表示したコードです。この端末のプロフィールで結果を確認します。",
  club_rating_changes: "レーティングの変化",
  club_standings: "順位",
  club_before: "前",
  club_after: "後",
  club_change: "変化",
  club_no_linked: "この大会の結果を記録したプレイヤーはまだいません。",
  club_admin: "クラブ管理",
  club_admin_secret: "管理者シークレット（companion serve が表示）",
  club_open: "開く",
  club_new_season: "新しいシーズンを始める",
  club_make_private: "ページを非公開にする",
  club_make_public: "ページを公開にする",
  club_pages_are: "クラブのページ",
  club_players: "プレイヤー",
  club_private: "非公開",
  club_public: "公開",
  club_rename: "名前を変更",
  club_merge_into: "統合先",
  club_merge: "統合",
  club_remove: "削除",
  club_new_name: "新しい名前",
  club_remove_confirm: "このプロフィールを削除しますか？対戦記録は残ります。",
  club_entry_counts: "結果があなたのレーティングに入ります",
  club_count_entry: "この大会の結果を記録する",
  club_delete_confirm: "プロフィールを削除しますか？対戦記録は残ります。",
});

function say(error) {
  const box = document.getElementById("error");
  if (box) box.textContent = error ? error.error || String(error) : "";
}

async function act(call) {
  say("");
  try {
    await call();
  } catch (error) {
    say(error);
  }
}

function wire(id, event, handler) {
  const node = document.getElementById(id);
  if (node) node.addEventListener(event, handler);
}

wire("profile-form", "submit", (event) => {
  event.preventDefault();
  const name = new FormData(event.target).get("name");
  act(async () => {
    await api("POST", "/api/club/profiles", { name });
    location.reload();
  });
});

wire("device-code", "click", () =>
  act(async () => {
    const made = await api("POST", "/api/club/me/devices", {});
    const url = location.origin + made.url;
    document.getElementById("device-img").src = "/qr.svg?text=" + encodeURIComponent(url);
    const link = document.getElementById("device-link");
    link.href = made.url;
    link.textContent = url;
    document.getElementById("device-qr").hidden = false;
  }),
);

wire("claim", "click", (event) =>
  act(async () => {
    await api("POST", "/api/club/devices/" + encodeURIComponent(event.target.dataset.code), {});
    location.href = "/club/me";
  }),
);

wire("count-code", "click", (event) =>
  act(async () => {
    await api("POST", `/api/club/count/${encodeURIComponent(event.target.dataset.code)}`, {});
    event.target.remove(); // a button's own display rule would keep it on screen if hidden
    document.getElementById("count-done").hidden = false;
  }),
);

wire("hide", "click", (event) =>
  act(async () => {
    await api("POST", "/api/club/me/hidden", { hidden: event.target.dataset.hidden === "true" });
    location.reload();
  }),
);

wire("delete", "click", () => {
  if (!confirm(t("club_delete_confirm", "Delete your profile? Your matches stay."))) return;
  act(async () => {
    await api("POST", "/api/club/me/delete", {});
    location.href = "/club";
  });
});

for (const button of document.querySelectorAll("[data-count]")) {
  button.addEventListener("click", () =>
    act(async () => {
      await api("POST", `/api/club/matches/${encodeURIComponent(button.dataset.count)}/count`, {});
      location.reload();
    }),
  );
}

for (const button of document.querySelectorAll("[data-link]")) {
  button.addEventListener("click", () =>
    act(async () => {
      await api("POST", `/api/club/tournaments/${encodeURIComponent(button.dataset.link)}/link`, {});
      location.reload();
    }),
  );
}

// The admin's page: the secret stays in this tab (sessionStorage), sent as X-Club-Admin.
const ADMIN_KEY = "club-admin";
function admin(method, url, body) {
  return api(method, url, body, { "X-Club-Admin": sessionStorage.getItem(ADMIN_KEY) || "" });
}

function profileRow(p, everyone) {
  const others = everyone.filter((o) => o.id !== p.id);
  const rename = el(
    "form",
    { class: "row" },
    el("input", { name: "name", value: p.name, "aria-label": t("club_new_name", "New name") }),
    el("button", { type: "submit" }, t("club_rename", "Rename")),
  );
  rename.addEventListener("submit", (event) => {
    event.preventDefault();
    const name = new FormData(rename).get("name");
    act(() => admin("POST", `/api/club/admin/profiles/${p.id}/rename`, { name }).then(loadAdmin));
  });
  const into = el(
    "select",
    { "aria-label": t("club_merge_into", "Merge into") },
    others.map((o) => el("option", { value: o.id }, o.name)),
  );
  const merge = el("button", { type: "button" }, t("club_merge", "Merge"));
  merge.addEventListener("click", () =>
    act(() => admin("POST", `/api/club/admin/profiles/${p.id}/merge`, { into: into.value }).then(loadAdmin)),
  );
  const remove = el("button", { type: "button", class: "danger" }, t("club_remove", "Remove"));
  remove.addEventListener("click", () => {
    if (!confirm(t("club_remove_confirm", "Remove this profile? Its matches stay."))) return;
    act(() => admin("POST", `/api/club/admin/profiles/${p.id}/remove`, {}).then(loadAdmin));
  });
  return el(
    "li",
    { class: "card" },
    el("b", {}, p.name),
    ` (${p.matches})`,
    rename,
    others.length ? el("div", { class: "row" }, into, merge) : null,
    remove,
  );
}

async function loadAdmin() {
  const data = await admin("GET", "/api/club/admin/profiles");
  document.getElementById("admin-login").hidden = true;
  document.getElementById("admin-panel").hidden = false;
  document.getElementById("admin-season").textContent = String(data.season);
  document.getElementById("admin-private").textContent = data.private ? t("club_private", "private") : t("club_public", "public");
  const toggle = document.getElementById("private");
  toggle.dataset.private = data.private ? "false" : "true";
  toggle.textContent = data.private ? t("club_make_public", "Make pages public") : t("club_make_private", "Make pages private");
  document.getElementById("admin-list").replaceChildren(...data.profiles.map((p) => profileRow(p, data.profiles)));
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  node.append(...children.flat().filter((c) => c !== null));
  return node;
}

wire("admin-form", "submit", (event) => {
  event.preventDefault();
  sessionStorage.setItem(ADMIN_KEY, new FormData(event.target).get("secret"));
  act(loadAdmin);
});
wire("new-season", "click", () => act(() => admin("POST", "/api/club/admin/season", {}).then(loadAdmin)));
wire("private", "click", (event) =>
  act(() => admin("POST", "/api/club/admin/private", { private: event.target.dataset.private === "true" }).then(loadAdmin)),
);
if (document.body.dataset.page === "club-admin" && sessionStorage.getItem(ADMIN_KEY)) act(loadAdmin);

applyWords();
