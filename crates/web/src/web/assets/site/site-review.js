// Game review in the browser: every position of the game searched by the
// worker engine at the server's node budget, each move judged by the
// winning chances it lost on humpty's win curve (`site-data.json`'s
// `review`, made from src/review/mod.rs, so the page and the server judge
// alike). A move the engine itself chose is never marked, and a move that
// mates loses nothing.
import { Board } from "./humpty/index.js";

// The mover's winning chances (0-100) for a score from the mover's view.
function winPercent(model, score) {
  if (score.mate !== undefined) return score.mate > 0 ? 100 : 0;
  return 100 / (1 + 10 ** ((-model.win_scale_k * score.cp) / 400));
}

function judgement(model, loss) {
  return [...model.judgements].reverse().find((j) => loss >= j.min_loss) ?? null;
}

// One search: the last complete info line's score and the bestmove.
function search(engine, fen, nodes) {
  return new Promise((resolve) => {
    let score = { cp: 0 };
    const listen = (line) => {
      // Bounds from an aspiration window are not the position's score.
      const m = line.match(/^info .*score (cp|mate) (-?\d+)( lowerbound| upperbound)?/);
      if (m && !m[3]) score = m[1] === "cp" ? { cp: Number(m[2]) } : { mate: Number(m[2]) };
      if (line.startsWith("bestmove")) {
        engine.removeMessageListener(listen);
        resolve({ score, best: line.split(" ")[1] });
      }
    };
    engine.addMessageListener(listen);
    engine.postMessage(`position fen ${fen}`);
    engine.postMessage(`go nodes ${nodes}`);
  });
}

// The verdict of one position, side to move's view; the end of the game
// needs no search (mated: lost; stalemate or a draw by rule: even).
async function verdict(engine, board, nodes) {
  if (board.legalMoves() === "") return { score: board.isCheck() ? { mate: 0 } : { cp: 0 }, best: null };
  if (board.isGameOver(true)) return { score: { cp: 0 }, best: null };
  return search(engine, board.fen(), nodes);
}

/**
 * Review a game from `start` through `moves` (wire moves): for each move,
 * { mover, loss, judgement, best }. `progress(i, n)` is called as it goes.
 */
export async function reviewGame(engine, model, start, moves, progress = () => {}) {
  const board = new Board("humpty", start);
  const verdicts = [];
  for (let i = 0; i <= moves.length; i++) {
    progress(i, moves.length);
    verdicts.push(await verdict(engine, board, model.nodes));
    if (i < moves.length) board.push(moves[i]);
  }
  board.delete();
  return moves.map((m, i) => {
    const before = winPercent(model, verdicts[i].score);
    const after = 100 - winPercent(model, verdicts[i + 1].score);
    const loss = Math.max(0, before - after);
    const j = m === verdicts[i].best ? null : judgement(model, loss);
    return { loss, judgement: j, best: verdicts[i].best };
  });
}
