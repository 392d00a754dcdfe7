// The review in the worker: the server's review code (humpty-analysis),
// its report, bad requests refused with an Error and the worker still
// usable, and a review stopped at once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HumptyEngine } from '../engine/index.js';
import { Board } from '../index.js';

// The Rook offered to the King throws the win away (bare Kings draw).
const BLUNDER_FEN = '6k5/12/12/12/12/12/12/K6R4 w - - 0 1';

test('a review marks a planted blunder and reports as the server does', async () => {
  const engine = new HumptyEngine();
  const seen = [];
  const report = await engine.review({
    fen: BLUNDER_FEN,
    moves: ['h1h7', 'g8h7'],
    nodes: 20000,
    onProgress: (done, total) => seen.push([done, total]),
  });
  assert.equal(report.moves.length, 2);
  const [rook, king] = report.moves;
  assert.equal(rook.san, 'Rh7');
  assert.equal(rook.uci, 'h1h7');
  assert.equal(rook.judgement, 'blunder');
  assert.equal(rook.mark, '??');
  assert.ok(rook.loss >= 15, rook.loss);
  assert.ok(rook.better && typeof rook.better.san === 'string' && rook.better.line.length > 0, JSON.stringify(rook.better));
  assert.equal(king.judgement, null);
  assert.deepEqual(king.white, { cp: 0 });
  assert.equal(report.players.white.counts.blunder, 1);
  assert.equal(report.players.black.moves, 1);
  assert.ok(seen.length >= 2 && seen.every(([d, t]) => t === 3 && d >= 1 && d <= 3), JSON.stringify(seen));
  await engine.terminate();
});

test('bad requests are refused with an Error and the worker goes on', async () => {
  const engine = new HumptyEngine();
  await assert.rejects(engine.review({ fen: 'not a fen', moves: [] }), /review: the start position/);
  await assert.rejects(engine.review({ fen: BLUNDER_FEN, moves: ['a1a9'] }), /review: move 1/);
  await assert.rejects(engine.review({ fen: BLUNDER_FEN, moves: ['h1h7'], nodes: 0 }), /nodes must be/);
  await assert.rejects(engine.review({ fen: BLUNDER_FEN, moves: 'h1h7' }), TypeError);
  await assert.rejects(engine.review({ fen: BLUNDER_FEN, nodes: 1.5 }), TypeError);
  const report = await engine.review({ fen: BLUNDER_FEN, moves: ['h1h2'], nodes: 2000 });
  assert.equal(report.moves[0].san, 'Rh2');
  await engine.terminate();
});

for (const sharedStop of [true, false]) {
  test(`stopReview ends a long review (shared stop flag: ${sharedStop})`, async () => {
    const engine = new HumptyEngine({ sharedStop });
    const board = new Board('humpty');
    const fen = board.fen();
    const moves = [];
    for (let i = 0; i < 6; i++) {
      moves.push(board.legalMoves().split(' ')[0]);
      board.push(moves.at(-1));
    }
    board.delete();
    let progressed;
    let steps = 0;
    const first = new Promise((resolve) => { progressed = resolve; });
    // Seven positions at 5M (1M) nodes each: minutes, unless stopped.
    const nodes = sharedStop ? 5_000_000 : 1_000_000;
    const long = engine.review({ fen, moves, nodes, onProgress: () => { steps += 1; progressed(); } });
    // With the shared flag the running search ends at once; without it the
    // review ends after the search it is in (one position).
    if (sharedStop) setTimeout(() => engine.stopReview(), 300);
    else await first.then(() => engine.stopReview());
    assert.equal(await long, null);
    const ready = new Promise((resolve) => engine.addMessageListener((l) => l === 'readyok' && resolve()));
    engine.postMessage('isready');
    await ready;
    // Stopped inside the first search (5M nodes), which never reported.
    if (sharedStop) assert.equal(steps, 0);
    await engine.terminate();
  });
}

test('learn from your mistakes: the exercises and the judgement of attempts, as the server judges', async () => {
  const engine = new HumptyEngine();
  const moves = ['h1h7', 'g8h7'];
  const report = await engine.review({ fen: BLUNDER_FEN, moves, nodes: 20000 });
  const game = { fen: BLUNDER_FEN, moves, report };
  assert.deepEqual(await engine.learnExercises({ ...game, side: 'both' }), [{ ply: 0, color: 'white', number: 1 }]);
  assert.deepEqual(await engine.learnExercises({ ...game, side: 'black' }), []);
  // The move played is never found; the review's better move is.
  const again = await engine.learnJudge({ ...game, ply: 0, move: 'h1h7' });
  assert.equal(again.found, false);
  assert.equal(again.better, undefined);
  const better = report.moves[0].better.uci;
  const best = await engine.learnJudge({ ...game, ply: 0, move: better });
  assert.equal(best.found, true);
  assert.equal(best.loss, 0);
  assert.deepEqual(best.better, report.moves[0].better);
  // Any King move keeps the Rook and the win: searched, and found.
  const king = await engine.learnJudge({ ...game, ply: 0, move: 'a1b2' });
  assert.equal(king.san, 'Kb2');
  assert.equal(king.found, true, JSON.stringify(king));
  await assert.rejects(engine.learnJudge({ ...game, ply: 1, move: 'h8h7' }), /not a mistake or blunder/);
  await assert.rejects(engine.learnJudge({ ...game, ply: 0, move: 'a1a9' }), /learn: /);
  await assert.rejects(engine.learnJudge({ ...game, moves: ['h1h7'], ply: 0, move: 'a1b2' }), /1 moves reviewed|2 moves reviewed/);
  await assert.rejects(engine.learnExercises({ ...game, side: 'red' }), /side must be/);
  await assert.rejects(engine.learnExercises({ ...game, report: null }), TypeError);
  await engine.terminate();
});
