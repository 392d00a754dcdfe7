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
}
