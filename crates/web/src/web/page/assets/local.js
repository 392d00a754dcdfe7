// The rules and the engine in this browser (bindings/js, served at
// /humpty/ when this humpty was built with them): the legal moves for the
// highlights and the premove check are computed here from the position,
// with no request per click, and "In this browser" analyses on a Web
// Worker beside the server's analysis (analysis.js). The server stays the judge of every
// move of a stored game; without the package the page asks it as before.

import { $ } from "./dom.js";
import { premoveReach } from "./premove.js";

// The package's modules once loaded; `engine`: the worker analysing (see
// analysis.js), `running` while it does, on `fen`.
export const local = { rules: null, HumptyEngine: null, engine: null, cache: { fen: null, legal: [] }, running: false, fen: null };

export async function loadLocal() {
  try {
    local.rules = await import("/humpty/index.js");
    local.HumptyEngine = (await import("/humpty/engine/index.js")).HumptyEngine;
    $("analyse-local").hidden = false;
  } catch {
    local.rules = null;
  }
}

// A wire move as the page's move objects: { uci, from, to, promotion }.
function wireMove(uci) {
  const m = uci.match(/^([a-l]\d+)([a-l]\d+)([qgtf]?)$/);
  return m ? { uci, from: m[1], to: m[2], promotion: m[3] ? m[3].toUpperCase() : null } : null;
}

// The legal moves of `fen` by the rules in this page (cached per FEN).
export function localLegal(fen) {
  if (local.cache.fen !== fen) {
    let moves = [];
    try {
      const board = new local.rules.Board("humpty", fen);
      moves = board.legalMoves().split(" ").filter(Boolean).map(wireMove).filter(Boolean);
      board.delete();
    } catch {
      moves = [];
    }
    local.cache = { fen, legal: moves };
  }
  return local.cache.legal;
}

// Where the man on `from` could go if its side were to move now: the
// squares a premove may choose (null when the rules here cannot say).
export function premoveTargets(fen, from) {
  return local.rules ? premoveReach(local.rules.Board, fen, from) : null;
}
