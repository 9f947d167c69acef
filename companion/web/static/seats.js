import { addWords, t } from "./i18n.js";
import { ROOM } from "./room.js";
import { html } from "./view.js";

// Whose controls a phone draws (#27): its own player's. Another player's are folded behind
// one "Record for Ben" button at a casual table (opened on purpose, marked as acting for
// Ben, closed again once the table changes) and left out at a tournament table, where the
// server would refuse them. Whose a control is comes from the server: state.whose names, for
// each control, the seats whose decision its action is (the room's deciders; null: anyone's,
// then drawn as its owner's). Drawn with the pages' view library (Preact views).
addWords("seats", {
  record_for: "{who} の代わりに記録",
  acting_for: "{who} の代わりに操作中：この操作は {who} のものとして記録されます",
  record_close: "閉じる",
});

/** "own" (draw it), "record" (fold it behind "Record for owner") or "none" (leave it out). */
export function controlFor(you, trust, seats, owner) {
  if (!you) return "none";
  const mine = seats ? seats.includes(you) : !owner || owner === you;
  if (mine) return "own";
  return trust === "tournament" ? "none" : "record";
}

/** The same, read from a room's answer (data: what the server sent this phone). */
export function controlOf(data, key, owner) {
  const you = ROOM.spectator ? null : data.state.you;
  return controlFor(you, data.trust, data.state.whose?.[key], owner);
}

// key -> the table version the phone opened it at: any change of the table (this phone's
// action, or another's) closes it again.
const OPEN = new Map();
const say = (key, english, who) => t(key, english).replaceAll("{who}", who);

/** Another player's controls behind one button; opened, they are framed as acting for them. */
export function recordFor(data, key, owner, build) {
  const name = say("record_for", "Record for {who}", owner);
  if (OPEN.get(key) !== data.version) {
    OPEN.delete(key);
    const open = () => {
      OPEN.set(key, ROOM.current.version);
      ROOM.render(ROOM.current);
    };
    return html`<button type="button" class="record-for" data-record-for=${owner} aria-expanded="false" onclick=${open}>${name}</button>`;
  }
  const close = () => {
    OPEN.delete(key);
    ROOM.render(ROOM.current);
  };
  return html`<div class="acting-for" data-acting-for=${owner} role="group" aria-label=${name}>
    <div class="acting-head">
      <strong>${say("acting_for", "Acting for {who}: these taps are recorded as {who}'s", owner)}</strong>
      <button type="button" class="small-button quiet" aria-expanded="true" onclick=${close}>${t("record_close", "Close")}</button>
    </div>
    ${build()}
  </div>`;
}

/** A control as this phone should have it: drawn, folded behind "Record for", or null. */
export function ownedControl(data, key, owner, build) {
  const how = controlOf(data, key, owner);
  if (how === "own") return build();
  if (how === "record") return recordFor(data, key, owner || data.state.whose?.[key]?.[0] || "", build);
  return null;
}

/** Whether another player's controls under this key are open on this phone now. */
export function isOpenFor(data, key) {
  return OPEN.get(key) === data.version;
}
