// The opening explorer over this browser's own finished games: the
// server's tree (humpty-analysis) in the worker engine, asked for the
// position on the board; each move with its games and a White/draw/Black
// bar, and a click plays it where the person may move.

import { showExplorer } from "./explorerview.js";

const $ = (id) => document.getElementById(id);

export class Explorer {
  /** `engine`: a HumptyEngine; `play(uci)`: play a move if allowed. */
  constructor(engine, play) {
    this.engine = engine;
    this.play = play;
    this.asked = null;
  }

  /** Show the moves from `fen`, at `ply` of the shown game, in `games`
   * (finished, `{start, moves, end}`). */
  async draw(fen, ply, games) {
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
    // The served board's table and words (explorer.js, a classic script
    // of both).
    showExplorer(v, { play: this.play, elo: false, fen, ply, yours: true });
  }
}
