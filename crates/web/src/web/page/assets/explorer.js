// The served board's opening explorer under the moves: the shown
// position's moves in the games the server knows (explorerview.js draws
// them); a click plays the move where the person may move.

import { $ } from "./dom.js";
import { showExplorer } from "./explorerview.js";
import { learningPly } from "./review.js";
import { act, api, page, ui } from "./served.js";

const explorerState = { fen: null };

// The shown position's moves, asked once per position.
export async function drawExplorer() {
  const g = ui.game;
  if (!g || explorerState.fen === g.fen) return;
  explorerState.fen = g.fen;
  let v;
  try { v = await api("GET", `/api/explorer?fen=${encodeURIComponent(g.fen)}`); } catch (e) { return; }
  if (!ui.game || ui.game.fen !== g.fen) return;
  showExplorer(v, { play: explorerPlay, elo: true, fen: g.fen, ply: g.ply, yours: false });
  const top = v.moves.flatMap((m) => m.top.map((t) => ({ ...t, san: m.san })))
    .sort((a, b) => (b.elo || 0) - (a.elo || 0)).slice(0, 4);
  $("explorer-games").innerHTML = top.map((t) => `<li>${t.san}: ${t.white} – ${t.black} ${t.result}${t.elo ? ` (${t.elo})` : ""}</li>`).join("");
}

function explorerPlay(uci) {
  if (!page.humanMayMove() || learningPly() !== null) return;
  act("POST", "/move", { move: uci, seat: ui.seat || undefined });
}
