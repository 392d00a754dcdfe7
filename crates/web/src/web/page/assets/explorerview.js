// The opening explorer as both boards show it: the shown position's moves
// in the games known (the server's, or this browser's on the static
// board), each with its games and a White/draw/Black bar.

// The explorer's table (both boards): each move a button that calls
// `play(uci)`, its games, a White/draw/Black bar and, with `elo`, the
// players' average Elo. The table says which position it shows
// (`data-fen`): an answer may come after the board moved on.
function renderExplorerMoves(moves, play, elo, fen) {
  document.getElementById("explorer").dataset.fen = fen;
  const body = document.querySelector("#explorer tbody");
  body.innerHTML = "";
  const pct = (n, of) => Math.round((100 * n) / Math.max(of, 1));
  for (const m of moves) {
    const [w, d, b] = [pct(m.white, m.games), pct(m.draws, m.games), pct(m.black, m.games)];
    const row = document.createElement("tr");
    row.innerHTML = `<td><button data-uci="${m.uci}">${m.san}</button></td><td>${m.games}</td>
      <td><div class="wdb" title="White ${w}% · draw ${d}% · Black ${b}%"><span class="w" style="width:${w}%">${w > 12 ? w + "%" : ""}</span><span class="d" style="width:${d}%">${d > 12 ? d + "%" : ""}</span><span class="b" style="width:${b}%">${b > 12 ? b + "%" : ""}</span></div></td>`
      + (elo ? `<td>${m.elo == null ? "" : m.elo}</td>` : "");
    body.appendChild(row);
  }
  body.querySelectorAll("button").forEach((btn) => { btn.onclick = () => play(btn.dataset.uci); });
}

// The explorer's answer `v` (the server's ExplorerReport JSON) for `fen`,
// the position at `ply` of the shown game, on either board: the table, its
// headers only with moves, and otherwise why there are none. `yours`: the
// games are this browser's (the static board), not the server's.
export function showExplorer(v, { play, elo, fen, ply, yours }) {
  renderExplorerMoves(v.moves, play, elo, fen);
  document.getElementById("explorer-head").hidden = v.moves.length === 0;
  const games = `${v.games} finished game${v.games === 1 ? "" : "s"}`;
  document.getElementById("explorer-empty").textContent = v.moves.length ? ""
    : v.games === 0 ? (yours ? "Your finished games will show here: the moves you played from each position."
      : "No finished games yet: the moves played from each position will show here.")
    : ply >= v.plies ? `The explorer keeps the first ${v.plies} plies of each game; this position is ply ${ply}.`
    : `None of ${yours ? "your" : "the"} ${games} here reached this position.`;
}
