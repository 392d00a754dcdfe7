// The clocks the server keeps: each state brings both sides' time left and
// the side whose clock runs; the page counts that one down until the next
// state comes. Only the server decides that a flag has fallen.
"use strict";

const clocks = { white: 0, black: 0, running: null, at: 0 };

function clockFrom(state) {
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

function clockText(ms) {
  const tenths = ms < 10000;
  const s = tenths ? Math.floor(ms / 100) / 10 : Math.ceil(ms / 1000);
  const whole = Math.floor(s);
  const text = `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
  return tenths ? `${text}.${Math.round((s - whole) * 10)}` : text;
}

function tickClock() {
  if (!ui.game || $("clock-top").hidden) return;
  const bottom = ui.flipped ? "black" : "white";
  for (const [id, color] of [["clock-bottom", bottom], ["clock-top", bottom === "white" ? "black" : "white"]]) {
    const ms = Math.max(0, clockLeft(color));
    const el = $(id);
    el.textContent = `${color === "white" ? "White" : "Black"} ${clockText(ms)}`;
    el.classList.toggle("running", clocks.running === color);
    el.classList.toggle("low", ms < 10000);
  }
}

// The clock menu's choice as the API's `clock` ("300+3" -> 300 s + 3 s).
function clockChoice() {
  const v = $("clock-choice").value;
  if (!v) return null;
  const [base, inc] = v.split("+").map(Number);
  return { base_s: base, inc_s: inc };
}
