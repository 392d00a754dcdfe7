// Analysis on the page: the server streams the engine's lines for the
// shown position; the page draws them, the evaluation bar and the best
// move's arrow.
"use strict";

// ---------- analysis ----------

function startAnalysis() {
  stopStream();
  ui.lines = {};
  drawLines();
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
    ui.lines[info.multipv] = info.bound && last ? { ...last, bound_text: boundText(info) } : info;
    drawLines();
  });
  // Every engine busy: the server says how many are ahead in the queue.
  es.addEventListener("queued", (e) => {
    const n = JSON.parse(e.data).position;
    $("lines").textContent = `Waiting for a free engine: number ${n} in the queue…`;
  });
  es.addEventListener("done", () => stopStream());
  es.onerror = () => stopStream();
}

function stopStream() {
  if (ui.analysis) ui.analysis.close();
  ui.analysis = null;
  document.body.classList.remove("analysing");
  setEngineArrow(null, controller.flipped);
  $("stop").disabled = true;
  $("analyse").disabled = false;
}

async function stopAnalysis() {
  stopStream();
  await act("POST", "/stop");
}

function drawLines() {
  const box = $("lines");
  box.innerHTML = "";
  const keys = Object.keys(ui.lines).sort();
  for (const k of keys) {
    const l = ui.lines[k];
    const div = document.createElement("div");
    div.className = "line";
    // A found mate is its distance, not a depth that climbs to the limit.
    const score = document.createElement("span");
    score.className = "score";
    score.textContent = l.bound_text || scoreText(l.white_cp, l.white_mate, l.depth);
    div.append(score, " ");
    l.pv_san.forEach((san, i) => {
      const mv = document.createElement("span");
      mv.className = "pv-move";
      mv.textContent = san;
      mv.title = "Play the line up to here";
      mv.onclick = () => playLine(l.pv_uci.slice(0, i + 1));
      div.append(mv, " ");
    });
    box.appendChild(div);
  }
  evalBar(ui.lines[1]);
  const best = ui.lines[1] && ui.lines[1].pv_uci && ui.lines[1].pv_uci[0];
  setEngineArrow(ui.analysis ? best : null, controller.flipped);
}

// Play an analysis line's moves up to the one clicked, on an analysis
// board (in a game against the engine the line is only shown).
async function playLine(moves) {
  if (ui.game.human !== "both") {
    say("Lines can be played out on an analysis board (New game: Analysis board).", "msg-analysis", "info");
    return;
  }
  for (const uci of moves) {
    if (!(await act("POST", "/move", { move: uci }))) return;
  }
}

// A bound's score from White's side: a lower bound for the side to move is
// a lower bound for White when White is to move, an upper one otherwise.
function boundText(info) {
  const whiteToMove = info.fen.split(" ")[1] === "w";
  const lower = (info.bound === "lower") === whiteToMove;
  return (lower ? "≥" : "≤") + scoreText(info.white_cp, info.white_mate, info.depth);
}

// The bar says what is known: a line's score, else a finished game's
// result; with neither it is dimmed ("not analysed"), not a fake 50%.
function evalBar(line) {
  let frac = 0.5;
  let text = "";
  const result = ui.game && ui.game.result && ui.game.result.result;
  if (line) {
    text = scoreText(line.white_cp, line.white_mate);
    if (line.white_mate !== null && line.white_mate !== undefined) frac = line.white_mate > 0 ? 1 : 0;
    else frac = 0.5 + 0.5 * Math.tanh(line.white_cp / 600);
  } else if (result && result !== "*") {
    text = result;
    frac = { "1-0": 1, "0-1": 0 }[result] ?? 0.5;
  }
  const known = !!line || (!!result && result !== "*");
  $("evalbar").classList.toggle("unknown", !known);
  $("evalbar").title = known ? `Evaluation (White's view): ${text}` : "Not analysed: press Analyse";
  if (controller.flipped) frac = 1 - frac;
  $("evalfill").style.height = (frac * 100).toFixed(1) + "%";
  $("evalfill").style.background = controller.flipped ? "#333" : "#fafafa";
  $("evalbar").style.background = controller.flipped ? "#fafafa" : "#333";
  $("evaltext").textContent = text;
}

