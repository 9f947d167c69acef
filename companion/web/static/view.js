// The pages' view library: Preact diffs each redraw against the page as it is, so a button
// that is still there after a redraw is the same DOM node (a finger pressing it keeps it),
// and htm writes the markup as tagged templates with no build step. Both are pinned in
// package.json and copied unchanged into static/vendor (tests/web/test_vendored_js.py).
import htm from "./vendor/htm.js";
import { h, render } from "./vendor/preact.js";

export const html = htm.bind(h);

// Draws a view (what html`...` made) into a container; the next draw updates it in place.
export function draw(container, view) {
  render(view, container);
}
