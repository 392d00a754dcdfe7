// The served board's tablebase panel: the server's tables (humpty serve
// --tb DIR) asked once per position, drawn by tablebaseview.js; a click
// plays the move where the person may move.

import { renderTablebase } from "./tablebaseview.js";
import { learningPly } from "./review.js";
import { act, api, page, ui } from "./served.js";

const tablebaseState = { fen: null };

export async function drawTablebase() {
  const g = ui.game;
  if (!g || tablebaseState.fen === g.fen) return;
  tablebaseState.fen = g.fen;
  let v;
  try { v = await api("GET", `/api/tablebase?fen=${encodeURIComponent(g.fen)}`); } catch (e) { return; }
  if (!ui.game || ui.game.fen !== g.fen) return;
  renderTablebase(v.available && v.held ? v : null, g.fen, tablebasePlay);
}

function tablebasePlay(uci) {
  if (!page.humanMayMove() || learningPly() !== null) return;
  act("POST", "/move", { move: uci, seat: ui.seat || undefined });
}
