import { el } from "./api.js";
import { addWords, sayWords, t } from "./i18n.js";
import { draw, html } from "./view.js";

// The status line at the top of a room page, kept on screen while the page scrolls: each
// side's key numbers (the viewer's side first, marked), then what concerns the whole table.
// The server says it in word keys (companion/game/status.py); Japanese is here.
addWords("status", {
  st_you: "あなた",
  st_status: "状況",
  st_pile: "場 {total}/10",
  st_out: "脱落",
  st_level_1: "通常・アンティ1",
  st_level_2: "パニックタイム・アンティ2",
  st_level_3: "デンジャータイム・アンティ3",
  st_level_4: "デッドリータイム・アンティ4",
  st_air: "飛んでいる：{ones}個 → {target}",
  st_floating: "浮き：{ones}個 → {target}",
  st_space: "マス{space}",
  st_at: "{who} マス{space}",
  st_rounds: "ラウンド {won}/{of}",
  st_hit_points: "体力{n}",
  st_hit_point: "体力1",
  st_deck: "山札 残り{n}",
  st_sites: "サイト{n}",
  st_site: "サイト1",
  st_power: "パワー{n}",
  st_victory: "勝利まで {n}/{of}",
});

function lineBox() {
  let box = document.getElementById("status-line");
  if (!box) {
    box = el("section", { id: "status-line", class: "status-line" });
    document.querySelector("main").prepend(box);
  }
  box.setAttribute("aria-label", t("st_status", "Status"));
  return box;
}

// One item a side, keyed by its name (the viewer's side first, marked), then the table's.
function sideItem(side) {
  const name = side.name + (side.mine ? " (" + t("st_you", "you") + ")" : "");
  const classes = "st-side" + (side.mine ? " mine" : "") + (side.turn ? " turn" : "");
  return html`<li key=${"side:" + side.name} class=${classes}><b>${(side.turn ? "▶ " : "") + name}</b> ${side.facts.map(sayWords).join(" · ")}</li>`;
}

/** Draw the status line of a room's state (null: no game on, the line is hidden). */
export function drawStatus(status) {
  const box = lineBox();
  box.hidden = !status;
  if (status) {
    const table = status.table.map((said, n) => html`<li key=${"table:" + n} class="st-table">${sayWords(said)}</li>`);
    draw(box, html`<ul>${status.sides.map(sideItem)}${table}</ul>`);
  }
  // Its height as drawn: a banner sticking to the top (the winner, Panic Time) sticks below
  // it instead of under it (app.css).
  document.body.style.setProperty("--status-line-height", box.offsetHeight + "px");
}
