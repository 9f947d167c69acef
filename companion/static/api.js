"use strict";
// JSON calls to the companion: CSRF header, idempotency keys, offline badge.
function cookie(name) {
  const match = document.cookie.split("; ").find((c) => c.startsWith(name + "="));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : "";
}
function newKey() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
function setOffline(off) {
  const badge = document.getElementById("offline");
  if (badge) badge.hidden = !off;
}
async function api(method, url, body, extraHeaders) {
  const headers = Object.assign({ "X-CSRF-Token": cookie("csrf") }, extraHeaders || {});
  const init = { method, headers, credentials: "same-origin" };
  if (body !== undefined) { headers["Content-Type"] = "application/json"; init.body = JSON.stringify(body); }
  let response;
  try {
    response = await fetch(url, init);
  } catch (err) {
    setOffline(true);
    throw { status: 0, error: "offline" };
  }
  setOffline(false);
  if (response.status === 304) return { status: 304 };
  let data = {};
  try { data = await response.json(); } catch (err) { data = {}; }
  if (!response.ok) throw Object.assign({ status: response.status }, data);
  data.status = response.status;
  data.etag = response.headers.get("ETag");
  return data;
}
// Keep a table current: poll(true) may wait on the server until the table changes (a long
// poll, ?wait=20, answered at once when the server has no room for it); at most one
// request a second either way.
const LONG_POLL = "?wait=20";
async function pollForever(poll) {
  for (;;) {
    const started = Date.now();
    await poll(true);
    await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (Date.now() - started))));
  }
}
function el(tag, attrs, ...children) {
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
function fill(node, ...children) {
  // replaceChildren would print null / false as text: skip them like el() does.
  node.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false));
}
