//! `humpty match`: engine-vs-engine matches refereed by our own rules core.
//! Every move is checked against the legal-move generator; games end by the
//! rules (mate, stalemate, repetition, 50 moves, bare Kings), by optional
//! adjudication, or by a fault (illegal move, time loss, crash, hang, garbage),
//! which loses the game and restarts that engine for the next one.

use crate::matches::player::{EngineSpec, GameState, Player, PlayerError, Think, MATE_SCORE};
use crate::matches::stats::{elo_interval, los, Sprt, SprtState, Tally};
use crate::rules::piece::Color;
use crate::rules::position::Position;
use std::collections::HashMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::channel;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long each side may think.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeControl {
    /// Base time, increment, and moves per session (`40/60+0.5`) if any.
    Clock {
        /// Base time per session.
        base: Duration,
        /// Increment per move.
        inc: Duration,
        /// Moves per session (the base is added again after them).
        moves: Option<u32>,
    },
    /// Fixed time per move.
    MoveTime(Duration),
    /// Fixed nodes per move.
    Nodes(u64),
    /// Fixed depth per move.
    Depth(u32),
}

impl TimeControl {
    /// Parse `10+0.1`, `40/60+0.5`, `60` (seconds).
    pub fn parse_clock(text: &str) -> Result<TimeControl, String> {
        let bad = || format!("bad time control '{text}' (examples: 10+0.1, 40/60, 40/60+0.5)");
        let (moves, rest) = match text.split_once('/') {
            Some((m, r)) => (Some(m.parse::<u32>().map_err(|_| bad())?), r),
            None => (None, text),
        };
        let (base, inc) = match rest.split_once('+') {
            Some((b, i)) => (b, i),
            None => (rest, "0"),
        };
        let secs = |s: &str| -> Result<Duration, String> {
            let v: f64 = s.parse().map_err(|_| bad())?;
            if !(0.0..=1e7).contains(&v) {
                return Err(bad());
            }
            Ok(Duration::from_secs_f64(v))
        };
        let base = secs(base)?;
        if base.is_zero() {
            return Err(bad());
        }
        Ok(TimeControl::Clock {
            base,
            inc: secs(inc)?,
            moves: moves.filter(|&m| m > 0),
        })
    }

    /// PGN `TimeControl` tag value.
    pub fn pgn_tag(&self) -> String {
        match *self {
            TimeControl::Clock { base, inc, moves } => {
                let b = base.as_secs_f64();
                let mut s = match moves {
                    Some(m) => format!("{m}/{b}"),
                    None => format!("{b}"),
                };
                if !inc.is_zero() {
                    s.push_str(&format!("+{}", inc.as_secs_f64()));
                }
                s
            }
            TimeControl::MoveTime(t) => format!("{}/move", t.as_secs_f64()),
            TimeControl::Nodes(n) => format!("nodes={n}"),
            TimeControl::Depth(d) => format!("depth={d}"),
        }
    }
}

/// Draw adjudication: after `move_number`, both engines' last `move_count`
/// scores within `score` centipawns of 0.
#[derive(Clone, Copy, Debug)]
pub struct DrawAdjudication {
    /// First full move at which it may apply.
    pub move_number: u32,
    /// Consecutive moves of each engine.
    pub move_count: usize,
    /// Centipawn band.
    pub score: i32,
}

/// Win adjudication: both engines agree one side is ahead by `score` for
/// `move_count` moves each.
#[derive(Clone, Copy, Debug)]
pub struct ResignAdjudication {
    /// Consecutive moves of each engine.
    pub move_count: usize,
    /// Centipawn threshold.
    pub score: i32,
}

/// Order of the openings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpeningOrder {
    /// As in the file.
    Sequential,
    /// Shuffled with this seed.
    Random(u64),
}

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Two engines (a match) or more (a round robin).
    pub engines: Vec<EngineSpec>,
    /// Time control for every game.
    pub tc: TimeControl,
    /// Grace beyond the clock before a move counts as late.
    pub margin: Duration,
    /// How long to wait for a move under node/depth limits before calling it a hang.
    pub hang_timeout: Duration,
    /// Start positions (FEN); empty means the standard start position.
    pub openings: Vec<String>,
    /// Opening order.
    pub order: OpeningOrder,
    /// Game pairs per engine pair (each opening is played twice, colours swapped).
    pub rounds: usize,
    /// Games in parallel.
    pub concurrency: usize,
    /// Where to append PGN.
    pub pgn: Option<PathBuf>,
    /// Stop early by SPRT (two engines only).
    pub sprt: Option<Sprt>,
    /// Optional draw adjudication.
    pub draw: Option<DrawAdjudication>,
    /// Optional win adjudication.
    pub resign: Option<ResignAdjudication>,
    /// Adjudicate a draw after this many plies (safety net), if set.
    pub max_plies: Option<usize>,
    /// Event name for PGN.
    pub event: String,
}

/// One move of a game record.
#[derive(Clone, Debug)]
pub struct MoveRecord {
    /// Wire notation.
    pub text: String,
    /// Mover's score if it said one.
    pub score: Option<i32>,
    /// Depth it reported.
    pub depth: Option<u32>,
    /// Time it took.
    pub time: Duration,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// 1-0.
    WhiteWins,
    /// 0-1.
    BlackWins,
    /// 1/2-1/2.
    Draw,
}

impl GameResult {
    /// PGN result token.
    pub fn pgn(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    fn win_for(c: Color) -> GameResult {
        match c {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }
}

/// Why the game ended in a fault, for the summary counters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// A move after the flag, or no move in time.
    TimeLoss,
    /// A move our rules do not allow (or one we cannot read).
    Illegal,
    /// The process died or could not start.
    Crash,
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// Round number (1-based) in PGN.
    pub round: String,
    /// White engine index.
    pub white: usize,
    /// Black engine index.
    pub black: usize,
    /// Opening FEN, if not the start position.
    pub start_fen: Option<String>,
    /// Moves.
    pub moves: Vec<MoveRecord>,
    /// Result.
    pub result: GameResult,
    /// Human-readable termination reason.
    pub termination: String,
    /// Which engine faulted, and how.
    pub fault: Option<(usize, Fault)>,
}

/// A game to play.
#[derive(Clone, Debug)]
struct Job {
    id: usize,
    pair_id: usize,
    white: usize,
    black: usize,
    opening: Option<String>,
    round: String,
}

/// Engine processes one worker keeps between games.
struct Seats {
    players: Vec<Option<Player>>,
}

impl Seats {
    /// A running player for engine `i`, (re)starting it if needed.
    fn get(&mut self, specs: &[EngineSpec], i: usize) -> Result<&mut Player, PlayerError> {
        if self.players[i].is_none() {
            self.players[i] = Some(Player::start(&specs[i])?);
        }
        Ok(self.players[i].as_mut().expect("just started"))
    }

    fn drop_player(&mut self, i: usize) {
        if let Some(p) = self.players[i].take() {
            p.quit();
        }
    }
}

/// Play one game between engines `job.white` and `job.black`.
fn play_game(cfg: &MatchConfig, seats: &mut Seats, job: &Job) -> GameRecord {
    let mut record = GameRecord {
        round: job.round.clone(),
        white: job.white,
        black: job.black,
        start_fen: job.opening.clone(),
        moves: Vec::new(),
        result: GameResult::Draw,
        termination: String::new(),
        fault: None,
    };
    let start = match &job.opening {
        Some(f) => match Position::from_fen(f) {
            Ok(p) => p,
            Err(e) => {
                record.termination = format!("bad opening FEN: {e}");
                return record;
            }
        },
        None => Position::startpos(),
    };
    let engine_of = |c: Color| {
        if c == Color::White {
            job.white
        } else {
            job.black
        }
    };
    // Start both engines and announce the new game.
    for c in [Color::White, Color::Black] {
        let i = engine_of(c);
        let ready = seats.get(&cfg.engines, i).and_then(|p| p.new_game());
        if let Err(e) = ready {
            seats.drop_player(i);
            return fault(
                record,
                c,
                i,
                Fault::Crash,
                format!("{} {e}", cfg.engines[i].name),
            );
        }
    }

    let mut pos = start.clone();
    let mut moves: Vec<String> = Vec::new();
    let mut clocks = [Duration::ZERO; 2];
    let (base, inc, session) = match cfg.tc {
        TimeControl::Clock { base, inc, moves } => (base, inc, moves),
        _ => (Duration::ZERO, Duration::ZERO, None),
    };
    clocks[0] = base;
    clocks[1] = base;
    let mut moves_made = [0u32; 2];
    // Scores from White's point of view, per ply (None when not reported).
    let mut white_scores: Vec<Option<i32>> = Vec::new();

    loop {
        if let Some(outcome) = pos.outcome() {
            record.result = match outcome.winner() {
                Some(w) => GameResult::win_for(w),
                None => GameResult::Draw,
            };
            record.termination = outcome.to_string();
            return record;
        }
        if cfg.max_plies.is_some_and(|m| moves.len() >= m) {
            record.termination = "Draw by move limit".into();
            return record;
        }
        if let Some(r) = adjudicate(cfg, &pos, &white_scores) {
            return GameRecord {
                result: r.0,
                termination: r.1,
                ..record
            };
        }
        let side = pos.side_to_move();
        let i = engine_of(side);
        let current_fen = pos.to_fen();
        let legal: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
        let state = GameState {
            start_fen: job.opening.as_deref(),
            moves: &moves,
            current_fen: &current_fen,
            legal: &legal,
            white_to_move: side == Color::White,
        };
        let movestogo = session.map(|s| s - moves_made[side.index()] % s);
        let (think, timeout) = match cfg.tc {
            TimeControl::Clock { .. } => (
                Think::Clock {
                    wtime: clocks[0],
                    btime: clocks[1],
                    winc: inc,
                    binc: inc,
                    movestogo,
                },
                clocks[side.index()] + cfg.margin,
            ),
            TimeControl::MoveTime(t) => (Think::MoveTime(t), t + cfg.margin),
            TimeControl::Nodes(n) => (Think::Nodes(n), cfg.hang_timeout),
            TimeControl::Depth(d) => (Think::Depth(d), cfg.hang_timeout),
        };
        let player = match seats.get(&cfg.engines, i) {
            Ok(p) => p,
            Err(e) => {
                seats.drop_player(i);
                return fault(
                    record,
                    side,
                    i,
                    Fault::Crash,
                    format!("{} {e}", cfg.engines[i].name),
                );
            }
        };
        let reply = match player.think(&state, think, timeout) {
            Ok(r) => r,
            Err(e) => {
                // A hung or dead engine is restarted for the next game.
                seats.drop_player(i);
                let kind = match (&e, cfg.tc) {
                    (
                        PlayerError::Timeout(_),
                        TimeControl::Clock { .. } | TimeControl::MoveTime(_),
                    ) => Fault::TimeLoss,
                    (PlayerError::Garbage(_), _) => Fault::Illegal,
                    _ => Fault::Crash,
                };
                let what = match kind {
                    Fault::TimeLoss => format!("{} loses on time (no move)", cfg.engines[i].name),
                    _ => format!("{} {e}", cfg.engines[i].name),
                };
                return fault(record, side, i, kind, what);
            }
        };
        // Clocks.
        let late = match cfg.tc {
            TimeControl::Clock { .. } => reply.elapsed > clocks[side.index()] + cfg.margin,
            TimeControl::MoveTime(t) => reply.elapsed > t + cfg.margin,
            _ => false,
        };
        if late {
            return fault(
                record,
                side,
                i,
                Fault::TimeLoss,
                format!(
                    "{} loses on time ({} ms)",
                    cfg.engines[i].name,
                    reply.elapsed.as_millis()
                ),
            );
        }
        if let TimeControl::Clock { .. } = cfg.tc {
            let c = &mut clocks[side.index()];
            *c = c.saturating_sub(reply.elapsed) + inc;
            moves_made[side.index()] += 1;
            if let Some(s) = session {
                if moves_made[side.index()] % s == 0 {
                    *c += base;
                }
            }
        }
        // Referee.
        let mv = match pos.parse_move(&reply.mv) {
            Ok(m) => m,
            Err(e) => {
                return fault(
                    record,
                    side,
                    i,
                    Fault::Illegal,
                    format!("{} plays {e} (FEN {current_fen})", cfg.engines[i].name),
                );
            }
        };
        let text = mv.to_string();
        white_scores.push(
            reply
                .score
                .map(|s| if side == Color::White { s } else { -s }),
        );
        record.moves.push(MoveRecord {
            text: text.clone(),
            score: reply.score,
            depth: reply.depth,
            time: reply.elapsed,
        });
        moves.push(text);
        pos.make_move(mv);
    }
}

fn fault(
    mut record: GameRecord,
    side: Color,
    engine: usize,
    kind: Fault,
    why: String,
) -> GameRecord {
    record.result = GameResult::win_for(!side);
    record.termination = why;
    record.fault = Some((engine, kind));
    record
}

/// Draw or win by adjudication, from the per-ply White-view scores.
fn adjudicate(
    cfg: &MatchConfig,
    pos: &Position,
    scores: &[Option<i32>],
) -> Option<(GameResult, String)> {
    if let Some(d) = cfg.draw {
        let n = 2 * d.move_count;
        if u32::from(pos.fullmove_number()) >= d.move_number && scores.len() >= n && n > 0 {
            let recent = &scores[scores.len() - n..];
            if recent.iter().all(|s| s.is_some_and(|v| v.abs() <= d.score)) {
                return Some((GameResult::Draw, "Draw by adjudication".into()));
            }
        }
    }
    if let Some(r) = cfg.resign {
        let n = 2 * r.move_count;
        if scores.len() >= n && n > 0 {
            let recent = &scores[scores.len() - n..];
            if recent.iter().all(|s| s.is_some_and(|v| v >= r.score)) {
                return Some((GameResult::WhiteWins, "White wins by adjudication".into()));
            }
            if recent.iter().all(|s| s.is_some_and(|v| v <= -r.score)) {
                return Some((GameResult::BlackWins, "Black wins by adjudication".into()));
            }
        }
    }
    None
}

/// Write one game as PGN (coordinate notation, as on the wire).
pub fn pgn(cfg: &MatchConfig, g: &GameRecord) -> String {
    let mut s = String::new();
    let tag = |s: &mut String, k: &str, v: &str| {
        s.push_str(&format!("[{k} \"{}\"]\n", v.replace('"', "'")))
    };
    tag(&mut s, "Event", &cfg.event);
    tag(&mut s, "Site", "humpty match");
    tag(&mut s, "Round", &g.round);
    tag(&mut s, "White", &cfg.engines[g.white].name);
    tag(&mut s, "Black", &cfg.engines[g.black].name);
    tag(&mut s, "Result", g.result.pgn());
    tag(&mut s, "Variant", "humpty");
    if let Some(f) = &g.start_fen {
        tag(&mut s, "SetUp", "1");
        tag(&mut s, "FEN", f);
    }
    tag(&mut s, "TimeControl", &cfg.tc.pgn_tag());
    tag(&mut s, "PlyCount", &g.moves.len().to_string());
    tag(&mut s, "Termination", &g.termination);
    s.push('\n');
    let black_first = g
        .start_fen
        .as_deref()
        .and_then(|f| Position::from_fen(f).ok())
        .map(|p| (p.side_to_move() == Color::Black, p.fullmove_number()))
        .unwrap_or((false, 1));
    let (mut black_to_move, mut number) = black_first;
    let mut line = String::new();
    for (k, m) in g.moves.iter().enumerate() {
        if !black_to_move {
            line.push_str(&format!("{number}. "));
        } else if k == 0 {
            line.push_str(&format!("{number}... "));
        }
        line.push_str(&m.text);
        let comment = match (m.score, m.depth) {
            (Some(sc), Some(d)) => {
                format!(" {{{}/{} {:.3}s}}", pgn_score(sc), d, m.time.as_secs_f64())
            }
            _ => format!(" {{{:.3}s}}", m.time.as_secs_f64()),
        };
        line.push_str(&comment);
        line.push(' ');
        if black_to_move {
            number += 1;
        }
        black_to_move = !black_to_move;
    }
    line.push_str(&format!(
        "{{{}}} {}",
        g.termination.replace('}', ")"),
        g.result.pgn()
    ));
    s.push_str(&wrap(&line, 80));
    s.push_str("\n\n");
    s
}

fn pgn_score(s: i32) -> String {
    if s.abs() > MATE_SCORE - 1000 {
        let plies = MATE_SCORE - s.abs();
        let moves = (plies + 1) / 2;
        if s > 0 {
            format!("+M{moves}")
        } else {
            format!("-M{moves}")
        }
    } else {
        format!("{:+.2}", s as f64 / 100.0)
    }
}

fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut len = 0;
    for word in text.split(' ') {
        if len > 0 && len + 1 + word.len() > width {
            out.push('\n');
            len = 0;
        } else if len > 0 {
            out.push(' ');
            len += 1;
        }
        out.push_str(word);
        len += word.len();
    }
    out
}

/// Read games back from PGN text: (tags, moves, result) per game.
pub fn parse_pgn(text: &str) -> Vec<(HashMap<String, String>, Vec<String>, String)> {
    let mut games = Vec::new();
    let mut tags = HashMap::new();
    let mut body = String::new();
    let mut flush = |tags: &mut HashMap<String, String>, body: &mut String| {
        if tags.is_empty() {
            return;
        }
        // Drop comments, move numbers and the result token.
        let mut clean = String::new();
        let mut depth = 0;
        for ch in body.chars() {
            match ch {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ if depth == 0 => clean.push(ch),
                _ => {}
            }
        }
        let mut moves = Vec::new();
        let mut result = String::new();
        for tok in clean.split_whitespace() {
            if ["1-0", "0-1", "1/2-1/2", "*"].contains(&tok) {
                result = tok.to_string();
            } else if !tok.ends_with('.') {
                moves.push(tok.to_string());
            }
        }
        games.push((std::mem::take(tags), moves, result));
        body.clear();
    };
    for line in text.lines() {
        let l = line.trim();
        if let Some(inner) = l.strip_prefix('[').and_then(|x| x.strip_suffix(']')) {
            if !body.trim().is_empty() {
                flush(&mut tags, &mut body);
            }
            if let Some((k, v)) = inner.split_once(' ') {
                tags.insert(k.to_string(), v.trim().trim_matches('"').to_string());
            }
        } else {
            body.push_str(l);
            body.push(' ');
        }
    }
    flush(&mut tags, &mut body);
    games
}

/// Per engine-pair results of a match.
#[derive(Clone, Debug, Default)]
pub struct PairStats {
    /// From the first engine's point of view.
    pub tally: Tally,
    /// Time losses by either engine.
    pub time_losses: u32,
    /// Illegal or unreadable moves.
    pub illegal: u32,
    /// Crashes and failed starts.
    pub crashes: u32,
}

/// The outcome of a whole match.
#[derive(Clone, Debug)]
pub struct MatchReport {
    /// Engine names.
    pub names: Vec<String>,
    /// Results per pair (a, b) with a < b.
    pub pairs: Vec<((usize, usize), PairStats)>,
    /// Games played.
    pub games: Vec<GameRecord>,
    /// SPRT decision, if one was run.
    pub sprt: Option<(SprtState, f64)>,
}

/// The schedule: for each engine pair, `rounds` openings, each played twice.
fn schedule(cfg: &MatchConfig) -> Vec<Job> {
    let mut openings: Vec<Option<String>> = if cfg.openings.is_empty() {
        vec![None]
    } else {
        cfg.openings.iter().cloned().map(Some).collect()
    };
    if let OpeningOrder::Random(seed) = cfg.order {
        let mut state = seed ^ 0x9E37_79B9_7F4A_7C15;
        for i in (1..openings.len()).rev() {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            openings.swap(i, (state % (i as u64 + 1)) as usize);
        }
    }
    let n = cfg.engines.len();
    let mut jobs = Vec::new();
    let mut pair_id = 0;
    for r in 0..cfg.rounds {
        let opening = openings[r % openings.len()].clone();
        for a in 0..n {
            for b in a + 1..n {
                for (k, (w, bl)) in [(a, b), (b, a)].into_iter().enumerate() {
                    jobs.push(Job {
                        id: jobs.len(),
                        pair_id,
                        white: w,
                        black: bl,
                        opening: opening.clone(),
                        round: format!("{}.{}", r + 1, k + 1),
                    });
                }
                pair_id += 1;
            }
        }
    }
    jobs
}

/// Run a match; `progress` is called after every game with the report so far.
pub fn run(
    cfg: &MatchConfig,
    progress: &mut dyn FnMut(&MatchReport),
) -> Result<MatchReport, String> {
    if cfg.engines.len() < 2 {
        return Err("a match needs at least two engines".into());
    }
    let jobs = schedule(cfg);
    let queue = Arc::new(Mutex::new(jobs.into_iter()));
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = channel::<(Job, GameRecord)>();
    let mut pgn_file = match &cfg.pgn {
        Some(p) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(p)
                .map_err(|e| format!("cannot open PGN file {}: {e}", p.display()))?,
        ),
        None => None,
    };
    let n = cfg.engines.len();
    let mut report = MatchReport {
        names: cfg.engines.iter().map(|e| e.name.clone()).collect(),
        pairs: (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| ((a, b), PairStats::default())))
            .collect(),
        games: Vec::new(),
        sprt: None,
    };
    let mut pending_pairs: HashMap<usize, f64> = HashMap::new();
    std::thread::scope(|scope| {
        for _ in 0..cfg.concurrency.max(1) {
            let queue = Arc::clone(&queue);
            let stop = Arc::clone(&stop);
            let tx = tx.clone();
            scope.spawn(move || {
                let mut seats = Seats {
                    players: (0..cfg.engines.len()).map(|_| None).collect(),
                };
                loop {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let job = queue.lock().ok().and_then(|mut q| q.next());
                    let Some(job) = job else { break };
                    let record = play_game(cfg, &mut seats, &job);
                    if tx.send((job, record)).is_err() {
                        break;
                    }
                }
                for p in seats.players.into_iter().flatten() {
                    p.quit();
                }
            });
        }
        drop(tx);
        for (job, record) in rx {
            let (a, b) = (job.white.min(job.black), job.white.max(job.black));
            let stats = &mut report
                .pairs
                .iter_mut()
                .find(|(k, _)| *k == (a, b))
                .expect("pair")
                .1;
            // Points for the lower-numbered engine.
            let white_points = match record.result {
                GameResult::WhiteWins => 1.0,
                GameResult::BlackWins => 0.0,
                GameResult::Draw => 0.5,
            };
            let points = if job.white == a {
                white_points
            } else {
                1.0 - white_points
            };
            stats.tally.add_game(points);
            if let Some(prev) = pending_pairs.remove(&job.pair_id) {
                stats.tally.add_pair(prev + points);
            } else {
                pending_pairs.insert(job.pair_id, points);
            }
            match record.fault.map(|f| f.1) {
                Some(Fault::TimeLoss) => stats.time_losses += 1,
                Some(Fault::Illegal) => stats.illegal += 1,
                Some(Fault::Crash) => stats.crashes += 1,
                None => {}
            }
            if let Some(f) = pgn_file.as_mut() {
                let _ = f.write_all(pgn(cfg, &record).as_bytes());
                let _ = f.flush();
            }
            let _ = job.id;
            report.games.push(record);
            if let (Some(sprt), true) = (cfg.sprt, n == 2) {
                let t = &report.pairs[0].1.tally;
                let state = sprt.state(t);
                report.sprt = Some((state, sprt.llr(t)));
                if state != SprtState::Continue {
                    stop.store(true, Ordering::Relaxed);
                }
            }
            progress(&report);
        }
    });
    Ok(report)
}

impl MatchReport {
    /// One-line progress: games, W-L-D for the first pair, Elo so far.
    pub fn progress_line(&self) -> String {
        let (_, s) = &self.pairs[0];
        let t = &s.tally;
        let (elo, minus, plus) = elo_interval(t);
        let mut line = format!(
            "games {} | {} vs {}: +{} -{} ={} | Elo {:+.1} (-{:.1} +{:.1})",
            self.games.len(),
            self.names[0],
            self.names[1],
            t.wins,
            t.losses,
            t.draws,
            elo,
            minus,
            plus
        );
        if let Some((_, llr)) = self.sprt {
            line.push_str(&format!(" | LLR {llr:.2}"));
        }
        line
    }

    /// The final summary.
    pub fn summary(&self, sprt: Option<Sprt>) -> String {
        let mut out = String::new();
        for ((a, b), s) in &self.pairs {
            let t = &s.tally;
            let (elo, minus, plus) = elo_interval(t);
            out.push_str(&format!(
                "Score of {} vs {}: {} - {} - {}  [{:.3}] {}\n",
                self.names[*a],
                self.names[*b],
                t.wins,
                t.losses,
                t.draws,
                t.score(),
                t.games()
            ));
            out.push_str(&format!(
                "Elo difference: {:+.1} (95% interval -{:.1} +{:.1}), LOS: {:.1}%, draw ratio: {:.1}%\n",
                elo,
                minus,
                plus,
                100.0 * los(t),
                100.0 * t.draw_ratio()
            ));
            out.push_str(&format!(
                "Game pairs (LL, LD, DD/WL, WD, WW): {:?}\n",
                t.pairs
            ));
            out.push_str(&format!(
                "Time losses: {}, illegal moves: {}, crashes: {}\n",
                s.time_losses, s.illegal, s.crashes
            ));
        }
        if let (Some(sp), Some((state, llr))) = (sprt, self.sprt) {
            let (lo, hi) = sp.bounds();
            let verdict = match state {
                SprtState::AcceptH1 => "H1 accepted",
                SprtState::AcceptH0 => "H0 accepted",
                SprtState::Continue => "no decision",
            };
            out.push_str(&format!(
                "SPRT: elo0={} elo1={} alpha={} beta={}: LLR {:.2} ({:.2}, {:.2}) {}\n",
                sp.elo0, sp.elo1, sp.alpha, sp.beta, llr, lo, hi, verdict
            ));
        }
        out
    }
}

/// Read an opening file: one FEN or EPD per line (EPD: first four fields;
/// `#` comments and blank lines skipped). Every position is checked.
pub fn read_openings(text: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let l = line.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = l.split_whitespace().collect();
        // EPD has opcodes after four fields; a FEN's fifth field is a number.
        let fen = if fields.len() > 4 && fields[4].parse::<u32>().is_err() {
            format!("{} 0 1", fields[..4].join(" "))
        } else {
            l.to_string()
        };
        let pos = Position::from_fen(&fen).map_err(|e| format!("openings line {}: {e}", n + 1))?;
        if pos.outcome().is_some() {
            return Err(format!("openings line {}: the game is already over", n + 1));
        }
        out.push(pos.to_fen());
    }
    if out.is_empty() {
        return Err("the openings file has no positions".into());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_parse() {
        assert_eq!(
            TimeControl::parse_clock("10+0.1").unwrap(),
            TimeControl::Clock {
                base: Duration::from_secs(10),
                inc: Duration::from_millis(100),
                moves: None
            }
        );
        assert_eq!(
            TimeControl::parse_clock("40/60").unwrap(),
            TimeControl::Clock {
                base: Duration::from_secs(60),
                inc: Duration::ZERO,
                moves: Some(40)
            }
        );
        for bad in ["", "x", "0", "10+x", "a/10", "-5+1"] {
            assert!(TimeControl::parse_clock(bad).is_err(), "{bad}");
        }
        assert_eq!(
            TimeControl::parse_clock("40/60+0.5").unwrap().pgn_tag(),
            "40/60+0.5"
        );
    }

    #[test]
    fn openings_read_fen_and_epd() {
        let text = "# comment\n\nrnflbfkblfnr/1c2a2a2c1/p1pp1pp1pp1p/12/12/P1PP1PP1PP1P/1C2A2A2C1/RNFLBFKBLFNR w KQkq - id \"start\";\n6k5/12/12/12/12/12/12/R5K5 b - - 3 40\n";
        let o = read_openings(text).unwrap();
        assert_eq!(o.len(), 2);
        assert_eq!(o[0], Position::START_FEN);
        assert!(read_openings("garbage").is_err());
        assert!(read_openings("").is_err());
    }

    #[test]
    fn schedule_pairs_openings_with_colours_swapped() {
        let spec = crate::matches::player::EngineSpec {
            name: "x".into(),
            command: "x".into(),
            args: vec![],
            dir: None,
            protocol: crate::matches::player::Protocol::Uci,
            options: vec![],
            init: vec![],
            position_mode: crate::matches::player::PositionMode::Moves,
            restrict_root: false,
        };
        let cfg = MatchConfig {
            engines: vec![spec.clone(), spec.clone(), spec],
            tc: TimeControl::Nodes(100),
            margin: Duration::ZERO,
            hang_timeout: Duration::from_secs(1),
            openings: vec!["a".into(), "b".into()],
            order: OpeningOrder::Sequential,
            rounds: 2,
            concurrency: 1,
            pgn: None,
            sprt: None,
            draw: None,
            resign: None,
            max_plies: None,
            event: "t".into(),
        };
        let jobs = schedule(&cfg);
        // 3 engine pairs x 2 rounds x 2 colours.
        assert_eq!(jobs.len(), 12);
        for pair in jobs.chunks(2) {
            assert_eq!(pair[0].opening, pair[1].opening);
            assert_eq!(
                (pair[0].white, pair[0].black),
                (pair[1].black, pair[1].white)
            );
            assert_eq!(pair[0].pair_id, pair[1].pair_id);
        }
        assert_eq!(jobs[0].opening.as_deref(), Some("a"));
        assert_eq!(jobs[6].opening.as_deref(), Some("b"));
    }
}
