// The puzzle trainer with no server: the shipped puzzle set
// (`puzzles.csv`), each move judged and each attempt rated (Glicko-2) in
// the worker engine by the server's own code (humpty-analysis), and the
// ratings kept in localStorage. A wrong move or the solution rates the
// attempt as failed; each puzzle is rated once.

import { Board } from "./humpty/index.js";
import { HumptyEngine } from "./humpty/engine/index.js";
import { moveSquares } from "./board.js";
import { PIECE_KINDS } from "./pieces.js";
import { PuzzleTrainer } from "./puzzletrainer.js";
import { showPuzzleRating, showRatingChange } from "./puzzleview.js";

const STORE = "humpty-site-puzzles";
const engine = new HumptyEngine();
// The puzzle shown: its CSV row, the board it is played on (the rules in
// WebAssembly), the ply reached, and whether it was rated.
const site = { rows: [], row: null, board: null, ply: 0, rated: false };
// The player's rating after each rated attempt is `history`.
let saved = { player: null, puzzles: {}, streak: 0, done: [], history: [] };

function load() {
  try { saved = { ...saved, ...JSON.parse(localStorage.getItem(STORE) ?? "{}") }; } catch { /* a fresh start */ }
}
function save() { try { localStorage.setItem(STORE, JSON.stringify(saved)); } catch { /* private mode */ } }
function rating() { return Math.round(saved.player?.rating ?? 1500); }

// A line of lichess's puzzle CSV: id, FEN, moves, rating, ..., themes.
function fields(row) {
  const f = row.split(",");
  return { id: f[0], fen: f[1], moves: f[2].split(" "), rating: Number(f[3]), themes: f[7] };
}

// The next puzzle: one not yet solved here, near the player's rating.
function pick() {
  const open = site.rows.filter((r) => !saved.done.includes(fields(r).id));
  const pool = open.length ? open : site.rows;
  const near = [...pool].sort((a, b) => Math.abs(fields(a).rating - rating()) - Math.abs(fields(b).rating - rating())).slice(0, 10);
  return near[Math.floor(Math.random() * near.length)];
}

// The position's moves for the trainer.
function legal() {
  return site.board.legalMoves().split(" ").filter(Boolean);
}

// The puzzle's themes, by code.
function themesOf() {
  return fields(site.row).themes.split(" ").filter(Boolean);
}

// Each puzzle is rated once in this browser: its first attempt counts,
// a retry or a second visit does not (as the server rates).
async function rate(solved) {
  const f = fields(site.row);
  if (site.rated || saved.done.includes(f.id)) return;
  site.rated = true;
  saved.done = [...saved.done, f.id];
  const before = rating();
  const r = await engine.puzzleRate({ row: site.row, player: saved.player, puzzle: saved.puzzles[f.id] ?? null, solved });
  saved.player = r.player;
  saved.puzzles[f.id] = r.puzzle;
  saved.streak = solved ? saved.streak + 1 : 0;
  saved.history = [...(saved.history ?? []), saved.player.rating];
  save();
  showRatingChange(rating() - before);
  showPuzzleRating(player());
}

// The player as this browser keeps it.
function player() {
  return { rating: rating(), streak: saved.streak, history: saved.history ?? [] };
}

const trainer = new PuzzleTrainer({
  themes: {},
  // A puzzle from the set (the same one again for a retry): its position,
  // the opponent's move played on this page's board.
  async deal(kind) {
    if (kind !== "retry" || !site.row) site.row = pick();
    const f = fields(site.row);
    if (site.board) site.board.delete();
    site.board = new Board("humpty", f.fen);
    site.rated = false;
    site.board.push(f.moves[0]);
    site.ply = 1;
    showRatingChange(null);
    const color = site.board.turn() ? "white" : "black";
    const shown = Math.round(saved.puzzles[f.id]?.rating ?? f.rating);
    return { puzzle: { id: f.id, rating: shown, color }, before: f.fen, mistake: f.moves[0], fen: site.board.fen(), legal: legal(), resumed: null, about: "" };
  },
  async judge(move) {
    const r = await engine.puzzleJudge({ row: site.row, ply: site.ply, move });
    if (r.step === "wrong") {
      await rate(false);
      return { correct: false };
    }
    site.board.push(move);
    site.ply += 1;
    const fen = site.board.fen();
    if (r.step === "solved") return { correct: true, solved: true, fen, themes: themesOf() };
    site.board.push(r.reply);
    site.ply += 1;
    return { correct: true, solved: false, fen, reply: r.reply, replyFen: site.board.fen(), legal: legal() };
  },
  async hint() {
    rate(false);
    return moveSquares(fields(site.row).moves[site.ply])[0];
  },
  // Give up: the rest of the line.
  async solution() {
    rate(false);
    const moves = fields(site.row).moves;
    const steps = [];
    for (; site.ply < moves.length; site.ply++) {
      site.board.push(moves[site.ply]);
      steps.push({ fen: site.board.fen(), move: moves[site.ply] });
    }
    return { steps, themes: themesOf() };
  },
  over(clean) { rate(clean); },
  // The position before the puzzle's first move, on the analysis board.
  analyse() { location.href = `index.html#fen=${encodeURIComponent(fields(site.row).fen)}`; },
});

async function startSitePuzzles() {
  load();
  const data = await (await fetch("site-data.json")).json();
  for (const p of data.pieces) PIECE_KINDS[p.letter] = p;
  Object.assign(trainer.backend.themes, data.themes ?? {});
  site.rows = (await (await fetch("puzzles.csv")).text()).split("\n").slice(1).filter(Boolean);
  trainer.start();
  showPuzzleRating(player());
  trainer.deal("next");
}

startSitePuzzles();
