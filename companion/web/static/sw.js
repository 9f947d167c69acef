"use strict";
// Keeps the app shell available offline, and the last copy of each room page and of its
// state, so a table page reloaded without network shows the table (marked offline), not the
// start page. Writes always go to the network (a page keeps an offline tap itself).
// The server replaces "files" with a hash of the static files and templates (pages.py), so a
// changed file always installs a new shell; no version to bump by hand. It also lists every
// script and style sheet of the static folder in STATIC (the modules a page imports among
// them), so a new file is kept without being listed here.
const SHELL = "strikekit-shell-files";
const ROOMS = "strikekit-rooms-v1";
const STATIC = ["strikekit-static-files"];
const FILES = ["/", "/bank", "/manifest.webmanifest", "/icon-192.png", ...STATIC];
const ROOM_PAGE = /^\/(m|v)\/[^/]+$/;
const ROOM_STATE = /^\/api\/(matches|view)\/[^/]+\/state$/;
self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(FILES))
      .then(() => self.skipWaiting()),
  );
});
self.addEventListener("activate", (event) => {
  const keep = [SHELL, ROOMS];
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => !keep.includes(k)).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});
// Copies are kept by address without the query (a long poll's ?wait=20 is the same state).
function keyOf(request) {
  const url = new URL(request.url);
  return url.origin + url.pathname;
}
function remember(cacheName, request, response) {
  const copy = response.clone();
  return caches.open(cacheName).then((cache) => cache.put(keyOf(request), copy));
}
async function stateFromCopy(request) {
  const hit = await caches.match(keyOf(request), { cacheName: ROOMS });
  if (!hit) return Response.json({ error: "offline", status: 0 }, { status: 503, headers: { "X-Strikekit-Offline": "1" } });
  const headers = new Headers(hit.headers);
  headers.set("X-Strikekit-Offline", "1");
  return new Response(await hit.blob(), { status: 200, headers });
}
// A room page asks to be kept (it may have loaded before this worker ran): keep the page as
// if it had come through here. The page keeps its own state copies (room.js), so an older
// state fetched here can never overwrite a newer one. A page this worker does not control yet
// (its navigation began before activation, so clients.claim() missed it) asks to be claimed.
self.addEventListener("message", (event) => {
  if (event.data?.claim === true) {
    event.waitUntil(self.clients.claim());
    return;
  }
  const path = event.data?.keep;
  if (typeof path !== "string" || !ROOM_PAGE.test(path)) return;
  const request = new Request(path, { credentials: "same-origin" });
  event.waitUntil(
    fetch(request)
      .then((response) => response.ok && remember(ROOMS, request, response))
      .catch(() => {}),
  );
});
self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin) return;
  if (ROOM_STATE.test(url.pathname)) {
    event.respondWith(
      fetch(request)
        .then((response) => {
          // Only the phone's own seat's state is kept: a shared phone's read as another seat
          // (X-Seat) would leave that seat's view under the address a reload shows as the first.
          if (response.status === 200 && !request.headers.get("X-Seat")) remember(ROOMS, request, response);
          return response;
        })
        .catch(() => stateFromCopy(request)),
    );
    return;
  }
  if (url.pathname.startsWith("/api/")) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok && ROOM_PAGE.test(url.pathname)) remember(ROOMS, request, response);
        else if (response.ok && (FILES.includes(url.pathname) || url.pathname.startsWith("/static/"))) remember(SHELL, request, response);
        return response;
      })
      .catch(() => caches.match(keyOf(request)).then((hit) => hit || caches.match("/"))),
  );
});
