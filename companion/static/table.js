"use strict";
// The Puzzle Strike table: polls the state (ETag, 304 when unchanged) and posts actions with
// the version they were based on and an idempotency key (a retry is applied once).
const body = document.body;
const STATE_URL = body.dataset.stateUrl;
const MATCH = body.dataset.match;
const SPECTATOR = body.dataset.spectator === "yes";
let current = null;
let etag = null;
let selected = [];
let busy = false;

function toast(text) {
  const box = document.getElementById("message");
  box.textContent = text; box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.hidden = true; }, 3500);
}

async function poll(wait) {
  try {
    const url = STATE_URL + (wait && etag ? LONG_POLL : "");
    const data = await api("GET", url, undefined, etag ? { "If-None-Match": etag } : {});
    if (data.status !== 304) { etag = data.etag; show(data); }
  } catch (err) {
    if (err.status && err.status !== 0) toast(err.error || "error");
  }
}

async function send(path, extra) {
  if (!current || busy) return;
  busy = true;
  const request = Object.assign({ base_version: current.version, idempotency_key: newKey() }, extra || {});
  const url = "/api/matches/" + MATCH + "/" + path;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await api("POST", url, request);
      selected = []; etag = null;
      await poll();
      break;
    } catch (err) {
      if (err.status === 0) { await new Promise((r) => setTimeout(r, 1000)); continue; }
      if (err.status === 409 && err.current) { selected = []; show(err.current); toast(t("changed", err.error)); }
      else toast(err.error || "error");
      break;
    }
  }
  busy = false;
}
const act = (action) => send("actions", { action });

function me() { return current && current.state.you; }
function myPile(state) {
  return state.table && state.table.piles.find((p) => p.players.includes(state.you));
}

function show(data) {
  current = data;
  const s = data.state;
  const panic = document.getElementById("panic");
  panic.hidden = s.panic.ante <= 1 || s.phase !== "playing";
  panic.textContent = s.panic.level.toUpperCase() + " · ante " + s.panic.ante + "-gem";
  renderStatus(s);
  renderChoose(s);
  renderFlight(s);
  renderPiles(s);
  renderActions(s);
  renderBetween(s);
  renderStacks(s);
  renderHistory(data);
  renderShare(data);
  applyWords();
}

function renderStatus(s) {
  const box = document.getElementById("status");
  const parts = [el("h1", {}, t("game", "Game") + " " + s.game_no + " · " + s.players.join(" vs "))];
  if (s.match) {
    parts.push(el("p", {}, t("score", "Score") + ": " + Object.entries(s.match.score).map(([p, n]) => p + " " + n).join(", ")));
    if (s.match.winner) parts.push(el("p", { class: "big" }, "🏆 " + t("winner", "Winner") + ": " + s.match.winner));
  }
  if (s.table) {
    const turn = s.table.turn;
    const who = s.table.winners.length ? "🏆 " + s.table.winners.join(", ") : (turn === s.you ? t("your_turn", "Your turn") : t("turn_of", "Turn") + ": " + turn);
    parts.push(el("p", {}, who));
  }
  parts.push(el("p", { class: "small" }, s.you ? "you: " + s.you : "spectator"));
  box.replaceChildren(...parts);
}

function renderChoose(s) {
  const box = document.getElementById("choose");
  const mine = s.you && s.characters[s.you];
  const mustChoose = s.phase === "choosing" && s.you && (s.rechoose === s.you || (!s.rechoose && !mine) || (!s.rechoose && s.waiting_for.includes(s.you)));
  box.hidden = s.phase !== "choosing";
  if (box.hidden) return;
  const parts = [el("h2", {}, t("choose_character", "Choose your character (the others cannot see it)"))];
  parts.push(el("p", { class: "small" }, t("waiting", "Waiting for") + ": " + (s.rechoose ? s.rechoose : s.waiting_for.join(", "))));
  if (mine) parts.push(el("p", {}, "✓ " + mine));
  if (s.you && (mustChoose || s.waiting_for.length)) {
    const grid = el("div", { class: "grid" });
    for (const c of s.character_options) {
      grid.append(el("button", { type: "button", class: "stack", onclick: () => act(Object.assign({ type: "choose", character: c.id }, s.rechoose === s.you ? { first: document.getElementById("first") && document.getElementById("first").checked } : {})) }, c.name));
    }
    if (s.rechoose === s.you) parts.push(el("label", { class: "inline" }, el("input", { type: "checkbox", id: "first", checked: true }), t("first", "play first")));
    parts.push(grid);
  }
  box.replaceChildren(...parts);
}

function renderFlight(s) {
  const box = document.getElementById("flight");
  const pending = s.table && s.table.pending;
  box.hidden = !pending;
  if (!pending) return;
  const parts = [el("h2", {}, "💥 " + pending.ones + " × 1-gem: " + pending.sender + " → " + pending.target + (pending.unstoppable ? " (4-gem!)" : ""))];
  const row = el("div", { class: "row" });
  if (s.table.can_counter.includes(s.you)) {
    row.append(el("button", { type: "button", class: "big", disabled: !selected.length || selected.length > 2, onclick: () => act({ type: "counter", gems: selected.map((i) => myPile(s).gems[i]) }) }, t("counter", "Counter-crash") + " (" + selected.length + ")"));
  }
  if (s.you) row.append(el("button", { type: "button", class: "big", onclick: () => act({ type: "land" }) }, t("land", "Let them land")));
  parts.push(row);
  box.classList.add("flight");
  box.replaceChildren(...parts);
}

function gemButton(value, index, mine) {
  const classes = "gem v" + value + (mine && selected.includes(index) ? " selected" : "");
  return el("button", { type: "button", class: classes, "aria-pressed": mine && selected.includes(index) ? "true" : "false", onclick: mine ? () => {
    selected = selected.includes(index) ? selected.filter((i) => i !== index) : selected.concat([index]);
    show(current);
  } : null }, String(value));
}

function renderPiles(s) {
  const box = document.getElementById("piles");
  if (!s.table) { box.replaceChildren(); return; }
  const cards = [];
  for (const pile of s.table.piles) {
    const mine = pile.players.includes(s.you);
    const turn = pile.players.includes(s.table.turn);
    const title = pile.players.map((p) => p + (s.characters[p] ? " (" + s.characters[p] + ")" : "")).join(" & ");
    const gems = el("div", { class: "gems" }, pile.gems.map((v, i) => gemButton(v, i, mine)));
    const head = el("h3", {}, el("span", {}, title), el("span", {}, pile.total + " · +" + pile.bonus));
    const card = el("section", { class: "card pile" + (turn ? " turn" : "") }, head, gems);
    if (mine && !s.table.winners.length) card.append(pileActions(s, pile));
    if (s.you && !s.table.winners.length) {
      const add = el("div", { class: "row" }, [1, 2, 3, 4].map((v) => el("button", { type: "button", onclick: () => act({ type: "add_gem", player: pile.players[0], value: v }) }, "+" + v)));
      card.append(el("p", { class: "small" }, t("add", "add") + ":"), add);
    }
    cards.push(card);
  }
  box.replaceChildren(...cards);
}

function pileActions(s, pile) {
  const values = selected.map((i) => pile.gems[i]);
  const row = el("div", { class: "row" });
  row.append(el("button", { type: "button", disabled: values.length !== 2, onclick: () => act({ type: "combine", a: values[0], b: values[1] }) }, t("combine", "Combine")));
  const opponents = s.table.opponents[s.you] || [];
  const crash = (target) => act(Object.assign({ type: "crash", gems: values }, target ? { target } : {}));
  if (opponents.length <= 1 || s.mode === "team-battle") {
    row.append(el("button", { type: "button", disabled: !values.length || values.length > 2, onclick: () => crash(null) }, t("crash", "Crash")));
  } else {
    for (const o of opponents) row.append(el("button", { type: "button", disabled: !values.length || values.length > 2, onclick: () => crash(o) }, t("crash", "Crash") + " → " + o));
  }
  row.append(el("button", { type: "button", disabled: values.length !== 1, onclick: () => act({ type: "remove_gem", player: s.you, value: values[0] }) }, t("remove", "Remove")));
  return row;
}

function renderActions(s) {
  const box = document.getElementById("actions");
  const mine = s.table && !s.table.winners.length && myPile(s) && myPile(s).players.includes(s.table.turn);
  box.hidden = !mine;
  if (!mine) return;
  box.replaceChildren(el("div", { class: "row" },
    el("button", { type: "button", class: "big", disabled: s.table.anted, onclick: () => act({ type: "ante" }) }, t("ante", "Ante") + " " + s.panic.ante + "-gem"),
    el("button", { type: "button", class: "big", onclick: () => act({ type: "end_turn" }) }, t("end_turn", "End turn"))));
}

function renderBetween(s) {
  const box = document.getElementById("between");
  const waiting = s.match && s.phase === "between" ? s.match.awaiting_choice : [];
  box.hidden = !waiting.length;
  if (!waiting.length) return;
  const parts = [el("h2", {}, t("losers_choice", "Loser's choice") + ": " + waiting[0])];
  if (waiting[0] === s.you) {
    const character = el("select", { id: "switch-to" }, s.character_options.map((c) => el("option", { value: c.id }, c.name)));
    const out = el("select", { id: "swap-out" }, s.stacks.filter((x) => !x.key.startsWith("fixed/")).map((x) => el("option", { value: x.key }, x.name)));
    const into = el("select", { id: "swap-in" }, s.pool.filter((x) => !s.stacks.some((y) => y.key === x.key) && !s.match.switched_out.includes(x.key)).map((x) => el("option", { value: x.key }, x.name)));
    parts.push(el("button", { type: "button", class: "big", onclick: () => act({ type: "losers_choice", option: "keep" }) }, t("keep", "Keep everything")));
    parts.push(el("div", { class: "row" }, character, el("button", { type: "button", onclick: () => act({ type: "losers_choice", option: "switch", character: character.value }) }, t("switch", "Switch character"))));
    parts.push(el("div", {}, out, into, el("button", { type: "button", class: "big", onclick: () => act({ type: "losers_choice", option: "swap", out: out.value, into: into.value }) }, t("swap", "Swap one stack"))));
    parts.push(el("button", { type: "button", class: "big", onclick: () => act({ type: "losers_choice", option: "reroll" }) }, t("reroll", "Re-roll the bank")));
  }
  box.replaceChildren(...parts);
}

function renderStacks(s) {
  const box = document.getElementById("stacks");
  const next = { full: "empty", empty: "removed", removed: "full" };
  box.replaceChildren(...s.stacks.map((x) => el("button", { type: "button", class: "stack " + x.state, disabled: !s.you || s.phase !== "playing", title: x.state, onclick: () => act({ type: "stack", stack: x.key, state: next[x.state] }) }, x.name + (x.state === "removed" ? " ⊘" : ""))));
}

function renderHistory(data) {
  document.getElementById("undo").disabled = !data.can_undo || SPECTATOR || !data.state.you;
  document.getElementById("redo").disabled = !data.can_redo || SPECTATOR || !data.state.you;
  document.getElementById("history").replaceChildren(...data.history.slice().reverse().map((line) => el("li", {}, line)));
}

function renderShare(data) {
  const box = document.getElementById("share");
  if (!data.links) { box.hidden = true; return; }
  box.hidden = false;
  box.replaceChildren(el("h2", {}, t("share", "Share")),
    el("img", { class: "qr", alt: "join QR code", src: "/qr.svg?text=" + encodeURIComponent(data.links.join_url) }),
    el("p", {}, t("join_link", "Join link") + ": ", el("a", { href: data.links.join_url }, data.links.join_url)),
    el("p", {}, t("view_link", "Spectator link") + ": ", el("a", { href: data.links.view_url }, data.links.view_url)));
}

let wakeLock = null;
async function keepAwake() {
  try { if ("wakeLock" in navigator && document.visibilityState === "visible") wakeLock = await navigator.wakeLock.request("screen"); }
  catch (err) { wakeLock = null; }
}

document.addEventListener("DOMContentLoaded", () => {
  document.getElementById("undo").addEventListener("click", () => send("undo"));
  document.getElementById("redo").addEventListener("click", () => send("redo"));
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") { poll(); keepAwake(); } });
  window.addEventListener("online", () => poll());
  document.addEventListener("langchange", () => current && show(current));
  poll();
  keepAwake();
  pollForever(poll);
});
