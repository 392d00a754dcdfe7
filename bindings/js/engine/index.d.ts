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
  /**
   * Review a game with the server's review (humpty-analysis): resolves to
   * the server's report, or null when stopped; rejects on a bad FEN, move
   * or budget.
   */
  review(request: {
    fen: string;
    moves?: string[];
    nodes?: number;
    onProgress?: (done: number, total: number) => void;
  }): Promise<ReviewReport | null>;
  /** Stop the running review (its promise resolves to null). */
  stopReview(): void;
  /** The moves played from `fen` in your own games, as the server's explorer answers. */
  explorerMoves(request: { games: { start: string; moves: string[]; result: string }[]; fen: string }): Promise<{
    games: number;
    plies: number;
    moves: { uci: string; san: string; games: number; white: number; draws: number; black: number; elo: number | null; top: unknown[] }[];
  }>;
  /** A game as the server writes its PGN download (tags, review marks, `[%eval]`, `[%clk]`). */
  gamePgn(game: {
    event: string; site: string; white: string; black: string; created: number; start: string; moves: string[];
    control?: [number, number] | null; clocks?: number[]; review?: unknown; result: string; tree?: string | null;
  }): Promise<string>;
  /** A change to an analysis board's variations, by the server's tree. */
  variations(request: {
    action: 'view' | 'play' | 'goto' | 'promote' | 'main-line' | 'delete' | 'cut' | 'import';
    start: string; moves: string[]; tree?: string | null; node?: number | null; ply?: number | null;
    uci?: string; target?: number; pgn?: string;
  }): Promise<{
    tree: string | null; moves: string[]; node: number | null; ply: number; line: string[];
    variations: Record<string, unknown[][]>; variation: { node: number; uci: string | null; from: string | null; to: string | null; back: { ply: number } | { node: number } | null; forward: { node: number } | null } | null;
  }>;
  /** Judge a solver's move at `ply` of a puzzle (`row`: its line of the puzzle CSV). */
  puzzleJudge(request: { row: string; ply: number; move: string }): Promise<
    { step: 'wrong' } | { step: 'right'; reply: string } | { step: 'solved' }
  >;
  /** Rate one attempt (Glicko-2): null ratings are a new player and the puzzle's seed. */
  puzzleRate(request: { row: string; player?: GlickoRating | null; puzzle?: GlickoRating | null; solved: boolean }): Promise<{
    player: GlickoRating;
    puzzle: GlickoRating;
  }>;
  /** The exercises of a reviewed game (`side`: "white", "black" or "both"). */
  learnExercises(request: {
    fen: string;
    moves?: string[];
    report: ReviewReport;
    side?: 'white' | 'black' | 'both';
  }): Promise<{ ply: number; color: 'white' | 'black'; number: number }[]>;
  /** Judge an attempt at the exercise of `ply`, as the server does. */
  learnJudge(request: {
    fen: string;
    moves?: string[];
    report: ReviewReport;
    ply: number;
    move: string;
  }): Promise<{ found: boolean; loss: number; san: string; better?: { uci: string; san: string; line: string[] } }>;
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

/** A score: centipawns or mate in moves (negative: mated), White's view. */
export type ReviewScore = { cp: number } | { mate: number };

/** One reviewed move, as the server's API gives it. */
export interface ReviewedMove {
  uci: string;
  san: string;
  white: ReviewScore;
  /** White's winning chances after the move, in percent. */
  win: number;
  /** The mover's winning chances given away, in points. */
  loss: number;
  judgement: 'inaccuracy' | 'mistake' | 'blunder' | null;
  mark: '?!' | '?' | '??' | null;
  better: { uci: string; san: string; line: string[] } | null;
}

/** One player's totals. */
export interface ReviewPlayer {
  counts: { inaccuracy: number; mistake: number; blunder: number };
  average_cp_loss: number;
  accuracy: number | null;
  moves: number;
}

/** A finished review, as the server's API gives it. */
export interface ReviewReport {
  start: ReviewScore;
  start_win: number;
  moves: ReviewedMove[];
  players: { white: ReviewPlayer; black: ReviewPlayer };
}

/** A Glicko-2 rating. */
export interface GlickoRating {
  rating: number;
  deviation: number;
  volatility: number;
}
