// How a score reads, the same on both boards and in every panel:
// "+0.63 · depth 12", "#3" (White mates in 3), "#-2".

// A score from White's side: centipawns `cp` or a mate distance `mate`
// (moves; negative when Black mates), with the depth it was found at.
export function scoreText(cp, mate, depth) {
  if (mate !== null && mate !== undefined) return `#${mate}`;
  const pawns = cp / 100;
  const text = (pawns > 0 ? "+" : "") + pawns.toFixed(2);
  return depth ? `${text} · depth ${depth}` : text;
}
