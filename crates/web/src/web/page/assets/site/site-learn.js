// Learn from your mistakes on the static board: the exercises of the
// game's review and the judgement of each attempt come from the worker
// engine, by the server's own code (humpty-analysis: a move within an
// inaccuracy of the best is found, the move played never is), so they are
// the served board's.

const $ = (id) => document.getElementById(id);

// The exercise's words under the board; `verdict`: "right", "wrong" or "".
function say(text, verdict = "") {
  $("learn-text").textContent = text;
  $("learn-text").dataset.verdict = verdict;
}

export class Learn {
  /**
   * `engine`: the analysis HumptyEngine; `host`: `game()` (the stored
   * game), `showLine(moves)` (the board after those moves of the game's
   * start), `restore()` (the board back at the game's end).
   */
  constructor(engine, host) {
    this.engine = engine;
    this.host = host;
    this.list = [];
    this.report = null;
    this.active = false;
    this.busy = false;
    // The move found or given, drawn as an arrow once the exercise is over.
    this.arrow = null;
    $("learn").onclick = () => this.start();
    $("learn-show").onclick = () => this.showBetter();
    $("learn-next").onclick = () => { this.i += 1; this.present(); };
    $("learn-stop").onclick = () => this.stop();
  }

  /** Keep the offer in step with the game's review (after any change). */
  async sync() {
    const game = this.host.game();
    const report = game.review?.players ? game.review : null;
    if (report === this.report) return;
    this.report = report;
    if (this.active) this.stop();
    this.list = [];
    $("learn").hidden = true;
    if (!report) return;
    const side = game.human === "w" ? "white" : game.human === "b" ? "black" : "both";
    try {
      const list = await this.engine.learnExercises({ fen: game.start, moves: game.moves, report, side });
      if (this.report !== report) return;
      this.list = list;
    } catch (e) {
      this.list = [];
    }
    $("learn").hidden = this.list.length === 0;
    $("learn").textContent = `Learn from your mistakes (${this.list.length})`;
  }

  start() {
    this.host.quiet();
    this.active = true;
    this.i = 0;
    $("learn-box").hidden = false;
    this.present();
  }

  stop(text = "") {
    this.active = false;
    this.arrow = null;
    $("learn-box").hidden = !text;
    say(text);
    for (const id of ["learn-show", "learn-next"]) $(id).disabled = !!text;
    this.host.restore();
  }

  exercise() { return this.active ? this.list[this.i] : null; }

  /** The position before the exercise's mistake, and what to find. */
  present() {
    const e = this.exercise();
    if (!e) return this.stop("No more mistakes to learn from.");
    const game = this.host.game();
    const played = this.report.moves[e.ply];
    const color = e.color === "white" ? "White" : "Black";
    this.solved = false;
    this.arrow = null;
    $("learn-show").disabled = false;
    $("learn-next").disabled = false;
    say(`${this.i + 1} of ${this.list.length}. Move ${e.number}: ${color} played ${played.san}${played.mark ?? ""}. Find a better move for ${color}.`);
    this.host.showLine(game.moves.slice(0, e.ply));
  }

  /** A move made on the board during an exercise: judged by the worker. */
  async attempt(move) {
    const e = this.exercise();
    if (!e || this.solved || this.busy) return;
    const game = this.host.game();
    const before = game.moves.slice(0, e.ply);
    this.host.showLine([...before, move]);
    say("Checking your move…");
    this.host.quiet();
    this.busy = true;
    let r;
    try {
      r = await this.engine.learnJudge({ fen: game.start, moves: game.moves, report: this.report, ply: e.ply, move });
    } catch (err) {
      say(err.message, "wrong");
      this.host.showLine(before);
      return;
    } finally {
      this.busy = false;
    }
    if (this.exercise() !== e) return;
    if (r.found) {
      this.solved = true;
      $("learn-show").disabled = true;
      const better = r.better ? ` The review's line: ${r.better.line.join(" ")}.` : "";
      say(`Yes: ${r.san} is good.${better}`, "right");
      // The board keeps the move found, with its arrow.
      this.arrow = move;
      this.host.showLine([...before, move]);
    } else {
      const played = this.report.moves[e.ply];
      const why = r.san === played.san ? "is the move played" : `gives away ${r.loss} points`;
      say(`${r.san} ${why}. Try again.`, "wrong");
      this.host.showLine(before);
    }
  }

  /** Give up: the review's better move and line. */
  showBetter() {
    const e = this.exercise();
    if (!e || this.busy) return;
    const better = this.report.moves[e.ply].better;
    this.solved = true;
    $("learn-show").disabled = true;
    const game = this.host.game();
    say(better
      ? `The better move: ${better.san}. The review's line: ${better.line.join(" ")}.`
      : "The review has no better move here.");
    this.arrow = better ? better.uci : null;
    this.host.showLine(better ? [...game.moves.slice(0, e.ply), better.uci] : game.moves.slice(0, e.ply));
  }
}
