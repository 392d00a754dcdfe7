// One board controller for both homes: the served board (app.js, over the
// server's API and events) and the static board (site/site.js, over the
// rules, the worker engine and humpty-analysis in the browser). It draws
// the board, the move list, the status, the game-over banner and the game
// buttons from the backend's view, and turns presses, drags, promotions,
// the move list's controls and the game buttons into the backend's
// actions. A backend:
//   view(): what to draw now, {
//     fen, last: {from, to} | null,
//     check: the King's square, or true for the side to move's (else null),
//     legal: [wire move] the person may play now ([] when not their turn),
//     moves: [{san, uci}] the main line, start: its FEN,
//     ply: the main-line ply shown (null when a variation move is),
//     result: the end for the move list's foot, banner: the end shown
//     over the board (null: none), report: the review (or null),
//     solving: the ply of an exercise whose answer is hidden (or null),
//     tree: {variations, node} (or null), variationTools: bool,
//     status: text, undo / engine: enabled, resign: {enabled, label},
//     analysisBoard: the person plays both sides };
//   play(uci), newGame(side: "white" | "black" | "both"), again(),
//   takeBack(), resign(), engineMove(), setFen(fen), importPgn(text),
//   review(), nav (movenav.js's interface), drawn() (the backend's own
//   panels, after each draw); analysis(): the engine's lines {lines:
//   [analysisview.js's lines], running}, playMoves(ucis) (an analysis
//   line's moves, on an analysis board: view().analysisBoard); for premoves (premove.js), premoveSide()
//   (the person's colour while the opponent is to move, else null) and
//   reach(from) (where the man there could go, or null).

import { drawAnalysis } from "./analysisview.js";
import { drawShapes, wireShapes } from "./arrows.js";
import { buildSquares, moveSquares, pieceElement, placement, slidePiece } from "./board.js";
import { buildPiecesCard } from "./card.js";
import { $, say } from "./dom.js";
import { attachBoardInput, moveTarget, pickPromotionOf } from "./input.js";
import { fillLevels } from "./levels.js";
import { drawMoveList, endWords } from "./movelist.js";
import { wireMoveNavigation } from "./movenav.js";
import { PIECE_KINDS } from "./pieces.js";
import { Premove } from "./premove.js";
import { reviewedMoves } from "./reviewview.js";

export class BoardController {
  constructor(backend) {
    this.backend = backend;
    this.flipped = false;
    this.selected = null;   // the square of the picked-up man
    this.dragged = false;   // the last move was dropped where it stands
    this.shown = null;      // the last view drawn
    this.men = {};
    this.premove = new Premove({
      side: () => (this.shown && backend.premoveSide ? backend.premoveSide() : null),
      reach: (from) => backend.reach(from),
      men: () => this.men,
      play: (from, to) => { if (this.choices(from, to).length) this.tryMove(from, to); },
    });
  }

  // Fill the shared panels from the game's data ({pieces, levels}), build
  // the squares and wire the input and the buttons.
  start(data) {
    for (const p of data.pieces) PIECE_KINDS[p.letter] = { name: p.name, moves: p.moves };
    buildPiecesCard(data.pieces);
    if (data.levels) fillLevels(document.getElementById("level"), data.levels);
    buildSquares(this.flipped);
    wireShapes(() => this.flipped);
    attachBoardInput({
      targets: (square) => this.targets(square),
      selected: () => this.selected,
      select: (square) => { this.selected = square; this.drawMarks(); },
      move: (from, to, dragged) => this.tryMove(from, to, dragged),
      press: (square) => this.premove.press(square),
    });
    // A press anywhere off the board cancels a queued premove.
    document.addEventListener("pointerdown", (ev) => { if (!ev.target.closest("#board")) this.premove.cancel(); });
    this.wire();
  }

  // Turn the board (White at the top when `flipped`).
  setFlipped(flipped) {
    this.flipped = flipped;
    buildSquares(flipped);
    drawShapes(flipped);
  }

  // Draw everything from a fresh view, then the backend's own panels.
  draw() {
    const v = (this.shown = this.backend.view());
    this.men = placement(v.fen);
    const king = v.fen.split(" ")[1] === "b" ? "k" : "K";
    this.check = v.check === true ? Object.keys(this.men).find((s) => this.men[s] === king) : v.check || null;
    if (this.selected && !this.targets(this.selected).length) this.selected = null;
    this.drawPieces();
    this.drawMarks();
    this.drawList(v);
    const $ = (id) => document.getElementById(id);
    $("status").textContent = v.status;
    $("fen").textContent = v.fen;
    $("banner").hidden = !v.banner;
    if (v.banner) $("banner-text").textContent = endWords(v.banner);
    // An aborted game has no moves worth a review.
    $("banner-review").hidden = !!v.banner && v.banner.reason === "aborted";
    $("undo").disabled = !v.undo;
    $("resign").disabled = !v.resign.enabled;
    $("resign").textContent = v.resign.label;
    $("engine-go").disabled = !v.engine;
    this.drawAnalysis();
    if (this.backend.drawn) this.backend.drawn();
  }

  // The engine's lines, the bar and the best move's arrow: after each
  // draw (they turn with the board) and as lines arrive.
  drawAnalysis() {
    const a = this.backend.analysis();
    const end = this.shown && this.shown.result;
    drawAnalysis({ ...a, result: end ? end.result : null, flipped: this.flipped, play: (moves) => this.playLine(moves) });
  }

  // An analysis line's moves up to the one clicked: played on an analysis
  // board; in a game against the engine the line is only shown.
  playLine(moves) {
    if (!this.shown || !this.shown.analysisBoard) {
      say("Lines can be played out on an analysis board (New game: Analysis board).", "msg-analysis", "info");
      return;
    }
    this.backend.playMoves(moves);
  }

  drawList(v) {
    drawMoveList(document.getElementById("moves"), reviewedMoves(v.moves, v.report, v.solving), v.start, v.ply, v.result, v.tree);
    document.getElementById("variation-tools").hidden = !v.variationTools;
  }

  // The men, each redrawn only where it changed; the one that just moved
  // slides in unless it was dragged there.
  drawPieces() {
    const last = this.shown.last;
    const dragged = this.dragged;
    this.dragged = false;
    document.querySelectorAll("#board .sq").forEach((sq) => {
      const letter = this.men[sq.dataset.square];
      const old = sq.querySelector(".piece");
      if (old && old.dataset.piece === letter) return;
      if (old) old.remove();
      if (!letter) return;
      const p = pieceElement(letter);
      sq.appendChild(p);
      if (!dragged && last && last.to === sq.dataset.square) slidePiece(p, this.square(last.from), sq);
    });
  }

  drawMarks() {
    const v = this.shown;
    if (!v) return;
    const dests = this.selected ? this.targets(this.selected) : [];
    document.querySelectorAll("#board .sq").forEach((sq) => {
      const s = sq.dataset.square;
      sq.classList.toggle("last", !!v.last && (v.last.from === s || v.last.to === s));
      sq.classList.toggle("check", this.check === s);
      sq.classList.toggle("selected", this.selected === s);
      sq.classList.toggle("dest", dests.includes(s));
      sq.classList.toggle("capture", dests.includes(s) && !!this.men[s]);
    });
  }

  square(name) { return name ? document.querySelector(`#board .sq[data-square="${name}"]`) : null; }

  // The wire moves from `from` to `to` the person may play now.
  choices(from, to) {
    const legal = this.shown ? this.shown.legal : [];
    return legal.filter((m) => { const [a, b] = moveSquares(m); return a === from && (to === undefined || b === to); });
  }

  targets(square) { return [...new Set(this.choices(square).map(moveTarget))]; }

  // Play from `from` to `to`: one move, or the promotion the person picks.
  async tryMove(from, to, dragged = false) {
    this.selected = null;
    const choices = this.choices(from, to);
    if (!choices.length) return void this.drawMarks();
    const move = choices.length > 1 ? await pickPromotionOf(choices, this.shown.fen.split(" ")[1] !== "b") : choices[0];
    // The position may have changed while the picker was open.
    if (!move || !this.choices(from, to).includes(move)) return void this.drawMarks();
    this.dragged = dragged;
    this.drawMarks();
    this.backend.play(move);
  }

  wire() {
    const b = this.backend;
    const on = (id, f) => { document.getElementById(id).onclick = f; };
    on("new-white", () => b.newGame("white"));
    on("new-black", () => b.newGame("black"));
    on("new-both", () => b.newGame("both"));
    on("banner-new", () => b.again());
    on("banner-review", () => b.review());
    on("review", () => b.review());
    on("undo", () => b.takeBack());
    on("resign", () => b.resign());
    on("engine-go", () => b.engineMove());
    on("flip", () => { this.setFlipped(!this.flipped); if (this.shown) this.draw(); });
    on("set-fen", () => b.setFen(document.getElementById("fen-input").value.trim()));
    on("import-pgn", () => b.importPgn(document.getElementById("pgn-input").value));
    wireMoveNavigation(b.nav);
  }
}
