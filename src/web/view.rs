//! The JSON the page and API clients see: a game's state at the shown ply
//! (FEN, moves in SAN, legal moves, check, last move, status in words) and
//! an engine search's lines with their PVs in SAN.

use super::clock::now_ms;
use super::game::{Seats, Waiting, WebGame};
use crate::engine::{Info, Score};
use crate::rules::moves::Move;
use crate::rules::piece::Color;
use crate::rules::position::Position;
use crate::rules::result::Reason;
use serde_json::{json, Value};

/// "white" / "black".
pub fn color_word(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

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

/// The whole state of a game as the page draws it.
pub fn game_json(g: &WebGame) -> Value {
    // One walk along the line gives every move's SAN and FEN and the
    // position shown (with its history, so repetitions count).
    let mut walk = g.start.clone();
    let mut pos = (g.cursor == 0).then(|| walk.clone());
    let mut moves = Vec::with_capacity(g.line.len());
    for (i, &m) in g.line.iter().enumerate() {
        let san = walk.san(m);
        walk.make_move(m);
        moves.push(json!({"uci": m.to_string(), "san": san, "fen": walk.to_fen()}));
        if i + 1 == g.cursor {
            pos = Some(walk.clone());
        }
    }
    let pos = pos.unwrap_or_else(|| g.position());
    let waiting = g.waiting(&walk);
    let clock = clock_json(g, waiting == Waiting::Over);
    let result = g
        .ending_at(&walk, g.line.len())
        .map(|e| json!({"result": e.result.pgn(), "reason": e.key(), "text": e.text()}));
    let legal: Vec<Value> = pos
        .legal_moves()
        .iter()
        .map(|&m| move_json(&pos, m))
        .collect();
    let ending = g.ending(&pos);
    let side = pos.side_to_move();
    let check = pos.in_check().then(|| pos.king_square(side).to_string());
    let text = match ending {
        Some(e) => e.text(),
        None if check.is_some() => format!("{side} to move, in check"),
        None => format!("{side} to move"),
    };
    let last = g.cursor.checked_sub(1).map(|i| g.line[i]);
    json!({
        "id": g.id,
        "seq": next_seq(),
        "created": g.created,
        "fen": pos.to_fen(),
        "start_fen": g.start.to_fen(),
        "ply": g.cursor,
        "turn": color_word(side),
        "moves": moves,
        "legal": if ending.is_some() { Vec::new() } else { legal },
        "check": check,
        "last_move": last.map(|m| json!({"from": m.from().to_string(), "to": m.to().to_string()})),
        "status": {
            "over": ending.is_some(),
            "result": ending.map(|e| e.result.pgn()),
            "reason": ending.map(|e| e.key()),
            "text": text,
        },
        "human": match g.seats {
            Seats::Human(c) => color_word(c),
            Seats::Both => "both",
            Seats::Friends => "friends",
        },
        "draw_offer": g.draw_offer.map(color_word),
        "rematch": {
            "offered_by": g.rematch_offer.map(color_word),
            "id": g.rematch,
        },
        "level": g.level.to_json(),
        "searching": g.search.is_some(),
        "waiting": waiting.word(),
        "result": result,
        "thinking": g.thinking.is_some(),
        "clock": clock,
    })
}

/// The clocks as the page shows them: each side's time left now, and which
/// one runs (the page counts it down until the next state).
fn clock_json(g: &WebGame, over: bool) -> Value {
    let Some(c) = &g.clocks else {
        return Value::Null;
    };
    let running = g.clock_running(over);
    let first = g.start.side_to_move();
    let now = now_ms();
    let left = |color: Color| match g.forfeit.map(|f| f.reason) {
        Some(Reason::Time(loser)) if loser == color => 0,
        _ => c.left(color, first, running, now).max(0),
    };
    json!({
        "control": c.control.to_json(),
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
pub fn info_json(pos: &Position, info: &Info) -> Value {
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
pub fn engine_move_json(pos: &Position, m: Move, score: i32, depth: i32) -> Value {
    json!({
        "uci": m.to_string(),
        "san": pos.san(m),
        "score": score_text(Score::from_search(score)),
        "depth": depth,
    })
}
