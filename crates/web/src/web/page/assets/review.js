// Review on the page: the server reviews the game in the background
// (POST .../review) and the page polls its progress (GET .../review). Done,
// it draws White's winning chances along the game (click to jump there),
// marks each judged move (?!, ?, ??), draws the better move as an arrow on
// the position where it was missed, and counts each player's judgements.
"use strict";

const reviewState = { data: null, id: null, timer: null };
const MARKS = { inaccuracy: "?!", mistake: "?", blunder: "??" };

async function startReview() {
  try {
    await api("POST", gamePath("/review"), {});
    pollReview();
  } catch (e) {
    $("review-status").textContent = e.message;
  }
}

async function pollReview() {
  clearTimeout(reviewState.timer);
  let v;
  try { v = await api("GET", gamePath("/review")); } catch (e) { return; }
  if (v.state === "running") {
    $("review-status").textContent = v.queued
      ? `Waiting for a free engine: number ${v.queued} in the queue…`
      : `Reviewing… ${v.done} of ${v.total} positions`;
    reviewState.timer = setTimeout(pollReview, 400);
    return;
  }
  if (v.state === "failed") { $("review-status").textContent = v.error; return; }
  reviewState.data = v;
  reviewState.id = ui.game.id;
  drawReview();
}

// A game's review kept by the server is shown again when the game is
// opened (after a reload too); one still running is followed.
async function loadReview() {
  clearTimeout(reviewState.timer);
  reviewState.data = null;
  $("review-status").textContent = "";
  let v;
  try { v = await api("GET", gamePath("/review")); } catch (e) { drawReview(); return; } // none yet
  if (v.state === "running") { pollReview(); return; }
  if (v.state === "done") { reviewState.data = v; reviewState.id = ui.game.id; }
  drawReview();
}

// The review, if it belongs to the game shown (its moves are the line's).
function currentReview() {
  const v = reviewState.data;
  const g = ui.game;
  if (!v || !g || reviewState.id !== g.id || v.moves.length !== g.moves.length) return null;
  return v.moves.every((u, i) => g.moves[i].uci === u) ? v.result : null;
}

function drawReview() {
  const r = currentReview();
  $("review-graph").innerHTML = "";
  $("review-counts").textContent = "";
  setReviewArrow(null);
  if (!r) return;
  $("review-status").textContent = "";
  drawGraph(r);
  markMoves(r);
  $("review-counts").textContent = reviewSummary(r);
  // The better move, on the position where it was missed (not while it
  // is an exercise still to solve).
  const missed = r.moves[ui.game.ply];
  const solving = learnState.active && !learnState.done;
  setReviewArrow(missed && missed.better && !solving ? missed.better.uci : null);
  loadExercises();
}

// ---------- learn from your mistakes ----------
// Each of the player's mistakes and blunders, as "find a better move";
// the server judges each try and gives the better line after.

const learnState = { list: [], i: 0, active: false, done: false, loaded: null };

async function loadExercises() {
  const key = ui.game && `${ui.game.id}:${ui.game.moves.length}`;
  if (learnState.loaded === key) return;
  learnState.loaded = key;
  let v;
  try { v = await api("GET", gamePath("/learn")); } catch (e) { $("learn").hidden = true; return; }
  learnState.list = v.exercises;
  $("learn").hidden = v.exercises.length === 0;
  $("learn").textContent = `Learn from your mistakes (${v.exercises.length})`;
}

// The ply of the exercise shown, if one is being solved.
function learningPly() {
  const e = learnState.active && !learnState.done && learnState.list[learnState.i];
  return e ? e.ply : null;
}

function startLearning() {
  learnState.active = true;
  learnState.i = 0;
  showExercise();
}

function showExercise() {
  const e = learnState.list[learnState.i];
  if (!e) { stopLearning("No more mistakes to learn from."); return; }
  learnState.done = false;
  $("learn-box").hidden = false;
  $("learn-text").textContent = `Find a better move for ${e.color === "white" ? "White" : "Black"} (move ${e.number}).`;
  act("POST", "/goto", { ply: e.ply });
}

function stopLearning(text) {
  learnState.active = false;
  $("learn-text").textContent = text || "";
  $("learn-box").hidden = !text;
  drawReview();
}

function betterText(b) { return b && b.san ? `The better line: ${(b.line && b.line.length ? b.line : [b.san]).join(" ")}` : ""; }

// A move tried on the exercise's position.
async function learnMove(uci) {
  const e = learnState.list[learnState.i];
  let v;
  try { v = await api("POST", gamePath("/learn"), { ply: e.ply, move: uci }); } catch (err) { $("learn-text").textContent = err.message; return; }
  if (v.found) {
    learnState.done = true;
    $("learn-text").textContent = `Well found: ${v.san}. ${betterText(v.better)}`;
    drawReview();
  } else {
    $("learn-text").textContent = `${v.san} is not better (it gives away ${v.loss} points of winning chances). Try again.`;
  }
}

async function learnShow() {
  const e = learnState.list[learnState.i];
  if (!e) return;
  try {
    const v = await api("POST", gamePath("/learn"), { ply: e.ply, give_up: true });
    learnState.done = true;
    $("learn-text").textContent = betterText(v.better);
    drawReview();
  } catch (err) { $("learn-text").textContent = err.message; }
}

function wireLearning() {
  $("learn").onclick = startLearning;
  $("learn-show").onclick = learnShow;
  $("learn-next").onclick = () => { learnState.i++; showExercise(); };
  $("learn-stop").onclick = () => stopLearning("");
}

// White's winning chances after each move (0 = the start), as a line.
function drawGraph(r) {
  const wins = [r.start_win, ...r.moves.map((m) => m.win)];
  const n = Math.max(wins.length - 1, 1);
  const pts = wins.map((w, i) => `${(i / n) * 100},${100 - w}`).join(" ");
  const dots = r.moves.map((m, i) => m.judgement
    ? `<circle class="j-${m.judgement}" cx="${((i + 1) / n) * 100}" cy="${100 - m.win}" r="1.8"/>` : "").join("");
  const cur = (ui.game.ply / n) * 100;
  $("review-graph").innerHTML = `<svg viewBox="0 0 100 100" preserveAspectRatio="none">
    <polygon points="0,100 ${pts} 100,100" class="white-area"/>
    <line x1="0" y1="50" x2="100" y2="50" class="mid"/>
    <line x1="${cur}" y1="0" x2="${cur}" y2="100" class="cursor"/>${dots}</svg>`;
  $("review-graph").onclick = (ev) => {
    const rect = ev.currentTarget.getBoundingClientRect();
    const ply = Math.round(((ev.clientX - rect.left) / rect.width) * n);
    act("POST", "/goto", { ply: Math.max(0, Math.min(ply, r.moves.length)) });
  };
}

function markMoves(r) {
  r.moves.forEach((m, i) => {
    const el = document.querySelector(`#moves .mv[data-ply="${i + 1}"]`);
    if (!el || !m.judgement) return;
    el.classList.add(m.judgement);
    el.dataset.mark = MARKS[m.judgement];
    el.title = `${m.judgement}${m.better ? `: ${m.better.san} was better` : ""}`;
  });
}
