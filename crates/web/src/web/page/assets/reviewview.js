// A game's review as both boards show it, from the same report
// (humpty-analysis on the server or in the worker): each judged move's
// words in the move list ("Mistake. Rj1 was best."), each side's counts
// that jump to the next such move, White's winning chances as a graph
// under the board with the value under the pointer, and the better move as
// an arrow on the position where it was missed.
// The line's moves ({san, uci}) with the review's judgement, mark and
// better move merged in; `hidden`: the index of a move whose better move
// is an exercise still to solve (its answer is not shown).

import { setReviewArrow } from "./arrows.js";
import { $ } from "./dom.js";
import { JUDGEMENT_KINDS, sideAfter } from "./movelist.js";

export function reviewedMoves(moves, report, hidden) {
  return moves.map((m, i) => {
    const r = report && report.moves[i];
    if (!r || !r.judgement) return m;
    const better = i === hidden ? null : r.better;
    return { ...m, judgement: r.judgement, mark: r.mark, better: better ? better.san : null };
  });
}

// The index (0-based) of the next move after ply `ply` that `color`
// ("white"/"black") played with judgement `kind` in a line from
// `startFen`, from the start again after the last; null if there is none.
function nextJudged(report, color, kind, ply, startFen) {
  const mover = (i) => (sideAfter(startFen, i) === "w" ? "white" : "black");
  const hits = report.moves.map((m, i) => i).filter((i) => report.moves[i].judgement === kind && mover(i) === color);
  if (!hits.length) return null;
  return hits.find((i) => i > ply) ?? hits[0];
}

// Each side's line of counts in `el`: "White: accuracy 91%, 0 inaccuracies,
// 1 mistake, 0 blunders, average loss 23 cp." A count above zero is a
// button that goes to the position before the next such move
// (`goto(ply)`).
function drawReviewCounts(el, report, ply, startFen, goto) {
  el.innerHTML = "";
  for (const color of ["white", "black"]) {
    const p = report.players[color];
    const line = document.createElement("span");
    line.className = "review-side";
    line.dataset.color = color;
    const lead = `${color === "white" ? "White" : "Black"}: ${p.accuracy == null ? "" : `accuracy ${p.accuracy}%, `}`;
    line.append(lead);
    // The words of the counts are the server's ("1 mistake", "2 blunders").
    const words = (p.counts_text || "").split(", ");
    JUDGEMENT_KINDS.forEach((kind, k) => {
      if (k) line.append(", ");
      const text = words[k] || `${p.counts[kind]} ${kind}`;
      if (!p.counts[kind]) return void line.append(text);
      const b = document.createElement("button");
      b.className = `count ${kind}`;
      b.dataset.jump = `${color}:${kind}`;
      b.textContent = text;
      b.title = `Go to ${color === "white" ? "White" : "Black"}'s next ${kind}`;
      b.onclick = () => {
        const i = nextJudged(report, color, kind, ply, startFen);
        if (i !== null) goto(i);
      };
      line.append(b);
    });
    line.append(`${p.average_cp_loss == null ? "" : `, average loss ${p.average_cp_loss} cp`}.`);
    if (color === "black") el.append(" ");
    el.append(line);
  }
}

// White's winning chances after each move (0 = the start) in `el`: a line
// over the board's width, the judged moves as dots, the ply shown as a
// cursor; the pointer reads the value into `hover`, a click goes there.
function drawReviewGraph(el, hover, report, startFen, ply, goto) {
  const wins = [report.start_win, ...report.moves.map((m) => m.win)];
  const n = Math.max(wins.length - 1, 1);
  const pts = wins.map((w, i) => `${(i / n) * 100},${100 - w}`).join(" ");
  const dots = report.moves.map((m, i) => m.judgement
    ? `<circle class="j-${m.judgement}" cx="${((i + 1) / n) * 100}" cy="${100 - m.win}" r="1.8"/>` : "").join("");
  const cur = (ply / n) * 100;
  el.innerHTML = `<svg viewBox="0 0 100 100" preserveAspectRatio="none">
    <polygon points="0,100 ${pts} 100,100" class="white-area"/>
    <line x1="0" y1="50" x2="100" y2="50" class="mid"/>
    <line x1="${cur}" y1="0" x2="${cur}" y2="100" class="cursor"/>${dots}</svg>
    <span class="axis top">White 100%</span><span class="axis middle">50%</span><span class="axis bottom">Black 100%</span>`;
  const plyAt = (ev) => {
    const rect = el.getBoundingClientRect();
    return Math.max(0, Math.min(report.moves.length, Math.round(((ev.clientX - rect.left) / rect.width) * n)));
  };
  el.onclick = (ev) => goto(plyAt(ev));
  el.onmousemove = (ev) => { hover.textContent = graphWords(report, startFen, plyAt(ev)); };
  el.onmouseleave = () => { hover.textContent = graphWords(report, startFen, ply); };
  hover.textContent = graphWords(report, startFen, ply);
}

// "After 12. Rj1?: White's winning chances 63%" (or "At the start: ...").
function graphWords(report, startFen, ply) {
  const win = ply === 0 ? report.start_win : report.moves[ply - 1].win;
  const chances = `White's winning chances ${Math.round(win)}%`;
  if (ply === 0) return `At the start: ${chances}`;
  const m = report.moves[ply - 1];
  return `After ${moveNumberText(startFen, ply - 1)} ${m.san}${m.mark || ""}: ${chances}`;
}

// "12." or "12..." for the move at index `i` of a line from `startFen`.
function moveNumberText(startFen, i) {
  const f = startFen.split(" ");
  const first = parseInt(f[5] || "1", 10) || 1;
  const blackFirst = f[1] === "b";
  const k = i + (blackFirst ? 1 : 0);
  return `${first + Math.floor(k / 2)}${k % 2 ? "..." : "."}`;
}

// The better move to draw at ply `ply` (the position before the judged
// move), or null; none while its exercise is being solved.
export function betterArrowAt(report, ply, solvingPly) {
  const next = report && report.moves[ply];
  return next && next.better && ply !== solvingPly ? next.better.uci : null;
}

// The review beside the board, on both boards: the graph, the counts and
// the better-move arrow (`arrow`, or null) for the ply shown; all cleared
// when there is no report `r`. A click on the graph or a count calls
// `goto(ply)`.
export function drawReviewPanel(r, startFen, ply, goto, arrow, flipped) {
  const $ = (id) => document.getElementById(id);
  $("review-graph").innerHTML = "";
  $("review-hover").textContent = "";
  $("review-counts").textContent = "";
  setReviewArrow(r ? arrow : null, flipped);
  if (!r) return;
  drawReviewGraph($("review-graph"), $("review-hover"), r, startFen, ply, goto);
  drawReviewCounts($("review-counts"), r, ply, startFen, goto);
}
