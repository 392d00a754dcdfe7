// An engine's analysis as every board shows it (the server's stream, the
// served board's worker, the static board's worker): each line's score
// and its moves, a move playing the line up to it; the evaluation bar from
// the first line (or the game's result); the best move as an arrow.

import { setEngineArrow } from "./arrows.js";
import { $ } from "./dom.js";
import { scoreText } from "./score.js";

// An engine `info` line as a shown line, from White's side (`whiteToMove`:
// whose the engine's scores are), with the moves in SAN by `sanOf(pv)` (a
// space-separated line; the wire moves when it fails); null for other
// lines and for a bound (an aspiration fail is not the line's score).
export function infoLine(line, whiteToMove, sanOf) {
  const m = line.match(/^info depth (\d+) .*multipv (\d+) score (cp|mate) (-?\d+)( (lower|upper)bound)?.* pv (.+)$/);
  if (!m || m[5]) return null;
  const [, depth, n, kind, value, , , pv] = m;
  const sign = whiteToMove ? 1 : -1;
  const uci = pv.trim().split(/\s+/);
  let san = uci;
  try {
    const read = sanOf(uci.join(" ")).trim().split(/\s+/);
    if (read.length === uci.length) san = read;
  } catch { /* the wire moves */ }
  const cp = kind === "cp" ? sign * Number(value) : null;
  const mate = kind === "mate" ? sign * Number(value) : null;
  return { n: Number(n), cp, mate, score: scoreText(cp, mate, Number(depth)), san, uci };
}

// Draw the lines ([{n, cp, mate, score, san, uci}], White's view) into
// #lines, the bar and, while `running`, the best move's arrow. `play(ucis)`
// plays a line up to the move clicked; `result`: the game's ("1-0", ...).
export function drawAnalysis({ lines, running, result, flipped, play }) {
  const box = $("lines");
  box.replaceChildren();
  const shown = [...lines].sort((a, b) => a.n - b.n);
  for (const l of shown) {
    const row = document.createElement("div");
    row.className = "line";
    row.dataset.pv = l.n;
    const score = document.createElement("span");
    score.className = "score";
    score.textContent = l.score;
    row.append(score, " ");
    l.san.forEach((san, i) => {
      const mv = document.createElement("span");
      mv.className = "pv-move";
      mv.textContent = san;
      mv.title = "Play the line up to here";
      mv.onclick = () => play(l.uci.slice(0, i + 1));
      row.append(mv, " ");
    });
    box.appendChild(row);
  }
  const best = shown[0];
  drawEvalBar(best, result, flipped);
  setEngineArrow(running && best ? best.uci[0] : null, flipped);
}

// The bar says what is known: a line's score, else a finished game's
// result; with neither it is dimmed ("not analysed"), not a fake 50%.
function drawEvalBar(line, result, flipped) {
  let frac = 0.5;
  let text = "";
  if (line) {
    text = scoreText(line.cp, line.mate);
    if (line.mate !== null && line.mate !== undefined) frac = line.mate > 0 ? 1 : 0;
    else frac = 0.5 + 0.5 * Math.tanh(line.cp / 600);
  } else if (result && result !== "*") {
    text = result;
    frac = { "1-0": 1, "0-1": 0 }[result] ?? 0.5;
  }
  const known = !!text;
  const bar = $("evalbar");
  if (!bar) return;
  bar.classList.toggle("unknown", !known);
  bar.title = known ? `Evaluation (White's view): ${text}` : "Not analysed: press Analyse";
  if (flipped) frac = 1 - frac;
  $("evalfill").style.height = (frac * 100).toFixed(1) + "%";
  $("evalfill").style.background = flipped ? "#333" : "#fafafa";
  bar.style.background = flipped ? "#fafafa" : "#333";
  $("evaltext").textContent = text;
}
