//! `humpty datagen`: positions for training an evaluation network, from
//! humpty's own games (docs/nnue.md). Each game starts from one of the
//! openings, plays a few random plies for variety, then humpty plays both
//! sides at a fixed node count. Quiet positions are kept (not in check, the
//! best move neither a capture nor a promotion, no mate score), each with
//! the search's score, and the game's result is added when it ends.
//!
//! Game `i` of a run depends only on the seed and `i` (its opening, its
//! random plies, and a fresh hash table), so shards (`--shard K/N`) split
//! the games and a run that was stopped resumes where it was: the games
//! already in the file are skipped, a cut-off last block is dropped.

pub mod file_error;
pub mod format;

pub use file_error::DataFileError;

use crate::engine::Score;
use crate::engine::{Engine, GoParams};
use crate::rules::piece::Color;
use crate::rules::position::Position;
use crate::rules::random::Rng;
use format::{GameBlock, Outcome, Sample};
use std::collections::{HashSet, VecDeque};
use std::io::Write;
use std::path::PathBuf;
use std::sync::{mpsc, Arc, Mutex};

/// What to generate.
#[derive(Clone, Debug)]
pub struct DatagenSpec {
    /// The data file (appended to, resumed).
    pub out: PathBuf,
    /// Games in the whole run (all shards).
    pub games: u32,
    /// Nodes per move.
    pub nodes: u64,
    /// Random plies after the opening.
    pub random_plies: u32,
    /// The run's seed.
    pub seed: u64,
    /// This shard: part K of N (1-based).
    pub shard: (u32, u32),
    /// Games played at once (one engine thread each).
    pub concurrency: usize,
    /// Start positions (FEN), one per game in turn.
    pub openings: Vec<String>,
    /// A game still going after this many plies is a draw.
    pub max_plies: usize,
    /// Play with the network (`true`), the hand-made evaluation (`false`)
    /// or the engine's default (`None`).
    pub use_nnue: Option<bool>,
}

/// What a run did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Games played now.
    pub games: u32,
    /// Positions written now.
    pub positions: u64,
    /// Games already in the file (skipped).
    pub resumed: u32,
    /// Bytes of a cut-off or damaged end that were dropped.
    pub dropped_bytes: u64,
}

/// A score this large for this many plies in a row ends the game as won.
const WIN_SCORE: i32 = 2500;
const WIN_PLIES: usize = 4;
/// Hash table of each engine, in MiB.
const HASH_MIB: usize = 16;

/// Play game `index` of the run.
pub fn play_game(spec: &DatagenSpec, index: u32, engine: &mut Engine) -> GameBlock {
    let mut rng = Rng::new(spec.seed ^ (u64::from(index) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let fen = &spec.openings[rng.below(spec.openings.len())];
    let mut pos = Position::from_fen(fen).unwrap_or_else(|_| Position::startpos());
    for _ in 0..spec.random_plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.make_move(moves[rng.below(moves.len())]);
    }
    engine.new_game();
    let go = GoParams {
        nodes: Some(spec.nodes),
        ..GoParams::default()
    };
    let mut samples = Vec::new();
    let mut winning = 0usize;
    let mut plies = 0;
    let outcome = loop {
        if let Some(o) = pos.outcome() {
            break from_winner(o.winner());
        }
        if plies >= spec.max_plies {
            break Outcome::Draw;
        }
        engine.set_position(pos.clone());
        let r = engine.search_sync(&go, &mut |_| {});
        let Some(best) = r.best else {
            break Outcome::Draw;
        };
        let quiet = !pos.in_check() && !pos.is_capture(best) && best.promotion().is_none();
        if let (true, Score::Cp(cp)) = (quiet, Score::from_search(r.score)) {
            samples.push(Sample::of(&pos, cp.clamp(-32_000, 32_000) as i16));
        }
        // A won game is over long before the mate: call it.
        let decisive =
            Score::from_search(r.score) != Score::Cp(r.score) || r.score.abs() >= WIN_SCORE;
        winning = if decisive { winning + 1 } else { 0 };
        if winning >= WIN_PLIES {
            let side = pos.side_to_move();
            break from_winner(Some(if r.score > 0 { side } else { !side }));
        }
        pos.make_move(best);
        plies += 1;
    };
    GameBlock {
        index,
        outcome,
        samples,
    }
}

fn from_winner(w: Option<Color>) -> Outcome {
    match w {
        Some(Color::White) => Outcome::WhiteWin,
        Some(Color::Black) => Outcome::BlackWin,
        None => Outcome::Draw,
    }
}

/// This shard's game indices not yet in the file.
fn todo(spec: &DatagenSpec, done: &HashSet<u32>) -> VecDeque<u32> {
    let (k, n) = spec.shard;
    (0..spec.games)
        .filter(|i| i % n == k - 1 && !done.contains(i))
        .collect()
}

/// Open the file for appending after its last good block (making it with
/// its header if missing); returns the games it has and the bytes dropped.
fn open_out(spec: &DatagenSpec) -> Result<(std::fs::File, HashSet<u32>, u64), DataFileError> {
    let path = &spec.out;
    let name = path.display().to_string();
    let existing = match std::fs::read(path) {
        Ok(b) => Some(b),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(DataFileError::Read(name, e.to_string())),
    };
    let (done, good_len, dropped) = match &existing {
        None => (HashSet::new(), 0, 0),
        Some(bytes) => {
            let read =
                format::read_file(bytes).map_err(|e| DataFileError::Format(name.clone(), e))?;
            let done = read.blocks.iter().map(|b| b.index).collect();
            (done, read.good_len, (bytes.len() - read.good_len) as u64)
        }
    };
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| DataFileError::Write(name.clone(), e.to_string()))?;
    if existing.is_none() {
        file.write_all(format::HEADER)
            .map_err(|e| DataFileError::Write(name.clone(), e.to_string()))?;
    } else if dropped > 0 {
        file.set_len(good_len as u64)
            .map_err(|e| DataFileError::Cut(name.clone(), e.to_string()))?;
    }
    Ok((file, done, dropped))
}

/// Run (or resume) this shard; `progress(games done, positions)` after
/// each game.
pub fn run(
    spec: &DatagenSpec,
    progress: &mut dyn FnMut(u32, u64),
) -> Result<Summary, DataFileError> {
    if spec.openings.is_empty() {
        return Err(DataFileError::NoOpenings);
    }
    let (mut file, done, dropped) = open_out(spec)?;
    let queue = Arc::new(Mutex::new(todo(spec, &done)));
    let (tx, rx) = mpsc::channel::<GameBlock>();
    let mut summary = Summary {
        resumed: done.len() as u32,
        dropped_bytes: dropped,
        ..Summary::default()
    };
    std::thread::scope(|s| {
        for _ in 0..spec.concurrency.max(1) {
            let (queue, tx) = (Arc::clone(&queue), tx.clone());
            s.spawn(move || {
                let mut engine = Engine::with_hash_mib(HASH_MIB);
                if let Some(on) = spec.use_nnue {
                    engine.set_use_nnue(on);
                }
                loop {
                    let next = queue.lock().unwrap_or_else(|p| p.into_inner()).pop_front();
                    let Some(i) = next else { return };
                    if tx.send(play_game(spec, i, &mut engine)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        for block in rx {
            let mut bytes = Vec::new();
            format::write_block(&mut bytes, &block);
            // One write per game, then flushed: a stop loses at most the
            // games being played.
            file.write_all(&bytes)
                .and_then(|_| file.flush())
                .map_err(|e| DataFileError::Write(spec.out.display().to_string(), e.to_string()))?;
            summary.games += 1;
            summary.positions += block.samples.len() as u64;
            progress(summary.games, summary.positions);
        }
        Ok(summary.clone())
    })
}
