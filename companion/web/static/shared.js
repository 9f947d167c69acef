import { actAs, api, seatHeader } from "./api.js";
import { addWords, t } from "./i18n.js";
import { draw, html } from "./view.js";

// A shared phone (#27 item 2, pass-and-play): at a casual table one phone may hold several
// seats. It shows the seat that must act (following the turn and the pending decision), and
// before it shows another seat it covers the page with "Pass the phone to Ben", tapped
// through by Ben: one seat's screen (its secret pick, its loyalty card) is never on screen
// while another seat's is. The seats held are kept in this phone's storage; the server
// knows each one by its own cookie, named by X-Seat (null: the phone's first seat).
addWords("shared", {
  shared_title: "この端末で別の席もプレイ（回しプレイ）",
  shared_help: "1台の端末を回して遊ぶ時に：空いている席をこの端末でも取ります。手番の人の画面に切り替わります。",
  shared_holds: "この端末の席",
  pass_to: "{who} に端末を渡してください",
  pass_help: "{who} だけが見てください。前の人の画面は隠れています。",
  pass_go: "{who} です：画面を表示",
});
const KEY = "strikekit-shared:";
const say = (key, english, who) => t(key, english).replaceAll("{who}", who);
const SHARED = { match: null, own: null, seat: null, checking: false, again: null };

/** The other seats this phone holds in a match: [{seat, name}]. */
export function heldSeats(match) {
  try {
    return JSON.parse(localStorage.getItem(KEY + match) || "[]");
  } catch {
    return [];
  }
}
function keepHeld(match, seats) {
  localStorage.setItem(KEY + match, JSON.stringify(seats));
}
/** Every seat the phone holds, its own first ({seat: null, name}). */
function allSeats(data) {
  return [{ seat: null, name: SHARED.own || data.state.you }, ...heldSeats(SHARED.match)];
}

/** The share section's box: take another free seat on this phone (casual tables). */
export function sharedBox(data, match, refresh) {
  if (data.trust === "tournament" || !data.links) return null;
  const code = data.links.join_url.split("/").pop();
  const free = data.seats.filter((s) => !s.taken);
  const held = allSeats(data).filter((s) => s.name);
  const take = async (seat) => {
    await api("POST", "/api/join/" + code, { seat: seat.seat, shared: true }, seatHeader(null));
    keepHeld(match, [...heldSeats(match), { seat: seat.seat, name: seat.name }]);
    refresh();
  };
  // Drawn by the view library: a redraw keeps the box open while the player picks.
  return html`<details id="shared-seats">
    <summary>${t("shared_title", "Pass-and-play: this phone plays another seat too")}</summary>
    <p class="small">
      ${t("shared_help", "One phone passed round the table: take a free seat here too; the phone turns to whoever must act.")}
    </p>
    ${held.length > 1 ? html`<p class="small">${t("shared_holds", "This phone holds") + ": " + held.map((s) => s.name).join(" · ")}</p>` : null}
    <div class="row">
      ${free.map(
        (seat) =>
          html`<button key=${seat.seat} type="button" class="small-button" data-share-seat=${seat.name} onClick=${() => take(seat)}>
            ${seat.name}
          </button>`,
      )}
    </div>
  </details>`;
}

// The cover shown before another seat's screen: tapped through by that seat's player. It is
// drawn in its own box at the end of the body, outside main (which it hides).
function passScreen(name, done) {
  let host = document.getElementById("pass-host");
  if (!host) {
    host = document.createElement("div");
    host.id = "pass-host";
    document.body.append(host);
  }
  const go = () => {
    draw(host, null);
    document.body.classList.remove("passing");
    done();
  };
  document.body.classList.add("passing");
  draw(
    host,
    html`<div id="pass" class="pass-screen" role="dialog" aria-modal="true" aria-labelledby="pass-title">
      <h1 id="pass-title">${say("pass_to", "Pass the phone to {who}", name)}</h1>
      <p>${say("pass_help", "Only {who} looks now: the last player's screen is hidden.", name)}</p>
      <button type="button" class="big" id="pass-go" onClick=${go}>${say("pass_go", "I am {who}: show my screen", name)}</button>
    </div>`,
  );
  document.getElementById("pass-go").focus();
}

/** After each state shown: when it does not wait on the seat shown but on another seat this
 * phone holds, cover the page and turn to that seat. refresh() reads the table again. */
export async function followTurn(data, match, refresh) {
  SHARED.match = match;
  if (SHARED.seat === null && data.state.you) SHARED.own = data.state.you;
  const others = allSeats(data).filter((s) => s.seat !== SHARED.seat && s.name);
  if (!heldSeats(match).length || data.state.next_step?.mine) return;
  if (SHARED.checking) {
    SHARED.again = data; // looked at again once the check under way is done
    return;
  }
  SHARED.checking = true;
  try {
    for (const seat of others) {
      const theirs = await api("GET", "/api/matches/" + match + "/state", undefined, seatHeader(seat.seat));
      if (theirs.state?.next_step?.mine) {
        turnTo(seat, refresh);
        return;
      }
    }
  } catch {
    /* offline: stay on the seat shown */
  } finally {
    SHARED.checking = false;
  }
  const again = SHARED.again;
  SHARED.again = null;
  if (again) followTurn(again, match, refresh); // still on this seat: the newer state
}
function turnTo(seat, refresh) {
  SHARED.seat = seat.seat;
  actAs(seat.seat);
  passScreen(seat.name, refresh);
  refresh(); // drawn under the cover, which hides it until the player taps through
}
