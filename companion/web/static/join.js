import { api, el, t } from "./lib.js";

// The join page: tap your name to take that seat. A link made by "hand a seat to a new phone"
// carries ?seat=N&claim=CODE: only that seat can be taken with it, by this phone.
// The seats are drawn again after a language switch, so their words follow it.
document.addEventListener("DOMContentLoaded", async () => {
  const code = document.body.dataset.join;
  const list = document.getElementById("seats");
  const error = document.getElementById("join-error");
  const params = new URLSearchParams(window.location.search);
  const claim = params.get("claim");
  const claimed = claim ? Number(params.get("seat")) : null;
  const seatItem = (seat) => {
    const mine = claimed === seat.seat;
    const closed = seat.taken || (seat.reserved && !mine) || (claim !== null && !mine);
    // A closed seat says why in words, not only by its greyed-out button.
    const why = seat.taken ? t("seat_taken", "taken") : closed ? t("seat_reserved", "kept for another phone") : null;
    const button = el("button", { class: "big", type: "button", disabled: closed }, seat.name + (why ? " · " + why : ""));
    button.addEventListener("click", async () => {
      try {
        const body = mine ? { seat: seat.seat, claim } : { seat: seat.seat };
        const joined = await api("POST", "/api/join/" + encodeURIComponent(code), body);
        window.location.href = joined.table_url;
      } catch (err) {
        error.textContent = err.error || "error";
      }
    });
    return el("li", {}, button);
  };
  try {
    const info = await api("GET", "/api/join/" + encodeURIComponent(code));
    const draw = () => list.replaceChildren(...info.seats.map(seatItem));
    draw();
    document.addEventListener("langchange", draw);
  } catch (err) {
    error.textContent = err.error || "error";
  }
});
