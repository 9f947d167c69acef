// "Count this" at the end of a casual match (issue #30): on a phone with a club profile,
// once the table's match has ended, one tap confirms this seat's result for the club; the
// match counts when every seat has confirmed on its own phone. Nothing is asked of a phone
// without a profile (one read when the page opens) or of a spectator.
import { api } from "./api.js";
import { addWords, t } from "./i18n.js";

addWords("club_count", {
  club_count_at_table: "この対戦をクラブに記録する",
  club_count_code_for: "{name} の確認コードを表示",
  club_count_code_help: "{name} はこの QR コードを自分の端末（プロフィールあり）で開いて確認します（1回限り、10分間）。",
  club_count_waiting: "確認済み：{n}/{m}。他のプレイヤーは自分の端末で確認します。",
  club_count_done: "この対戦はクラブに記録されました。",
});

const box = document.getElementById("club-count");
const match = document.body.dataset.match;
let settled = false;
let timer = null;

function show(...nodes) {
  box.replaceChildren(...nodes);
  box.hidden = nodes.length === 0;
}

function said(state) {
  if (state.counted) return t("club_count_done", "This match counts for the club.");
  return t("club_count_waiting", "Confirmed: {n}/{m}. The others confirm on their own phones.")
    .replace("{n}", String(state.confirmed))
    .replace("{m}", String(state.seats));
}

function words(key, english, args) {
  return Object.entries(args).reduce((text, [k, v]) => text.replace(`{${k}}`, String(v)), t(key, english));
}

function countButton() {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "big";
  button.textContent = t("club_count_at_table", "Count this match for the club");
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      await api("POST", `/api/club/matches/${encodeURIComponent(match)}/count`, {});
    } catch {
      button.disabled = false;
    }
    look();
  });
  return button;
}

// A seat no phone holds (a shared-phone table): its player confirms on their own phone with
// a one-time code this phone shows as a QR code.
function codeButton(seat) {
  const holder = document.createElement("div");
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = words("club_count_code_for", "Show a confirm code for {name}", { name: seat.name });
  button.addEventListener("click", async () => {
    let made;
    try {
      made = await api("POST", `/api/club/matches/${encodeURIComponent(match)}/count-codes`, { seat: seat.seat });
    } catch {
      return;
    }
    const url = location.origin + made.url;
    const img = document.createElement("img");
    img.className = "qr";
    img.alt = url;
    img.src = "/qr.svg?text=" + encodeURIComponent(url);
    const help = document.createElement("p");
    help.className = "small";
    help.textContent = words(
      "club_count_code_help",
      "{name} opens this QR code on their own phone (with a profile) to confirm (once, within 10 minutes).",
      { name: seat.name },
    );
    holder.replaceChildren(img, help);
  });
  holder.append(button);
  return holder;
}

async function look() {
  if (settled) return;
  let state;
  try {
    state = await api("GET", `/api/club/matches/${encodeURIComponent(match)}/count`);
  } catch {
    return;
  }
  if (state.counted) {
    settled = true;
    show(document.createTextNode(said(state)));
  } else if (state.can_count) {
    const mine = state.mine ? document.createTextNode(said(state)) : countButton();
    settled = state.mine;
    show(mine, ...(state.unheld || []).map(codeButton));
  }
}

// Look again a little after the history changes (an action may have ended the match).
function soon() {
  clearTimeout(timer);
  timer = setTimeout(look, 1500);
}

async function start() {
  if (!box || !match || document.body.dataset.spectator === "yes") return;
  try {
    const me = await api("GET", "/api/club/me");
    if (!me.profile) return;
  } catch {
    return;
  }
  const history = document.getElementById("history");
  if (history) new MutationObserver(soon).observe(history, { childList: true });
  look();
}

start();
