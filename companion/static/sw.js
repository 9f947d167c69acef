"use strict";
// Keeps the app shell available offline; API calls always go to the network.
const SHELL = "strikekit-shell-v6";
const FILES = ["/", "/bank", "/static/app.css", "/static/i18n.js", "/static/api.js", "/static/home.js",
  "/static/bank.js", "/static/join.js", "/static/table.js", "/static/room.js", "/static/shadowfist.js",
  "/static/draft.js", "/static/duel.js", "/manifest.webmanifest", "/icon-192.png"];
self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});
self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== SHELL).map((k) => caches.delete(k)))));
});
self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin || url.pathname.startsWith("/api/")) return;
  event.respondWith(fetch(event.request).then((response) => {
    if (response.ok && (FILES.includes(url.pathname) || url.pathname.startsWith("/static/"))) {
      const copy = response.clone();
      caches.open(SHELL).then((cache) => cache.put(event.request, copy));
    }
    return response;
  }).catch(() => caches.match(event.request).then((hit) => hit || caches.match("/"))));
});
