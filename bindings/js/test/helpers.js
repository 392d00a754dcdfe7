// Shared by the tests: the repository's perft table and random games.
import { readFileSync } from 'node:fs';
import { Board } from '../index.js';

/** The rows of tests/data/perft.tsv: { id, fen, depth, nodes }. */
export function perftRows() {
  const text = readFileSync(new URL('../../../tests/data/perft.tsv', import.meta.url), 'utf8');
  return text.trim().split('\n').slice(1).map((line) => {
    const [id, fen, depth, nodes] = line.split('\t');
    return { id, fen, depth: Number(depth), nodes: Number(nodes) };
  });
}

/** A small deterministic generator (mulberry32), so games repeat. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random legal game from the start: its wire moves. */
export function randomGame(seed, maxPlies) {
  const next = rng(seed);
  const board = new Board('humpty');
  const moves = [];
  while (moves.length < maxPlies && !board.isGameOver(true)) {
    const legal = board.legalMoves().split(' ');
    const m = legal[Math.floor(next() * legal.length)];
    board.push(m);
    moves.push(m);
  }
  board.delete();
  return moves;
}
