// An analysis board's variations on the static board, as on the served
// one: the server's tree (humpty-analysis, in the worker) makes every
// change, the game keeps the tree's text (`game.tree`) and the variation
// move shown (`game.node`), and the move list draws what the answer says.
export class Variations {
  /**
   * `worker`: a HumptyEngine; `hooks`: `game()` (the stored game),
   * `shownPly()` (the main line's ply shown), `answered(answer, grown)`
   * (the game has taken the answer; `grown`: its main line gained a move
   * at its end), `fail(text)`.
   */
  constructor(worker, hooks) {
    this.worker = worker;
    this.hooks = hooks;
    this.queue = Promise.resolve();
    this.answer = null;
  }

  /** Whether a variation move (not the main line) is shown. */
  inVariation() {
    return (this.hooks.game().node ?? null) !== null;
  }

  /** What the move list draws (`drawMoveList`'s `tree`), if any. */
  listTree() {
    const a = this.answer;
    return a && this.hooks.game().tree ? { variations: a.variations, node: a.node } : null;
  }

  /** The variation move shown (`{node, uci, from, to, back, forward}`). */
  shown() {
    return this.inVariation() ? this.answer?.variation ?? null : null;
  }

  /** The moves from the start to the variation move shown, if one is. */
  line() {
    return this.inVariation() ? this.answer?.line ?? null : null;
  }

  /** Forget what was drawn (another game, or the main line shown). */
  leave() {
    const g = this.hooks.game();
    if (g) g.node = null;
    if (this.answer) this.answer = { ...this.answer, node: null, variation: null, line: [] };
  }

  /**
   * Ask for `action` (`view`, `play`, `goto`, `promote`, `main-line`,
   * `delete`, `cut`, `import`) with `extra` (`uci`, `target`, `ply`,
   * `pgn`). Changes run one after another, each on the game as the one
   * before left it.
   */
  change(action, extra = {}) {
    this.queue = this.queue.then(async () => {
      const g = this.hooks.game();
      const before = [...g.moves];
      const request = {
        action, start: g.start, moves: before, tree: g.tree ?? null,
        node: g.node ?? null, ply: this.hooks.shownPly(), ...extra,
      };
      let a;
      try {
        a = await this.worker.variations(request);
      } catch (e) {
        return this.hooks.fail(String(e.message ?? e));
      }
      if (this.hooks.game() !== g) return;
      this.answer = a;
      this.hooks.answered(a, take(g, a, before));
    });
    return this.queue;
  }
}

// The game takes the answer: its main line (the clocks and the review of
// a changed line go with it), tree and node. Whether the line only grew
// by one move at its end.
function take(g, a, before) {
  const same = sharedLength(before, a.moves);
  const grown = same === before.length && a.moves.length === before.length + 1;
  if (same < before.length || a.moves.length !== before.length) {
    g.moves = a.moves;
    g.review = null;
    if (!grown) {
      g.end = null;
      if (g.clock?.after) g.clock.after = g.clock.after.slice(0, same);
    }
  }
  g.tree = a.tree;
  g.node = a.node;
  return grown;
}

function sharedLength(a, b) {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}
