import { t } from "./i18n.js";
import { h, render } from "./vendor/preact.js";
import { html } from "./view.js";

// Puzzle Strike chip icons as inline SVG: the same vector shapes the printed chips use
// (printkit/render/icons.py), so no icon depends on a font the phone may lack. Each is a view
// (html`...`, drawn by view.js); chipIcon, chipIcons and bannerSwatch give the same as DOM
// nodes for the page still built with el() (bank.js).
const BANNER_FILL = { brown: "#8b5a2b", red: "#c62828", blue: "#1e5fb4", purple: "#6a3d9a", gray: "#757575", gold: "#c9a227" };
const ARROW_FILL = {
  "black-arrow": "#111111",
  "brown-arrow": BANNER_FILL.brown,
  "purple-arrow": BANNER_FILL.purple,
  "red-arrow": BANNER_FILL.red,
  "blue-arrow": BANNER_FILL.blue,
};
const ICON_GREEN = "#2e8b57";
const PINK = { fill: "#f29bb6", stroke: "#8a3b55", "stroke-width": 0.8 };
const RIM = { stroke: "#fff", "stroke-width": 0.8 };

const shape = (tag, attrs) => h(tag, attrs);
function svgLabel(text, size) {
  return html`<text x="0" y=${size * 0.36} text-anchor="middle" font-size=${size} font-weight="700" fill="#fff"
    font-family="system-ui, sans-serif">${text}</text>`;
}
const ICON_SHAPES = {
  arrow: (fill) => [shape("polygon", { points: "-10,-3.5 1,-3.5 1,-8 10,0 1,8 1,3.5 -10,3.5", fill, stroke: "#fff", "stroke-width": 0.6 })],
  "chip-draw": () => [
    shape("circle", { r: 10, fill: "#111" }),
    shape("circle", { r: 6.25, fill: "none", stroke: "#fff", "stroke-width": 1 }),
  ],
  piggy: () => [
    shape("rect", { x: -5, y: 4.8, width: 2, height: 3.6, ...PINK }),
    shape("rect", { x: 4, y: 4.8, width: 2, height: 3.6, ...PINK }),
    shape("ellipse", { cx: -0.5, cy: 0, rx: 8.5, ry: 6, ...PINK }),
    shape("circle", { cx: 8.4, cy: 0, r: 2.2, ...PINK }),
    shape("polygon", { points: "-1,-5 1,-8.4 3,-4.4", ...PINK }),
    shape("rect", { x: -2, y: -5, width: 3.2, height: 0.6, fill: "#111" }),
  ],
  "gem-power": (value) => {
    const points = [];
    for (let i = 0; i < 20; i++) {
      const r = i % 2 === 0 ? 10 : 6.9,
        a = (Math.PI * i) / 10;
      points.push((r * Math.cos(a)).toFixed(2) + "," + (r * Math.sin(a)).toFixed(2));
    }
    const label = value < 0 ? "-$" + -value : "$" + value;
    return [shape("polygon", { points: points.join(" "), fill: ICON_GREEN }), svgLabel(label, label.length <= 2 ? 9 : 7)];
  },
  gem: (value) => [shape("rect", { x: -9, y: -9, width: 18, height: 18, rx: 2.7, fill: ICON_GREEN }), svgLabel(String(value), 12)],
  fist: () => [
    shape("circle", { r: 10, fill: BANNER_FILL.red, ...RIM }),
    shape("rect", { x: -4.8, y: -2.8, width: 8.4, height: 6.8, rx: 1.6, fill: "#fff" }),
    shape("rect", { x: -6, y: -1.6, width: 2.4, height: 4, rx: 1, fill: "#fff" }),
    ...[1, 2, 3].map((i) =>
      shape("line", { x1: -4.8 + i * 2.1, y1: -2.8, x2: -4.8 + i * 2.1, y2: -0.4, stroke: BANNER_FILL.red, "stroke-width": 0.7 }),
    ),
  ],
  shield: (fill) => [shape("path", { d: "M-8.5,-8 L8.5,-8 C9,2 5,7 0,10 C-5,7 -9,2 -8.5,-8 Z", fill, ...RIM })],
  orb: () => [shape("circle", { r: 10, fill: BANNER_FILL.purple, ...RIM }), shape("circle", { cx: -3, cy: -3, r: 2.8, fill: "#d6c2ea" })],
  mark: (fill, char) => [shape("circle", { r: 10, fill, ...RIM }), svgLabel(char, 14)],
};
function iconShapes(name, value) {
  if (ARROW_FILL[name]) return ICON_SHAPES.arrow(ARROW_FILL[name]);
  if (name === "gem-power" || name === "gem") return ICON_SHAPES[name](value);
  if (name.endsWith("-shield")) return ICON_SHAPES.shield(BANNER_FILL[name.split("-")[0]]);
  if (name === "exclamation") return ICON_SHAPES.mark("#b71c1c", "!");
  if (name === "question") return ICON_SHAPES.mark(BANNER_FILL.gray, "?");
  return ICON_SHAPES[name] ? ICON_SHAPES[name]() : null;
}

/** One icon as an <svg> view; ``value`` is the number shown by gem-power and gem icons. */
export function chipIconView(name, value, size) {
  const shapes = iconShapes(name, value);
  if (!shapes) return name;
  const px = String(size || 22);
  return html`<svg class="chip-icon" viewBox="-11 -11 22 22" width=${px} height=${px} role="img"
    aria-label=${name.replace("-", " ")}>${shapes}</svg>`;
}
/** A chip's top line as views: counted icons repeat, gem-power and gem show their number once. */
export function chipIconsView(icons, size) {
  const out = [];
  for (const [name, n] of icons || []) {
    if (name === "gem-power" || name === "gem") out.push(chipIconView(name, n, size));
    else for (let i = 0; i < n; i++) out.push(chipIconView(name, 0, size));
  }
  return out;
}
// A bank stack's banner colour: a swatch that names its colour (a short word shown, the full
// word read aloud), so the colour is never the only cue.
const COLOUR_WORDS = { brown: "Brn", red: "Red", blue: "Blu", purple: "Pur", gray: "Gry", gold: "Gld" };
/** A banner colour's swatch as a view. */
export function bannerSwatchView(colour) {
  const word = t("colour_" + colour, colour);
  return html`<span class=${"swatch " + colour} role="img" aria-label=${word} title=${word}
    >${t("colour_short_" + colour, COLOUR_WORDS[colour] || colour)}</span>`;
}

// A view made into DOM nodes, for the DOM exports below.
function nodesOf(view) {
  const box = document.createElement("div");
  render(view, box);
  return [...box.childNodes];
}
/** One icon as an <svg> node (or the icon's name as text, for an unknown icon). */
export function chipIcon(name, value, size) {
  return nodesOf(chipIconView(name, value, size))[0];
}
/** A chip's top line as nodes. */
export function chipIcons(icons, size) {
  return nodesOf(chipIconsView(icons, size));
}
/** A banner colour's swatch as a node. */
export function bannerSwatch(colour) {
  return nodesOf(bannerSwatchView(colour))[0];
}
