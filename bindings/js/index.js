// humpty: the exact rules of Humpty Dumpty Chess with ffish.js's API.
// Importing this module is all a user does: its WebAssembly is loaded at
// import time (top-level await), in node from the file, in a browser by URL.
import init, * as rules from './pkg/humpty_rules.js';

const wasm = new URL('./pkg/humpty_rules_bg.wasm', import.meta.url);
if (wasm.protocol === 'file:' && typeof process === 'object' && process.versions?.node) {
  const { readFile } = await import('node:fs/promises');
  await init({ module_or_path: await readFile(wasm) });
} else {
  await init({ module_or_path: wasm });
}

// Everything the rules module exports (initSync is there for a page that
// wants to pass the bytes itself; the import has already called it).
export * from './pkg/humpty_rules.js';

// ffish's enums, in embind's shape: each member an object whose `value` is
// Fairy-Stockfish's code. A method taking a notation reads such an object
// or a plain code; other games' notations answer in SAN here.
const enumOf = (names) =>
  Object.freeze(Object.fromEntries(names.map((name, value) => [name, Object.freeze({ value })])));

/** ffish's `Notation` (codes 0 to 9). */
export const Notation = enumOf(['DEFAULT', 'SAN', 'LAN', 'SHOGI_HOSKING', 'SHOGI_HODGES',
  'SHOGI_HODGES_NUMBER', 'JANGGI', 'XIANGQI_WXF', 'THAI_SAN', 'THAI_LAN']);

/** ffish's `Termination` (codes 0 to 6). */
export const Termination = enumOf(['ONGOING', 'CHECKMATE', 'STALEMATE', 'INSUFFICIENT_MATERIAL',
  'N_MOVE_RULE', 'N_FOLD_REPETITION', 'VARIANT_END']);

const { default: _init, initSync: _initSync, ...functions } = rules;
const api = Object.freeze({ ...functions, Notation, Termination });

/**
 * ffish-es6's factory, for code written as `Module().then(ffish => ...)`:
 * resolves to this module's API (already loaded).
 */
export default function Module() {
  return Promise.resolve(api);
}
