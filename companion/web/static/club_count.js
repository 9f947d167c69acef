// "Count this" at the end of a casual match (issue #30): on a phone with a club profile,
// once the table's match has ended, one tap confirms this seat's result for the club; the
// match counts when every seat has confirmed on its own phone. Nothing is asked of a phone
// without a profile (one read when the page opens) or of a spectator.
import { api } from "./api.js";
import { addWords, t } from "./i18n.js";

addWords("club_count", {
  club_count_this: "この対戦をクラブに記録する",
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

async function look() {
  if (settled) return;
  let state;
  try {
    state = await api("GET", `/api/club/matches/${encodeURIComponent(match)}/count`);
  } catch {
    return;
  }
  if (state.counted || state.mine) {
    settled = true;
    show(document.createTextNode(said(state)));
  } else if (state.can_count) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "big";
    button.textContent = t("club_count_this", "Count this match for the club");
    button.addEventListener("click", async () => {
      button.disabled = true;
      try {
        await api("POST", `/api/club/matches/${encodeURIComponent(match)}/count`, {});
      } catch {
        button.disabled = false;
      }
      look();
    });
    show(button);
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
