//! The JSON the page and API clients see: a game's state at the shown ply
//! (FEN, moves in SAN, legal moves, check, last move, status in words) and
//! an engine search's lines with their PVs in SAN.

use super::clock::{now_ms, Control};
use super::level::Level;
use super::live::{MoveText, Waiting, WebGame};
use super::words::{color_word, seats_word};
use crate::engine::{Info, Score};
use crate::rules::moves::Move;
use crate::rules::piece::Color;
use crate::rules::position::Position;
use crate::rules::result::Reason;
use crate::tree::{GameTree, ShownMove, VariationMove};
use crate::web::net::http::to_json;
use serde::Serialize;
use serde_json::Value;
use std::collections::BTreeMap;

/// A legal move as the page offers it: coordinates, squares, promotion
/// letter and SAN.
#[derive(Serialize)]
struct LegalMove {
    uci: String,
    from: String,
    to: String,
    promotion: Option<String>,
    san: String,
}

impl LegalMove {
    fn of(pos: &Position, m: Move) -> LegalMove {
        LegalMove {
            uci: m.to_string(),
            from: m.from().to_string(),
            to: m.to().to_string(),
            promotion: m.promotion().map(|k| k.letter().to_string()),
            san: pos.san(m),
        }
    }
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
    let state = GameState {
        head: head(g),
        moves: Some(&g.live.texts),
        line: None,
    };
    to_json(&state)
}

/// A change as it is answered and sent to every page: the head and the
/// moves that replace the line from ply `from` on (the page keeps the
/// moves before it), so its size does not grow with the game.
pub(crate) fn delta_json(g: &WebGame, from: usize) -> Value {
    let from = from.min(g.live.texts.len());
    let state = GameState {
        head: head(g),
        moves: None,
        line: Some(LineDelta {
            from,
            moves: &g.live.texts[from..],
        }),
    };
    to_json(&state)
}

/// A game's state: the head, and either the whole line or what changed.
#[derive(Serialize)]
struct GameState<'a> {
    #[serde(flatten)]
    head: Head<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<&'a [MoveText]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<LineDelta<'a>>,
}

/// The moves that replace the line from ply `from` on.
#[derive(Serialize)]
struct LineDelta<'a> {
    from: usize,
    moves: &'a [MoveText],
}

/// A move's two squares (the last move's highlight).
#[derive(Serialize)]
struct Squares {
    from: String,
    to: String,
}

/// Whether the position shown ends the game, and the words for it.
#[derive(Serialize)]
struct Status {
    over: bool,
    result: Option<&'static str>,
    reason: Option<&'static str>,
    text: String,
}

/// A rematch asked for, or started.
#[derive(Serialize)]
struct Rematch<'a> {
    offered_by: Option<&'static str>,
    id: Option<&'a str>,
}

/// The game's result (its last position's, or a forfeit's).
#[derive(Serialize)]
struct Finished {
    result: &'static str,
    reason: &'static str,
    text: String,
}

/// Everything of the state but the moves: the position shown, its legal
/// moves, the status, clocks, sides, level and offers.
#[derive(Serialize)]
struct Head<'a> {
    id: &'a str,
    seq: u64,
    created: i64,
    fen: String,
    start_fen: String,
    ply: usize,
    plies: usize,
    version: u64,
    turn: &'static str,
    legal: Vec<LegalMove>,
    check: Option<String>,
    last_move: Option<Squares>,
    status: Status,
    human: &'static str,
    draw_offer: Option<&'static str>,
    rematch: Rematch<'a>,
    level: Level,
    searching: bool,
    waiting: &'static str,
    result: Option<Finished>,
    thinking: bool,
    /// The game may still be aborted (the two sides have not both moved).
    abortable: bool,
    /// An analysis board's variations (`GameTree::variations`).
    variations: Option<BTreeMap<usize, Vec<Vec<VariationMove>>>>,
    /// The variation move shown, if the board shows one.
    variation: Option<ShownMove>,
    clock: Option<ClockState>,
}

/// The head of `g`'s state.
fn head(g: &WebGame) -> Head<'_> {
    let r = &g.record;
    let pos = g.position();
    let waiting = g.waiting();
    let ending = g.ending(&pos);
    let legal = match ending {
        Some(_) => Vec::new(),
        None => pos
            .legal_moves()
            .iter()
            .map(|&m| LegalMove::of(&pos, m))
            .collect(),
    };
    let side = pos.side_to_move();
    let check = pos.in_check().then(|| pos.king_square(side).to_string());
    let text = match ending {
        Some(e) => e.text(),
        None if check.is_some() => format!("{side} to move, in check"),
        None => format!("{side} to move"),
    };
    let shown = r.variations.as_ref().zip(r.variation_node);
    let last = match shown {
        Some((t, n)) => t.move_of(n),
        None => r.cursor.checked_sub(1).map(|i| r.line[i]),
    };
    Head {
        id: &r.id,
        seq: next_seq(),
        created: r.created,
        fen: pos.to_fen(),
        start_fen: r.start.to_fen(),
        ply: r.cursor,
        plies: r.line.len(),
        version: g.live.version.load(std::sync::atomic::Ordering::SeqCst),
        turn: color_word(side),
        legal,
        check,
        last_move: last.map(|m| Squares {
            from: m.from().to_string(),
            to: m.to().to_string(),
        }),
        status: Status {
            over: ending.is_some(),
            result: ending.map(|e| e.pgn()),
            reason: ending.map(|e| e.key()),
            text,
        },
        human: seats_word(r.seats),
        draw_offer: r.draw_offer.map(color_word),
        rematch: Rematch {
            offered_by: r.rematch_offer.map(color_word),
            id: r.rematch.as_deref(),
        },
        level: r.level,
        searching: g.live.search.is_some(),
        waiting: waiting.word(),
        result: g.result().map(|e| Finished {
            result: e.pgn(),
            reason: e.key(),
            text: e.text(),
        }),
        thinking: g.live.thinking.is_some(),
        abortable: r.abortable() && g.result().is_none(),
        variations: r.variations.as_ref().map(GameTree::variations),
        variation: shown.map(|(t, n)| t.shown(n)),
        clock: clock_state(g, waiting == Waiting::Over),
    }
}

/// The clocks as the page shows them: each side's time left now, and which
/// one runs (the page counts it down until the next state).
#[derive(Serialize)]
struct ClockState {
    control: Control,
    white_ms: i64,
    black_ms: i64,
    running: Option<&'static str>,
}

/// `g`'s clocks now, if it has them.
fn clock_state(g: &WebGame, over: bool) -> Option<ClockState> {
    let r = &g.record;
    let c = r.clocks.as_ref()?;
    let running = r.clock_running(over);
    let first = r.start.side_to_move();
    let now = now_ms();
    let left = |color: Color| match r.forfeit.and_then(|f| f.decided()).map(|f| f.reason) {
        Some(Reason::Time(loser)) if loser == color => 0,
        _ => c.left(color, first, running, now).max(0),
    };
    Some(ClockState {
        control: Control(c.control),
        white_ms: left(Color::White),
        black_ms: left(Color::Black),
        running: running.map(color_word),
    })
}

/// A score for people: `+0.35`, `-1.20`, `#3`, `#-2` (side to move's view).
fn score_text(s: Score) -> String {
    match s {
        Score::Cp(cp) => format!("{:+.2}", cp as f64 / 100.0),
        Score::Mate(n) => format!("#{n}"),
    }
}

/// One search line (`info`) as the page shows it, with White's view for
/// the eval bar.
#[derive(Serialize)]
struct SearchLine {
    fen: String,
    depth: i32,
    multipv: usize,
    score: String,
    white_cp: Option<i32>,
    white_mate: Option<i32>,
    bound: Option<String>,
    pv_san: Vec<String>,
    pv_uci: Vec<String>,
    nodes: u64,
    nps: u64,
    time_ms: u64,
}

/// One search line (`info`) as JSON.
pub(crate) fn info_json(pos: &Position, info: &Info) -> Value {
    let score = Score::from_search(info.score);
    let white = if pos.side_to_move() == Color::White {
        1
    } else {
        -1
    };
    let (white_cp, white_mate) = match score {
        Score::Cp(cp) => (Some(cp * white), None),
        Score::Mate(n) => (None, Some(n * white)),
    };
    let mut walk = pos.clone();
    let mut pv_san = Vec::new();
    for &m in &info.pv {
        if !walk.is_legal(m) {
            break;
        }
        pv_san.push(walk.san(m));
        walk.make_move(m);
    }
    to_json(&SearchLine {
        fen: pos.to_fen(),
        depth: info.depth,
        multipv: info.multipv,
        score: score_text(score),
        white_cp,
        white_mate,
        bound: info.bound.map(|b| format!("{b:?}").to_lowercase()),
        pv_san,
        pv_uci: info.pv.iter().map(|m| m.to_string()).collect(),
        nodes: info.nodes,
        nps: (info.nodes as f64 / info.time.as_secs_f64().max(1e-3)) as u64,
        time_ms: info.time.as_millis() as u64,
    })
}

/// The engine's answer to a move request.
#[derive(Serialize)]
struct EngineMove {
    uci: String,
    san: String,
    score: String,
    depth: i32,
}

/// The engine's move as JSON.
pub(crate) fn engine_move_json(pos: &Position, m: Move, score: i32, depth: i32) -> Value {
    to_json(&EngineMove {
        uci: m.to_string(),
        san: pos.san(m),
        score: score_text(Score::from_search(score)),
        depth,
    })
}
