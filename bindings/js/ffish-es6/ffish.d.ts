// Types of the ffish-es6-shaped build: ffish-es6's factory over humpty's rules.
import * as rules from './rules.js';
import { Notation, Termination } from './enums.js';
export * from './enums.js';

/** What `Module` reads of emscripten's options. */
export interface ModuleOptions {
  /** Where `path` (ffish.wasm) is: a URL, or a file path in node. */
  locateFile?(path: string, scriptDirectory: string): string;
  /** The WebAssembly's bytes, instead of loading them. */
  wasmBinary?: BufferSource;
  /** Called once the module is ready. */
  onRuntimeInitialized?(): void;
}

/** The resolved module: ffish's names for the variant "humpty". */
export type FFish = Omit<typeof rules, 'default' | 'initSync'> & {
  Notation: typeof Notation;
  Termination: typeof Termination;
};

/** ffish-es6's factory: loads ffish.wasm and resolves to the API. */
export default function Module(opts?: ModuleOptions): Promise<FFish>;
