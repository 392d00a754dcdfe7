// A small client written the way ffish-es6's users write theirs
// (fairyground's calls: `new Module(opts).then(...)`, `Board('')`,
// legal moves, SAN with `Notation.DEFAULT`, the checked King, results).
// test/ffish-es6.test.js bundles it against dist/ffish-es6 and runs the
// bundle in node; it prints one JSON line with what it saw.
import Module from 'ffish-es6';

const opts = globalThis.ffishOptions || {};

new Module(opts).then((ffish) => {
  const board = new ffish.Board('');
  const seen = {
    variants: ffish.variants(),
    startFen: ffish.startingFen(''),
    validStart: ffish.validateFen(ffish.startingFen('')),
    notations: Object.keys(ffish.Notation).length,
    plies: 0,
    checks: [],
    sans: [],
  };
  // A fixed walk: always the legal move in the middle of the list.
  for (let ply = 0; ply < 80 && !board.isGameOver(); ply++) {
    const moves = board.legalMoves().split(' ');
    const move = moves[Math.floor(moves.length / 2)];
    seen.sans.push(board.sanMove(move, ffish.Notation.DEFAULT));
    if (!board.push(move)) throw new Error(`legal move ${move} refused`);
    if (board.isCheck()) seen.checks.push([board.fen(), board.checkedPieces()]);
    seen.plies += 1;
  }
  seen.refused = board.push('a1a1');
  seen.fen = board.fen();
  seen.result = board.result();
  board.delete();
  console.log(JSON.stringify(seen));
}).catch((e) => {
  console.log(JSON.stringify({ error: String(e && e.message || e) }));
});
