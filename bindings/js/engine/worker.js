// The humpty engine in a Web Worker (or a node worker thread): UCI lines in
// by postMessage, the binary's UCI lines out by postMessage, as
// fairy-stockfish.wasm's worker does.
//
// Stopping a search: the search blocks this worker, so a `stop` message is
// read only after it. Post `{ stopFlag }` (an Int32Array over a
// SharedArrayBuffer, which a cross-origin isolated page or node has) first,
// then stop the n-th job (`go` or `bench` line) by storing n into
// stopFlag[0] as you post `stop` (engine/index.js does this). Without a stop flag, `go infinite` runs in
// steps of at most 100 ms and `stop` is read between them.
import init, { UciEngine } from '../pkg/humpty_engine.js';
import { isBlank } from './words.js';

const isNode = typeof process === 'object' && typeof process.versions?.node === 'string';
const wasm = new URL('../pkg/humpty_engine_bg.wasm', import.meta.url);

// Messages that arrive while the WebAssembly loads wait for it: the
// listener is in place before the first `await`, or a browser would drop them.
let engine = null;
const waiting = [];
const receive = (data) => (engine ? handle(data) : waiting.push(data));
if (!isNode) self.onmessage = (event) => receive(event.data);

let port;
if (isNode) {
  const { parentPort } = await import('node:worker_threads');
  const { readFile } = await import('node:fs/promises');
  port = parentPort;
  port.on('message', receive);
  await init({ module_or_path: await readFile(wasm) });
} else {
  port = self;
  await init({ module_or_path: wasm });
}

// Lines are posted as the engine prints them, so info lines stream while
// a search runs.
engine = new UciEngine((line) => port.postMessage(line));
let stepTimer = null;
const QUIT_LINE = 'info string quit: the engine has stopped and reads no more commands';

function step() {
  stepTimer = null;
  if (!engine.stepping()) return;
  engine.step();
  schedule();
}

function schedule() {
  if (engine.stepping() && stepTimer === null) stepTimer = setTimeout(step, 0);
  if (engine.reviewing() && reviewTimer === null) reviewTimer = setTimeout(reviewStep, 0);
}

// A review runs one search per step, so messages (`reviewStop`, UCI
// lines) are read between two searches.
let reviewTimer = null;
function reviewStep() {
  reviewTimer = null;
  if (!engine.reviewing()) return;
  port.postMessage({ review: JSON.parse(engine.reviewStep()) });
  schedule();
}

// The analysis the page asks for by name (learn from your mistakes,
// puzzles), answered under the request's id.
const ASKS = {
  learnExercises: (r) => engine.learnExercises(r.fen, words(r.moves), JSON.stringify(r.report), String(r.side)),
  learnJudge: (r) => engine.learnJudge(r.fen, words(r.moves), JSON.stringify(r.report), Number(r.ply), String(r.move)),
  puzzleJudge: (r) => engine.puzzleJudge(String(r.row), Number(r.ply), String(r.move)),
  explorerMoves: (r) => engine.explorerMoves(JSON.stringify(r.games ?? []), String(r.fen)),
  gamePgn: (r) => engine.gamePgn(JSON.stringify(r.game ?? null)),
  variations: (r) => engine.variations(JSON.stringify(r.request ?? null)),
  puzzleRate: (r) => engine.puzzleRate(String(r.row), JSON.stringify(r.player ?? null), JSON.stringify(r.puzzle ?? null), r.solved === true),
};

function words(moves) {
  const text = Array.isArray(moves) ? moves.join(' ') : moves;
  if (typeof text !== 'string') throw new TypeError('moves must be an array of UCI strings');
  return text;
}

function ask(r) {
  try {
    const f = Object.hasOwn(ASKS, r.name) ? ASKS[r.name] : null;
    if (!f) throw new Error(`unknown request ${String(r.name)}`);
    if (r.fen !== undefined && typeof r.fen !== 'string') throw new TypeError('fen must be a string');
    return { id: r.id, result: JSON.parse(f(r)) };
  } catch (e) {
    return { id: r.id, error: e.message };
  }
}

function startReview(r) {
  try {
    const moves = Array.isArray(r.moves) ? r.moves.join(' ') : r.moves;
    if (typeof r.fen !== 'string' || typeof moves !== 'string') throw new TypeError('review: fen and moves must be strings');
    engine.reviewStart(r.fen, moves, Number(r.nodes));
  } catch (e) {
    port.postMessage({ review: { error: e.message } });
  }
}

function handle(data) {
  if (data && typeof data === 'object' && data.stopFlag instanceof Int32Array) {
    engine.setStopFlag(data.stopFlag);
    return;
  }
  // The page's FS (engine/index.js): files the engine's options read.
  if (data && typeof data === 'object' && typeof data.writeFile === 'string' && data.bytes instanceof Uint8Array) {
    engine.writeFile(data.writeFile, data.bytes);
    return;
  }
  if (data && typeof data === 'object' && typeof data.unlink === 'string') {
    engine.unlink(data.unlink);
    return;
  }
  if (data && typeof data === 'object' && data.review && typeof data.review === 'object') {
    startReview(data.review);
    schedule();
    return;
  }
  if (data && typeof data === 'object' && data.ask && typeof data.ask === 'object') {
    port.postMessage({ ask: ask(data.ask) });
    return;
  }
  if (data && typeof data === 'object' && data.reviewStop === true) {
    if (engine.reviewing()) {
      engine.reviewStop();
      port.postMessage({ review: { stopped: true } });
    }
    return;
  }
  for (const line of String(data).split('\n')) {
    if (isBlank(line)) continue;
    engine.command(line);
    if (engine.hasQuit()) {
      // Answered, so the page knows that nothing more is read.
      port.postMessage(QUIT_LINE);
      if (isNode) process.exit(0);
      self.close();
      return;
    }
  }
  schedule();
}

waiting.splice(0).forEach(handle);
