//! `humpty match`: engine-vs-engine matches refereed by our own rules core.
//! The runner schedules game pairs (each opening twice, colours swapped),
//! plays them on `concurrency` workers (`game`), writes PGN (`pgn`), and
//! keeps the score per engine pair with Elo, LOS and the SPRT (`stats`).

use super::config::{ConfigError, MatchConfig, OpeningOrder};
use super::game::{play_game, Fault, GameRecord, Job, Seats};
use super::pgn::pgn;
use super::stats::{elo_interval, los, Sprt, SprtState, Tally};
use crate::rules::random::Rng;
use std::collections::HashMap;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Sender};
use std::sync::Mutex;

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
    /// Engines that stopped answering under node or depth limits.
    pub hangs: u32,
}

impl PairStats {
    /// Count one game: the first engine's points and the fault, if any.
    pub(super) fn count(&mut self, points: f64, fault: Option<Fault>) {
        self.tally.add_game(points);
        match fault {
            Some(Fault::TimeLoss) => self.time_losses += 1,
            Some(Fault::Illegal) => self.illegal += 1,
            Some(Fault::Crash) => self.crashes += 1,
            Some(Fault::Hang) => self.hangs += 1,
            None => {}
        }
    }
}

/// The outcome of a whole match.
#[derive(Clone, Debug)]
pub struct MatchReport {
    /// Engine names.
    pub names: Vec<String>,
    /// Results per pair (a, b) with a < b.
    pub pairs: Vec<((usize, usize), PairStats)>,
    /// Games played (empty when rebuilt from PGN by `humpty stats`).
    pub games: Vec<GameRecord>,
    /// SPRT decision, if one was run.
    pub sprt: Option<(SprtState, f64)>,
}

/// The schedule: for each engine pair, `rounds` openings, each played
/// twice; under `--shard K/N` only the game pairs K-1, K-1+N, ... (the
/// same for the same openings, seed and engines on every machine).
fn schedule(cfg: &MatchConfig) -> Vec<Job> {
    let mut jobs = full_schedule(cfg);
    if let Some((k, n)) = cfg.shard {
        jobs.retain(|j| j.pair_id % n == k - 1);
    }
    jobs
}

/// Every game of the match, in order.
fn full_schedule(cfg: &MatchConfig) -> Vec<Job> {
    let mut openings: Vec<Option<String>> = if cfg.openings.is_empty() {
        vec![None]
    } else {
        cfg.openings.iter().cloned().map(Some).collect()
    };
    if let OpeningOrder::Random(seed) = cfg.order {
        Rng::new(seed).shuffle(&mut openings);
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

/// How many games this run (or shard) plays if no SPRT stops it.
pub fn planned_games(cfg: &MatchConfig) -> usize {
    schedule(cfg).len()
}

/// A match that could not start.
#[derive(Debug)]
pub enum RunError {
    /// The configuration makes no match.
    Config(ConfigError),
    /// The PGN file cannot be opened for appending (its path).
    Pgn(String, std::io::Error),
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunError::Config(e) => write!(f, "{e}"),
            RunError::Pgn(path, e) => write!(f, "cannot open PGN file {path}: {e}"),
        }
    }
}

impl std::error::Error for RunError {}

/// Run a match; `progress` is called after every game with the report so far.
pub fn run(
    cfg: &MatchConfig,
    progress: &mut dyn FnMut(&MatchReport),
) -> Result<MatchReport, RunError> {
    cfg.check().map_err(RunError::Config)?;
    let queue = Mutex::new(schedule(cfg).into_iter());
    let stop = AtomicBool::new(false);
    let (tx, rx) = channel::<(Job, GameRecord)>();
    let mut pgn_file = open_pgn(cfg)?;
    let mut report = MatchReport::new(cfg);
    let mut pending_pairs: HashMap<usize, f64> = HashMap::new();
    std::thread::scope(|scope| {
        for _ in 0..cfg.concurrency.max(1) {
            let tx = tx.clone();
            let (queue, stop) = (&queue, &stop);
            scope.spawn(move || play_games(cfg, queue, stop, tx));
        }
        drop(tx);
        for (job, record) in rx {
            report.count(&job, &record, &mut pending_pairs);
            if let Some(f) = pgn_file.as_mut() {
                let _ = f.write_all(pgn(cfg, &record).as_bytes());
                let _ = f.flush();
            }
            report.games.push(record);
            if report.sprt_decided(cfg) {
                stop.store(true, Ordering::Relaxed);
            }
            progress(&report);
        }
    });
    Ok(report)
}

/// The PGN file, opened for appending, if one was asked for.
fn open_pgn(cfg: &MatchConfig) -> Result<Option<std::fs::File>, RunError> {
    let Some(p) = &cfg.pgn else {
        return Ok(None);
    };
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(p)
        .map(Some)
        .map_err(|e| RunError::Pgn(p.display().to_string(), e))
}

/// One worker: take games from the queue and play them until it is empty
/// or the match is stopped, keeping its engine processes between games.
fn play_games(
    cfg: &MatchConfig,
    queue: &Mutex<std::vec::IntoIter<Job>>,
    stop: &AtomicBool,
    tx: Sender<(Job, GameRecord)>,
) {
    let mut seats = Seats {
        players: (0..cfg.engines.len()).map(|_| None).collect(),
    };
    while !stop.load(Ordering::Relaxed) {
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
}

impl MatchReport {
    /// An empty report for this match.
    fn new(cfg: &MatchConfig) -> MatchReport {
        let n = cfg.engines.len();
        MatchReport {
            names: cfg.engines.iter().map(|e| e.name.clone()).collect(),
            pairs: (0..n)
                .flat_map(|a| (a + 1..n).map(move |b| ((a, b), PairStats::default())))
                .collect(),
            games: Vec::new(),
            sprt: None,
        }
    }

    /// Count a finished game for its engine pair (and its game pair, when
    /// both games of an opening are in).
    fn count(&mut self, job: &Job, record: &GameRecord, pending: &mut HashMap<usize, f64>) {
        let (a, b) = (job.white.min(job.black), job.white.max(job.black));
        let Some((_, stats)) = self.pairs.iter_mut().find(|(k, _)| *k == (a, b)) else {
            return;
        };
        // Points for the lower-numbered engine.
        let white_points = record.result.white_score();
        let points = if job.white == a {
            white_points
        } else {
            1.0 - white_points
        };
        stats.count(points, record.fault.map(|f| f.1));
        match pending.remove(&job.pair_id) {
            Some(prev) => stats.tally.add_pair(prev + points),
            None => {
                pending.insert(job.pair_id, points);
            }
        }
    }

    /// Update the SPRT (two engines only); true once it has decided. A
    /// shard never stops early: only the merged results (`humpty stats`)
    /// can decide.
    fn sprt_decided(&mut self, cfg: &MatchConfig) -> bool {
        let (Some(sprt), 2) = (cfg.sprt, cfg.engines.len()) else {
            return false;
        };
        let t = &self.pairs[0].1.tally;
        let state = sprt.state(t);
        self.sprt = Some((state, sprt.llr(t)));
        state != SprtState::Continue && cfg.shard.is_none()
    }
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
                "Time losses: {}, illegal moves: {}, crashes: {}, hangs: {}\n",
                s.time_losses, s.illegal, s.crashes, s.hangs
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::TimeControl;
    use crate::matches::config::Notation;
    use std::time::Duration;

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
            ponder: false,
            tc: None,
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
            notation: Notation::San,
            shard: None,
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
        // Three shards split the pairs disjointly and cover them all.
        let mut rounds: Vec<String> = (1..=3)
            .flat_map(|k| {
                let shard = MatchConfig {
                    shard: Some((k, 3)),
                    ..cfg.clone()
                };
                schedule(&shard)
                    .into_iter()
                    .map(|j| j.round + &j.white.to_string())
            })
            .collect();
        rounds.sort();
        let mut all: Vec<String> = jobs
            .iter()
            .map(|j| j.round.clone() + &j.white.to_string())
            .collect();
        all.sort();
        assert_eq!(rounds, all);
    }
}
