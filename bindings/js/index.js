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

// ffish's enums (enums.js), as ffish exports them.
import { Notation, Termination } from './enums.js';
export { Notation, Termination };

const { default: _init, initSync: _initSync, ...functions } = rules;
const api = Object.freeze({ ...functions, Notation, Termination });

/**
 * ffish-es6's factory, for code written as `Module().then(ffish => ...)`:
 * resolves to this module's API (already loaded).
 */
export default function Module() {
  return Promise.resolve(api);
}
