// The static board's clocks: ms left per side in `game.clock` (`base`,
// `inc`, `left`, `since`: when the side to move started thinking,
// `after`: the mover's time after each move, for the PGN's [%clk]). They
// start with White's first move, as on lichess.

import { drawClockFaces } from "./clockface.js";
import { sideAfter } from "./movelist.js";

/** Whether the game's clocks run (it has clocks and a first move). */
export function running(game) {
  return !!game.clock && game.moves.length > 0;
}

/** `side`'s time left now (ms). */
export function left(game, side) {
  const c = game.clock;
  const toMove = sideAfter(game.start, game.moves.length);
  if (!running(game) || game.end || toMove !== side || !c.since) return c.left[side];
  return c.left[side] - (Date.now() - c.since);
}

/** Charge `mover` for the move just played, with the increment. */
export function chargeClock(game, mover) {
  const c = game.clock;
  if (!c) return;
  if (c.since) c.left[mover] = c.left[mover] - (Date.now() - c.since) + c.inc;
  c.since = Date.now();
  c.after = [...(c.after ?? []).slice(0, game.moves.length - 1), c.left[mover]];
}

/** The side whose time has run out, if any (its clock then reads 0). */
export function flagFallen(game) {
  if (game.end || !running(game)) return null;
  const side = sideAfter(game.start, game.moves.length);
  if (left(game, side) > 0) return null;
  game.clock.left[side] = 0;
  return side;
}

/** The two clocks above and below the board (`flipped`: White on top). */
export function drawClocks(game, flipped) {
  const c = game.clock;
  document.getElementById("clock-top").hidden = document.getElementById("clock-bottom").hidden = !c;
  if (!c) return;
  const toMove = sideAfter(game.start, game.moves.length) === "w" ? "white" : "black";
  drawClockFaces(flipped, (color) => left(game, color[0]), !game.end && running(game) ? toMove : null);
}
