// The web board: draws the game the server sends (its state, on the
// game's event stream), lets the person move by click-click or
// drag-and-drop among the legal moves the server lists (humpty's rules
// core), and streams analysis. The page holds no rules of its own, and
// never decides whose turn it is: the server starts the engine's moves.

import { startAnalysis, startLocalAnalysis, stopAnalysis, stopLocalAnalysis } from "./analysis.js";
import { shapes } from "./arrows.js";
import { clockChoice, clockFrom, tickClock } from "./clock.js";
import { BoardController } from "./controller.js";
import { $, say } from "./dom.js";
import { drawExplorer } from "./explorer.js";
import { drawFriend, myColor, wireFriends } from "./friends.js";
import { gameIdFromUrl, openGame, reopenCurrent } from "./games.js";
import { loadLocal, local, localLegal, premoveTargets } from "./local.js";
import { firstMovePly } from "./movelist.js";
import { playSound, soundFor, wirePrefs } from "./prefs.js";
import { currentReview, drawReview, learnMove, learningPly, startReview, wireLearning } from "./review.js";
import { act, api, gamePath, page, ui } from "./served.js";
import { drawTablebase } from "./tablebase.js";

// ---------- drawing ----------

// What the board controller draws (controller.js) for the state shown.
function servedView() {
  const g = ui.game;
  const friends = g.human === "friends";
  // A finished game's result stands (the server refuses a take-back).
  const finished = !!g.result && g.human !== "both";
  return {
    fen: g.fen, last: g.last_move, check: g.check,
    // The highlights: by the rules in this page when it has them
    // (local.js), else from the server's list; the server judges the move.
    legal: humanMayMove() ? (local.rules ? localLegal(g.fen) : g.legal).map((m) => m.uci) : [],
    moves: g.moves, start: g.start_fen, ply: g.variation ? null : g.ply,
    result: g.result, banner: g.result, report: currentReview(), solving: learningPly(),
    tree: g.variations ? { variations: g.variations, node: g.variation && g.variation.node } : null,
    variationTools: !!g.variation, status: statusText(),
    // A take-back goes to the person's previous turn: none before their
    // first move. A finished game shown at an earlier ply is still finished.
    undo: !(g.moves.length === 0 || friends || finished || !personHasMoved(g)),
    // Before both sides have moved a game is aborted, not resigned (lichess).
    resign: { enabled: !(finished || g.status.over || g.human === "both" || (friends && !ui.color)), label: g.abortable ? "Abort" : "Resign" },
    engine: !(finished || g.status.over || ui.thinking || friends),
    analysisBoard: g.human === "both",
  };
}

// Whether the person playing one side has a move in the game (on an
// analysis board, whether any move was played).
function personHasMoved(state) {
  if (state.human !== "white" && state.human !== "black") return state.moves.length > 0;
  return state.moves.length > firstMovePly(state.start_fen, state.human[0]);
}

function statusText() {
  const g = ui.game;
  if (ui.thinking) return "humpty is thinking…";
  if (g.variation && !g.status.over) return `${g.status.text} (in a variation)`;
  if (!g.status.over && g.ply < g.moves.length) return `${g.status.text} (move ${g.ply} of ${g.moves.length})`;
  return g.status.text;
}

// A change comes as a delta (`line`: the moves from a ply on), one
// version after the state it applies to; the whole state (`moves`) when a
// page joins or asks. A delta this page cannot piece together (one was
// missed) fetches the whole state again.
function merged(prev, state) {
  if (state.moves) return state;
  const next = prev && prev.id === state.id && state.version === prev.version + 1;
  if (!next || prev.moves.length < state.line.from) return null;
  state.moves = prev.moves.slice(0, state.line.from).concat(state.line.moves);
  return state;
}

// A state from the server (an answer or an event): merged, then drawn.
function receive(delta) {
  const prev = ui.game;
  // Answers and events can cross: an older state never replaces a newer.
  if (prev && prev.id === delta.id) {
    if (delta.seq < prev.seq) return;
    if (!delta.moves && delta.version <= prev.version) return; // already shown
  }
  const state = merged(prev, delta);
  if (!state) {
    api("GET", `/api/games/${delta.id}`).then((whole) => { if (ui.game && ui.game.id === whole.id) receive(whole); }).catch(() => {});
    return;
  }
  const moved = !prev || prev.fen !== state.fen;
  const restartAnalysis = ui.analysis && moved;
  // Lines of another position are never left on screen.
  if (moved && !ui.analysis) ui.lines = {};
  const sound = soundFor(prev, state);
  if (sound) playSound(sound);
  ui.game = state;
  ui.thinking = state.waiting === "engine";
  controller.draw();
  if (restartAnalysis) startAnalysis();
  if (local.running && local.fen !== state.fen) startLocalAnalysis();
  // A queued premove is played when the turn comes back to this page.
  if (prev && prev.id === state.id && prev.turn !== state.turn && humanMayMove()) controller.premove.play();
}

// The served board's own panels, after each draw of the board.
function drawServedPanels() {
  const state = ui.game;
  drawExplorer();
  drawTablebase();
  setLevelBox(state.level);
  $("pgn-download").href = gamePath("/pgn");
  const friends = state.human === "friends";
  $("set-fen").disabled = $("import-pgn").disabled = friends;
  $("analyse").disabled = $("analyse-local").disabled = friends && !state.status.over;
  drawFriend(state);
  drawReview();
  clockFrom(state);
}

// ---------- moving ----------

function humanMayMove() {
  const g = ui.game;
  if (g && learningPly() !== null) return g.ply === learningPly();
  if (!g || g.status.over || ui.thinking) return false;
  if (g.human === "friends") return ui.color === g.turn && g.ply === g.moves.length;
  return g.human === "both" || g.human === g.turn;
}

// A move the person chose (controller.js): an exercise's move is
// judged, not played.
function playMove(uci) {
  if (learningPly() !== null) return learnMove(uci);
  return act("POST", "/move", { move: uci, seat: ui.seat || undefined });
}

// "Engine move": on your own turn the engine takes your side (the sides
// swap); on an analysis board it plays the side to move once. The server
// sends the move on the event stream.
async function engineMove() {
  if (ui.thinking) return;
  const id = ui.game.id;
  try {
    const state = await api("POST", gamePath("/engine-move"), { now: true });
    if (ui.game.id === id) receive(state);
  } catch (e) {
    if (ui.game.id === id) say(e.message, "msg-play");
  }
}

// ---------- setup ----------

function levelChoice() {
  const v = $("level").value;
  if (v === "movetime" || v === "nodes") {
    const n = parseInt($("custom-value").value, 10);
    return v === "movetime" ? { movetime_ms: n } : { nodes: n };
  }
  return { name: v };
}

// The level box shows the game's level (after a reload too).
function setLevelBox(level) {
  const sel = $("level");
  if (!level || document.activeElement === sel) return;
  const custom = level.name ? null : (level.movetime_ms ? "movetime" : "nodes");
  sel.value = level.name || custom;
  $("custom-wrap").hidden = !custom;
  if (custom) {
    $("custom-unit").textContent = custom === "movetime" ? "ms" : "nodes";
    if (document.activeElement !== $("custom-value")) $("custom-value").value = level.movetime_ms || level.nodes;
  }
}

async function newGame(human, fen) {
  try {
    const body = { human, level: levelChoice() };
    if (human !== "both") body.clock = clockChoice();
    if (fen) body.fen = fen;
    const state = await api("POST", "/api/games", body);
    say("", "msg-new");
    await openGame(state.id);
    return true;
  } catch (e) {
    say(e.message, "msg-new");
    return false;
  }
}

// The side a new game from this one gives the person (a game between two
// people: the side this page played).
function sameSeats() {
  const h = ui.game.human;
  return h === "friends" ? ui.color || "white" : h;
}

// A finished game keeps its moves: a new position or PGN starts a new
// game with the same sides.
async function setFen(fen) {
  if (ui.game.result && ui.game.human !== "both") return newGame(sameSeats(), fen);
  return act("POST", "/position", { fen }, "message");
}

async function importPgn(pgn) {
  if (ui.game.result && ui.game.human !== "both" && !(await newGame(sameSeats()))) return;
  return act("POST", "/pgn", { pgn }, "message");
}

// The level box (filled by the controller) with its custom choices; a
// change applies to the game shown.
function wireLevels(data) {
  ui.levels = data.levels;
  const sel = $("level");
  const custom = document.createElement("optgroup");
  custom.label = "custom";
  custom.append(new Option("time per move…", "movetime"), new Option("nodes per move…", "nodes"));
  sel.appendChild(custom);
  sel.onchange = () => {
    const custom = sel.value === "movetime" || sel.value === "nodes";
    $("custom-wrap").hidden = !custom;
    $("custom-unit").textContent = sel.value === "movetime" ? "ms" : "nodes";
    $("custom-value").value = sel.value === "movetime" ? 500 : 20000;
    if (!custom && ui.game) act("POST", "/settings", { level: levelChoice() }, "msg-new");
  };
  $("custom-value").onchange = () => act("POST", "/settings", { level: levelChoice() }, "msg-new");
}

// The board controller over the server's API (controller.js).
const controller = new BoardController({
  view: servedView,
  play: playMove,
  newGame,
  again: () => newGame(sameSeats()),
  takeBack: () => act("POST", "/undo"),
  resign: () => {
    const seat = ui.seat || undefined;
    if (ui.game.abortable) act("POST", "/abort", { seat });
    else if (confirm("Resign this game?")) act("POST", "/resign", { seat });
  },
  engineMove,
  setFen,
  importPgn,
  review: () => startReview(),
  nav: {
    shown: () => ({ ply: ui.game.ply, plies: ui.game.moves.length, variation: ui.game.variation }),
    goPly: (ply) => act("POST", "/goto", { ply }),
    goNode: (node) => act("POST", "/goto", { node }),
    change: (action) => act("POST", "/variation", { node: ui.game.variation.node, action }),
  },
  // A premove may be set while the opponent (the engine, or a friend) is
  // to move at the game's end.
  premoveSide: () => {
    const g = ui.game;
    const me = myColor();
    return me && !g.status.over && g.turn !== me && g.ply === g.moves.length ? me : null;
  },
  reach: (from) => premoveTargets(ui.game.fen, from),
  analysis: () => ({ lines: Object.values(ui.lines), running: !!ui.analysis || local.running }),
  playMoves: async (moves) => {
    for (const uci of moves) if (!(await act("POST", "/move", { move: uci }))) return;
  },
  drawn: drawServedPanels,
});
Object.assign(page, { controller, receive, humanMayMove });
// The page's state, for the console (and the browser tests).
window.humpty = { ui, controller, local, shapes, act, humanMayMove };

// The served board's own controls (the controller wires the game's).
function wireServed() {
  $("analyse").onclick = () => startAnalysis();
  wireLearning();
  $("stop").onclick = () => { stopLocalAnalysis(); stopAnalysis(); };
  $("analyse-local").onclick = () => startLocalAnalysis();
  $("multipv").onchange = () => { if (ui.analysis) startAnalysis(); };
  $("copy-fen").onclick = () => navigator.clipboard && navigator.clipboard.writeText(ui.game.fen).then(() => say("FEN copied", "message", "ok"));
  setInterval(tickClock, 200);
}

async function startServed() {
  await loadLocal();
  wirePrefs();
  let data = { pieces: [], levels: null };
  try {
    data = { pieces: (await api("GET", "/api/pieces")).pieces, levels: await api("GET", "/api/levels") };
  } catch (e) {
    say(e.message);
  }
  controller.start(data);
  if (data.levels) wireLevels(data.levels);
  wireServed();
  wireFriends();
  const id = gameIdFromUrl();
  if (id) {
    try {
      await openGame(id, false);
      return;
    } catch (e) {
      say(`Game ${id}: ${e.message}. A new game starts instead.`, "msg-new");
    }
  }
  // The front page reopens this browser's unfinished game, if any.
  if (!id && (await reopenCurrent())) return;
  await newGame("white");
}

startServed();
