//! The JSON the page and API clients see: a game's state at the shown ply
//! (FEN, moves in SAN, legal moves, check, last move, status in words) and
//! an engine search's lines with their PVs in SAN.

use super::clock::now_ms;
use super::live::{MoveText, Waiting, WebGame};
use super::words::{color_word, seats_word};
use crate::engine::{Info, Score};
use crate::rules::moves::Move;
use crate::rules::piece::Color;
use crate::rules::position::Position;
use crate::rules::result::Reason;
use serde_json::{json, Value};

/// One move as JSON: coordinates, squares, promotion letter and SAN.
fn move_json(pos: &Position, m: Move) -> Value {
    json!({
        "uci": m.to_string(),
        "from": m.from().to_string(),
        "to": m.to().to_string(),
        "promotion": m.promotion().map(|k| k.letter().to_string()),
        "san": pos.san(m),
    })
}

/// Every state gets a larger number than the last (from the clock at
/// start-up, so also across restarts): a page keeps the newest it has seen.
fn next_seq() -> u64 {
    static SEQ: once_cell::sync::Lazy<std::sync::atomic::AtomicU64> =
        once_cell::sync::Lazy::new(|| std::sync::atomic::AtomicU64::new(now_ms() as u64 * 1000));
    SEQ.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// The whole state of a game as the page draws it: the head and every
/// move of the line (a page joining, or asking).
pub(crate) fn game_json(g: &WebGame) -> Value {
    let mut v = head_json(g);
    v["moves"] = texts_json(&g.live.texts);
    v
}

/// A change as it is answered and sent to every page: the head and the
/// moves that replace the line from ply `from` on (the page keeps the
/// moves before it), so its size does not grow with the game.
pub(crate) fn delta_json(g: &WebGame, from: usize) -> Value {
    let from = from.min(g.live.texts.len());
    let mut v = head_json(g);
    v["line"] = json!({"from": from, "moves": texts_json(&g.live.texts[from..])});
    v
}

/// Moves as the page lists them.
fn texts_json(texts: &[MoveText]) -> Value {
    texts
        .iter()
        .map(|t| json!({"uci": t.uci, "san": t.san, "fen": t.fen}))
        .collect()
}

/// Everything of the state but the moves: the position shown, its legal
/// moves, the status, clocks, sides, level and offers.
fn head_json(g: &WebGame) -> Value {
    let r = &g.record;
    let pos = g.position();
    let waiting = g.waiting();
    let clock = clock_json(g, waiting == Waiting::Over);
    let result = g
        .result()
        .map(|e| json!({"result": e.result.pgn(), "reason": e.key(), "text": e.text()}));
    let ending = g.ending(&pos);
    let legal: Vec<Value> = match ending {
        Some(_) => Vec::new(),
        None => pos
            .legal_moves()
            .iter()
            .map(|&m| move_json(&pos, m))
            .collect(),
    };
    let side = pos.side_to_move();
    let check = pos.in_check().then(|| pos.king_square(side).to_string());
    let text = match ending {
        Some(e) => e.text(),
        None if check.is_some() => format!("{side} to move, in check"),
        None => format!("{side} to move"),
    };
    let last = r.cursor.checked_sub(1).map(|i| r.line[i]);
    json!({
        "id": r.id,
        "seq": next_seq(),
        "created": r.created,
        "fen": pos.to_fen(),
        "start_fen": r.start.to_fen(),
        "ply": r.cursor,
        "plies": r.line.len(),
        "version": g.live.version.load(std::sync::atomic::Ordering::SeqCst),
        "turn": color_word(side),
        "legal": legal,
        "check": check,
        "last_move": last.map(|m| json!({"from": m.from().to_string(), "to": m.to().to_string()})),
        "status": {
            "over": ending.is_some(),
            "result": ending.map(|e| e.result.pgn()),
            "reason": ending.map(|e| e.key()),
            "text": text,
        },
        "human": seats_word(r.seats),
        "draw_offer": r.draw_offer.map(color_word),
        "rematch": {
            "offered_by": r.rematch_offer.map(color_word),
            "id": r.rematch,
        },
        "level": r.level.to_json(),
        "searching": g.live.search.is_some(),
        "waiting": waiting.word(),
        "result": result,
        "thinking": g.live.thinking.is_some(),
        "clock": clock,
    })
}

/// The clocks as the page shows them: each side's time left now, and which
/// one runs (the page counts it down until the next state).
fn clock_json(g: &WebGame, over: bool) -> Value {
    let r = &g.record;
    let Some(c) = &r.clocks else {
        return Value::Null;
    };
    let running = r.clock_running(over);
    let first = r.start.side_to_move();
    let now = now_ms();
    let left = |color: Color| match r.forfeit.map(|f| f.reason) {
        Some(Reason::Time(loser)) if loser == color => 0,
        _ => c.left(color, first, running, now).max(0),
    };
    json!({
        "control": super::clock::control_json(c.control),
        "white_ms": left(Color::White),
        "black_ms": left(Color::Black),
        "running": running.map(color_word),
    })
}

/// A score for people: `+0.35`, `-1.20`, `#3`, `#-2` (side to move's view).
fn score_text(s: Score) -> String {
    match s {
        Score::Cp(cp) => format!("{:+.2}", cp as f64 / 100.0),
        Score::Mate(n) => format!("#{n}"),
    }
}

/// One search line (`info`) as JSON, with White's view for the eval bar.
pub(crate) fn info_json(pos: &Position, info: &Info) -> Value {
    let score = Score::from_search(info.score);
    let white = if pos.side_to_move() == Color::White {
        1
    } else {
        -1
    };
    let (cp, mate) = match score {
        Score::Cp(cp) => (Some(cp * white), None),
        Score::Mate(n) => (None, Some(n * white)),
    };
    let mut walk = pos.clone();
    let mut san = Vec::new();
    for &m in &info.pv {
        if !walk.is_legal(m) {
            break;
        }
        san.push(walk.san(m));
        walk.make_move(m);
    }
    let nps = (info.nodes as f64 / info.time.as_secs_f64().max(1e-3)) as u64;
    json!({
        "fen": pos.to_fen(),
        "depth": info.depth,
        "multipv": info.multipv,
        "score": score_text(score),
        "white_cp": cp,
        "white_mate": mate,
        "bound": info.bound.map(|b| format!("{b:?}").to_lowercase()),
        "pv_san": san,
        "pv_uci": info.pv.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
        "nodes": info.nodes,
        "nps": nps,
        "time_ms": info.time.as_millis() as u64,
    })
}

/// The engine's answer to a move request.
pub(crate) fn engine_move_json(pos: &Position, m: Move, score: i32, depth: i32) -> Value {
    json!({
        "uci": m.to_string(),
        "san": pos.san(m),
        "score": score_text(Score::from_search(score)),
        "depth": depth,
    })
}
