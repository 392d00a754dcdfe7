// The web board: draws the game the server sends (its state, on the
// game's event stream), lets the person move by click-click or
// drag-and-drop among the legal moves the server lists (humpty's rules
// core), and streams analysis. The page holds no rules of its own, and
// never decides whose turn it is: the server starts the engine's moves.
"use strict";

const $ = (id) => document.getElementById(id);

const ui = {
  game: null,        // the last state from the server
  men: {},           // its pieces by square (from its FEN)
  flipped: false,
  selected: null,    // square name of the picked-up piece
  drag: null,        // {from, el, ghost, startX, startY, moved}
  thinking: false,   // the server says the engine is thinking
  seat: null,        // this page's seat key, in a game between two people
  color: null,       // ... and the side it plays
  analysis: null,    // EventSource of the running analysis
  lines: {},         // multipv -> latest info
  levels: [],
};

// ---------- server calls ----------

async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  const res = await fetch(path, opts);
  const data = await res.json().catch(() => ({ error: `HTTP ${res.status}` }));
  if (!res.ok) throw new Error(data.error || `HTTP ${res.status}`);
  return data;
}

const gamePath = (rest = "") => `/api/games/${ui.game.id}${rest}`;

// A message next to the control that caused it ("where" names the box's
// message line); one at a time. Errors are red, other news is not.
function say(text, where = "message", kind = "error") {
  document.querySelectorAll(".message").forEach((el) => { if (el.id !== where) el.textContent = ""; });
  const el = $(where);
  el.textContent = text || "";
  el.classList.toggle("ok", kind !== "error");
  if (text) el.scrollIntoView({ block: "nearest" });
}

async function act(method, rest, body, where = "msg-play") {
  try {
    const state = await api(method, gamePath(rest), body);
    say("", where);
    show(state);
    return state;
  } catch (e) {
    say(e.message, where);
    return null;
  }
}

// ---------- drawing ----------


function buildBoard() { buildSquares(ui.flipped); }

function drawPieces() {
  const men = ui.men;
  document.querySelectorAll("#board .sq").forEach((sq) => {
    const letter = men[sq.dataset.square];
    const old = sq.querySelector(".piece");
    if (old && old.dataset.piece === letter) return;
    if (old) old.remove();
    if (letter) {
      const p = pieceElement(letter);
      sq.appendChild(p);
      const last = ui.game && ui.game.last_move;
      if (last && last.to === sq.dataset.square) slideIn(p, squareEl(last.from), sq);
    }
  });
}

// A dragged piece is already where it was dropped: no slide.
function slideIn(piece, fromSq, toSq) {
  if (ui.justDragged) { ui.justDragged = false; return; }
  slidePiece(piece, fromSq, toSq);
}

function drawMarks() {
  const g = ui.game;
  document.querySelectorAll("#board .sq").forEach((sq) => {
    const s = sq.dataset.square;
    sq.classList.toggle("last", !!g.last_move && (g.last_move.from === s || g.last_move.to === s));
    sq.classList.toggle("check", g.check === s);
    sq.classList.toggle("selected", ui.selected === s);
    sq.classList.remove("dest", "capture");
  });
  if (ui.selected) {
    for (const m of movesFrom(ui.selected)) {
      const sq = squareEl(m.to);
      sq.classList.add("dest");
      if (ui.men[m.to]) sq.classList.add("capture");
    }
  }
}

function squareEl(name) { return document.querySelector(`#board .sq[data-square="${name}"]`); }

// The move list, with the review's words once the game is reviewed.
function drawMoves() {
  const g = ui.game;
  const tree = g.variations ? { variations: g.variations, node: g.variation && g.variation.node } : null;
  drawMoveList($("moves"), reviewedMoves(g.moves, currentReview(), learningPly()), g.start_fen, g.variation ? null : g.ply, g.result, tree);
  $("variation-tools").hidden = !g.variation;
}

// Whether the person playing one side has a move in the game (on an
// analysis board, whether any move was played).
function personHasMoved(state) {
  if (state.human !== "white" && state.human !== "black") return state.moves.length > 0;
  return state.moves.length > firstMovePly(state.start_fen, state.human[0]);
}

// The game-over banner: the result and why, over the board's foot.
function drawBanner() {
  const r = ui.game.result;
  $("banner").hidden = !r;
  if (r) $("banner-text").textContent = endWords(r);
  // An aborted game has no moves worth a review.
  $("banner-review").hidden = !!r && r.reason === "aborted";
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

function show(delta) {
  const prev = ui.game;
  // Answers and events can cross: an older state never replaces a newer.
  if (prev && prev.id === delta.id) {
    if (delta.seq < prev.seq) return;
    if (!delta.moves && delta.version <= prev.version) return; // already shown
  }
  const state = merged(prev, delta);
  if (!state) {
    api("GET", `/api/games/${delta.id}`).then((whole) => { if (ui.game && ui.game.id === whole.id) show(whole); }).catch(() => {});
    return;
  }
  const moved = !prev || prev.fen !== state.fen;
  const restartAnalysis = ui.analysis && moved;
  // Lines of another position are never left on screen.
  if (moved && !ui.analysis) { ui.lines = {}; drawLines(); }
  const sound = soundFor(prev, state);
  if (sound) playSound(sound);
  ui.game = state;
  ui.thinking = state.waiting === "engine";
  ui.men = placement(state.fen);
  if (ui.selected && !movesFrom(ui.selected).length) ui.selected = null;
  drawPieces();
  drawMarks();
  // The move list is drawn by drawReview() below, with the review's words.
  drawBanner();
  drawExplorer();
  drawTablebase();
  setLevelBox(state.level);
  $("status").textContent = statusText();
  $("fen").textContent = state.fen;
  $("pgn-download").href = gamePath("/pgn");
  const friends = state.human === "friends";
  // A finished game's result stands (the server refuses a take-back).
  const finished = !!state.result && state.human !== "both";
  // A take-back goes to the person's previous turn: none before their
  // first move. A finished game shown at an earlier ply is still finished.
  $("undo").disabled = state.moves.length === 0 || friends || finished || !personHasMoved(state);
  // Before both sides have moved a game is aborted, not resigned (lichess).
  $("resign").textContent = state.abortable ? "Abort" : "Resign";
  $("resign").disabled = finished || state.status.over || state.human === "both" || (friends && !ui.color);
  $("engine-go").disabled = finished || state.status.over || ui.thinking || friends;
  $("set-fen").disabled = $("import-pgn").disabled = friends;
  $("analyse").disabled = friends && !state.status.over;
  drawFriend(state);
  // The bar turns with the board (White's side at the bottom when you
  // play White, at the top when you play Black).
  evalBar(ui.lines[1]);
  drawReview();
  if (restartAnalysis) startAnalysis();
  if (local.running && local.fen !== state.fen) startLocalAnalysis();
  $("analyse-local").disabled = friends && !state.status.over;
  clockFrom(state);
  // A queued premove is played when the turn comes back to this page.
  if (prev && prev.id === state.id && prev.turn !== state.turn && humanMayMove()) playPremove();
}

// ---------- moving ----------

function humanMayMove() {
  const g = ui.game;
  if (g && learningPly() !== null) return g.ply === learningPly();
  if (!g || g.status.over || ui.thinking) return false;
  if (g.human === "friends") return ui.color === g.turn && g.ply === g.moves.length;
  return g.human === "both" || g.human === g.turn;
}

// The highlights: by the rules in this page when it has them (local.js),
// else from the server's list; the server judges the move either way.
function movesFrom(square) {
  if (!humanMayMove()) return [];
  const legal = local.rules ? localLegal(ui.game.fen) : ui.game.legal;
  return legal.filter((m) => m.from === square);
}

async function tryMove(from, to) {
  const choices = ui.game.legal.filter((m) => m.from === from && m.to === to);
  ui.selected = null;
  if (!choices.length || !humanMayMove()) { drawMarks(); return; }
  let move = choices[0];
  if (choices.length > 1) {
    const uci = await pickPromotionOf(choices.map((m) => m.uci), ui.game.turn === "white");
    move = choices.find((m) => m.uci === uci);
    if (!move) { drawMarks(); return; }
  }
  // An exercise's move is judged, not played.
  if (learningPly() !== null) { drawMarks(); learnMove(move.uci); return; }
  await act("POST", "/move", { move: move.uci, seat: ui.seat || undefined });
}

// "Engine move": on your own turn the engine takes your side (the sides
// swap); on an analysis board it plays the side to move once. The server
// sends the move on the event stream.
async function engineMove() {
  if (ui.thinking) return;
  const id = ui.game.id;
  try {
    const state = await api("POST", gamePath("/engine-move"), { now: true });
    if (ui.game.id === id) show(state);
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
async function setFen() {
  const fen = $("fen-input").value.trim();
  if (ui.game.result && ui.game.human !== "both") return newGame(sameSeats(), fen);
  return act("POST", "/position", { fen }, "message");
}

async function importPgn() {
  const pgn = $("pgn-input").value;
  if (ui.game.result && ui.game.human !== "both" && !(await newGame(sameSeats()))) return;
  return act("POST", "/pgn", { pgn }, "message");
}

async function loadPieces() {
  const data = await api("GET", "/api/pieces");
  for (const p of data.pieces) {
    PIECE_KINDS[p.letter] = { name: p.name, moves: p.moves };
  }
  return data.pieces;
}

async function loadLevels() {
  const data = await api("GET", "/api/levels");
  ui.levels = data.levels;
  const sel = $("level");
  fillLevels(sel, data);
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

function wire() {
  attachBoardInput({
    targets: (square) => movesFrom(square).map((m) => m.to),
    selected: () => ui.selected,
    select: (square) => { ui.selected = square; drawMarks(); },
    move: (from, to, dragged) => { ui.justDragged = dragged; tryMove(from, to); },
    press: premovePress,
  });
  // A press anywhere off the board cancels a queued premove.
  document.addEventListener("pointerdown", (ev) => { if (!ev.target.closest("#board")) cancelPremove(); });
  $("new-white").onclick = () => newGame("white");
  $("new-black").onclick = () => newGame("black");
  $("new-both").onclick = () => newGame("both");
  $("undo").onclick = () => act("POST", "/undo");
  $("resign").onclick = () => {
    const seat = ui.seat || undefined;
    if (ui.game.abortable) act("POST", "/abort", { seat });
    else if (confirm("Resign this game?")) act("POST", "/resign", { seat });
  };
  $("flip").onclick = () => { ui.flipped = !ui.flipped; buildBoard(); show(ui.game); evalBar(ui.lines[1]); drawShapes(ui.flipped); };
  $("engine-go").onclick = () => engineMove();
  $("analyse").onclick = () => startAnalysis();
  $("review").onclick = () => startReview();
  wireLearning();
  $("stop").onclick = () => { stopLocalAnalysis(); stopAnalysis(); };
  $("analyse-local").onclick = () => startLocalAnalysis();
  $("multipv").onchange = () => { if (ui.analysis) startAnalysis(); };
  wireMoveNavigation({
    shown: () => ({ ply: ui.game.ply, plies: ui.game.moves.length, variation: ui.game.variation }),
    goPly: (ply) => act("POST", "/goto", { ply }),
    goNode: (node) => act("POST", "/goto", { node }),
    change: (action) => act("POST", "/variation", { node: ui.game.variation.node, action }),
  });
  $("copy-fen").onclick = () => navigator.clipboard && navigator.clipboard.writeText(ui.game.fen).then(() => say("FEN copied", "message", "ok"));
  $("set-fen").onclick = () => setFen();
  $("import-pgn").onclick = () => importPgn();
  $("banner-review").onclick = () => startReview();
  $("banner-new").onclick = () => newGame(sameSeats());
  setInterval(tickClock, 200);
}

async function main() {
  await loadLocal();
  wirePrefs();
  wireShapes(() => ui.flipped);
  wire();
  wireFriends();
  try {
    buildPiecesCard(await loadPieces());
    await loadLevels();
  } catch (e) {
    say(e.message);
  }
  buildBoard();
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

main();
