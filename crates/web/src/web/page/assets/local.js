// The rules and the engine in this browser (bindings/js, served at
// /humpty/ when this humpty was built with them): the legal moves for the
// highlights and the premove check are computed here from the position,
// with no request per click, and "In this browser" analyses on a Web
// Worker beside the server's analysis. The server stays the judge of every
// move of a stored game; without the package the page asks it as before.
"use strict";

const local = { rules: null, HumptyEngine: null, engine: null, cache: { fen: null, legal: [] }, lines: {} };

async function loadLocal() {
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
function localLegal(fen) {
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
function premoveTargets(fen, from) {
  return local.rules ? premoveReach(local.rules.Board, fen, from) : null;
}

// ---------- analysis in this browser ----------

function startLocalAnalysis() {
  if (!local.HumptyEngine) return;
  stopStream();
  if (!local.engine) {
    local.engine = new local.HumptyEngine();
    local.engine.addMessageListener(localInfo);
  }
  local.lines = {};
  local.fen = ui.game.fen;
  $("lines").innerHTML = "";
  $("stop").disabled = false;
  local.engine.postMessage("stop");
  local.engine.postMessage(`setoption name MultiPV value ${$("multipv").value}`);
  local.engine.postMessage(`position fen ${ui.game.fen}`);
  local.engine.postMessage("go infinite");
  local.running = true;
}

function stopLocalAnalysis() {
  if (local.engine && local.running) local.engine.postMessage("stop");
  local.running = false;
}

// One info line of the worker: the line in SAN, White's score.
function localInfo(line) {
  if (line.startsWith("info string")) {
    $("lines").textContent = line.slice("info string ".length);
    return;
  }
  const info = readInfoLine(line, ui.game.turn === "white");
  if (!info || !local.running || local.fen !== ui.game.fen) return;
  const { n, score, pv } = info;
  let san = pv;
  try {
    const board = new local.rules.Board("humpty", ui.game.fen);
    san = board.variationSan(pv);
    board.delete();
  } catch { /* keep the wire moves */ }
  local.lines[n] = `${score} ${san}`;
  $("lines").innerHTML = Object.keys(local.lines).sort()
    .map((k) => `<div class="line local">${local.lines[k]}</div>`).join("");
}
