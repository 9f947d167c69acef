import { el } from "./api.js";
import { addWords, t } from "./i18n.js";

// Messages over the page (#27 item 8): stacked at the bottom, above the next-step bar (never
// over it), above every card of the page; each goes by itself and can be dismissed. The
// Undo snackbar is one of them, and goes as soon as its action is no longer this phone's last.
addWords("toasts", { dismiss: "閉じる" });
const LIMIT = 3;
export const TOAST_MS = 4000;

function stack() {
  return document.getElementById("message");
}
/** Take a message away (at once, or when its time is up). */
export function dropToast(item) {
  clearTimeout(item.timer);
  item.remove();
  const box = stack();
  if (box && !box.children.length) box.hidden = true;
}
/** Show a message for ms milliseconds, with a dismiss button (and an action button, if any). */
export function toast(text, ms = TOAST_MS, action = null) {
  const box = stack();
  if (!box) return null;
  const item = el("div", { class: "toast-item" }, el("span", {}, text), action);
  item.append(
    el("button", { type: "button", class: "toast-close", "aria-label": t("dismiss", "Dismiss"), onclick: () => dropToast(item) }, "×"),
  );
  box.append(item);
  box.hidden = false;
  while (box.children.length > LIMIT) dropToast(box.firstElementChild);
  item.timer = setTimeout(() => dropToast(item), ms);
  return item;
}
/** Offer to undo this phone's own last action (its log position: target). */
export function undoSnackbar(text, target, undo) {
  for (const old of document.querySelectorAll("#message [data-undo]")) dropToast(old);
  const button = el("button", { type: "button", class: "toast-undo" }, t("undo", "Undo"));
  const item = toast(text, 6000, button);
  if (!item) return;
  item.dataset.undo = String(target);
  button.addEventListener("click", () => {
    dropToast(item);
    undo(target);
  });
}
/** Drop an Undo the server would refuse now: another phone acted since (undo: what it offers). */
export function dropStaleUndo(undo) {
  for (const item of document.querySelectorAll("#message [data-undo]")) {
    if (!undo || String(undo.target) !== item.dataset.undo) dropToast(item);
  }
}
