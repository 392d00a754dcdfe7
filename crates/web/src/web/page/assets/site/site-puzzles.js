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
let THEME_NAMES = {};
const P = { rows: [], row: null, moves: [], fen: "", ply: 0, board: null, selected: null, rated: false, failed: false, over: false, busy: false };
let saved = { player: null, puzzles: {}, streak: 0, done: [] };

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
    sq.classList.toggle("selected", name === P.selected);
    sq.classList.toggle("dest", dests.includes(name));
    sq.classList.toggle("last", !!last && (last.startsWith(name) || last.slice(2).startsWith(name)));
  });
  $("p-rating").textContent = rating();
  $("p-streak").textContent = saved.streak;
  $("p-retry").hidden = !P.over;
  $("p-solution").disabled = P.over;
}

function movesFrom(square) {
  return P.board.legalMoves().split(" ").filter((m) => m && m.startsWith(square) && !/\d/.test(m[square.length]));
}

function mover() { return P.board.turn() ? "White" : "Black"; }

function start(row) {
  P.row = row;
  const f = fields(row);
  Object.assign(P, { moves: f.moves, fen: f.fen, ply: 0, selected: null, rated: false, failed: false, over: false });
  if (P.board) P.board.delete();
  P.board = new Board("humpty", f.fen);
  document.body.dataset.puzzle = f.id;
  $("p-about").textContent = `Puzzle ${f.id}, rated ${Math.round(saved.puzzles[f.id]?.rating ?? f.rating)}.`;
  $("p-change").textContent = "";
  draw();
  // The opponent's mistake, then the solver's turn.
  setTimeout(() => {
    P.board.push(P.moves[0]);
    P.ply = 1;
    draw();
    status(`Find the best move for ${mover()}.`);
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
  save();
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
    $("p-message").textContent = e.message;
    return;
  } finally {
    P.busy = false;
  }
  if (r.step === "wrong") {
    P.failed = true;
    draw();
    status("That is not the move. Try again.");
    return rate(false);
  }
  P.board.push(move);
  P.ply += 1;
  if (r.step === "solved") return finish();
  draw();
  status("Good move! Keep going…");
  setTimeout(() => { P.board.push(r.reply); P.ply += 1; draw(); status(`Find the best move for ${mover()}.`); }, 400);
}

async function finish() {
  P.over = true;
  const clean = !P.failed;
  draw();
  status(clean ? "Solved!" : "Puzzle over: solved after a mistake.");
  showThemes();
  await rate(clean);
}

// The puzzle's themes by name, once it is over.
function showThemes() {
  const f = fields(P.row);
  const names = f.themes.split(" ").filter(Boolean).map((t) => THEME_NAMES[t] ?? t);
  $("p-about").textContent = `Puzzle ${f.id}, rated ${Math.round(saved.puzzles[f.id]?.rating ?? f.rating)}. Themes: ${names.join(", ") || "none"}.`;
}

// Give up: the rest of the line, one move at a time.
async function solution() {
  if (P.over || P.ply === 0) return;
  P.failed = true;
  P.over = true;
  status("The solution…");
  const rated = rate(false);
  while (P.ply < P.moves.length) {
    P.board.push(P.moves[P.ply]);
    P.ply += 1;
    draw();
    await new Promise((r) => setTimeout(r, 350));
  }
  status("That was the solution.");
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
  THEME_NAMES = data.themes ?? {};
  P.rows = (await (await fetch("puzzles.csv")).text()).split("\n").slice(1).filter(Boolean);
  buildSquares(false);
  document.querySelectorAll("#board .sq").forEach((sq) => sq.addEventListener("click", () => click(sq.dataset.square)));
  $("p-next").onclick = () => start(pick());
  $("p-retry").onclick = () => start(P.row);
  $("p-solution").onclick = solution;
  start(pick());
}

main();
