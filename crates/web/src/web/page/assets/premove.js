// Premove, on both boards: while the opponent (the engine, or a friend)
// is to move, one move of yours can be queued (click one of your men,
// then a square). It is played the moment the turn comes back, if it is
// then legal; a press anywhere else cancels it. The position after the
// reply is not known yet: with the rules at hand the square must be one
// the man could reach were it its side's turn, and the legal moves decide
// when the time comes.

import { moveSquares } from "./board.js";

export class Premove {
  // `hooks`: side() the person's colour while a premove may be set (null
  // otherwise); reach(from) the squares the man there could go to (null
  // when that cannot be said); men() the men by square; play(from, to)
  // the queued move once the turn has come.
  constructor(hooks) {
    this.hooks = hooks;
    this.from = null;
    this.move = null;
  }

  cancel() {
    this.from = null;
    this.move = null;
    this.draw();
  }

  // A press on `square` while the opponent is to move: pick a man, set
  // the move, or cancel. True if the press was used.
  press(square) {
    const side = this.hooks.side();
    if (!side) return false;
    if (this.from && square && square !== this.from) {
      const targets = this.hooks.reach(this.from);
      if (targets && !targets.includes(square)) {
        this.cancel();
        return true;
      }
      this.move = { from: this.from, to: square };
      this.from = null;
    } else if (!this.move && square && this.mine(square, side)) {
      this.from = square;
    } else {
      this.from = null;
      this.move = null;
    }
    this.draw();
    return true;
  }

  mine(square, side) {
    const letter = this.hooks.men()[square];
    return !!letter && (letter === letter.toUpperCase()) === (side === "white");
  }

  draw() {
    const marked = [this.from, this.move && this.move.from, this.move && this.move.to];
    document.querySelectorAll("#board .sq").forEach((sq) => {
      sq.classList.toggle("premove", marked.includes(sq.dataset.square));
    });
  }

  // The turn has come back: play the queued move (the board checks it).
  play() {
    const m = this.move;
    this.cancel();
    if (m) this.hooks.play(m.from, m.to);
  }
}

// Where the man on `from` could go in `fen` were it its side's turn, by
// the rules' `Board` class (the page's WebAssembly rules); null when the
// rules cannot say.
export function premoveReach(Board, fen, from) {
  const parts = fen.split(" ");
  parts[1] = parts[1] === "w" ? "b" : "w";
  try {
    const board = new Board("humpty", parts.join(" "));
    const to = board.legalMoves().split(" ").filter((m) => moveSquares(m)[0] === from).map((m) => moveSquares(m)[1]);
    board.delete();
    return to;
  } catch {
    return null;
  }
}
