// The ffish-es6-shaped build (dist/ffish-es6) as clients load it: a client
// written for ffish-es6 (test/ffish-client/client.js) is bundled with
// browserify+esmify, as fairyground builds, and with esbuild, and each
// bundle runs in node; what it sees must equal what the ES-module package
// says of the same game. Needs `npm run build` and `npm install` first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import browserify from 'browserify';
import esmify from 'esmify';
import { build } from 'esbuild';
import Module from '../dist/ffish-es6/ffish.js';
import * as humpty from '../index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, '..', 'dist', 'ffish-es6');

// A project folder with the client and the shaped package in place of
// ffish-es6, as a user gets it by replacing node_modules/ffish-es6.
function project() {
  const dir = mkdtempSync(path.join(tmpdir(), 'humpty-ffish-'));
  cpSync(dist, path.join(dir, 'node_modules', 'ffish-es6'), { recursive: true });
  cpSync(path.join(here, 'ffish-client', 'client.js'), path.join(dir, 'client.js'));
  return dir;
}

// Runs a bundle in a fresh node with `ffishOptions` set first.
function runBundle(bundle, options) {
  const out = execFileSync(process.execPath, ['-e',
    `globalThis.ffishOptions = ${options};\n${bundle}`], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').at(-1));
}

// The same walk on the ES-module package.
function expected() {
  const board = new humpty.Board('humpty');
  const sans = [];
  const checks = [];
  for (let ply = 0; ply < 80 && !board.isGameOver(); ply++) {
    const moves = board.legalMoves().split(' ');
    const move = moves[Math.floor(moves.length / 2)];
    sans.push(board.sanMove(move, humpty.Notation.DEFAULT));
    board.push(move);
    if (board.isCheck()) checks.push([board.fen(), board.checkedPieces()]);
  }
  const seen = { fen: board.fen(), sans, checks, result: board.result() };
  board.delete();
  return seen;
}

function checkSeen(seen) {
  assert.equal(seen.error, undefined, seen.error);
  const want = expected();
  assert.equal(seen.variants, 'humpty');
  assert.equal(seen.startFen, humpty.startingFen('humpty'));
  assert.equal(seen.validStart, 1);
  assert.equal(seen.notations, 10);
  assert.equal(seen.refused, false);
  assert.deepEqual(seen.sans, want.sans);
  assert.deepEqual(seen.checks, want.checks);
  assert.equal(seen.fen, want.fen);
  assert.equal(seen.result, want.result);
  assert.ok(seen.plies > 20, `${seen.plies} plies`);
}

test('the shaped package has what clients copy and parse', () => {
  const pkg = JSON.parse(readFileSync(path.join(dist, 'package.json'), 'utf8'));
  assert.equal(pkg.name, 'ffish-es6');
  assert.equal(pkg.main, 'ffish.js');
  const source = readFileSync(path.join(dist, 'ffish.js'), 'utf8');
  assert.ok(!/import\.meta/.test(source), 'import.meta in ffish.js');
  assert.ok(/^export default function Module\(/m.test(source));
  assert.ok(readFileSync(path.join(dist, 'ffish.wasm')).length > 1000);
});

test('browserify+esmify: the bundle loads ffish.wasm over HTTP by locateFile and plays', async () => {
  const dir = project();
  const bundle = await new Promise((resolve, reject) => {
    browserify(path.join(dir, 'client.js'), { basedir: dir, plugin: [esmify] })
      .bundle((err, buf) => (err ? reject(err) : resolve(buf.toString())));
  });
  assert.ok(!/import\.meta/.test(bundle));
  const wasm = readFileSync(path.join(dist, 'ffish.wasm'));
  const served = [];
  const server = createServer((req, res) => {
    served.push(req.url);
    res.writeHead(200, { 'content-type': 'application/wasm' });
    res.end(wasm);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}/lib/`;
  try {
    const seen = await new Promise((resolve, reject) => {
      // Run asynchronously so this process can serve the request.
      const child = execFileAsync(bundle, `{ locateFile: (p, dir) => ${JSON.stringify(url)} + p }`);
      child.then(resolve, reject);
    });
    checkSeen(seen);
    assert.deepEqual(served, ['/lib/ffish.wasm']);
  } finally {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('esbuild for node: the bundle reads ffish.wasm from disk, given by locateFile or as wasmBinary', async () => {
  const dir = project();
  try {
    const result = await build({
      entryPoints: [path.join(dir, 'client.js')], bundle: true, platform: 'node',
      format: 'cjs', write: false, logLevel: 'silent',
    });
    const bundle = result.outputFiles[0].text;
    const wasmPath = path.join(dir, 'node_modules', 'ffish-es6', 'ffish.wasm');
    checkSeen(runBundle(bundle, `{ locateFile: (p) => ${JSON.stringify(path.dirname(wasmPath))} + '/' + p }`));
    checkSeen(runBundle(bundle, `{ wasmBinary: require('fs').readFileSync(${JSON.stringify(wasmPath)}) }`));
    const missing = runBundle(bundle, `{ locateFile: (p) => '/nonexistent/' + p }`);
    assert.match(missing.error, /ffish\.wasm was not found at \/nonexistent\/ffish\.wasm/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('imported directly, Module() resolves to ffish names, with or without new', async () => {
  const opts = { locateFile: (p) => path.join(dist, p) };
  const a = await new Module(opts);
  const b = await Module(opts);
  for (const name of ['Board', 'Game', 'variants', 'startingFen', 'validateFen', 'readGamePGN',
    'capturesToHand', 'loadVariantConfig', 'Notation', 'Termination']) {
    assert.ok(name in a, name);
  }
  assert.equal(a.Board, b.Board);
  assert.equal(a.Notation.SAN.value, 1);
  assert.equal('initSync' in a, false);
});

// Like runBundle, without blocking this process's event loop.
function execFileAsync(bundle, options) {
  return import('node:child_process').then(({ execFile }) => new Promise((resolve, reject) => {
    execFile(process.execPath, ['-e', `globalThis.ffishOptions = ${options};\n${bundle}`],
      { encoding: 'utf8' }, (err, out) => (err ? reject(err) : resolve(JSON.parse(out.trim().split('\n').at(-1)))));
  }));
}
