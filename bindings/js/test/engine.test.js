// The engine in a worker: the UCI handshake, a search with a legal move,
// `stop` during `go infinite` with the shared flag and in steps without it,
// and the bench signature of the binary.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { HumptyEngine } from '../engine/index.js';
import { Board } from '../index.js';

// `humpty bench`'s node count (README.md): the same search, bit for bit.
// Read from the Rust test that asserts it, so the figure is written once.
const BENCH_SIGNATURE = (() => {
  const rust = new URL('../../../crates/engine/tests/bench_signature.rs', import.meta.url);
  const found = /const SIGNATURE: u64 = ([\d_]+);/.exec(readFileSync(rust, 'utf8'));
  if (!found) throw new Error(`no SIGNATURE constant in ${rust.pathname}`);
  return Number(found[1].replaceAll('_', ''));
})();

/** An engine with a helper that waits for a line matching `re`. */
function start(options) {
  const engine = new HumptyEngine(options);
  const lines = [];
  const waiters = [];
  engine.addMessageListener((line) => {
    lines.push(line);
    for (const w of [...waiters]) {
      if (w.re.test(line)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line);
      }
    }
  });
  const until = (re, ms = 60000) => new Promise((resolve, reject) => {
    const found = lines.find((l) => re.test(l));
    if (found) return resolve(found);
    const timer = setTimeout(() => reject(new Error(`no line ${re} in ${ms} ms`)), ms);
    waiters.push({ re, resolve: (l) => { clearTimeout(timer); resolve(l); } });
  });
  return { engine, lines, until };
}

test('uci, isready and a depth-6 search with a legal bestmove', async () => {
  const { engine, lines, until } = start();
  engine.postMessage('uci');
  await until(/^uciok$/);
  assert.ok(lines.includes('id name humpty 0.1.0'));
  assert.ok(lines.some((l) => l.startsWith('info string variant humpty files 12 ranks 8')));
  engine.postMessage('isready');
  await until(/^readyok$/);
  engine.postMessage('position startpos moves b1d2');
  engine.postMessage('go depth 6');
  const best = (await until(/^bestmove /)).split(' ')[1];
  const board = new Board('humpty');
  board.push('b1d2');
  assert.ok(board.legalMoves().split(' ').includes(best), best);
  assert.ok(lines.some((l) => /^info depth 6 .* pv /.test(l)));
  await engine.terminate();
});

for (const sharedStop of [true, false]) {
  test(`stop ends go infinite (${sharedStop ? 'shared flag' : 'in steps'})`, async () => {
    const { engine, lines, until } = start({ sharedStop });
    await engine.ready;
    assert.equal(engine.stopsAtOnce, sharedStop);
    engine.postMessage('position startpos');
    engine.postMessage('go infinite');
    await until(/^info depth 3 /);
    await new Promise((r) => setTimeout(r, 300));
    assert.ok(!lines.some((l) => l.startsWith('bestmove')), 'bestmove before stop');
    const asked = performance.now();
    engine.postMessage('stop');
    const best = (await until(/^bestmove /, 5000)).split(' ')[1];
    assert.ok(performance.now() - asked < 1000, 'stop answered within a second');
    assert.ok(new Board('humpty').legalMoves().split(' ').includes(best), best);
    engine.postMessage('isready');
    await until(/^readyok$/);
    await engine.terminate();
  });
}

test('bench gives the binary\'s signature, with the net in simd128', async () => {
  const { engine, until } = start();
  engine.postMessage('bench');
  // The SIMD kernel must reach the native (scalar and AVX2) node count.
  assert.equal(await until(/^info string nnue kernel /, 120000), 'info string nnue kernel simd128');
  const line = await until(/^Nodes searched: /, 120000);
  assert.equal(Number(line.split(': ')[1]), BENCH_SIGNATURE);
  const nps = Number((await until(/^Nodes\/second: /)).split(': ')[1]);
  assert.ok(nps > 0);
  await engine.terminate();
});

test('go perft stops like a search (shared flag)', async () => {
  const { engine, lines, until } = start();
  await engine.ready;
  assert.ok(engine.stopsAtOnce);
  engine.postMessage('go perft 6');
  await new Promise((r) => setTimeout(r, 300));
  const asked = performance.now();
  engine.postMessage('stop');
  engine.postMessage('isready');
  await until(/^readyok$/, 15000);
  assert.ok(performance.now() - asked < 5000, 'perft stopped');
  assert.ok(lines.includes('info string perft stopped'), lines.join('\n'));
  await engine.terminate();
});

test('a line starting with U+0085 is read alike on both sides, and stop still ends go infinite', async () => {
  const { engine, until } = start();
  await engine.ready;
  engine.postMessage('\u0085go depth 2');
  await until(/^bestmove /);
  engine.postMessage('go infinite');
  await until(/^info depth 3 /);
  const asked = performance.now();
  engine.postMessage('stop');
  await until(/^bestmove .*/, 5000);
  assert.ok(performance.now() - asked < 2000);
  await engine.terminate();
});

test('a refused go infinite in steps says so once and ends', async () => {
  const { engine, lines, until } = start({ sharedStop: false });
  await engine.ready;
  engine.postMessage('go infinite searchmoves zz');
  await until(/^info string searchmoves/);
  await new Promise((r) => setTimeout(r, 500));
  assert.equal(lines.filter((l) => l.startsWith('info string searchmoves')).length, 1, lines.join('\n'));
  engine.postMessage('isready');
  await until(/^readyok$/);
  await engine.terminate();
});

test('quit is answered, and a line after it is told, not dropped', async () => {
  const { engine, until } = start();
  engine.postMessage('quit');
  await until(/^info string quit/);
  engine.postMessage('isready');
  await until(/^info string the engine has quit/);
});

test('Hash is capped at what WebAssembly holds, with a message', async () => {
  const { engine, lines, until } = start();
  engine.postMessage('setoption name Hash value 4000');
  engine.postMessage('isready');
  await until(/^readyok$/, 15000);
  assert.ok(lines.some((l) => /^info string .*Hash 4000 MiB.*using 512 MiB/.test(l)), lines.join('\n'));
  await engine.terminate();
});

test('FS: a net written through FS is loaded by EvalFile, a bad one keeps the net, a variants.ini is harmless', async () => {
  const { engine, lines, until } = start();
  const net = readFileSync(new URL('../../../crates/engine/src/eval/nnue/default.nnue', import.meta.url));
  engine.FS.writeFile('/my.nnue', net);
  engine.FS.writeFile('/broken.nnue', 'not a net');
  engine.FS.writeFile('/variants.ini', '[humpty]\n');
  assert.equal(engine.FS.readFile('/broken.nnue', { encoding: 'utf8' }), 'not a net');
  assert.deepEqual(engine.FS.readdir().slice(2).sort(), ['broken.nnue', 'my.nnue', 'variants.ini']);
  assert.throws(() => engine.FS.writeFile('/x', 5), TypeError);
  engine.postMessage('setoption name EvalFile value /my.nnue');
  engine.postMessage('eval');
  await until(/EvalFile \/my\.nnue\)/);
  engine.postMessage('setoption name EvalFile value /broken.nnue');
  await until(/^info string EvalFile \/broken\.nnue: .*keeping the net in force/);
  engine.postMessage('load /variants.ini');
  engine.postMessage('isready');
  await until(/^readyok$/);
  assert.ok(lines.includes("info string unknown command 'load'"));
  lines.length = 0; // the net in force is said again, after the bad file
  engine.postMessage('eval');
  await until(/EvalFile \/my\.nnue\)/);
  engine.FS.unlink('/my.nnue');
  engine.postMessage('setoption name EvalFile value /my.nnue');
  await until(/^info string EvalFile: cannot read \/my\.nnue/);
  assert.throws(() => engine.FS.unlink('/my.nnue'), /no file/);
  assert.ok(!lines.some((l) => /panicked|RuntimeError/.test(l)));
  await engine.terminate();
});
