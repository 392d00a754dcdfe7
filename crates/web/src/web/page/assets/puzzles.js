// The puzzle trainer: the server gives a position and its legal moves,
// judges every move, and rates the attempt; this page only shows them.
"use strict";

const $ = (id) => document.getElementById(id);
const PLAYER_KEY = "humpty.puzzlePlayer";
// Each theme code's name and line for people (the server's theme list).
const THEMES = {};
const P = { key: null, attempt: null, puzzle: null, fen: null, legal: [], selected: null, last: null, done: false, failed: false, hint: null };

async function call(method, path, body) {
  const res = await fetch(path, { method, headers: { "Content-Type": "application/json" }, body: body ? JSON.stringify(body) : undefined });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) { const e = new Error(data.error || `${res.status}`); e.status = res.status; throw e; }
  return data;
}

function status(text) { $("p-status").textContent = text; }

// The player of this browser (made once, kept in localStorage).
async function ensurePlayer() {
  let key = null;
  try { key = localStorage.getItem(PLAYER_KEY); } catch (e) { /* private mode */ }
  if (key) {
    try { showRating(await call("POST", "/api/puzzles/me", { player: key })); P.key = key; return; } catch (e) { if (e.status !== 404 && e.status !== 400) throw e; }
  }
  const made = await call("POST", "/api/puzzles/player");
  P.key = made.player;
  try { localStorage.setItem(PLAYER_KEY, P.key); } catch (e) { /* private mode */ }
  showRating(await call("POST", "/api/puzzles/me", { player: P.key }));
}

function showRating(me) {
  $("p-rating").textContent = me.rating;
  $("p-streak").textContent = me.streak;
  drawRatingChart(me.history || []);
}

function squareEl(name) { return document.querySelector(`#board .sq[data-square="${name}"]`); }

// The board from P.fen, the last move sliding in.
function draw() {
  const men = placement(P.fen);
  document.querySelectorAll("#board .sq").forEach((sq) => {
    const s = sq.dataset.square;
    const letter = men[s];
    const old = sq.querySelector(".piece");
    if (!(old && old.dataset.piece === letter)) {
      if (old) old.remove();
      if (letter) {
        const p = pieceElement(letter);
        sq.appendChild(p);
        if (P.last && squareName(P.last, 1) === s) slidePiece(p, squareEl(squareName(P.last, 0)), sq);
      }
    }
    sq.classList.toggle("last", !!P.last && (squareName(P.last, 0) === s || squareName(P.last, 1) === s));
    sq.classList.toggle("selected", P.selected === s || P.hint === s);
    sq.classList.remove("dest", "capture");
  });
  if (P.selected) for (const m of movesFrom(P.selected)) {
    const sq = squareEl(squareName(m, 1));
    sq.classList.add("dest");
    if (men[squareName(m, 1)]) sq.classList.add("capture");
  }
}

// A wire move's origin (0) or destination (1) square.
function squareName(uci, which) {
  const parts = uci.match(/^([a-l]\d)([a-l]\d)/);
  return parts ? parts[which + 1] : null;
}

function movesFrom(s) { return P.legal.filter((m) => squareName(m, 0) === s); }

function onSquare(s) {
  if (P.done || !P.attempt) return;
  if (P.selected) {
    const choices = movesFrom(P.selected).filter((m) => squareName(m, 1) === s);
    if (choices.length === 1) { P.selected = null; play(choices[0]); return; }
    if (choices.length > 1) { promote(choices); return; }
  }
  const mine = movesFrom(s).length > 0;
  P.selected = mine && P.selected !== s ? s : null;
  draw();
}

// Several moves to one square: the promotions (and staying a Frog).
async function promote(choices) {
  const m = await pickPromotionOf(choices, P.puzzle.color === "white");
  P.selected = null;
  if (m) play(m);
  else draw();
}

async function play(uci) {
  const before = P.fen;
  P.fen = null;
  let r;
  // The ply says which move this answers: sent again after a lost answer,
  // the server gives the same answer and judges it once.
  try { r = await call("POST", `/api/puzzles/attempts/${P.attempt}/move`, { move: uci, ply: P.ply }); } catch (e) { P.fen = before; say(e.message, "bad"); draw(); return; }
  P.hint = null;
  if (r.rated) rated(r.rated);
  if (!r.correct) {
    P.fen = before;
    P.failed = true;
    draw();
    status(PUZZLE_WORDS.wrong);
    say("Wrong move", "bad");
    return;
  }
  P.fen = r.fen;
  P.last = uci;
  draw();
  if (r.solved) { finish(true, r.themes); return; }
  P.ply = r.ply;
  status(PUZZLE_WORDS.right);
  say("Best move!", "ok");
  puzzleButtons("waiting");
  setTimeout(() => { P.fen = r.reply_fen; P.last = r.reply; P.legal = r.legal; draw(); status(findText()); puzzleButtons("solving"); }, 450);
}

function findText() { return PUZZLE_WORDS.find(P.puzzle.color === "white"); }

function rated(x) {
  $("p-rating").textContent = x.after;
  const d = x.after - x.before;
  $("p-change").textContent = d >= 0 ? `+${d}` : `${d}`;
  $("p-streak").textContent = x.streak;
  call("POST", "/api/puzzles/me", { player: P.key }).then(showRating).catch(() => {});
}

// The end of an attempt: solved (cleanly or not) or shown the solution.
function finish(solved, themes) {
  P.done = true;
  P.hint = null;
  status(!solved ? PUZZLE_WORDS.solution : P.failed ? PUZZLE_WORDS.solvedWithHelp : PUZZLE_WORDS.solved);
  $("p-about").textContent = `Puzzle ${P.puzzle.id}, rated ${P.puzzle.rating}.`;
  showPuzzleThemes(themes || [], THEMES);
  puzzleButtons("over");
  draw();
}

async function start(daily = false) {
  say("");
  $("promotion").hidden = true;
  const theme = $("p-theme").value || null;
  let r;
  try { r = await call("POST", "/api/puzzles/next", { player: P.key, theme, daily }); } catch (e) { say(e.message, "bad"); return; }
  begin(r);
}

// Show an attempt: the position before the mistake, then the mistake; or,
// for an attempt resumed after a reload, where it stands.
function begin(r) {
  Object.assign(P, { attempt: r.attempt, puzzle: r.puzzle, legal: r.legal, ply: r.ply, selected: null, last: null, done: false, failed: !!r.failed, hint: null, start: r });
  say("");
  showPuzzleThemes([], THEMES);
  puzzleButtons("waiting");
  const about = [r.puzzle.daily ? "Today's puzzle." : "", r.practice ? "Practice: your result on this puzzle was rated before." : ""];
  $("p-about").textContent = about.filter(Boolean).join(" ");
  buildSquares(r.puzzle.color === "black");
  document.querySelectorAll("#board .sq").forEach((sq) => { sq.onclick = () => onSquare(sq.dataset.square); });
  if (r.resumed) { P.fen = r.fen; P.last = r.last; draw(); status(findText()); puzzleButtons("solving"); return; }
  P.fen = r.puzzle.fen;
  draw();
  status(PUZZLE_WORDS.opponent);
  setTimeout(() => { P.fen = r.fen; P.last = r.puzzle.mistake; draw(); status(findText()); puzzleButtons("solving"); }, 600);
}

async function hint() {
  if (P.done || !P.attempt) return;
  try { const h = await call("POST", `/api/puzzles/attempts/${P.attempt}/hint`, {}); P.hint = h.from; P.failed = true; draw(); say(PUZZLE_WORDS.hint); } catch (e) { say(e.message, "bad"); }
}

async function solution() {
  if (P.done || !P.attempt) return;
  let r;
  try { r = await call("POST", `/api/puzzles/attempts/${P.attempt}/solution`, {}); } catch (e) { say(e.message, "bad"); return; }
  if (r.rated) rated(r.rated);
  P.failed = true;
  P.done = true;
  P.hint = null;
  say("");
  puzzleButtons("waiting");
  status("The solution…");
  let i = 0;
  const step = () => {
    if (i >= r.solution.length) { finish(false, r.themes); return; }
    P.fen = r.solution[i].fen; P.last = r.solution[i].move; i++; draw();
    setTimeout(step, 700);
  };
  step();
}

// The same puzzle again, for practice (it is not rated twice).
async function retry() {
  if (!P.attempt) return;
  try { begin(await call("POST", `/api/puzzles/attempts/${P.attempt}/retry`, {})); } catch (e) { say(e.message, "bad"); }
}

async function analyse() {
  try {
    const g = await call("POST", "/api/games", { human: "both", fen: P.start.fen });
    location.href = `/g/${g.id}`;
  } catch (e) { say(e.message, "bad"); }
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

async function main() {
  $("p-hint").onclick = hint;
  $("p-solution").onclick = solution;
  $("p-next").onclick = () => start(false);
  $("p-daily").onclick = () => start(true);
  $("p-retry").onclick = retry;
  $("p-analyse").onclick = analyse;
  try {
    await loadPieceNames();
    await ensurePlayer();
    await loadThemes();
    // A reload resumes the open attempt rather than dealing a new one.
    const open = await call("POST", "/api/puzzles/current", { player: P.key });
    if (open.attempt) begin(open); else await start(false);
  } catch (e) { status(e.message); }
}

main();
