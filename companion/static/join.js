"use strict";
document.addEventListener("DOMContentLoaded", async () => {
  const code = document.body.dataset.join;
  const list = document.getElementById("seats");
  const error = document.getElementById("join-error");
  try {
    const info = await api("GET", "/api/join/" + encodeURIComponent(code));
    for (const seat of info.seats) {
      const button = el("button", { class: "big", type: "button", disabled: seat.taken }, seat.name);
      button.addEventListener("click", async () => {
        try {
          const joined = await api("POST", "/api/join/" + encodeURIComponent(code), { seat: seat.seat });
          window.location.href = joined.table_url;
        } catch (err) { error.textContent = err.error || "error"; }
      });
      list.append(el("li", {}, button));
    }
  } catch (err) { error.textContent = err.error || "error"; }
});
