// Review on the page: the server reviews the game in the background
// (POST .../review) and the page polls its progress (GET .../review); done,
// the report is drawn as on the static board (reviewview.js).

import { $ } from "./dom.js";
import { betterArrowAt, drawReviewPanel } from "./reviewview.js";
import { act, api, gamePath, page, ui } from "./served.js";

const reviewState = { data: null, id: null, timer: null };

export async function startReview() {
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
  reviewChanged();
}

// A game's review kept by the server is shown again when the game is
// opened (after a reload too); one still running is followed.
export async function loadReview() {
  clearTimeout(reviewState.timer);
  reviewState.data = null;
  $("review-status").textContent = "";
  let v;
  try { v = await api("GET", gamePath("/review")); } catch (e) { reviewChanged(); return; } // none yet
  if (v.state === "running") { pollReview(); return; }
  if (v.state === "done") { reviewState.data = v; reviewState.id = ui.game.id; }
  reviewChanged();
}

// The review, if it belongs to the game shown (its moves are the line's).
export function currentReview() {
  const v = reviewState.data;
  const g = ui.game;
  if (!v || !g || reviewState.id !== g.id || v.moves.length !== g.moves.length) return null;
  return v.moves.every((u, i) => g.moves[i].uci === u) ? v.result : null;
}

// A change of the review or of an exercise: the move list shows its marks
// (and hides an exercise's answer), so the board is drawn again, and this
// panel with it (app.js's drawServedPanels).
function reviewChanged() {
  if (ui.game) page.controller.draw();
}

// The review's panel, after each draw of the board.
export function drawReview() {
  const r = currentReview();
  const g = ui.game;
  if (!g) return;
  // The better move, on the position where it was missed (not while it
  // is an exercise still to solve).
  const found = learnState.active && learnState.done ? learnState.shown : null;
  const arrow = r ? found || betterArrowAt(r, g.ply, learningPly()) : null;
  drawReviewPanel(r, g.start_fen, g.ply, (ply) => act("POST", "/goto", { ply }), arrow, page.controller.flipped);
  if (!r) return;
  $("review-status").textContent = "";
  loadExercises();
}

// ---------- learn from your mistakes ----------
// Each of the player's mistakes and blunders, as "find a better move";
// the server judges each try and gives the better line after.

// `shown`: the move found or given, drawn as an arrow once the exercise is
// over.
const learnState = { list: [], i: 0, active: false, done: false, loaded: null, shown: null };

// The exercise's words under the board; `verdict`: "right", "wrong" or "".
function learnSay(text, verdict = "") {
  $("learn-text").textContent = text;
  $("learn-text").dataset.verdict = verdict;
}

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
export function learningPly() {
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
  learnState.shown = null;
  $("learn-box").hidden = false;
  $("learn-show").disabled = false;
  learnSay(`Find a better move for ${e.color === "white" ? "White" : "Black"} (move ${e.number}).`);
  act("POST", "/goto", { ply: e.ply });
}

function stopLearning(text) {
  learnState.active = false;
  learnSay(text || "");
  $("learn-box").hidden = !text;
  reviewChanged();
}

function betterText(b) { return b && b.san ? `The better line: ${(b.line && b.line.length ? b.line : [b.san]).join(" ")}` : ""; }

// A move tried on the exercise's position.
export async function learnMove(uci) {
  const e = learnState.list[learnState.i];
  let v;
  try { v = await api("POST", gamePath("/learn"), { ply: e.ply, move: uci }); } catch (err) { learnSay(err.message, "wrong"); return; }
  if (v.found) {
    learnState.done = true;
    learnState.shown = uci;
    learnSay(`Well found: ${v.san}. ${betterText(v.better)}`, "right");
    $("learn-show").disabled = true;
    reviewChanged();
  } else {
    learnSay(`${v.san} is not better (it gives away ${v.loss} points of winning chances). Try again.`, "wrong");
  }
}

async function learnShow() {
  const e = learnState.list[learnState.i];
  if (!e) return;
  try {
    const v = await api("POST", gamePath("/learn"), { ply: e.ply, give_up: true });
    learnState.done = true;
    learnState.shown = v.better ? v.better.uci : null;
    $("learn-show").disabled = true;
    learnSay(betterText(v.better));
    reviewChanged();
  } catch (err) { learnSay(err.message, "wrong"); }
}

export function wireLearning() {
  $("learn").onclick = startLearning;
  $("learn-show").onclick = learnShow;
  $("learn-next").onclick = () => { learnState.i++; showExercise(); };
  $("learn-stop").onclick = () => stopLearning("");
}
