// Analysis on the page: the engine's lines for the shown position, from
// the server's stream or from the worker engine in this browser (local.js
// loads it), kept in `ui.lines` for the board controller to draw.

import { infoLine } from "./analysisview.js";
import { $ } from "./dom.js";
import { local } from "./local.js";
import { scoreText } from "./score.js";
import { act, gamePath, page, ui } from "./served.js";

// ---------- the server's analysis ----------

export function startAnalysis() {
  stopStream();
  stopLocalAnalysis();
  ui.lines = {};
  page.controller.drawAnalysis();
  const n = $("multipv").value;
  const es = new EventSource(gamePath(`/analysis?multipv=${n}`));
  ui.analysis = es;
  document.body.classList.add("analysing");
  $("stop").disabled = false;
  $("analyse").disabled = true;
  es.addEventListener("info", (e) => {
    const info = JSON.parse(e.data);
    if (info.fen !== ui.game.fen) return;
    const last = ui.lines[info.multipv];
    // A bound (an aspiration fail) keeps the last complete line on screen
    // and only shows the new score as a bound.
    ui.lines[info.multipv] = info.bound && last ? { ...last, score: boundText(info) } : serverLine(info);
    page.controller.drawAnalysis();
  });
  // Every engine busy: the server says how many are ahead in the queue.
  es.addEventListener("queued", (e) => {
    const n = JSON.parse(e.data).position;
    $("lines").textContent = `Waiting for a free engine: number ${n} in the queue…`;
  });
  es.addEventListener("done", () => stopStream());
  es.onerror = () => stopStream();
}

export function stopStream() {
  if (ui.analysis) ui.analysis.close();
  ui.analysis = null;
  document.body.classList.remove("analysing");
  page.controller.drawAnalysis();
  $("stop").disabled = true;
  $("analyse").disabled = false;
}

export async function stopAnalysis() {
  stopStream();
  await act("POST", "/stop");
}

// A line of the server's stream as shown (White's view).
function serverLine(info) {
  const score = info.bound ? boundText(info) : scoreText(info.white_cp, info.white_mate, info.depth);
  return { n: info.multipv, cp: info.white_cp, mate: info.white_mate, score, san: info.pv_san, uci: info.pv_uci };
}

// A bound's score from White's side: a lower bound for the side to move is
// a lower bound for White when White is to move, an upper one otherwise.
function boundText(info) {
  const whiteToMove = info.fen.split(" ")[1] === "w";
  const lower = (info.bound === "lower") === whiteToMove;
  return (lower ? "≥" : "≤") + scoreText(info.white_cp, info.white_mate, info.depth);
}

// ---------- analysis in this browser ----------

export function startLocalAnalysis() {
  if (!local.HumptyEngine) return;
  stopStream();
  if (!local.engine) {
    local.engine = new local.HumptyEngine();
    local.engine.addMessageListener(localInfo);
  }
  ui.lines = {};
  local.fen = ui.game.fen;
  local.running = true;
  page.controller.drawAnalysis();
  $("stop").disabled = false;
  local.engine.postMessage("stop");
  local.engine.postMessage(`setoption name MultiPV value ${$("multipv").value}`);
  local.engine.postMessage(`position fen ${ui.game.fen}`);
  local.engine.postMessage("go infinite");
}

export function stopLocalAnalysis() {
  if (local.engine && local.running) local.engine.postMessage("stop");
  local.running = false;
}

// One info line of the worker: the line in SAN, White's score.
function localInfo(line) {
  if (line.startsWith("info string")) {
    $("lines").textContent = line.slice("info string ".length);
    return;
  }
  if (!local.running || local.fen !== ui.game.fen) return;
  const sanOf = (pv) => {
    const board = new local.rules.Board("humpty", ui.game.fen);
    try { return board.variationSan(pv); } finally { board.delete(); }
  };
  const shown = infoLine(line, ui.game.turn === "white", sanOf);
  if (!shown) return;
  ui.lines[shown.n] = shown;
  page.controller.drawAnalysis();
}
