// The one library the page scripts import from: words (i18n.js), calls to the companion and
// DOM helpers (api.js), chip icons (chips.js) and the shared room page (room.js). Each page
// script is an ES module that imports what it uses from here; nothing is shared through globals.

export { api, el, fill } from "./api.js";
export { bannerSwatch, chipIcon, chipIcons } from "./chips.js";
export { lineWords } from "./history.js";
export { addWords, sayWords, t } from "./i18n.js";
export { ROOM, roomAct, roomNextStepView, roomToast, roomUndo, startRoom, stepSlot } from "./room.js";

import "./refusals.js";

export { drawStatus } from "./status.js";
