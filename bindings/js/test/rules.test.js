// The rules package against the repository's perft table, SAN round trips,
// ffish's conventions, and every documented error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Module, * as ffish from '../index.js';
import { perftRows, randomGame } from './helpers.js';

const { Board } = ffish;
const START = 'rnflbfkblfnr/1c2a2a2c1/p1pp1pp1pp1p/12/12/P1PP1PP1PP1P/1C2A2A2C1/RNFLBFKBLFNR w KQkq - 0 1';

function perft(board, depth) {
  const moves = board.legalMoves();
  if (moves === '') return 0;
  const list = moves.split(' ');
  if (depth === 1) return list.length;
  let n = 0;
  for (const m of list) {
    assert.ok(board.push(m), m);
    n += perft(board, depth - 1);
    board.pop();
  }
  return n;
}

const depth3 = perftRows().filter((r) => r.depth === 3);

test('at least 10 depth-3 rows', () => assert.ok(depth3.length >= 10));

for (const row of depth3.slice(0, 12)) {
  test(`perft ${row.id} depth 3`, () => {
    const board = new Board('humpty', row.fen);
    assert.equal(perft(board, 3), row.nodes);
    assert.equal(board.fen(), new Board('humpty', row.fen).fen());
    board.delete();
  });
}

test('SAN round trips on random games', () => {
  for (let seed = 0; seed < 100; seed++) {
    const moves = randomGame(seed, 100);
    const bySan = new Board('humpty');
    const byWire = new Board('humpty');
    for (const m of moves) {
      const san = bySan.sanMove(m);
      assert.ok(bySan.pushSan(san), `${seed}: ${m} ${san}`);
      assert.equal(bySan.moveStack().split(' ').at(-1), m);
      byWire.push(m);
    }
    assert.equal(bySan.fen(), byWire.fen());
    const line = new Board('humpty').variationSan(moves.join(' '), ffish.Notation.SAN, false);
    const replay = new Board('humpty');
    replay.pushSanMoves(line);
    assert.equal(replay.fen(), byWire.fen());
    [bySan, byWire, replay].forEach((b) => b.delete());
  }
});

test('ffish conventions', async () => {
  assert.equal(ffish.variants(), 'humpty');
  assert.equal(ffish.startingFen('humpty'), START);
  assert.match(ffish.info(), /humpty/);
  const board = new Board('humpty');
  assert.equal(board.fen(), START);
  assert.equal(board.numberLegalMoves(), 52);
  assert.equal(board.legalMoves().split(' ').length, 52);
  assert.ok(board.legalMovesSan().split(' ').includes('Nd2'));
  assert.equal(board.variant(), 'humpty');
  assert.equal(board.is960(), false);
  assert.equal(board.variationSan('b1d2 b8d7 d2b1'), '1. Nd2 Nd7 2. Nb1');
  assert.equal(board.variationSan('b1d2 b8d7', ffish.Notation.LAN), '1. Nb1-d2 Nb8-d7');
  // ffish's enums are objects with a value, as embind makes them; a plain
  // code works too, and other games' notations answer in SAN.
  assert.equal(ffish.Notation.LAN.value, 2);
  assert.equal(Object.keys(ffish.Notation).length, 10);
  assert.deepEqual(Object.keys(ffish.Termination), ['ONGOING', 'CHECKMATE', 'STALEMATE',
    'INSUFFICIENT_MATERIAL', 'N_MOVE_RULE', 'N_FOLD_REPETITION', 'VARIANT_END']);
  assert.equal(board.sanMove('b1d2', 2), 'Nb1-d2');
  for (const n of Object.values(ffish.Notation).slice(3)) assert.equal(board.sanMove('b1d2', n), 'Nd2');
  assert.throws(() => board.sanMove('b1d2', 'LAN'), TypeError);
  assert.ok(board.push('a3a4'));
  assert.equal(board.variationSan('a6a5 c3c4'), '1...a5 2. c4');
  assert.deepEqual([board.turn(), board.gamePly(), board.fullmoveNumber(), board.halfmoveClock()], [false, 1, 1, 0]);
  board.reset();
  assert.equal(board.fen(), START);
  assert.equal(board.moveStack(), '');
  assert.equal(board.toString().split('\n')[0], 'r n f l b f k b l f n r');
  assert.match(board.toVerboseString(), /Fen: rnflbfkblfnr/);
  board.pushMoves('b1d2 b8d7 d2b1 d7b8 b1d2 b8d7 d2b1 d7b8');
  assert.deepEqual([board.isGameOver(), board.isGameOver(true), board.result(), board.result(true)], [false, true, '*', '1/2-1/2']);
  const mate = new Board('humpty', 'k11/12/1K10/12/12/12/12/11R w - - 0 1');
  assert.equal(mate.sanMove('l1l8'), 'Rl8#');
  assert.ok(mate.isCapture('l1l8') === false);
  mate.push('l1l8');
  assert.deepEqual([mate.isGameOver(), mate.result(), mate.isCheck(), mate.legalMoves(), mate.checkedPieces()], [true, '1-0', true, '', 'a8']);
  // ffish's checkedPieces is the King in check, not the man giving it.
  assert.equal(new Board('humpty').checkedPieces(), '');
  const bare = new Board('humpty', '6k5/12/12/12/12/12/12/6K5 w - - 0 1');
  assert.deepEqual([bare.isGameOver(), bare.result(), bare.isInsufficientMaterial(), bare.hasInsufficientMaterial(true)], [true, '1/2-1/2', true, true]);
  const stale = new Board('humpty', 'k11/2K9/1Q10/12/12/12/12/12 b - - 0 1');
  assert.deepEqual([stale.isGameOver(), stale.result()], [true, '1/2-1/2']);
  const game = ffish.readGamePGN('[Event "x"]\n[White "a"]\n[Variant "humpty"]\n\n1. Nd2 Nd7 2. Nb1 Qz9 *\n');
  assert.deepEqual([game.headerKeys(), game.headers('White'), game.headers('Nope'), game.mainlineMoves()], ['Event Variant White', 'a', '', 'b1d2 b8d7 d2b1']);
  game.delete();
  assert.equal(ffish.validateFen(START, 'humpty'), 1);
  assert.equal(ffish.validateFen('12/12/12/12/12/12/12/12 w - - 0 1'), -3);
  ffish.setOption('Threads', 2);
  ffish.setOptionInt('Hash', 16);
  ffish.setOptionBool('Ponder', true);
  ffish.loadVariantConfig('[humpty:chess]');
  assert.equal(ffish.capturesToHand('humpty'), false);
  const viaFactory = await Module();
  assert.equal(new viaFactory.Board('humpty').fen(), START);
});

test('the true rules where ffish approximates them', () => {
  assert.ok(!new Board('humpty', '11k/12/12/12/2P9/2F9/12/11K w - - 0 1').legalMoves().split(' ').includes('c3c6'));
  const frog = new Board('humpty', '12/2F9/11k/12/12/12/12/11K w - - 0 1');
  for (const m of ['c7d8', 'c7d8q', 'c7d8g', 'c7d8t']) assert.ok(frog.legalMoves().split(' ').includes(m), m);
  const pawn = new Board('humpty', '12/2P9/T11/Q11/12/G10k/12/K11 w - - 0 1');
  assert.deepEqual(pawn.legalMoves().split(' ').filter((m) => m.startsWith('c7')), ['c7c8f']);
});

test('bad input: what ffish returns, or an Error where ffish crashes', () => {
  const board = new Board('humpty');
  assert.equal(board.push('a3a6'), false);
  assert.equal(board.push('zz'), false);
  assert.equal(board.push(''), false);
  assert.equal(board.pushSan('Qz9'), false);
  assert.equal(board.sanMove('a3a6'), '');
  assert.equal(board.variationSan('a3a4 zz'), '');
  assert.equal(board.isCapture('zz'), false);
  assert.equal(board.moveStack(), '');
  assert.throws(() => board.pushMoves('a3a4 zz a6a5'), /move 1 of the list/);
  assert.throws(() => board.pushSanMoves('a4 Qz9'), /move 1 of the list/);
  assert.equal(board.moveStack(), '');
  assert.throws(() => board.pop(), /empty/);
  assert.throws(() => board.setFen('garbage'), /invalid FEN/);
  assert.equal(board.fen(), START);
  assert.throws(() => board.sanMove('a3a4', 10), /notation/);
  assert.throws(() => new Board('chess'), /unknown variant 'chess'.*humpty/);
  assert.throws(() => new Board('humpty', 'x'), /invalid FEN/);
  // The "Fischer Random" box: accepted, the normal game (there is no 960).
  const random = new Board('humpty', START, true);
  assert.deepEqual([random.fen(), random.is960()], [START, false]);
  // "" is ffish's default variant, here humpty.
  assert.equal(new Board('').fen(), START);
  assert.deepEqual([ffish.startingFen(''), ffish.capturesToHand(''), ffish.validateFen(START, '')], [START, false, 1]);
  assert.throws(() => ffish.startingFen('xiangqi'), /unknown variant/);
  assert.throws(() => ffish.validateFen(START, 'xiangqi'), /unknown variant/);
  assert.throws(() => ffish.readGamePGN(''), /no game/);
  assert.throws(() => ffish.readGamePGN('[Variant "chess"]\n\n1. e4 *'), /unknown variant 'chess'/);
  assert.throws(() => ffish.readGamePGN('[FEN "bad"]\n\n1. e4 *'), /FEN/);
  assert.equal(ffish.validateFen('\u{1F600}', 'humpty'), -10);
  const freed = new Board('humpty');
  freed.delete();
  assert.throws(() => freed.fen(), Error);
});

test('a value of the wrong type is a TypeError, never a trap', () => {
  // A number, object, Symbol or BigInt ended in "memory access out of
  // bounds", and a function was read as "" (the start position).
  const wrong = [123, 7n, {}, [], Symbol('s'), () => 'a3a4', true, null];
  const board = new Board('humpty');
  const game = ffish.readGamePGN('[Event "x"]\n\n1. a4 *');
  const calls = [
    ['new Board(v)', (v) => new Board(v)],
    ['new Board(_, fen)', (v) => new Board('humpty', v)],
    ['push', (v) => board.push(v)],
    ['pushSan', (v) => board.pushSan(v)],
    ['pushMoves', (v) => board.pushMoves(v)],
    ['pushSanMoves', (v) => board.pushSanMoves(v)],
    ['setFen', (v) => board.setFen(v)],
    ['sanMove', (v) => board.sanMove(v)],
    ['variationSan', (v) => board.variationSan(v)],
    ['isCapture', (v) => board.isCapture(v)],
    ['headers', (v) => game.headers(v)],
    ['startingFen', (v) => ffish.startingFen(v)],
    ['validateFen', (v) => ffish.validateFen(v)],
    ['validateFen(_, variant)', (v) => ffish.validateFen(START, v)],
    ['capturesToHand', (v) => ffish.capturesToHand(v)],
    ['setOption', (v) => ffish.setOption(v, 1)],
    ['setOptionInt', (v) => ffish.setOptionInt(v, 1)],
    ['setOptionBool', (v) => ffish.setOptionBool(v, true)],
    ['loadVariantConfig', (v) => ffish.loadVariantConfig(v)],
    ['readGamePGN', (v) => ffish.readGamePGN(v)],
  ];
  // Where an argument may be left out, null is leaving it out.
  const optional = new Set(['new Board(v)', 'new Board(_, fen)', 'validateFen(_, variant)']);
  for (const [name, call] of calls) {
    for (const v of wrong) {
      if (v === null && optional.has(name)) continue;
      assert.throws(() => call(v), (e) => e instanceof TypeError && /must be a string/.test(e.message),
        `${name}(${typeof v})`);
    }
  }
  // The board is unharmed and everything still works.
  assert.equal(board.fen(), START);
  assert.equal(board.push('a3a4'), true);
  assert.equal(new Board('humpty', null).fen(), START);
});

test("Notation.DEFAULT as ffish prints it: the Pawn's letter too; no notation is SAN", () => {
  // ffish 0.7.10 with Fairy-Stockfish's humpty.ini printed exactly these.
  const board = new Board('humpty');
  assert.equal(board.sanMove('a3a4', ffish.Notation.DEFAULT), 'Pa4');
  assert.equal(board.sanMove('b1d2', ffish.Notation.DEFAULT), 'Nd2');
  assert.equal(board.sanMove('a3a4'), 'a4');
  assert.equal(board.variationSan('a3a4 a6a5', ffish.Notation.DEFAULT, false), 'Pa4 Pa5');
  assert.equal(board.variationSan('a3a4 a6a5'), '1. a4 a5');
  const promote = new Board('humpty', 'r5k4r/1P10/12/12/12/12/12/R5K4R w KQkq - 0 1');
  assert.equal(promote.sanMove('b7a8q', ffish.Notation.DEFAULT), 'Pxa8=Q+');
  assert.equal(promote.sanMove('b7a8q'), 'bxa8=Q+');
  [board, promote].forEach((b) => b.delete());
});
