// The board with no server (`humpty site`): the rules (humpty's
// WebAssembly package, ffish.js's API) judge every move in the page, the
// engine thinks in a Web Worker, and the game is kept in localStorage, so
// a reload continues it. One game at a time; its record is `game`.

import { Board, readGamePGN, validateFen, startingFen } from "./humpty/index.js";
import { HumptyEngine } from "./humpty/engine/index.js";
import { Learn } from "./site-learn.js";
import { Explorer } from "./site-explorer.js";
import { SiteTables } from "./site-tables.js";
import { archive, keepGame, takeGame, listGames } from "./site-games.js";
import { Variations } from "./site-variations.js";
import { running, left, chargeClock, drawClocks, flagFallen } from "./site-clock.js";
import { moveSquares } from "./board.js";
import { BoardController } from "./controller.js";
import { $, say } from "./dom.js";
import { firstMovePly, sideAfter } from "./movelist.js";
import { premoveReach } from "./premove.js";
import { betterArrowAt, drawReviewPanel } from "./reviewview.js";
import { infoLine } from "./analysisview.js";

const STORE = "humpty-site-game";

// `ply`: the ply shown when it is not the game's end (null at the end).
const ui = { data: null, analysing: false, thinking: false, ply: null, lines: {} };
// The stored game: where it started, the moves, who plays, the level, the
// clock (ms left per side; it starts with White's first move) and the end.
let game = null;
let board = null;
const player = new HumptyEngine();
const analyst = new HumptyEngine();
// The explorer over this browser's finished games (the current one too),
// asked of the player's worker: the analysis worker may be in a long
// search that would hold the question up.
const explorer = new Explorer(player, (uci) => { if (mayMove() && !learn.active) play(uci, true); });
// Learn from your mistakes, on the board of an exercise.
const learn = new Learn(analyst, {
  game: () => game,
  showLine: (moves) => {
    board.delete();
    board = new Board("humpty", game.start);
    if (moves.length) board.pushMoves(moves.join(" "));
    controller.selected = null;
    controller.draw();
  },
  restore: () => { rebuild(); controller.draw(); },
  // The worker judges the attempts: it is not analysing meanwhile.
  quiet: () => stopWorkerAnalysis(),
});

// An analysis board's variations, changed by the server's tree in the
// player's worker (idle on an analysis board unless asked to move).
const variations = new Variations(player, {
  game: () => game,
  shownPly: () => shownPly(),
  answered: (a, grown) => {
    if (grown) chargeClock(game, sideAfter(game.start, game.moves.length - 1));
    controller.selected = null;
    rebuild(a.node === null ? a.ply : null);
    if (a.node === null && ui.ply === null) judge();
    save();
    controller.draw();
  },
  fail: (text) => say(text, "msg-play"),
});
const tables = new SiteTables((text) => say(text));
function save() { localStorage.setItem(STORE, JSON.stringify(game)); }

// The rules' board for the stored game after `ply` moves (the end when
// null): the board shown (its moves are replayed once).
function rebuild(ply = null) {
  if (board) board.delete();
  ui.ply = ply !== null && ply < game.moves.length ? ply : null;
  board = new Board("humpty", game.start);
  // A variation move shown: the moves that lead to it.
  const moves = variations.line() ?? game.moves.slice(0, shownPly());
  if (moves.length) board.pushMoves(moves.join(" "));
}

// The ply the board shows.
function shownPly() { return ui.ply ?? game.moves.length; }

// Show the position after `ply` moves (the game goes on at its end).
function goto(ply) {
  if (learn.active) return;
  controller.selected = null;
  variations.leave();
  rebuild(Math.max(0, Math.min(ply, game.moves.length)));
  controller.draw();
}

function openStored(id) {
  stopWorkerAnalysis();
  keepGame(game);
  const g = takeGame(id);
  if (!g) return;
  game = g;
  game.node = null;
  $("level").value = game.level;
  rebuild();
  save();
  controller.draw();
  maybeEngine();
}

function startGame(human, start = startingFen("humpty"), moves = []) {
  keepGame(game);
  const clock = $("clock-choice").value;
  const [base, inc] = clock ? clock.split("+").map(Number) : [0, 0];
  game = {
    id: Date.now(), start, moves, human, level: $("level").value,
    clock: clock ? { base: base * 1000, inc: inc * 1000, left: { w: base * 1000, b: base * 1000 } } : null,
    end: null, tree: null, node: null,
  };
  player.postMessage("ucinewgame");
  rebuild();
  save();
  controller.draw();
}

// The side to move at the game's end (the board may show an earlier ply).
function sideToMove() { return sideAfter(game.start, game.moves.length); }

// The game's review, if any (one kept by an older page, a list of marks,
// is not shown).
function gameReport() { return game.review?.players ? game.review : null; }
function humanMoves() { return game.human === "both" || game.human === sideToMove(); }

// ---------------------------------------------------------------- drawing

// The main line's SAN, kept until its moves change (each draw asks).
const sanCache = { key: null, moves: [] };

// The main line with its SAN, read from the start.
function sanMoves() {
  const key = `${game.start} ${game.moves.join(" ")}`;
  if (sanCache.key === key) return sanCache.moves;
  const line = new Board("humpty", game.start);
  const moves = game.moves.map((uci) => {
    const san = line.sanMove(uci);
    line.push(uci);
    return { san, uci };
  });
  line.delete();
  Object.assign(sanCache, { key, moves });
  return moves;
}

// What the board controller draws (controller.js) for the board shown.
function siteView() {
  const fen = board.fen();
  const inVariation = variations.inVariation();
  const last = learn.active ? null : variations.shown()?.uci ?? game.moves[shownPly() - 1];
  const [from, to] = last ? moveSquares(last) : [];
  // Nothing to take back before the person's first move.
  const moved = game.human === "both" ? game.moves.length > 0 : game.moves.length > firstMovePly(game.start, game.human);
  return {
    fen, last: last ? { from, to } : null,
    // The King in check (or mated) is marked, as on the served board.
    check: board.isCheck(),
    legal: mayMove() ? board.legalMoves().split(" ").filter(Boolean) : [],
    moves: sanMoves(), start: game.start, ply: learn.active ? 0 : inVariation ? null : shownPly(),
    // An exercise's board is not the game's: its end is not shown over it.
    result: game.end, banner: learn.active ? null : game.end, report: gameReport(),
    // The answer of an exercise still to solve is not shown.
    solving: learn.active && !learn.solved ? learn.exercise()?.ply ?? null : null,
    tree: variations.listTree(), variationTools: inVariation && !learn.active, status: statusWords(),
    undo: !game.end && moved,
    resign: { enabled: !game.end && game.human !== "both", label: abortable() ? "Abort" : "Resign" },
    // The engine moves at the main line's end, not in a variation.
    engine: !game.end && !ui.thinking && !inVariation,
    analysisBoard: game.human === "both",
  };
}

function statusWords() {
  const toMove = `${board.turn() ? "White" : "Black"} to move${board.isCheck() ? " (check)" : ""}`;
  return learn.active ? "Learn from your mistakes"
    : variations.inVariation() ? `${toMove} (in a variation)`
    : ui.ply !== null ? `${ui.ply ? `The position after ${ui.ply} of ${game.moves.length} plies` : "The start position"} (End or → to go on)`
    : game.end ? game.end.text
    : ui.thinking ? "The engine is thinking…"
    : toMove;
}

// The static board's own panels, after each draw of the board.
function drawSitePanels() {
  drawClocks(game, controller.flipped);
  showReport();
  listGames($("game-list"), openStored);
  // The analysis follows the position shown.
  if (ui.analysing && ui.linesFen !== board.fen()) analyse();
  tables.show(board.fen(), (uci) => { if (mayMove()) play(uci, true); });
  learn.sync();
  explorer.draw(board.fen(), variations.line()?.length ?? shownPly(), [game, ...archive().filter((g) => g.id !== game.id)]);
}

// ---------------------------------------------------------------- moves

// The person may move: at the game's end on their turn, or anywhere on an
// analysis board (a move from an earlier ply drops the moves after it,
// as on the served board).
function mayMove() {
  if (learn.active) return true;
  if (ui.ply !== null || variations.inVariation()) return game.human === "both" && !ui.thinking;
  return !game.end && humanMoves() && !ui.thinking;
}

// A flag down ends the game (checked five times a second).
function checkFlag() {
  const side = game && flagFallen(game);
  if (side) {
    const winner = side === "w" ? "Black" : "White";
    finish(side === "w" ? "0-1" : "1-0", `${side === "w" ? "White" : "Black"} loses on time: ${winner} wins`);
  }
  if (game) drawClocks(game, controller.flipped);
}

// ---------------------------------------------------------------- play

// Play `move` at the game's end, or, from the person (`fromView`), at the
// ply shown: the moves after it are dropped.
function play(move, fromView = false) {
  controller.selected = null;
  if (learn.active) return void learn.attempt(move);
  // On an analysis board a move off the main line's end goes into the
  // variations (the engine's, at the end); once there are variations,
  // every move goes through the tree.
  const offEnd = fromView && (ui.ply !== null || variations.inVariation());
  if (game.human === "both" && (offEnd || game.tree)) {
    return void variations.change("play", fromView ? { uci: move } : { uci: move, node: null, ply: game.moves.length });
  }
  if (ui.ply !== null && fromView) dropAfter(ui.ply);
  else if (ui.ply !== null) rebuild();
  const mover = sideToMove();
  if (!board.push(move)) return say(`illegal move ${move}`, "msg-play");
  game.moves.push(move);
  game.review = null;
  chargeClock(game, mover);
  judge();
  save();
  controller.draw();
  maybeEngine();
}

// Cut the line after `ply` moves (an analysis board's new branch).
function dropAfter(ply) {
  game.moves = game.moves.slice(0, ply);
  if (game.clock?.after) game.clock.after = game.clock.after.slice(0, ply);
  game.end = null;
  game.review = null;
  ui.ply = null;
}

function judge() {
  if (!board.isGameOver(true)) return;
  const result = board.result(true);
  const text = board.legalMoves() === "" && board.isCheck()
    ? `Checkmate: ${result === "1-0" ? "White" : "Black"} wins`
    : board.legalMoves() === "" ? "Stalemate: draw"
    : board.isInsufficientMaterial() ? "Draw: only the Kings are left"
    : board.halfmoveClock() >= 100 ? "Draw by the 50-move rule" : "Draw by threefold repetition";
  game.end = { result, text };
}

function finish(result, text, reason) {
  game.end = reason ? { result, text, reason } : { result, text };
  save();
  controller.draw();
}

// Before both sides have moved a game is aborted, with no result, not
// resigned (as on lichess and the served board).
function abortable() {
  return game.human !== "both" && !game.end && game.moves.length < 2;
}

function resignOrAbort() {
  if (!abortable()) return finish(game.human === "w" ? "0-1" : "1-0", `${game.human === "w" ? "White" : "Black"} resigns`);
  if (ui.thinking) player.postMessage("stop");
  finish("*", "Game aborted", "aborted");
}

function level() {
  return ui.data.levels.levels.find((l) => l.name === game.level) ?? ui.data.levels.levels.at(-1);
}

// The engine's move at the game's level: a skill level searches with its
// handicap for at most a second; full strength by its time or the clocks.
function askEngine() {
  if (game.end || ui.thinking) return;
  ui.thinking = true;
  const l = level().level;
  player.postMessage(`setoption name Skill Level value ${l.skill ?? 20}`);
  player.postMessage(`position fen ${game.start}${game.moves.length ? " moves " + game.moves.join(" ") : ""}`);
  const c = game.clock;
  if (l.skill === undefined && running(game)) {
    player.postMessage(`go wtime ${Math.max(1, Math.round(left(game, "w")))} btime ${Math.max(1, Math.round(left(game, "b")))} winc ${c.inc} binc ${c.inc}`);
  } else {
    player.postMessage(`go movetime ${l.movetime_ms ?? ui.data.skill_movetime_ms}`);
  }
  controller.draw();
}

player.addMessageListener((line) => {
  if (!line.startsWith("bestmove")) return;
  ui.thinking = false;
  const move = line.split(" ")[1];
  if (game.end || !move || move === "(none)") return controller.draw();
  play(move);
  // A queued premove is played now that the turn is back.
  controller.premove.play();
});

function maybeEngine() {
  if (!game.end && !humanMoves()) askEngine();
}

function takeBack() {
  if (game.end || ui.thinking || game.moves.length === 0) return;
  // In a variation, its move shown goes; with variations, the line's last
  // move goes with every variation after it (as on the served board).
  if (variations.inVariation()) return void variations.change("delete", { target: game.node });
  if (game.tree) return void variations.change("cut", { ply: game.moves.length - 1 });
  ui.ply = null;
  do game.moves.pop(); while (game.moves.length && !humanAfter(game.moves.length));
  if (game.clock?.after) game.clock.after = game.clock.after.slice(0, game.moves.length);
  game.review = null;
  rebuild();
  save();
  controller.draw();
}

// Whether the human moves after `plies` plies of the game.
function humanAfter(plies) {
  return game.human === "both" || game.human === sideAfter(game.start, plies);
}

// ---------------------------------------------------------------- analysis

analyst.addMessageListener((line) => {
  const shown = ui.analysing ? infoLine(line, board.turn(), (pv) => board.variationSan(pv)) : null;
  if (!shown) return;
  ui.lines[shown.n] = shown;
  controller.drawAnalysis();
});

function analyse() {
  if (ui.reviewing) return;
  ui.analysing = true;
  document.body.classList.add("analysing");
  $("stop").disabled = false;
  ui.lines = {};
  ui.linesFen = board.fen();
  controller.drawAnalysis();
  analyst.postMessage("stop");
  analyst.postMessage(`setoption name MultiPV value ${$("multipv").value}`);
  analyst.postMessage(`position fen ${board.fen()}`);
  analyst.postMessage("go infinite");
}

function stopWorkerAnalysis() {
  ui.analysing = false;
  document.body.classList.remove("analysing");
  $("stop").disabled = true;
  analyst.postMessage("stop");
  controller.drawAnalysis();
}

// ---------------------------------------------------------------- review

// The server's own review (humpty-analysis in the worker engine): the
// same report, so the same marks, as the served board's.
async function review() {
  stopWorkerAnalysis();
  ui.reviewing = true;
  $("review").disabled = true;
  const moves = [...game.moves];
  let report = null;
  try {
    report = await analyst.review({
      fen: game.start, moves, nodes: ui.data.review.nodes,
      onProgress: (done, total) => { $("review-status").textContent = `position ${done} of ${total}…`; },
    });
  } catch (e) {
    say(e.message, "msg-play");
  }
  $("review").disabled = false;
  ui.reviewing = false;
  if (!report || moves.join(" ") !== game.moves.join(" ")) return void showReport();  // stopped, or the game moved on
  game.review = report;
  save();
  controller.draw();
}

// The report drawn as on the served board (reviewview.js); during an
// exercise the arrow is only the move found or given, once it is over.
function showReport() {
  const r = gameReport();
  $("review-status").textContent = r ? "done" : "";
  // The better move is the main line's: no arrow over a variation.
  const arrow = learn.active ? learn.arrow : variations.inVariation() || !r ? null : betterArrowAt(r, shownPly(), null);
  drawReviewPanel(r, game.start, shownPly(), goto, arrow, controller.flipped);
}

// ---------------------------------------------------------------- FEN, PGN

// The game as the server writes its download (humpty-analysis in the
// worker): the date, the variant's tags, the time control, each move's
// review mark and [%eval], and the clocks' [%clk].
function pgn() {
  const review = gameReport();
  return analyst.gamePgn({
    event: "humpty in the browser", site: location.host || "local",
    white: game.human === "b" ? "humpty" : game.human === "w" ? "You" : "?",
    black: game.human === "w" ? "humpty" : game.human === "b" ? "You" : "?",
    created: game.id, start: game.start, moves: game.moves, tree: game.tree ?? null,
    control: game.clock ? [game.clock.base, game.clock.inc] : null,
    clocks: game.clock?.after ?? [], review, result: game.end ? game.end.result : "*",
  });
}

function setStart(fen) {
  const code = validateFen(fen, "humpty");
  if (code !== 1) return say(`That FEN cannot be used (code ${code}).`);
  say("");
  stopWorkerAnalysis();
  startGame(game.human, fen);
  maybeEngine();
}

function importGame(text) {
  try {
    const g = readGamePGN(text);
    const start = g.headers("FEN") || startingFen("humpty");
    const moves = g.mainlineMoves().split(" ").filter(Boolean);
    const tag = g.headers("Result");
    g.delete();
    say("");
    startGame("both", start, moves);
    judge();
    // A result the text gives stands, as on the served board, unless the
    // rules ended the game first.
    const token = ["1-0", "0-1", "1/2-1/2"].includes(tag) ? tag : text.match(/(1-0|0-1|1\/2-1\/2)\s*$/)?.[1];
    if (!game.end && token) game.end = { result: token, text: `Result as imported: ${token}` };
    save();
    controller.draw();
    // The text's variations are kept (the server's reading of them).
    if (text.includes("(")) variations.change("import", { pgn: text });
  } catch (e) {
    say(String(e.message ?? e));
  }
}

// ---------------------------------------------------------------- start

// The board controller over the rules and the worker engine in this
// browser (controller.js).
const controller = new BoardController({
  view: siteView,
  play: (uci) => play(uci, true),
  newGame: (side) => { startGame(side === "white" ? "w" : side === "black" ? "b" : "both"); maybeEngine(); },
  again: () => { startGame(game.human === "b" ? "b" : "w"); maybeEngine(); },
  takeBack,
  resign: resignOrAbort,
  // On the person's turn the engine takes their side (the sides swap).
  engineMove: () => { if (game.human !== "both") game.human = game.human === "w" ? "b" : "w"; save(); askEngine(); },
  setFen: setStart,
  importPgn: importGame,
  review,
  nav: {
    shown: () => ({ ply: shownPly(), plies: game.moves.length, variation: variations.shown() }),
    goPly: goto,
    goNode: (node) => { if (!learn.active) variations.change("goto", { target: node }); },
    change: (action) => variations.change(action, { target: game.node }),
  },
  drawn: drawSitePanels,
  // While the engine thinks at the game's end, the person's next move can
  // be queued (premove.js).
  premoveSide: () => (ui.thinking && game.human !== "both" && !game.end && ui.ply === null && !learn.active
    ? (game.human === "w" ? "white" : "black") : null),
  reach: (from) => premoveReach(Board, board.fen(), from),
  // Lines of another position are not left on screen after Stop.
  analysis: () => ({ lines: ui.linesFen === board.fen() ? Object.values(ui.lines) : [], running: ui.analysing }),
  playMoves: (moves) => moves.forEach((uci) => play(uci, true)),
});

// The static board's own controls (the controller wires the game's).
function wireSite() {
  // The PGN is made when it is asked for, not at every change, and its
  // blob is freed once the download has it.
  $("pgn-download").onclick = async (ev) => {
    ev.preventDefault();
    let text;
    try { text = await pgn(); } catch (e) { return say(e.message); }
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], { type: "application/x-chess-pgn" }));
    link.download = "humpty.pgn";
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  };
  $("analyse").onclick = analyse;
  $("stop").onclick = stopWorkerAnalysis;
  $("level").onchange = () => { if (game) { game.level = $("level").value; save(); } };
  setInterval(checkFlag, 200);
}

async function startSite() {
  ui.data = await (await fetch("site-data.json")).json();
  await tables.load();
  controller.start({ pieces: ui.data.pieces, levels: ui.data.levels });
  wireSite();
  try {
    game = JSON.parse(localStorage.getItem(STORE) ?? "null");
    if (game) {
      game.id ??= Date.now();
      game.tree ??= null;
      game.node ??= null;
      $("level").value = game.level;
      // The clock menu says the stored game's clock.
      $("clock-choice").value = game.clock ? `${game.clock.base / 1000}+${game.clock.inc / 1000}` : "";
      rebuild();
    }
  } catch {
    game = null;
  }
  if (!game) startGame("w");
  // "Analyse this position" from the puzzles: `#fen=...` opens it for both
  // sides, once (the hash is then cleared).
  const asked = location.hash.startsWith("#fen=") ? decodeURIComponent(location.hash.slice(5)) : null;
  if (asked) {
    history.replaceState(null, "", location.pathname);
    if (validateFen(asked, "humpty") === 1) startGame("both", asked);
    else say(`That FEN cannot be used: ${asked}`);
  }
  // A clock that ran while the page was closed is charged for that time.
  controller.draw();
  // The variations are drawn once the worker has read them.
  if (game.tree) variations.change("view");
  maybeEngine();
}

startSite();
