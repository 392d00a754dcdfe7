// The tablebase panel beside the analysis, on both boards: when endgame
// tablebases hold the shown position (the server's, humpty serve --tb DIR;
// or the static site's tables, read in WebAssembly), its exact result and
// every move's, best first, with the plies to the next capture or Pawn move
// (DTZ) and to mate (DTM), as lichess shows them; a click plays the move.

import { $ } from "./dom.js";

// A result for the side it belongs to, in words and a colour class.
const TB_WORDS = {
  win: ["Win", "tb-win"],
  "cursed-win": ["Win, drawn by the 50-move rule", "tb-draw"],
  draw: ["Draw", "tb-draw"],
  "blessed-loss": ["Loss, saved by the 50-move rule", "tb-draw"],
  loss: ["Loss", "tb-loss"],
};
// The same result seen by the other side.
const TB_FLIP = { win: "loss", "cursed-win": "blessed-loss", draw: "draw", "blessed-loss": "cursed-win", loss: "win" };

function tbDistances(e) {
  if (e.dtm == null) return "";
  return `DTZ ${Math.abs(e.dtz)} · DTM ${Math.abs(e.dtm)}`;
}

// Show a report (the JSON of /api/tablebase or the package's Tablebase),
// or hide the panel when there is none; `play(uci)` plays a clicked move.
export function renderTablebase(v, fen, play) {
  const box = document.getElementById("tablebase-box");
  box.hidden = !v;
  if (!v) return;
  const mover = fen.split(" ")[1] === "b" ? "Black" : "White";
  const [word, cls] = TB_WORDS[v.category];
  const result = document.getElementById("tablebase-result");
  result.className = cls;
  result.textContent = v.checkmate ? `${mover} is checkmated` : v.stalemate ? "Stalemate" :
    `${mover} to move: ${word.toLowerCase()}${v.dtm == null ? "" : ` (${tbDistances(v)})`}`;
  const body = document.querySelector("#tablebase tbody");
  body.innerHTML = "";
  for (const m of v.moves) {
    const [mw, mc] = TB_WORDS[TB_FLIP[m.category]];
    const row = document.createElement("tr");
    row.className = mc;
    const what = m.checkmate ? "Checkmate" : m.stalemate ? "Stalemate" : mw;
    row.innerHTML = `<td><button data-uci="${m.uci}">${m.san}</button></td><td>${what}</td><td>${m.checkmate ? "" : tbDistances(m)}</td>`;
    body.appendChild(row);
  }
  body.querySelectorAll("button").forEach((btn) => { btn.onclick = () => play(btn.dataset.uci); });
}

// The served board: ask the server for the shown position.
