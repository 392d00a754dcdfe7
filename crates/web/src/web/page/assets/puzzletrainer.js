// One puzzle trainer for both homes: the served page (puzzles.js, over the
// server's puzzle API, which judges every move and rates the attempt) and
// the static one (site/site-puzzles.js: the shipped set, judged and rated
// in the worker by the same code). It draws the board, takes the solver's
// moves (press, drag or click, and the promotion picker), and shows each
// state's words and buttons, the hint, the solution and the themes from
// the backend's answers. A backend:
//   deal(kind): a new attempt, kind "next", "daily" or "retry": {
//     puzzle: {id, rating, color: "white" | "black"},
//     before: the FEN before the opponent's move, mistake: that move,
//     fen, legal: the position after it and the solver's moves,
//     failed: it no longer counts as clean (a resumed attempt),
//     resumed: {fen, last, legal} where a reloaded attempt stands (or null),
//     about: words over the board ("" for none) };
//   judge(uci): {correct, solved, fen: after the move, themes (when
//     solved), reply, replyFen, legal: the answer and the solver's moves};
//   hint(): the square of the man to move;
//   solution(): {steps: [{fen, move}], themes};
//   over(clean): the attempt ended, solved with no help or not;
//   analyse(): the puzzle on the analysis board;
//   themes: each theme code's {name, description}.

import { buildSquares, moveSquares, pieceElement, placement, slidePiece } from "./board.js";
import { $ } from "./dom.js";
import { attachBoardInput, pickPromotionOf } from "./input.js";
import { PUZZLE_WORDS, puzzleButtons, say, showPuzzleThemes } from "./puzzleview.js";

// How long each move stays before the next (ms): the opponent's first
// move, its answer to a right move, each step of the solution.
const PAUSE = { opponent: 600, reply: 450, solution: 600 };

export class PuzzleTrainer {
  constructor(backend) {
    this.backend = backend;
    // The attempt as shown (the console and the browser tests read it).
    // `turn`: "waiting" (the opponent moves), "solving" or "over".
    this.state = { attempt: null, puzzle: null, fen: null, last: null, legal: [], selected: null, hint: null, done: false, failed: false, busy: false, turn: "waiting" };
    this.shownAt = 0; // which attempt a pending move belongs to
  }

  // Wire the board's input and the buttons.
  start() {
    attachBoardInput({
      targets: (square) => this.targets(square),
      selected: () => this.state.selected,
      select: (square) => { this.state.selected = square; this.draw(); },
      move: (from, to) => this.tryMove(from, to),
    });
    $("p-hint").onclick = () => this.hint();
    $("p-solution").onclick = () => this.solution();
    $("p-next").onclick = () => this.deal("next");
    $("p-retry").onclick = () => this.deal("retry");
    if ($("p-daily")) $("p-daily").onclick = () => this.deal("daily");
    $("p-analyse").onclick = () => this.backend.analyse();
  }

  // Ask the backend for an attempt and show it.
  async deal(kind) {
    say("");
    $("promotion").hidden = true;
    try {
      this.show(await this.backend.deal(kind));
    } catch (e) {
      say(e.message, "bad");
    }
  }

  // Show an attempt: the position before the opponent's move, then the
  // move; an attempt resumed after a reload where it stands.
  show(a) {
    const at = ++this.shownAt;
    Object.assign(this.state, { attempt: a, puzzle: a.puzzle, fen: a.before, last: null, legal: [], selected: null, hint: null, done: false, failed: !!a.failed, busy: false, turn: "waiting" });
    document.body.dataset.puzzle = a.puzzle.id;
    say("");
    $("p-about").textContent = a.about || "";
    showPuzzleThemes([], this.backend.themes);
    buildSquares(a.puzzle.color === "black");
    if (a.resumed) return this.solve(a.resumed.fen, a.resumed.last, a.resumed.legal);
    this.draw();
    this.status(PUZZLE_WORDS.opponent);
    this.after(at, PAUSE.opponent, () => this.solve(a.fen, a.mistake, a.legal));
  }

  // The solver's turn on `fen`, after `last`.
  solve(fen, last, legal) {
    Object.assign(this.state, { fen, last, legal, turn: "solving" });
    this.draw();
    this.status(PUZZLE_WORDS.find(this.state.puzzle.color === "white"));
  }

  // Run `then` after `ms`, unless another attempt is shown by then.
  after(at, ms, then) {
    setTimeout(() => { if (at === this.shownAt) then(); }, ms);
  }

  status(text) { $("p-status").textContent = text; }

  // Where the man on `square` may go, while the solver is to move.
  targets(square) {
    const s = this.state;
    if (s.turn !== "solving" || s.busy) return [];
    return s.legal.map(moveSquares).filter(([from]) => from === square).map(([, to]) => to);
  }

  // A move from the board: the promotion is asked for when there are
  // several (and staying a Frog).
  async tryMove(from, to) {
    const s = this.state;
    s.selected = null;
    const choices = s.legal.filter((m) => { const [f, t] = moveSquares(m); return f === from && t === to; });
    const uci = choices.length > 1 ? await pickPromotionOf(choices, s.puzzle.color === "white") : choices[0];
    if (uci) this.play(uci);
    else this.draw();
  }

  async play(uci) {
    const s = this.state;
    const at = this.shownAt;
    s.busy = true;
    this.draw();
    let r;
    try {
      r = await this.backend.judge(uci);
    } catch (e) {
      say(e.message, "bad");
      return;
    } finally {
      s.busy = false;
      // The solver may move again (or the answer below draws).
      if (!r) this.draw();
    }
    if (at !== this.shownAt) return;
    if (!r.correct) {
      s.failed = true;
      this.draw();
      this.status(PUZZLE_WORDS.wrong);
      say("Wrong move", "bad");
      return;
    }
    Object.assign(s, { fen: r.fen, last: uci, legal: [], hint: null, turn: "waiting" });
    if (r.solved) return this.finish(true, r.themes);
    this.draw();
    this.status(PUZZLE_WORDS.right);
    say("Best move!", "ok");
    this.after(at, PAUSE.reply, () => this.solve(r.replyFen, r.reply, r.legal));
  }

  // A hint marks the man to move; the attempt no longer counts as clean.
  async hint() {
    const s = this.state;
    if (s.turn !== "solving" || s.busy) return;
    try {
      s.hint = await this.backend.hint();
    } catch (e) {
      say(e.message, "bad");
      return;
    }
    s.failed = true;
    this.draw();
    say(PUZZLE_WORDS.hint);
  }

  // Give up: the rest of the line, one move at a time.
  async solution() {
    const s = this.state;
    if (s.turn !== "solving" || s.busy) return;
    const at = this.shownAt;
    let r;
    try {
      r = await this.backend.solution();
    } catch (e) {
      say(e.message, "bad");
      return;
    }
    Object.assign(s, { failed: true, hint: null, selected: null, turn: "waiting" });
    say("");
    this.status("The solution…");
    this.draw();
    for (const step of r.steps) {
      await new Promise((done) => setTimeout(done, PAUSE.solution));
      if (at !== this.shownAt) return;
      Object.assign(s, { fen: step.fen, last: step.move });
      this.draw();
    }
    this.finish(false, r.themes);
  }

  // The end of an attempt: solved (cleanly or not) or shown the solution.
  finish(solved, themes) {
    const s = this.state;
    Object.assign(s, { done: true, hint: null, selected: null, turn: "over" });
    say("");
    this.status(!solved ? PUZZLE_WORDS.solution : s.failed ? PUZZLE_WORDS.solvedWithHelp : PUZZLE_WORDS.solved);
    $("p-about").textContent = `Puzzle ${s.puzzle.id}, rated ${s.puzzle.rating}.`;
    showPuzzleThemes(themes || [], this.backend.themes);
    this.draw();
    this.backend.over(solved && !s.failed);
  }

  // The board from the state: the last move sliding in, the picked man,
  // the hint and where the picked man may go.
  draw() {
    const s = this.state;
    puzzleButtons(s.done ? "over" : s.turn === "solving" && !s.busy ? "solving" : "waiting");
    if (!s.fen) return;
    const men = placement(s.fen);
    const [lastFrom, lastTo] = s.last ? moveSquares(s.last) : [null, null];
    const dests = s.selected ? this.targets(s.selected) : [];
    document.querySelectorAll("#board .sq").forEach((sq) => {
      const name = sq.dataset.square;
      const letter = men[name];
      const old = sq.querySelector(".piece");
      if (!(old && old.dataset.piece === letter)) {
        if (old) old.remove();
        if (letter) {
          const piece = pieceElement(letter);
          sq.appendChild(piece);
          const from = name === lastTo && document.querySelector(`#board .sq[data-square="${lastFrom}"]`);
          if (from) slidePiece(piece, from, sq);
        }
      }
      sq.classList.toggle("last", name === lastFrom || name === lastTo);
      sq.classList.toggle("selected", name === s.selected || name === s.hint);
      sq.classList.toggle("dest", dests.includes(name));
      sq.classList.toggle("capture", dests.includes(name) && !!letter);
    });
  }
}
