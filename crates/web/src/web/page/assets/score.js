// How a score reads, the same on both boards and in every panel:
// "+0.63 · depth 12", "#3" (White mates in 3), "#-2".
"use strict";

// A score from White's side: centipawns `cp` or a mate distance `mate`
// (moves; negative when Black mates), with the depth it was found at.
function scoreText(cp, mate, depth) {
  if (mate !== null && mate !== undefined) return `#${mate}`;
  const pawns = cp / 100;
  const text = (pawns > 0 ? "+" : "") + pawns.toFixed(2);
  return depth ? `${text} · depth ${depth}` : text;
}

// One engine `info` line with a principal variation, White's side: its
// line number, score text and moves; null for other lines and for a bound
// (an aspiration fail is not the line's score). `whiteToMove`: whose the
// scores are.
function readInfoLine(line, whiteToMove) {
  const m = line.match(/^info depth (\d+) .*multipv (\d+) score (cp|mate) (-?\d+)( (lower|upper)bound)?.* pv (.+)$/);
  if (!m || m[5]) return null;
  const [, depth, n, kind, value, , , pv] = m;
  const sign = whiteToMove ? 1 : -1;
  const score = kind === "cp" ? scoreText(sign * Number(value), null, Number(depth)) : scoreText(0, sign * Number(value));
  return { n, score, pv };
}
