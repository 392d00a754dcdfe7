// The puzzle trainer with no server: the shipped puzzle set
// (`puzzles.csv`), each move judged and each attempt rated (Glicko-2) in
// the worker engine by the server's own code (humpty-analysis), and the
// ratings kept in localStorage. A wrong move or the solution rates the
// attempt as failed; each puzzle is rated once.
import { Board } from "./humpty/index.js";
import { HumptyEngine } from "./humpty/engine/index.js";

const $ = (id) => document.getElementById(id);
const STORE = "humpty-site-puzzles";
const engine = new HumptyEngine();
let THEMES = {};
const P = { rows: [], row: null, moves: [], fen: "", ply: 0, board: null, selected: null, hint: null, rated: false, failed: false, over: false, busy: false };
// The player's rating after each rated attempt is `history`.
let saved = { player: null, puzzles: {}, streak: 0, done: [], history: [] };

function load() {
  try { saved = { ...saved, ...JSON.parse(localStorage.getItem(STORE) ?? "{}") }; } catch { /* a fresh start */ }
}
function save() { try { localStorage.setItem(STORE, JSON.stringify(saved)); } catch { /* private mode */ } }
function status(text) { $("p-status").textContent = text; }
function rating() { return Math.round(saved.player?.rating ?? 1500); }

// A line of lichess's puzzle CSV: id, FEN, moves, rating, ..., themes.
function fields(row) {
  const f = row.split(",");
  return { id: f[0], fen: f[1], moves: f[2].split(" "), rating: Number(f[3]), themes: f[7] };
}

// The next puzzle: one not yet solved here, near the player's rating.
function pick() {
  const open = P.rows.filter((r) => !saved.done.includes(fields(r).id));
  const pool = open.length ? open : P.rows;
  const near = [...pool].sort((a, b) => Math.abs(fields(a).rating - rating()) - Math.abs(fields(b).rating - rating())).slice(0, 10);
  return near[Math.floor(Math.random() * near.length)];
}

function draw() {
  const men = placement(P.board.fen());
  const dests = P.selected ? movesFrom(P.selected).map((m) => m.slice(P.selected.length).match(/^[a-l]\d/)?.[0]) : [];
  const last = P.moves[P.ply - 1];
  document.querySelectorAll("#board .sq").forEach((sq) => {
    const name = sq.dataset.square;
    sq.querySelector(".piece")?.remove();
    if (men[name]) sq.appendChild(pieceElement(men[name]));
    sq.classList.toggle("selected", name === P.selected || name === P.hint);
    sq.classList.toggle("dest", dests.includes(name));
    sq.classList.toggle("last", !!last && (last.startsWith(name) || last.slice(2).startsWith(name)));
  });
  $("p-rating").textContent = rating();
  $("p-streak").textContent = saved.streak;
  puzzleButtons(P.over ? "over" : P.busy || P.ply % 2 === 0 ? "waiting" : "solving");
}

function movesFrom(square) {
  return P.board.legalMoves().split(" ").filter((m) => m && m.startsWith(square) && !/\d/.test(m[square.length]));
}


function start(row) {
  P.row = row;
  const f = fields(row);
  Object.assign(P, { moves: f.moves, fen: f.fen, ply: 0, selected: null, hint: null, rated: false, failed: false, over: false });
  if (P.board) P.board.delete();
  P.board = new Board("humpty", f.fen);
  document.body.dataset.puzzle = f.id;
  $("p-about").textContent = `Puzzle ${f.id}, rated ${Math.round(saved.puzzles[f.id]?.rating ?? f.rating)}.`;
  $("p-change").textContent = "";
  say("");
  showPuzzleThemes([], THEMES);
  status(PUZZLE_WORDS.opponent);
  draw();
  // The opponent's mistake, then the solver's turn.
  setTimeout(() => {
    P.board.push(P.moves[0]);
    P.ply = 1;
    draw();
    status(PUZZLE_WORDS.find(P.board.turn()));
  }, 400);
}

// Each puzzle is rated once in this browser: its first attempt counts,
// a retry or a second visit does not (as the server rates).
async function rate(solved) {
  const f = fields(P.row);
  if (P.rated || saved.done.includes(f.id)) return;
  P.rated = true;
  saved.done = [...saved.done, f.id];
  const before = rating();
  const r = await engine.puzzleRate({ row: P.row, player: saved.player, puzzle: saved.puzzles[f.id] ?? null, solved });
  saved.player = r.player;
  saved.puzzles[f.id] = r.puzzle;
  saved.streak = solved ? saved.streak + 1 : 0;
  saved.history = [...(saved.history ?? []), saved.player.rating];
  save();
  drawRatingChart(saved.history);
  const change = rating() - before;
  $("p-change").textContent = `${change >= 0 ? "+" : ""}${change}`;
  draw();
}

async function attempt(move) {
  if (P.busy || P.over || P.ply % 2 === 0) return;
  P.busy = true;
  P.selected = null;
  let r;
  try {
    r = await engine.puzzleJudge({ row: P.row, ply: P.ply, move });
  } catch (e) {
    say(e.message, "bad");
    return;
  } finally {
    P.busy = false;
  }
  if (r.step === "wrong") {
    P.failed = true;
    draw();
    status(PUZZLE_WORDS.wrong);
    say("Wrong move", "bad");
    return rate(false);
  }
  P.board.push(move);
  P.ply += 1;
  P.hint = null;
  if (r.step === "solved") return finish();
  draw();
  status(PUZZLE_WORDS.right);
  say("Best move!", "ok");
  setTimeout(() => { P.board.push(r.reply); P.ply += 1; draw(); status(PUZZLE_WORDS.find(P.board.turn())); }, 400);
}

async function finish() {
  P.over = true;
  const clean = !P.failed;
  say("");
  draw();
  status(clean ? PUZZLE_WORDS.solved : PUZZLE_WORDS.solvedWithHelp);
  showThemes();
  await rate(clean);
}

// The puzzle's themes by name with their lines, once it is over.
function showThemes() {
  showPuzzleThemes(fields(P.row).themes.split(" ").filter(Boolean), THEMES);
}

// A hint marks the piece to move; the attempt no longer counts as clean.
function hint() {
  if (P.over || P.busy || P.ply % 2 === 0) return;
  P.hint = P.moves[P.ply].match(/^[a-l]\d+/)?.[0] ?? null;
  P.failed = true;
  say(PUZZLE_WORDS.hint);
  draw();
  rate(false);
}

// Give up: the rest of the line, one move at a time.
async function solution() {
  if (P.over || P.ply === 0) return;
  P.failed = true;
  P.over = true;
  P.hint = null;
  say("");
  status("The solution…");
  const rated = rate(false);
  while (P.ply < P.moves.length) {
    P.board.push(P.moves[P.ply]);
    P.ply += 1;
    draw();
    await new Promise((r) => setTimeout(r, 350));
  }
  status(PUZZLE_WORDS.solution);
  showThemes();
  await rated;
}

function click(name) {
  if (P.over || P.busy || P.ply % 2 === 0) return;
  if (P.selected) {
    const choices = movesFrom(P.selected).filter((m) => m.slice(P.selected.length).startsWith(name) && !/\d/.test(m[P.selected.length + name.length] ?? ""));
    if (choices.length === 1) return void attempt(choices[0]);
    if (choices.length > 1) return promotion(choices);
  }
  P.selected = movesFrom(name).length ? name : null;
  draw();
}

// Several moves to one square: the promotions (and staying a Frog).
async function promotion(choices) {
  const m = await pickPromotionOf(choices, P.board.turn());
  P.selected = null;
  if (m) attempt(m);
  else draw();
}

async function main() {
  load();
  const data = await (await fetch("site-data.json")).json();
  for (const p of data.pieces) PIECE_KINDS[p.letter] = p;
  THEMES = data.themes ?? {};
  P.rows = (await (await fetch("puzzles.csv")).text()).split("\n").slice(1).filter(Boolean);
  buildSquares(false);
  document.querySelectorAll("#board .sq").forEach((sq) => sq.addEventListener("click", () => click(sq.dataset.square)));
  $("p-next").onclick = () => start(pick());
  $("p-retry").onclick = () => start(P.row);
  $("p-solution").onclick = solution;
  $("p-hint").onclick = hint;
  // The position before the puzzle's first move, on the analysis board.
  $("p-analyse").onclick = () => { location.href = `index.html#fen=${encodeURIComponent(fields(P.row).fen)}`; };
  drawRatingChart(saved.history ?? []);
  start(pick());
}

main();
