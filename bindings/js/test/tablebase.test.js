// The endgame tables in WebAssembly (docs/tablebases.md): a page adds the
// table files a position needs and reads the same report as the server's
// /api/tablebase; bad input throws a clear Error or TypeError.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Tablebase } from '../index.js';

// KGvK: a Gnu mates only a King already caught (made by humpty tb generate).
const KGVK = readFileSync(new URL('./data/KGvK.htb', import.meta.url));
const MATE_IN_ONE = 'k11/12/K11/12/2G9/12/12/12 w - - 0 1';

test('a position needs its table, then reads as the server answers', () => {
  const tb = new Tablebase();
  assert.deepEqual(tb.needed(MATE_IN_ONE), ['KGvK.htb']);
  assert.equal(tb.probe(MATE_IN_ONE), '', 'not held before the table is added');
  assert.equal(tb.add(KGVK), 'KGvK');
  assert.deepEqual(tb.needed(MATE_IN_ONE), []);
  assert.equal(tb.count(), 1);
  const r = JSON.parse(tb.probe(MATE_IN_ONE));
  assert.equal(r.category, 'win');
  assert.equal(r.dtm, 1);
  assert.deepEqual(r.moves[0], { uci: 'c4d7', san: 'Gd7#', zeroing: false, category: 'loss', dtz: 0, dtm: 0, checkmate: true, stalemate: false });
  // Best first: the mate, then the moves that keep only a draw.
  assert.ok(r.moves.slice(1).every((m) => m.category === 'draw'));
  // Colours reversed: the same answer from the same table.
  const black = JSON.parse(tb.probe('12/12/12/2g9/12/k11/12/K11 b - - 0 1'));
  assert.equal(black.category, 'win');
  // A draw, and bare Kings.
  assert.equal(JSON.parse(tb.probe('k11/12/12/12/12/12/12/5GK5 w - - 0 1')).category, 'draw');
  assert.equal(JSON.parse(tb.probe('k11/12/12/12/12/12/12/6K5 w - - 0 1')).category, 'draw');
  // More men than the tables hold: not held.
  assert.equal(tb.probe('k11/12/12/12/12/12/12/4RGK5 w - - 0 1'), '');
});

test('bad input is refused with a message, and the tables stay', () => {
  const tb = new Tablebase();
  tb.add(KGVK);
  assert.throws(() => tb.add(new Uint8Array([1, 2, 3])), /not a humpty table/);
  assert.throws(() => tb.add(KGVK.subarray(0, KGVK.length - 5)), /not a humpty table/);
  assert.throws(() => tb.probe('not a fen'), /bad FEN/);
  assert.throws(() => tb.probe(42), TypeError);
  assert.throws(() => tb.needed(null), TypeError);
  assert.equal(tb.count(), 1);
  assert.equal(JSON.parse(tb.probe(MATE_IN_ONE)).category, 'win');
});
