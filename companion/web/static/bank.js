import { api, bannerSwatch, chipIcon, chipIcons, el, t } from "./lib.js";

function splitNames(text) {
  return (text || "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}
function optionsFrom(form) {
  const f = new FormData(form);
  const body = { sets: f.getAll("sets"), exclude: splitNames(f.get("exclude")), pin: splitNames(f.get("pin")) };
  const players = f.get("players");
  if (players) body.players = players === "2v2" ? "2v2" : Number(players);
  if (f.get("no_attacks")) body.no_attacks = true;
  for (const key of ["min_attacks", "min_black_arrows", "cheap", "seed"]) {
    if (f.get(key) !== "" && f.get(key) !== null) body[key] = Number(f.get(key));
  }
  return body;
}
function showBank(bank) {
  document.getElementById("result").hidden = false;
  document.getElementById("code").textContent = bank.code;
  const about = [bank.sets.join(", ")];
  if (bank.seed !== null) about.push("seed " + bank.seed);
  if (bank.valid_banks) about.push(bank.valid_banks.toLocaleString() + " " + t("possible", "possible banks"));
  if (bank.name) about.unshift(bank.name);
  document.getElementById("about").textContent = about.join(" · ");
  const list = document.getElementById("stacks");
  list.replaceChildren();
  for (const stack of bank.stacks) {
    const swatches = stack.banner.map((c) => bannerSwatch(c));
    const reroll = el("button", { type: "button", title: "reroll" }, "⟳");
    reroll.addEventListener("click", async () => {
      const body = Object.assign(optionsFrom(document.getElementById("options")), { slot: stack.key });
      delete body.sets;
      delete body.seed;
      delete body.players;
      try {
        showBank(await api("POST", "/api/banks/" + bank.code + "/reroll", body));
      } catch (err) {
        document.getElementById("bank-error").textContent = err.error || "error";
      }
    });
    list.append(
      el(
        "li",
        {},
        el("span", { class: "cost" }, stack.cost === null ? "?" : String(stack.cost)),
        swatches,
        el("span", { class: "chip-name" }, stack.name, ...stack.banner_icons.map((i) => chipIcon(i, 0, 18))),
        el("span", { class: "icons" }, chipIcons(stack.icons, 18)),
        el("span", { class: "small" }, stack.set),
        reroll,
      ),
    );
  }
  const url = window.location.origin + "/bank/" + bank.code + (bank.name ? "?name=" + encodeURIComponent(bank.name) : "");
  document.getElementById("share-qr").src = "/qr.svg?text=" + encodeURIComponent(url);
  const link = document.getElementById("share-link");
  link.href = url;
  link.textContent = url;
  document.getElementById("pdf").href = "/bank/" + bank.code + ".pdf";
  document.getElementById("panic-line").textContent = bank.panic ? t("panic", "Panic Time") + ": " + bank.panic : "";
}
async function loadRecommended() {
  const set = document.getElementById("rec-set").value;
  const list = document.getElementById("recommended");
  list.replaceChildren();
  const banks = await api("GET", "/api/banks/recommended/" + encodeURIComponent(set));
  for (const bank of banks) {
    const button = el("button", { type: "button", class: "big" }, bank.name);
    button.addEventListener("click", () => showBank(bank));
    list.append(el("li", {}, button));
  }
}
document.addEventListener("DOMContentLoaded", async () => {
  const form = document.getElementById("options");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const error = document.getElementById("bank-error");
    error.textContent = "";
    try {
      showBank(await api("POST", "/api/banks", optionsFrom(form)));
    } catch (err) {
      error.textContent = err.error || "error";
    }
  });
  document.getElementById("rec-set").addEventListener("change", loadRecommended);
  loadRecommended();
  const code = document.body.dataset.code;
  if (code) {
    const name = new URLSearchParams(window.location.search).get("name");
    const query = name ? "?name=" + encodeURIComponent(name) : "";
    try {
      showBank(await api("GET", "/api/banks/" + encodeURIComponent(code) + query));
    } catch (err) {
      document.getElementById("bank-error").textContent = err.error || "error";
    }
  }
});
