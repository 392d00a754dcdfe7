// The ffish-es6-shaped build's entry (`npm run build` writes it after
// wasm-bindgen's no-modules glue, which defines `wasm_bindgen`, as
// dist/ffish-es6/ffish.js). Plain ES2017 with one default export, no
// top-level await and no module URL, so browserify+esmify, webpack and
// esbuild read it as they read ffish-es6's own ffish.js.
import { Notation, Termination } from './enums.js';

// Where the script holding this code came from, read while it first runs,
// as emscripten does: a bundle's ffish.wasm is looked for beside it.
const scriptDirectory = (() => {
  let src = '';
  if (typeof document !== 'undefined' && document.currentScript && document.currentScript.src) {
    src = document.currentScript.src;
  } else if (typeof self !== 'undefined' && self.location && typeof importScripts === 'function') {
    src = self.location.href;
  }
  return src.replace(/[?#].*$/, '').replace(/[^/]*$/, '');
})();

function isNode() {
  return typeof process === 'object' && process !== null && typeof process.versions === 'object' &&
    process.versions !== null && typeof process.versions.node === 'string';
}

// The WebAssembly to load: emscripten's `wasmBinary` (the bytes) if given,
// else `locateFile('ffish.wasm', scriptDirectory)`; in node a path or
// file: URL is read from disk, since fetch cannot read files there.
function wasmSource(opts) {
  if (opts.wasmBinary) return opts.wasmBinary;
  const where = typeof opts.locateFile === 'function'
    ? opts.locateFile('ffish.wasm', scriptDirectory)
    : scriptDirectory + 'ffish.wasm';
  if (isNode() && !/^(https?|data|blob):/i.test(String(where))) {
    const fs = typeof process.getBuiltinModule === 'function' ? process.getBuiltinModule('fs') : null;
    if (!fs) {
      throw new Error('ffish.wasm cannot be read in this node: pass Module({ wasmBinary }) (node >= 20.16 reads the file itself)');
    }
    const file = String(where).startsWith('file:') ? new URL(String(where)) : String(where);
    try {
      return fs.readFileSync(file);
    } catch (e) {
      throw new Error(`ffish.wasm was not found at ${String(where)} (${e.code || e.message}): pass Module({ locateFile }) to say where it is`);
    }
  }
  return where;
}

/**
 * ffish-es6's default export: `Module(opts?)` (also called with `new`)
 * resolves to the API, ffish's names for the variant "humpty" with the
 * exact rules. `opts.locateFile(path, scriptDirectory)` and
 * `opts.wasmBinary` are read as emscripten reads them.
 */
export default function Module(opts) {
  const options = opts && typeof opts === 'object' ? opts : {};
  return Promise.resolve()
    .then(() => wasm_bindgen({ module_or_path: wasmSource(options) }))
    .then(() => {
      const api = {};
      for (const name of Object.keys(wasm_bindgen)) {
        if (name !== 'initSync') api[name] = wasm_bindgen[name];
      }
      api.Notation = Notation;
      api.Termination = Termination;
      if (typeof options.onRuntimeInitialized === 'function') options.onRuntimeInitialized();
      return api;
    });
}
