// Arrows and circles over the board, as on lichess's board (chessground):
// a right-button drag from one square to another draws an arrow, a right
// click on one square a circle, in green, or red with Shift or Ctrl, blue
// with Alt, yellow with Shift and Alt; the same shape again removes it, a
// left click anywhere on the board clears them. The engine's best move
// while analysing is drawn too, in its own colour, and is not the user's.
const BRUSHES = {
  green: "#15781b", red: "#882020", blue: "#003088", yellow: "#e68f00", engine: "#1f6fbf",
  review: "#7a3fb0",
};

export const shapes = { user: [], engine: [], review: [] };
let rightFrom = null;

function brushOf(ev) {
  const red = ev.shiftKey || ev.ctrlKey;
  if (red && ev.altKey) return "yellow";
  if (red) return "red";
  if (ev.altKey || ev.metaKey) return "blue";
  return "green";
}

// The centre of a square in board units (one square = 1), as the board
// shows it (flipped or not).
function centre(square, flipped) {
  const file = square.charCodeAt(0) - 97;
  const rank = parseInt(square.slice(1), 10) - 1;
  const col = flipped ? 11 - file : file;
  const row = flipped ? rank : 7 - rank;
  return [col + 0.5, row + 0.5];
}

function shapeSvg(s, flipped) {
  const colour = BRUSHES[s.brush];
  const [x1, y1] = centre(s.from, flipped);
  if (!s.to || s.to === s.from) {
    return `<circle cx="${x1}" cy="${y1}" r="0.45" fill="none" stroke="${colour}" stroke-width="0.07" opacity="0.8" data-shape="circle" data-from="${s.from}"/>`;
  }
  const [x2, y2] = centre(s.to, flipped);
  const len = Math.hypot(x2 - x1, y2 - y1);
  // Stop short of the target's centre so the head sits inside the square.
  const ex = x2 - ((x2 - x1) / len) * 0.3;
  const ey = y2 - ((y2 - y1) / len) * 0.3;
  return `<line x1="${x1}" y1="${y1}" x2="${ex}" y2="${ey}" stroke="${colour}" stroke-width="0.16" opacity="0.75" marker-end="url(#head-${s.brush})" data-shape="arrow" data-from="${s.from}" data-to="${s.to}" data-brush="${s.brush}"/>`;
}

// Redraw every shape; `flipped` is the board's orientation.
export function drawShapes(flipped) {
  let layer = document.getElementById("shapes");
  if (!layer) {
    const heads = Object.entries(BRUSHES).map(([name, colour]) =>
      `<marker id="head-${name}" orient="auto" markerWidth="4" markerHeight="4" refX="2.05" refY="2"><path d="M0,0 V4 L3,2 Z" fill="${colour}"/></marker>`).join("");
    document.getElementById("board-wrap").insertAdjacentHTML("beforeend",
      `<svg id="shapes" viewBox="0 0 12 8" preserveAspectRatio="none"><defs>${heads}</defs><g></g></svg>`);
    layer = document.getElementById("shapes");
  }
  layer.querySelector("g").innerHTML = [...shapes.review, ...shapes.engine, ...shapes.user].map((s) => shapeSvg(s, flipped)).join("");
}

// Toggle a user shape (the same square pair and colour again removes it).
function toggleShape(from, to, brush) {
  const i = shapes.user.findIndex((s) => s.from === from && s.to === to);
  const same = i >= 0 && shapes.user[i].brush === brush;
  if (i >= 0) shapes.user.splice(i, 1);
  if (!same) shapes.user.push({ from, to, brush });
}

function squareAt(ev) {
  const target = document.elementFromPoint(ev.clientX, ev.clientY);
  const sq = target && target.closest("#board .sq");
  return sq ? sq.dataset.square : null;
}

// Wire the right button on the board; `flipped()` says the orientation.
export function wireShapes(flipped) {
  const board = document.getElementById("board");
  board.addEventListener("contextmenu", (ev) => ev.preventDefault());
  board.addEventListener("pointerdown", (ev) => {
    if (ev.button === 2) {
      rightFrom = squareAt(ev);
      ev.preventDefault();
    } else if (ev.button === 0 && shapes.user.length) {
      shapes.user = [];
      drawShapes(flipped());
    }
  });
  window.addEventListener("pointerup", (ev) => {
    if (ev.button !== 2 || !rightFrom) return;
    const to = squareAt(ev) || rightFrom;
    toggleShape(rightFrom, to, brushOf(ev));
    rightFrom = null;
    drawShapes(flipped());
  });
}

// The engine's best move (UCI text) as its arrow, or none.
export function setEngineArrow(uci, flipped) {
  shapes.engine = uci ? [{ from: uci.slice(0, 2), to: uci.slice(2, 4), brush: "engine" }] : [];
  drawShapes(flipped);
}

// The review's better move (UCI text) as its arrow, or none.
export function setReviewArrow(uci, flipped) {
  shapes.review = uci ? [{ from: uci.slice(0, 2), to: uci.slice(2, 4), brush: "review" }] : [];
  drawShapes(flipped);
}
