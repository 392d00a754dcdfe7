// The analysis in the worker beside the review: a puzzle's solver move
// judged and an attempt rated by the server's code, on the shipped puzzle
// set (read from the Rust crate, so the set is written once), and the
// explorer over the page's own games.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { HumptyEngine } from '../engine/index.js';
import { Board } from '../index.js';

const CSV = new URL('../../../crates/analysis/src/puzzles/puzzles.csv', import.meta.url);
const rows = readFileSync(CSV, 'utf8').split('\n').slice(1).filter(Boolean);
const fields = (row) => { const f = row.split(','); return { fen: f[1], moves: f[2].split(' '), rating: Number(f[3]) }; };

test('every solver move of a puzzle is judged as the server judges it', async () => {
  const engine = new HumptyEngine();
  const row = rows.find((r) => fields(r).moves.length >= 4);
  const { fen, moves } = fields(row);
  const first = await engine.puzzleJudge({ row, ply: 1, move: moves[1] });
  assert.deepEqual(first, { step: 'right', reply: moves[2] });
  const last = moves.length - 1 - ((moves.length - 1) % 2 === 1 ? 0 : 1);
  assert.deepEqual(await engine.puzzleJudge({ row, ply: last, move: moves[last] }), { step: 'solved' });
  // Another legal move at ply 1 is wrong (unless it mates on a last move).
  const board = new Board('humpty', fen);
  board.push(moves[0]);
  const other = board.legalMoves().split(' ').find((m) => m !== moves[1]);
  board.delete();
  assert.deepEqual(await engine.puzzleJudge({ row, ply: 1, move: other }), { step: 'wrong' });
  await assert.rejects(engine.puzzleJudge({ row, ply: 2, move: moves[2] }), /not a solver's move/);
  await assert.rejects(engine.puzzleJudge({ row, ply: 1, move: 'a1a9' }), /puzzle: /);
  await assert.rejects(engine.puzzleJudge({ row: 'x,y', ply: 1, move: moves[1] }), /puzzle: .*fields/);
  await assert.rejects(engine.puzzleJudge({ row: 7, ply: 1, move: moves[1] }), TypeError);
  await engine.terminate();
});

test('an attempt is rated with Glicko-2 from a new player and the puzzle seed', async () => {
  const engine = new HumptyEngine();
  const row = rows[0];
  const { rating } = fields(row);
  const won = await engine.puzzleRate({ row, solved: true });
  assert.ok(won.player.rating > 1500, JSON.stringify(won));
  assert.ok(won.player.deviation < 350);
  assert.ok(won.puzzle.rating < rating);
  const lost = await engine.puzzleRate({ row, player: won.player, puzzle: won.puzzle, solved: false });
  assert.ok(lost.player.rating < won.player.rating);
  assert.ok(lost.puzzle.rating > won.puzzle.rating);
  await assert.rejects(engine.puzzleRate({ row, player: { rating: 'high' }, solved: true }), /a rating/);
  await assert.rejects(engine.puzzleRate({ row, player: { rating: NaN, deviation: 1, volatility: 1 }, solved: true }), /a rating/);
  await assert.rejects(engine.puzzleRate({ row, solved: 'yes' }), TypeError);
  await engine.terminate();
});

test('the explorer over your own games merges transpositions and leaves out what does not replay', async () => {
  const engine = new HumptyEngine();
  const start = new Board('humpty').fen();
  const games = [
    { start, moves: ['b1d2', 'b8d7', 'k1i2', 'k8i7'], result: '1-0' },
    { start, moves: ['k1i2', 'b8d7', 'b1d2', 'k8i7'], result: '1/2-1/2' },
    { start, moves: ['b1d2', 'a1a9'], result: '0-1' },
    { start, moves: ['b1d2'], result: '*' },
  ];
  const first = await engine.explorerMoves({ games, fen: start });
  assert.equal(first.games, 2);
  assert.deepEqual(first.moves.map((m) => [m.san, m.games, m.white, m.draws, m.black]), [['Nd2', 1, 1, 0, 0], ['Ni2', 1, 0, 1, 0]]);
  const board = new Board('humpty');
  board.pushMoves('b1d2 b8d7 k1i2');
  const merged = await engine.explorerMoves({ games, fen: board.fen() });
  board.delete();
  assert.deepEqual(merged.moves.map((m) => [m.uci, m.games]), [['k8i7', 2]]);
  await assert.rejects(engine.explorerMoves({ games, fen: 'nonsense' }), /explorer: the position/);
  await assert.rejects(engine.explorerMoves({ games: [{ start }], fen: start }), /explorer: the games/);
  await assert.rejects(engine.explorerMoves({ games: 'all', fen: start }), TypeError);
  await engine.terminate();
});

test('a game downloads as the server writes it, and bad games are refused with a message', async () => {
  const engine = new HumptyEngine();
  const start = new Board('humpty').fen();
  const game = { event: 'e', site: 's', white: 'you', black: 'humpty', created: Date.UTC(2026, 11, 4), start, moves: ['b1d2', 'b8d7'], control: [180000, 2000], clocks: [179000, 178000], result: '*' };
  const text = await engine.gamePgn(game);
  assert.match(text, /\[Date "2026\.12\.04"\]/);
  assert.match(text, /\[VariantMen "/);
  assert.match(text, /1\. Nd2 \{\[%clk 0:02:59\]\} Nd7 \{\[%clk 0:02:58\]\} \*/);
  await assert.rejects(engine.gamePgn({ ...game, moves: ['b1b5'] }), /gamePgn: move 1/);
  await assert.rejects(engine.gamePgn({ ...game, result: '2-0' }), /gamePgn: the result/);
  await assert.rejects(engine.gamePgn({ ...game, moves: 'b1d2' }), TypeError);
  await assert.rejects(engine.gamePgn(null), TypeError);
  await engine.terminate();
});

test('variations: a move at an earlier ply starts one, the download and an import keep it, bad requests are refused', async () => {
  const engine = new HumptyEngine();
  const start = new Board('humpty').fen();
  const moves = ['b1d2', 'b8d7', 'k1i2', 'k8i7'];
  const a = await engine.variations({ action: 'play', start, moves, ply: 2, uci: 'c3c4' });
  assert.deepEqual(a.moves, moves);
  assert.deepEqual(a.line, ['b1d2', 'b8d7', 'c3c4']);
  assert.equal(a.variations['3'][0][0].san, 'c4');
  assert.deepEqual(a.variation.back, { ply: 2 });
  const game = { event: 'e', site: 's', white: '?', black: '?', created: Date.UTC(2026, 11, 5), start, moves, result: '*', tree: a.tree };
  const text = await engine.gamePgn(game);
  assert.match(text, /2\. Ni2 \(2\. c4\) 2\.\.\. Ni7/);
  const back = await engine.variations({ action: 'import', start, moves, pgn: text });
  assert.equal(back.tree, a.tree);
  await assert.rejects(engine.gamePgn({ ...game, tree: '0:b1d2' }), /gamePgn: the variations/);
  await assert.rejects(engine.variations({ action: 'play', start, moves, uci: 'a1a8' }), /a1a8/);
  await assert.rejects(engine.variations({ action: 'fly', start, moves }), /variations: the request/);
  await assert.rejects(engine.variations({ action: 'view', start, moves: 'b1d2' }), TypeError);
  await assert.rejects(engine.variations(null), TypeError);
  await engine.terminate();
});
