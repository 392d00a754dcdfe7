// The clocks the server keeps: each state brings both sides' time left and
// the side whose clock runs; the page counts that one down until the next
// state comes. Only the server decides that a flag has fallen.

import { drawClockFaces } from "./clockface.js";
import { $ } from "./dom.js";
import { page, ui } from "./served.js";

const clocks = { white: 0, black: 0, running: null, at: 0 };

export function clockFrom(state) {
  const c = state.clock;
  const shown = !!c && state.human !== "both";
  $("clock-top").hidden = $("clock-bottom").hidden = !shown;
  if (!shown) { clocks.running = null; return; }
  // The menu shows the game's control, so a new game keeps it.
  const choice = `${c.control.base_s}+${c.control.inc_s}`;
  if ([...$("clock-choice").options].some((o) => o.value === choice)) $("clock-choice").value = choice;
  clocks.white = c.white_ms;
  clocks.black = c.black_ms;
  clocks.running = c.running;
  clocks.at = performance.now();
  tickClock();
}

function clockLeft(color) {
  return clocks[color] - (clocks.running === color ? performance.now() - clocks.at : 0);
}

export function tickClock() {
  if (!ui.game || $("clock-top").hidden) return;
  drawClockFaces(page.controller.flipped, clockLeft, clocks.running);
}

// The clock menu's choice as the API's `clock` ("300+3" -> 300 s + 3 s).
export function clockChoice() {
  const v = $("clock-choice").value;
  if (!v) return null;
  const [base, inc] = v.split("+").map(Number);
  return { base_s: base, inc_s: inc };
}
