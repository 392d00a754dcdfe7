// "How the pieces move": a card opened from under the board, with each
// piece's drawing, its moves in words, and a small board whose marked
// squares are the rules' own moves from one square (the server's
// /api/pieces, or the static site's data). Shared by the served board
// and the static site.

import { BOARD_FILES } from "./board.js";
import { $ } from "./dom.js";
import { pieceSvg } from "./pieces.js";

const RIVER_NOTE = "The River runs between ranks 4 and 5: a Frog's straight three-step that crosses it needs both squares passed over empty. Promotion: to a Queen, Gnu or Tank your side lacks; to a Frog only when it has all three. A Frog reaching the last rank may promote or stay.";

// One piece's small board: dots where it moves, rings where it captures.
function diagramHtml(letter, name, d) {
  const men = { ...d.men, [d.square]: letter };
  const moves = new Set(d.moves), captures = new Set(d.captures);
  let cells = "";
  for (let rank = 8; rank >= 1; rank--) {
    for (let f = 0; f < 12; f++) {
      const sq = BOARD_FILES[f] + rank;
      const shade = (f + rank) % 2 === 1 ? "dark" : "light";
      const mark = moves.has(sq) ? " dot" : captures.has(sq) ? " ring" : "";
      const man = men[sq] ? pieceSvg(men[sq]) : "";
      cells += `<div class="${shade}${mark}" data-square="${sq}">${man}</div>`;
    }
  }
  return `<div class="mini" aria-label="${name} on ${d.square}">${cells}</div>`;
}

// The button and the card, into `#pieces` under the board (both pages).
const CARD_HTML = `<button id="pieces-open" class="link" aria-expanded="false" aria-controls="pieces-card">How the pieces move</button>
  <section id="pieces-card" class="box" hidden>
    <div class="row"><h2>How the pieces move</h2> <button id="pieces-close" title="Close">×</button></div>
    <ol id="pieces-list"></ol>
    <p class="note" id="pieces-note"></p>
  </section>`;

export function buildPiecesCard(pieces) {
  $("pieces").innerHTML = CARD_HTML;
  const list = $("pieces-list");
  list.innerHTML = "";
  for (const p of pieces) {
    const item = document.createElement("li");
    item.innerHTML = `<div class="card-head">${pieceSvg(p.letter)}<b>${p.name}</b> <span class="letter">${p.letter}</span></div>` +
      `<p>${p.moves}</p>` + (p.diagram ? diagramHtml(p.letter, p.name, p.diagram) : "");
    list.appendChild(item);
  }
  $("pieces-note").textContent = RIVER_NOTE;
  const open = $("pieces-open"), card = $("pieces-card");
  const show = (on) => { card.hidden = !on; open.setAttribute("aria-expanded", String(on)); if (on) card.scrollIntoView({ block: "nearest" }); };
  open.onclick = () => show(card.hidden);
  $("pieces-close").onclick = () => show(false);
}
