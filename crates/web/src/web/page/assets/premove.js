// Premove: while the engine thinks, one move of yours can be queued (click
// one of your pieces, then a square). It is played the moment the engine's
// move arrives, if it is then legal; a click anywhere else cancels it. The
// page cannot know the legal moves of a position it has not seen: with the
// rules in the page (local.js) the square must be one the man could reach
// were it its side's turn, and the server's list decides when the time
// comes.
"use strict";

const premove = { from: null, move: null };

// True while a premove may be set: your opponent (the engine, or a friend)
// is to move.
function premoveTime() {
  const g = ui.game;
  const me = myColor();
  return !!g && !!me && !g.status.over && g.turn !== me && g.ply === g.moves.length;
}

function yours(square) {
  const letter = controller.men[square];
  if (!letter) return false;
  return (letter === letter.toUpperCase()) === (myColor() === "white");
}

function cancelPremove() {
  premove.from = null;
  premove.move = null;
  drawPremove();
}

// A left press on `square` while the engine thinks: pick a piece, set the
// move, or cancel. True if the press was used.
function premovePress(square) {
  if (!premoveTime()) return false;
  if (premove.from && square && square !== premove.from) {
    // With the rules in the page, only a square the man could reach.
    const targets = premoveTargets(ui.game.fen, premove.from);
    if (targets && !targets.includes(square)) {
      cancelPremove();
      return true;
    }
    premove.move = { from: premove.from, to: square };
    premove.from = null;
  } else if (!premove.move && square && yours(square)) {
    premove.from = square;
  } else {
    premove.from = null;
    premove.move = null;
  }
  drawPremove();
  return true;
}

function drawPremove() {
  const marked = [premove.from, premove.move && premove.move.from, premove.move && premove.move.to];
  document.querySelectorAll("#board .sq").forEach((sq) => {
    sq.classList.toggle("premove", marked.includes(sq.dataset.square));
  });
}

// After the engine's move: play the queued move if it is legal now.
function playPremove() {
  const m = premove.move;
  cancelPremove();
  if (m && ui.game.legal.some((l) => l.from === m.from && l.to === m.to)) controller.tryMove(m.from, m.to);
}
