// The opening explorer over this browser's own finished games: the
// server's tree (humpty-analysis) in the worker engine, asked for the
// position on the board; each move with its games and a White/draw/Black
// bar, and a click plays it where the person may move.

const $ = (id) => document.getElementById(id);

export class Explorer {
  /** `engine`: a HumptyEngine; `play(uci)`: play a move if allowed. */
  constructor(engine, play) {
    this.engine = engine;
    this.play = play;
    this.asked = null;
  }

  /** Show the moves from `fen` in `games` (finished, `{start, moves, end}`). */
  async draw(fen, games) {
    const finished = games.filter((g) => g.end?.result && g.end.result !== "*")
      .map((g) => ({ start: g.start, moves: g.moves, result: g.end.result }));
    const key = `${fen}|${finished.length}`;
    if (this.asked === key) return;
    this.asked = key;
    let v;
    try {
      v = await this.engine.explorerMoves({ games: finished, fen });
    } catch (e) {
      $("explorer-empty").textContent = e.message;
      return;
    }
    if (this.asked !== key) return;
    const body = document.querySelector("#explorer tbody");
    body.innerHTML = "";
    const pct = (n, of) => Math.round((100 * n) / Math.max(of, 1));
    for (const m of v.moves) {
      const [w, d, b] = [pct(m.white, m.games), pct(m.draws, m.games), pct(m.black, m.games)];
      const row = document.createElement("tr");
      row.innerHTML = `<td><button data-uci="${m.uci}">${m.san}</button></td><td>${m.games}</td>
        <td><div class="wdb" title="White ${w}% · draw ${d}% · Black ${b}%"><span class="w" style="width:${w}%">${w > 12 ? w + "%" : ""}</span><span class="d" style="width:${d}%">${d > 12 ? d + "%" : ""}</span><span class="b" style="width:${b}%">${b > 12 ? b + "%" : ""}</span></div></td>`;
      body.appendChild(row);
    }
    body.querySelectorAll("button").forEach((btn) => { btn.onclick = () => this.play(btn.dataset.uci); });
    $("explorer-head").hidden = v.moves.length === 0;
    $("explorer-empty").textContent = v.moves.length ? ""
      : v.games ? `None of your ${v.games} finished games here reached this position.`
      : "Your finished games will show here: the moves you played from each position.";
  }
}
