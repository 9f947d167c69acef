// JSON calls to the companion: CSRF header, idempotency keys, offline badge.
import { sayWords } from "./i18n.js";
import "./refusals.js";

function cookie(name) {
  const match = document.cookie.split("; ").find((c) => c.startsWith(name + "="));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : "";
}
export function newKey() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
function setOffline(off) {
  const badge = document.getElementById("offline");
  if (badge) badge.hidden = !off;
}
// Reads under way; when the phone loses the network they are cut short at once, so the badge
// shows now and not when a waiting long poll (up to 20 s) would have timed out.
const READS = new Set();
window.addEventListener("offline", () => {
  setOffline(true);
  for (const controller of READS) controller.abort();
});
// Reads that were under way when the network came back are cut short too (the pages read
// again at once): one sent in the moment the network went, or over a connection from before
// a change of network, may wait on the server for a whole long poll (20 s) while the badge
// still says offline. This listener runs before the pages' own "online" reads (module order).
window.addEventListener("online", () => {
  for (const controller of [...READS]) controller.abort();
});
// The seat a shared phone acts as (pass-and-play, shared.js): sent as X-Seat with every call;
// null: the phone's own seat. A kept tap keeps the seat it was made as.
let ACTING_SEAT = null;
export function actAs(seat) {
  ACTING_SEAT = seat;
}
export const actingSeat = () => ACTING_SEAT;
export const seatHeader = (seat) => ({ "X-Seat": seat === null || seat === undefined ? "" : String(seat) });
export async function api(method, url, body, extraHeaders) {
  const acting = ACTING_SEAT === null ? {} : seatHeader(ACTING_SEAT);
  const headers = Object.assign({ "X-CSRF-Token": cookie("csrf") }, acting, extraHeaders || {});
  const init = { method, headers, credentials: "same-origin" };
  // A shared phone's reads name their seat: the browser's cache (one copy per address, the
  // fast path's 304 for the phone's first seat) must not answer them with another seat's.
  if ("X-Seat" in headers) init.cache = "no-store";
  const controller = method === "GET" ? new AbortController() : null;
  if (controller) {
    init.signal = controller.signal;
    READS.add(controller);
  }
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(url, init);
  } catch {
    setOffline(true);
    throw { status: 0, error: "offline" };
  } finally {
    if (controller) READS.delete(controller);
  }
  // The service worker answers a read from its copy when the network is gone.
  const fromCopy = response.headers.get("X-Strikekit-Offline") === "1";
  setOffline(fromCopy);
  if (response.status === 304) return { status: 304 };
  let data = {};
  try {
    data = await response.json();
  } catch {
    data = {};
  }
  if (!response.ok) throw refusal(response.status, data);
  data.status = response.status;
  data.etag = fromCopy ? null : response.headers.get("ETag");
  data.offline = fromCopy;
  return data;
}
// A refusal the server said with a word key (its "said") reads in the phone's language
// wherever a page shows err.error; the server's English stays in err.english.
function refusal(status, data) {
  const said = data.said ? { error: sayWords(data.said), english: data.error } : {};
  return Object.assign({ status }, data, said);
}
// Keep a table current: poll(true) may wait on the server until the table changes (a long
// poll, ?wait=20, answered at once when the server has no room for it); at most one
// request a second either way.
export const LONG_POLL = "?wait=20";
export async function pollForever(poll) {
  for (;;) {
    const started = Date.now();
    await poll(true);
    await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (Date.now() - started))));
  }
}
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== false && v !== null && v !== undefined) node.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" || typeof child === "number" ? document.createTextNode(String(child)) : child);
  }
  return node;
}
export function fill(node, ...children) {
  // replaceChildren would print null / false as text: skip them like el() does.
  node.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false));
}

// --- taps made offline ------------------------------------------------------------------
// A write that cannot reach the server is kept in this phone's storage with its idempotency
// key and sent again when the phone is back (a retry of a write that did arrive gets its
// original answer). While one waits, new taps are refused with a message; a kept tap the
// table has moved past is refused visibly. Nothing is dropped silently.
const OUTBOX = "strikekit-outbox:";
export function outboxRead(match) {
  try {
    return JSON.parse(localStorage.getItem(OUTBOX + match) || "null");
  } catch {
    return null;
  }
}
function outboxWrite(match, entry) {
  if (entry) localStorage.setItem(OUTBOX + match, JSON.stringify(entry));
  else localStorage.removeItem(OUTBOX + match);
}
function isUnreachable(err) {
  return err.status === 0 || err.status === 502 || err.status === 503 || err.status === 504;
}
// Send the kept write of a match, if any: {sent, data, entry} | {waiting, entry} | {empty};
// a refusal is thrown (with .entry, the write that was refused) and the write forgotten.
export async function flushOutbox(match) {
  const entry = outboxRead(match);
  if (!entry) return { empty: true };
  try {
    const data = await api("POST", "/api/matches/" + match + "/" + entry.path, entry.request, seatHeader(entry.seat));
    outboxWrite(match, null);
    return { sent: true, data, entry };
  } catch (err) {
    if (isUnreachable(err)) return { waiting: true, entry };
    outboxWrite(match, null);
    err.entry = entry;
    throw err;
  }
}
export async function sendWrite(match, path, request, label) {
  outboxWrite(match, { path, request, label: label || path, at: Date.now(), seat: ACTING_SEAT });
  return flushOutbox(match);
}

// --- keep the screen on -------------------------------------------------------------------
// The Wake Lock API where the browser has it (a secure context: https or 127.0.0.1); on a
// LAN address over plain HTTP, a muted looping inline video, as NoSleep.js does.
const AWAKE = { lock: null, video: null };
function awakeVideo() {
  if (AWAKE.video) return AWAKE.video;
  const video = el("video", {
    muted: true,
    playsinline: true,
    loop: true,
    title: "keep the screen on",
    "aria-hidden": "true",
    class: "awake",
  });
  video.muted = true;
  video.append(
    el("source", { src: "/static/awake.webm", type: "video/webm" }),
    el("source", { src: "/static/awake.mp4", type: "video/mp4" }),
  );
  document.body.append(video);
  AWAKE.video = video;
  return video;
}
async function keepAwake() {
  if (document.visibilityState !== "visible") return;
  if (AWAKE.lock && !AWAKE.lock.released) return;
  if (AWAKE.video && !AWAKE.video.paused) return;
  if ("wakeLock" in navigator && window.isSecureContext) {
    try {
      AWAKE.lock = await navigator.wakeLock.request("screen");
      return;
    } catch {
      AWAKE.lock = null;
    }
  }
  try {
    await awakeVideo().play();
  } catch {
    /* needs a tap first: tried again on the next one */
  }
}
export function keepAwakeFrom(events) {
  for (const name of events) document.addEventListener(name, () => keepAwake(), { passive: true });
  document.addEventListener("visibilitychange", () => keepAwake());
  keepAwake();
}
