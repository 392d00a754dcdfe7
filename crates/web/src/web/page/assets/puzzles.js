// The puzzle trainer over the server: the server deals a position and its
// legal moves, judges every move and rates the attempt; the trainer
// (puzzletrainer.js) shows them.

import { $ } from "./dom.js";
import { PIECE_KINDS } from "./pieces.js";
import { PuzzleTrainer } from "./puzzletrainer.js";
import { say, showPuzzleRating, showRatingChange } from "./puzzleview.js";

const PLAYER_KEY = "humpty.puzzlePlayer";
// Each theme code's name and line for people (the server's theme list).
const THEMES = {};
// This browser's player (its key, kept in localStorage).
const player = { key: null };

async function call(method, path, body) {
  const res = await fetch(path, { method, headers: { "Content-Type": "application/json" }, body: body ? JSON.stringify(body) : undefined });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) { const e = new Error(data.error || `${res.status}`); e.status = res.status; throw e; }
  return data;
}

// The player of this browser (made once, kept in localStorage).
async function ensurePlayer() {
  let key = null;
  try { key = localStorage.getItem(PLAYER_KEY); } catch (e) { /* private mode */ }
  if (key) {
    try { showPuzzleRating(await call("POST", "/api/puzzles/me", { player: key })); player.key = key; return; } catch (e) { if (e.status !== 404 && e.status !== 400) throw e; }
  }
  const made = await call("POST", "/api/puzzles/player");
  player.key = made.player;
  try { localStorage.setItem(PLAYER_KEY, player.key); } catch (e) { /* private mode */ }
  showPuzzleRating(await call("POST", "/api/puzzles/me", { player: player.key }));
}

// The server's side of an attempt (puzzletrainer.js): `S.attempt` and
// `S.ply` name the attempt and the move a judgement answers.
const S = { attempt: null, ply: 0, fen: null };

// An attempt as the server gives it, for the trainer.
function attemptOf(r) {
  Object.assign(S, { attempt: r.attempt, ply: r.ply, fen: r.fen });
  const about = [r.puzzle.daily ? "Today's puzzle." : "", r.practice ? "Practice: your result on this puzzle was rated before." : ""];
  return {
    puzzle: r.puzzle, before: r.puzzle.fen, mistake: r.puzzle.mistake, fen: r.fen, legal: r.legal,
    failed: !!r.failed, resumed: r.resumed ? { fen: r.fen, last: r.last, legal: r.legal } : null,
    about: about.filter(Boolean).join(" "),
  };
}

const trainer = new PuzzleTrainer({
  themes: THEMES,
  async deal(kind) {
    if (kind === "retry") return attemptOf(await call("POST", `/api/puzzles/attempts/${S.attempt}/retry`, {}));
    const theme = $("p-theme").value || null;
    return attemptOf(await call("POST", "/api/puzzles/next", { player: player.key, theme, daily: kind === "daily" }));
  },
  // The ply says which move this answers: sent again after a lost answer,
  // the server gives the same answer and judges it once.
  async judge(move) {
    const r = await call("POST", `/api/puzzles/attempts/${S.attempt}/move`, { move, ply: S.ply });
    if (r.rated) rated(r.rated);
    if (r.correct && !r.solved) S.ply = r.ply;
    return { correct: r.correct, solved: r.solved, fen: r.fen, themes: r.themes, reply: r.reply, replyFen: r.reply_fen, legal: r.legal };
  },
  async hint() {
    return (await call("POST", `/api/puzzles/attempts/${S.attempt}/hint`, {})).from;
  },
  async solution() {
    const r = await call("POST", `/api/puzzles/attempts/${S.attempt}/solution`, {});
    if (r.rated) rated(r.rated);
    return { steps: r.solution, themes: r.themes };
  },
  over() {},
  // The attempt's position on an analysis board of its own.
  async analyse() {
    try {
      const g = await call("POST", "/api/games", { human: "both", fen: S.fen });
      location.href = `/g/${g.id}`;
    } catch (e) { say(e.message, "bad"); }
  },
});

// An attempt rated by the server: its change now, the player's record
// (with the chart) as the server keeps it.
function rated(x) {
  showRatingChange(x.after - x.before);
  showPuzzleRating({ rating: x.after, streak: x.streak });
  call("POST", "/api/puzzles/me", { player: player.key }).then(showPuzzleRating).catch(() => {});
}

async function loadThemes() {
  const t = await call("GET", "/api/puzzles/themes");
  for (const x of t.themes) THEMES[x.theme] = { name: x.name, description: x.description };
  for (const x of t.themes) if (x.count > 0) $("p-theme").insertAdjacentHTML("beforeend", `<option value="${x.theme}">${x.name} (${x.count})</option>`);
}

async function loadPieceNames() {
  const data = await call("GET", "/api/pieces");
  for (const k of data.pieces || []) PIECE_KINDS[k.letter] = k;
}

async function startServedPuzzles() {
  trainer.start();
  try {
    await loadPieceNames();
    await ensurePlayer();
    await loadThemes();
    // A reload resumes the open attempt rather than dealing a new one.
    const open = await call("POST", "/api/puzzles/current", { player: player.key });
    if (open.attempt) trainer.show(attemptOf(open)); else await trainer.deal("next");
  } catch (e) { $("p-status").textContent = e.message; }
}

// The attempt as shown, for the console (and the browser tests).
window.humpty = { P: trainer.state };

startServedPuzzles();
