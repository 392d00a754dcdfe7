// The board's grid, shared by the served board and the static site: 96
// squares (reachable by keyboard), the River between ranks 4 and 5, the
// coordinates on the squares, and outside the board on a phone (file
// letters under it, rank numbers beside it), where the squares are too
// small for a label beside the piece. And a FEN's men by square.

import { $ } from "./dom.js";
import { pieceName, pieceSvg } from "./pieces.js";

export const BOARD_FILES = "abcdefghijkl";

function boardSquareName(file, rank) { return BOARD_FILES[file] + (rank + 1); }

// Build the squares into #board, White at the bottom unless `flipped`.
export function buildSquares(flipped) {
  const board = document.getElementById("board");
  board.innerHTML = "";
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 12; col++) {
      const file = flipped ? 11 - col : col;
      const rank = flipped ? row : 7 - row;
      const sq = document.createElement("div");
      sq.className = "sq " + ((file + rank) % 2 === 0 ? "dark" : "light");
      sq.dataset.square = boardSquareName(file, rank);
      sq.tabIndex = 0;
      sq.setAttribute("role", "button");
      sq.setAttribute("aria-label", sq.dataset.square);
      if (row === 7) sq.insertAdjacentHTML("beforeend", `<span class="coord file">${BOARD_FILES[file]}</span>`);
      if (col === 0) sq.insertAdjacentHTML("beforeend", `<span class="coord rank">${rank + 1}</span>`);
      board.appendChild(sq);
    }
  }
  board.insertAdjacentHTML("beforeend", `<div class="river" title="The River"></div>`);
  const strip = (id, parent, before) => {
    let el = document.getElementById(id);
    if (!el) {
      el = document.createElement("div");
      el.id = id;
      el.setAttribute("aria-hidden", "true");
      parent.insertBefore(el, before);
    }
    return el;
  };
  const wrap = document.getElementById("board-wrap");
  const files = [...BOARD_FILES];
  const ranks = ["8", "7", "6", "5", "4", "3", "2", "1"];
  if (flipped) { files.reverse(); ranks.reverse(); }
  strip("files", wrap, null).innerHTML = files.map((f) => `<span>${f}</span>`).join("");
  strip("ranks", wrap.parentNode, wrap).innerHTML = ranks.map((r) => `<span>${r}</span>`).join("");
}

// The men of a FEN by square name.
export function placement(fen) {
  const men = {};
  fen.split(" ")[0].split("/").forEach((row, i) => {
    let file = 0;
    for (const m of row.matchAll(/(\d+)|([A-Za-z])/g)) {
      if (m[1]) file += Number(m[1]);
      else men[boardSquareName(file++, 7 - i)] = m[2];
    }
  });
  return men;
}

// A man of the board, for a FEN letter (pieces.js draws it).
export function pieceElement(letter) {
  const p = document.createElement("div");
  p.className = "piece";
  p.dataset.piece = letter;
  p.title = pieceName(letter);
  p.innerHTML = pieceSvg(letter);
  return p;
}

// Move animation: the piece that just arrived starts where it came from
// and slides to its square (the .piece transition).
export function slidePiece(piece, fromSq, toSq) {
  if (!fromSq) return;
  const a = fromSq.getBoundingClientRect();
  const b = toSq.getBoundingClientRect();
  piece.style.transition = "none";
  piece.style.transform = `translate(${a.left - b.left}px, ${a.top - b.top}px)`;
  piece.getBoundingClientRect(); // apply the start before the transition
  piece.style.transition = "";
  piece.style.transform = "";
}

// The squares of a wire move ("c7d8g" -> ["c7", "d8"]).
export function moveSquares(uci) {
  const m = /^([a-l]\d+)([a-l]\d+)[a-z]?$/.exec(uci);
  return m ? [m[1], m[2]] : [null, null];
}
