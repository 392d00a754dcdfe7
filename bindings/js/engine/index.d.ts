// Types of humpty/engine: the engine in a Web Worker (fairy-stockfish.wasm's interface).

/** The page's side of the worker engine. */
export declare class HumptyEngine {
  /** Start the worker; `sharedStop: false` leaves the shared stop flag out. */
  constructor(options?: { sharedStop?: boolean });
  /** Resolves once the worker is started. */
  readonly ready: Promise<void>;
  /** Whether `stop` ends a running search at once (a shared flag). */
  readonly stopsAtOnce: boolean;
  /** Called with each line, beside the listeners. */
  onmessage?: (line: string) => void;
  /** Call `f` with each UCI line the engine prints. */
  addMessageListener(f: (line: string) => void): void;
  /** Stop calling `f`. */
  removeMessageListener(f: (line: string) => void): void;
  /** Send one UCI line (or several, one per line). */
  postMessage(text: string): void;
  /** End the worker. */
  terminate(): Promise<void>;
  /** Emscripten's `FS` in part: files the engine's options read (`EvalFile`). */
  readonly FS: EngineFiles;
}

/** The files of `HumptyEngine.FS`. */
export interface EngineFiles {
  /** Write a file (a string or bytes) at `path`. */
  writeFile(path: string, data: string | ArrayBuffer | ArrayBufferView): void;
  /** The bytes written at `path`, or its text with `{ encoding: 'utf8' }`. */
  readFile(path: string, opts?: { encoding?: 'utf8' }): Uint8Array | string;
  /** Remove the file at `path` (an Error if there is none). */
  unlink(path: string): void;
  /** `.`, `..` and the names written. */
  readdir(): string[];
}
