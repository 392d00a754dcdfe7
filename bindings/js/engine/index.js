// The page's side of the worker engine: `new HumptyEngine()` starts the
// worker and gives fairy-stockfish.wasm's interface, `postMessage(line)`
// and message listeners receiving UCI lines. When SharedArrayBuffer is
// there (a cross-origin isolated page, or node) `stop` ends a search at
// once through a shared flag; otherwise `go infinite` runs in steps and
// `stop` ends it within 100 ms.
import { firstWord } from './words.js';

const isNode = typeof process === 'object' && typeof process.versions?.node === 'string';

export class HumptyEngine {
  /**
   * Start the engine's worker. `sharedStop: false` leaves the shared stop
   * flag out even where it could be had (`go infinite` then runs in steps).
   */
  constructor({ sharedStop = true } = {}) {
    this.listeners = [];
    this.jobs = 0;
    const url = new URL('./worker.js', import.meta.url);
    this.ready = (async () => {
      if (isNode) {
        const { Worker } = await import('node:worker_threads');
        this.worker = new Worker(url);
        this.worker.on('message', (line) => this.deliver(line));
        this.worker.on('error', (e) => this.deliver(`info string the engine's worker failed: ${e.message}`));
      } else {
        this.worker = new Worker(url, { type: 'module' });
        this.worker.onmessage = (event) => this.deliver(event.data);
        // A worker that cannot start (no module workers, a blocked script)
        // says so as the engine would.
        this.worker.onerror = (e) => this.deliver(`info string the engine's worker failed: ${e.message ?? 'unknown error'}`);
      }
      const shared = sharedStop && typeof SharedArrayBuffer === 'function'
        && (isNode || globalThis.crossOriginIsolated === true);
      if (shared) {
        this.stopFlag = new Int32Array(new SharedArrayBuffer(4));
        this.worker.postMessage({ stopFlag: this.stopFlag });
      }
    })();
  }

  /**
   * Emscripten's `FS`, as fairy-stockfish.wasm's clients use it: a file
   * written here (`FS.writeFile('/my.nnue', bytes)`) can be named by an
   * option, as in `setoption name EvalFile value /my.nnue`. A
   * variants.ini is accepted and not read: the game is built in.
   */
  get FS() {
    if (!this.fs) this.fs = new EngineFiles(this);
    return this.fs;
  }

  /** Whether `stop` reaches a running search at once (a shared flag). */
  get stopsAtOnce() {
    return this.stopFlag !== undefined;
  }

  deliver(line) {
    if (line && typeof line === 'object' && line.review) return this.reviewNews(line.review);
    if (line && typeof line === 'object' && line.ask) return this.answer(line.ask);
    for (const f of this.listeners) f(line);
    if (typeof this.onmessage === 'function') this.onmessage(line);
  }

  /** Call `f` with each line the engine prints. */
  addMessageListener(f) {
    this.listeners.push(f);
  }

  /** Stop calling `f`. */
  removeMessageListener(f) {
    this.listeners = this.listeners.filter((g) => g !== f);
  }

  /** Send one UCI line (or several, one per line). */
  postMessage(text) {
    if (this.quit) {
      // The worker has ended: say so rather than drop the line.
      queueMicrotask(() => this.deliver('info string the engine has quit: start a new HumptyEngine'));
      return;
    }
    for (const line of String(text).split('\n')) {
      // The first word as the engine reads it (Rust's white space, which
      // is not JavaScript's \s), so both sides count the same jobs.
      const word = firstWord(line);
      // The worker numbers jobs (`go`, `bench`) the same way; `stop` ends
      // the one running now.
      if (word === 'go' || word === 'bench') this.jobs += 1;
      if ((word === 'stop' || word === 'ponderhit') && this.stopFlag) Atomics.store(this.stopFlag, 0, this.jobs);
      if (word === 'quit') this.quit = true;
    }
    this.ready.then(() => this.worker.postMessage(String(text)));
  }

  /**
   * Review a game with the server's own review (humpty-analysis in the
   * worker): `moves` (UCI strings) from `fen`, `nodes` per position (the
   * server's default is 100,000). `onProgress(done, total)` hears each
   * position judged. Resolves to the server's report (`moves[i]` with
   * `san`, `white`, `win`, `loss`, `judgement`, `mark`, `better`;
   * `players`), or null when stopped (`stopReview`, or another review
   * started); rejects with an Error for a bad FEN, move or budget.
   */
  review({ fen, moves = [], nodes = 100000, onProgress } = {}) {
    if (typeof fen !== 'string') return Promise.reject(new TypeError('review: fen must be a string'));
    if (!Array.isArray(moves) || moves.some((m) => typeof m !== 'string')) {
      return Promise.reject(new TypeError('review: moves must be an array of UCI strings'));
    }
    if (!Number.isSafeInteger(nodes)) return Promise.reject(new TypeError('review: nodes must be a whole number'));
    this.endReview(null);
    return new Promise((resolve, reject) => {
      this.reviewing = { resolve, reject, onProgress };
      // A job, as `go` is: the worker counts it the same way.
      this.jobs += 1;
      this.ready.then(() => this.worker.postMessage({ review: { fen, moves, nodes } }));
    });
  }

  /** Stop the review running now (its promise resolves to null). */
  stopReview() {
    if (!this.reviewing) return;
    if (this.stopFlag) Atomics.store(this.stopFlag, 0, this.jobs);
    this.ready.then(() => this.worker.postMessage({ reviewStop: true }));
    this.endReview(null);
  }

  endReview(result, error) {
    const r = this.reviewing;
    this.reviewing = null;
    if (r && error) r.reject(error);
    else if (r) r.resolve(result);
  }

  reviewNews(news) {
    if (!this.reviewing) return;
    if (news.error) this.endReview(null, new Error(news.error));
    else if (news.stopped) this.endReview(null);
    else if (news.result) this.endReview(news.result);
    else if (typeof this.reviewing.onProgress === 'function') this.reviewing.onProgress(news.done, news.total);
  }

  /**
   * The exercises of a reviewed game (learn from your mistakes): `report`
   * is `review`'s result for `moves` from `fen`; `side` is "white",
   * "black" or "both". Resolves to `[{ ply, color, number }]`.
   */
  learnExercises({ fen, moves = [], report, side = 'both' } = {}) {
    const bad = badGame(fen, moves, report);
    return bad ? Promise.reject(bad) : this.ask('learnExercises', { fen, moves, report, side });
  }

  /**
   * Judge `move` (UCI) as the answer to the exercise at `ply`, as the
   * server does: resolves to `{ found, loss, san, better? }` (the better
   * line only once found). A search of the review's budget: `stop`
   * ends it (the promise then rejects).
   */
  learnJudge({ fen, moves = [], report, ply, move } = {}) {
    const bad = badGame(fen, moves, report);
    if (bad) return Promise.reject(bad);
    // A job, as `go` is: the worker counts it the same way.
    this.jobs += 1;
    return this.ask('learnJudge', { fen, moves, report, ply, move });
  }

  /**
   * Judge a solver's `move` (UCI) at `ply` of a puzzle, as the server's
   * trainer does: `row` is the puzzle's line of the puzzle CSV. Resolves
   * to `{ step: "wrong" }`, `{ step: "right", reply }` or
   * `{ step: "solved" }`.
   */
  puzzleJudge({ row, ply, move } = {}) {
    if (typeof row !== 'string') return Promise.reject(new TypeError('puzzle: row must be a line of the puzzle CSV'));
    return this.ask('puzzleJudge', { row, ply, move });
  }

  /**
   * Rate one attempt at the puzzle `row` with Glicko-2, as the server
   * does: `player` and `puzzle` are `{ rating, deviation, volatility }`
   * or null (a new player; the puzzle's seed). Resolves to
   * `{ player, puzzle }`, the ratings after it.
   */
  puzzleRate({ row, player = null, puzzle = null, solved } = {}) {
    if (typeof row !== 'string') return Promise.reject(new TypeError('puzzle: row must be a line of the puzzle CSV'));
    if (typeof solved !== 'boolean') return Promise.reject(new TypeError('puzzle: solved must be true or false'));
    return this.ask('puzzleRate', { row, player, puzzle, solved });
  }

  /**
   * The opening explorer over your own games: the moves played from `fen`
   * in `games` (`[{ start, moves, result }]`, moves in UCI, result a PGN
   * token; a game that does not replay or has no result is left out),
   * as the server's explorer answers: `{ games, moves: [{ uci, san,
   * games, white, draws, black, elo, top }] }`.
   */
  explorerMoves({ games = [], fen } = {}) {
    if (!Array.isArray(games)) return Promise.reject(new TypeError('explorer: games must be an array'));
    if (typeof fen !== 'string') return Promise.reject(new TypeError('explorer: fen must be a string'));
    return this.ask('explorerMoves', { games, fen });
  }

  /**
   * A game as the server writes its PGN download: `game` is `{ event,
   * site, white, black, created (Unix ms), start (FEN), moves (UCI),
   * control?: [base ms, increment ms], clocks?: [ms after each move],
   * review?: a review report, result }`. Resolves to the PGN text, with
   * the review's marks and `[%eval]` and the clocks' `[%clk]`.
   */
  gamePgn(game) {
    if (game === null || typeof game !== 'object' || Array.isArray(game)) return Promise.reject(new TypeError('gamePgn: the game must be an object'));
    if (!Array.isArray(game.moves) || !game.moves.every((m) => typeof m === 'string')) return Promise.reject(new TypeError('gamePgn: moves must be an array of UCI strings'));
    return this.ask('gamePgn', { game });
  }

  /**
   * A change to an analysis board's variations, by the server's tree
   * (humpty-analysis): `request` is `{ action, start (FEN), moves (the
   * main line, UCI), tree? (the text an earlier answer gave), node? (the
   * variation move shown), ply? (the main line's ply shown), uci?, target?,
   * pgn? }`, `action` one of `view`, `play` (`uci` at the position shown),
   * `goto`, `promote`, `main-line`, `delete` (`target`: a node), `cut`
   * (every move from `ply` on) and `import` (the variations of `pgn`).
   * Resolves to `{ tree, moves, node, ply, line, variations, variation }`:
   * the game after it, the moves to the position shown, and the lines the
   * move list draws, as the server's game state gives them.
   */
  variations(request) {
    if (request === null || typeof request !== 'object' || Array.isArray(request)) return Promise.reject(new TypeError('variations: the request must be an object'));
    if (!Array.isArray(request.moves) || !request.moves.every((m) => typeof m === 'string')) return Promise.reject(new TypeError('variations: moves must be an array of UCI strings'));
    return this.ask('variations', { request });
  }

  /** Ask the worker's analysis `name`; resolves to its answer. */
  ask(name, request) {
    this.asked ??= new Map();
    this.askIds = (this.askIds ?? 0) + 1;
    const id = this.askIds;
    return new Promise((resolve, reject) => {
      this.asked.set(id, { resolve, reject });
      this.ready.then(() => this.worker.postMessage({ ask: { ...request, name, id } }));
    });
  }

  answer(a) {
    const asked = this.asked?.get(a.id);
    if (!asked) return;
    this.asked.delete(a.id);
    if (a.error) asked.reject(new Error(a.error));
    else asked.resolve(a.result);
  }

  /** End the worker. */
  async terminate() {
    await this.ready;
    await this.worker.terminate();
  }
}

/** Why a learn request's game is malformed, if it is. */
function badGame(fen, moves, report) {
  if (typeof fen !== 'string') return new TypeError('learn: fen must be a string');
  if (!Array.isArray(moves) || moves.some((m) => typeof m !== 'string')) {
    return new TypeError('learn: moves must be an array of UCI strings');
  }
  if (!report || typeof report !== 'object') return new TypeError("learn: report must be a review's result");
  return null;
}

/** The files of `HumptyEngine.FS`: kept here and given to the worker. */
class EngineFiles {
  constructor(engine) {
    this.engine = engine;
    this.files = new Map();
  }

  /** Write `data` (a string, an ArrayBuffer or a typed array) at `path`. */
  writeFile(path, data) {
    if (typeof path !== 'string' || path === '') throw new TypeError('FS.writeFile: the path must be a non-empty string');
    let bytes;
    if (typeof data === 'string') bytes = new TextEncoder().encode(data);
    else if (data instanceof ArrayBuffer) bytes = new Uint8Array(data.slice(0));
    else if (ArrayBuffer.isView(data)) bytes = new Uint8Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength));
    else throw new TypeError('FS.writeFile: the data must be a string, an ArrayBuffer or a typed array');
    this.files.set(path, bytes);
    this.engine.ready.then(() => this.engine.worker.postMessage({ writeFile: path, bytes }));
  }

  /** The bytes written at `path` (`{ encoding: 'utf8' }` for text). */
  readFile(path, opts = {}) {
    const bytes = this.files.get(path);
    if (!bytes) throw new Error(`FS.readFile: no file ${path}`);
    return opts.encoding === 'utf8' ? new TextDecoder().decode(bytes) : bytes.slice();
  }

  /** Remove the file at `path`. */
  unlink(path) {
    if (!this.files.delete(path)) throw new Error(`FS.unlink: no file ${path}`);
    this.engine.ready.then(() => this.engine.worker.postMessage({ unlink: path }));
  }

  /** The names written so far. */
  readdir() {
    return ['.', '..', ...[...this.files.keys()].map((p) => p.replace(/^\//, ''))];
  }
}
