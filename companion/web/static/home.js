import { api } from "./lib.js";

// A form sends once: its button is disabled from the first tap, so a double tap opens one
// match, not two. It comes back only if the server refused (to fix and send again).
function sendingOnce(form, send) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = form.querySelector("button[type=submit]");
    if (button.disabled) return;
    button.disabled = true;
    if (!(await send(event))) button.disabled = false;
  });
}
document.addEventListener("DOMContentLoaded", () => {
  const form = document.getElementById("start");
  sendingOnce(form, async () => {
    const f = new FormData(form);
    const players = ["p1", "p2", "p3", "p4"].map((k) => (f.get(k) || "").trim()).filter(Boolean);
    const body = { players, sets: [f.get("set")], seat: Number(f.get("seat")) };
    if (f.get("mode") !== "auto") body.mode = f.get("mode");
    if (f.get("best_of")) body.best_of = Number(f.get("best_of"));
    if ((f.get("bank_code") || "").trim()) body.bank_code = f.get("bank_code").trim();
    const error = document.getElementById("start-error");
    error.textContent = "";
    try {
      const made = await api("POST", "/api/matches", body);
      document.getElementById("started").hidden = false;
      document.getElementById("join-qr").src = "/qr.svg?text=" + encodeURIComponent(made.join_url);
      const link = document.getElementById("join-link");
      link.href = made.join_url;
      link.textContent = made.join_url;
      document.getElementById("table-link").href = made.table_url;
      // The join QR and "Go to the table" are what comes next: brought into view (#27).
      document.getElementById("started").scrollIntoView({ block: "start" });
      return true;
    } catch (err) {
      error.textContent = err.error || "error";
      return false;
    }
  });
  sendingOnce(document.getElementById("room"), async (event) => {
    const f = new FormData(event.target);
    const players = ["p1", "p2", "p3", "p4"].map((k) => (f.get(k) || "").trim()).filter(Boolean);
    const [kind, game] = f.get("kind").split(":");
    const body = { kind, players, seat: 0 };
    if (game) body.game = game;
    if (f.get("team_battle")) body.team_battle = true;
    const error = document.getElementById("room-error");
    error.textContent = "";
    try {
      const made = await api("POST", "/api/rooms", body);
      window.location.href = made.table_url;
      return true;
    } catch (err) {
      error.textContent = err.error || "error";
      return false;
    }
  });
  sendingOnce(document.getElementById("duel"), async (event) => {
    const f = new FormData(event.target);
    const mode = f.get("mode");
    const seats = [1, 2, 3, 4, 5].map((n) => [(f.get("p" + n) || "").trim(), f.get("c" + n)]).filter(([p]) => p);
    const body = { kind: "flash-duel", mode, players: seats.map(([p]) => p), seat: 0, characters: Object.fromEntries(seats) };
    if (mode === "raid" || mode === "betrayal") {
      body.dragon = seats.length ? seats[seats.length - 1][0] : null;
      delete body.characters[body.dragon];
    }
    // Chosen at the table: double-blind on each phone (solo keeps the one chosen here).
    if (f.get("blind") && mode !== "solo") body.characters = {};
    if (mode === "solo") body.bot = f.get("bot");
    const error = document.getElementById("duel-error");
    error.textContent = "";
    try {
      const made = await api("POST", "/api/rooms", body);
      window.location.href = made.table_url;
      return true;
    } catch (err) {
      error.textContent = err.error || "error";
      return false;
    }
  });
  document.getElementById("join").addEventListener("submit", (event) => {
    event.preventDefault();
    let code = new FormData(event.target).get("code").trim();
    const marker = "/join/";
    if (code.includes(marker)) code = code.slice(code.indexOf(marker) + marker.length);
    window.location.href = "/join/" + encodeURIComponent(code);
  });
});
