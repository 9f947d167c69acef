"use strict";
// Shared by the Shadowfist table and the draft room: polling (ETag / 304), writes with the
// version they were based on and an idempotency key, undo / redo, history and share links.
// The page's own script sets window.ROOM_RENDER(data) before this one runs.
const ROOM = {
  url: document.body.dataset.stateUrl, match: document.body.dataset.match,
  spectator: document.body.dataset.spectator === "yes", current: null, etag: null, busy: false,
};
function roomToast(text) {
  const box = document.getElementById("message");
  box.textContent = text; box.hidden = false;
  clearTimeout(roomToast.timer);
  roomToast.timer = setTimeout(() => { box.hidden = true; }, 3500);
}
async function roomPoll(wait) {
  try {
    const url = ROOM.url + (wait && ROOM.etag ? LONG_POLL : "");
    const data = await api("GET", url, undefined, ROOM.etag ? { "If-None-Match": ROOM.etag } : {});
    if (data.status !== 304) { ROOM.etag = data.etag; roomShow(data); }
  } catch (err) { if (err.status) roomToast(err.error || "error"); }
}
async function roomSend(path, extra) {
  if (!ROOM.current || ROOM.busy) return;
  ROOM.busy = true;
  const request = Object.assign({ base_version: ROOM.current.version, idempotency_key: newKey() }, extra || {});
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await api("POST", "/api/matches/" + ROOM.match + "/" + path, request);
      ROOM.etag = null;
      await roomPoll();
      break;
    } catch (err) {
      if (err.status === 0) { await new Promise((r) => setTimeout(r, 1000)); continue; }
      if (err.status === 409 && err.current) { roomShow(err.current); roomToast(t("changed", err.error)); }
      else roomToast(err.error || "error");
      break;
    }
  }
  ROOM.busy = false;
}
const roomAct = (action) => roomSend("actions", { action });
function roomShow(data) {
  ROOM.current = data;
  window.ROOM_RENDER(data);
  const seated = !ROOM.spectator && data.state.you;
  const undo = document.getElementById("undo");
  if (undo) undo.disabled = !data.can_undo || !seated;
  const redo = document.getElementById("redo");
  if (redo) redo.disabled = !data.can_redo || !seated;
  document.getElementById("history").replaceChildren(...data.history.slice().reverse().map((line) => el("li", {}, line)));
  const share = document.getElementById("share");
  if (data.links) {
    share.hidden = false;
    share.replaceChildren(el("h2", {}, t("share", "Share")),
      el("img", { class: "qr", alt: "join QR code", src: "/qr.svg?text=" + encodeURIComponent(data.links.join_url) }),
      el("p", {}, t("join_link", "Join link") + ": ", el("a", { href: data.links.join_url }, data.links.join_url)),
      el("p", {}, t("view_link", "Spectator link") + ": ", el("a", { href: data.links.view_url }, data.links.view_url)));
  } else share.hidden = true;
  applyWords();
}
document.addEventListener("DOMContentLoaded", () => {
  const undo = document.getElementById("undo");
  if (undo) undo.addEventListener("click", () => roomSend("undo"));
  const redo = document.getElementById("redo");
  if (redo) redo.addEventListener("click", () => roomSend("redo"));
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") roomPoll(); });
  window.addEventListener("online", () => roomPoll());
  document.addEventListener("langchange", () => ROOM.current && roomShow(ROOM.current));
  roomPoll();
  pollForever(roomPoll);
});
