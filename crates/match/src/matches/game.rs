//! One game of a match: the engines are started and told of a new game,
//! then each move is asked for under the clock, checked by our rules
//! (the referee), charged to the clock, and recorded. A fault (crash, hang,
//! time loss, illegal or unreadable move) loses the game.

use super::adjudication::adjudicate;
use super::config::MatchConfig;
use super::player::{EngineSpec, GameState, Player, PlayerError, Reply};
use crate::engine::{Clocks, Score, TimeControl};
use crate::rules::moves::Move;
use crate::rules::piece::Color;
use crate::rules::position::Position;
use crate::rules::result::{GameEnd, GameResult};
use std::time::Duration;

/// One move of a game record.
#[derive(Clone, Debug)]
pub struct MoveRecord {
    /// Wire notation.
    pub text: String,
    /// Mover's score if it said one (its own view).
    pub score: Option<Score>,
    /// Depth it reported.
    pub depth: Option<u32>,
    /// Time it took.
    pub time: Duration,
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
    /// The process stopped answering under a node or depth limit (no
    /// clock to lose on).
    Hang,
}

impl Fault {
    /// Its name in the PGN `Fault` tag.
    pub fn tag(self) -> &'static str {
        match self {
            Fault::TimeLoss => "time",
            Fault::Illegal => "illegal",
            Fault::Crash => "crash",
            Fault::Hang => "hang",
        }
    }

    /// The fault a player's error is, off the clock: no answer is a hang.
    fn of(e: &PlayerError) -> Fault {
        match e {
            PlayerError::Crashed(_) => Fault::Crash,
            PlayerError::Timeout(_) => Fault::Hang,
            PlayerError::Garbage(_) => Fault::Illegal,
        }
    }

    /// The fault named by a PGN `Fault` tag.
    pub fn from_tag(tag: &str) -> Option<Fault> {
        [Fault::TimeLoss, Fault::Illegal, Fault::Crash, Fault::Hang]
            .into_iter()
            .find(|f| f.tag() == tag)
    }
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
pub(super) struct Job {
    pub pair_id: usize,
    pub white: usize,
    pub black: usize,
    pub opening: Option<String>,
    pub round: String,
}

/// Engine processes one worker keeps between games.
pub(super) struct Seats {
    pub players: Vec<Option<Player>>,
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

/// A game in progress.
struct Game<'a> {
    cfg: &'a MatchConfig,
    job: &'a Job,
    record: GameRecord,
    pos: Position,
    /// Moves played, in wire notation.
    moves: Vec<String>,
    clocks: Clocks,
    moves_made: [u32; 2],
    /// Scores from White's point of view on the search scale, per ply.
    white_scores: Vec<Option<i32>>,
}

/// How a game ended.
struct Ending {
    result: GameResult,
    termination: String,
    fault: Option<(usize, Fault)>,
}

/// Play one game between engines `job.white` and `job.black`.
pub(super) fn play_game(cfg: &MatchConfig, seats: &mut Seats, job: &Job) -> GameRecord {
    let mut game = Game::new(cfg, job);
    let ending = game.play(seats).unwrap_err();
    GameRecord {
        result: ending.result,
        termination: ending.termination,
        fault: ending.fault,
        ..game.record
    }
}

/// Both clocks at the start: each side's from its engine's own time
/// control (time odds) or the match's.
fn start_clocks(cfg: &MatchConfig, job: &Job) -> Clocks {
    let mut clocks = cfg.tc.start();
    for (side, engine) in [(Color::White, job.white), (Color::Black, job.black)] {
        if let Some(own) = &cfg.engines[engine].tc {
            let c = own.start();
            clocks.time[side.index()] = c.time[side.index()];
            clocks.inc[side.index()] = c.inc[side.index()];
        }
    }
    clocks
}

impl<'a> Game<'a> {
    /// A game on the job's opening (the start position if none).
    fn new(cfg: &'a MatchConfig, job: &'a Job) -> Game<'a> {
        let record = GameRecord {
            round: job.round.clone(),
            white: job.white,
            black: job.black,
            start_fen: job.opening.clone(),
            moves: Vec::new(),
            result: GameResult::Draw,
            termination: String::new(),
            fault: None,
        };
        Game {
            cfg,
            job,
            record,
            pos: Position::startpos(),
            moves: Vec::new(),
            clocks: start_clocks(cfg, job),
            moves_made: [0; 2],
            white_scores: Vec::new(),
        }
    }

    /// Play until the game ends; the `Err` is how it ended (a bad opening
    /// FEN ends it at once, as a draw).
    fn play(&mut self, seats: &mut Seats) -> Result<std::convert::Infallible, Ending> {
        if let Some(f) = &self.job.opening {
            self.pos = Position::from_fen(f).map_err(|e| Ending {
                result: GameResult::Draw,
                termination: format!("bad opening FEN: {e}"),
                fault: None,
            })?;
        }
        for side in Color::BOTH {
            self.start_player(seats, side)?;
        }
        loop {
            if let Some(ending) = self.finished() {
                return Err(ending);
            }
            self.play_move(seats)?;
        }
    }

    fn engine_of(&self, side: Color) -> usize {
        match side {
            Color::White => self.job.white,
            Color::Black => self.job.black,
        }
    }

    /// The game lost by `side`'s engine for a fault.
    fn fault(&self, side: Color, kind: Fault, why: String) -> Ending {
        Ending {
            result: GameResult::win_for(!side),
            termination: why,
            fault: Some((self.engine_of(side), kind)),
        }
    }

    /// Start `side`'s engine (if needed) and announce the new game.
    fn start_player(&self, seats: &mut Seats, side: Color) -> Result<(), Ending> {
        let i = self.engine_of(side);
        let ready = seats.get(&self.cfg.engines, i).and_then(|p| p.new_game());
        ready.map_err(|e| {
            seats.drop_player(i);
            let why = format!("{} {e}", self.cfg.engines[i].name);
            self.fault(side, Fault::of(&e), why)
        })
    }

    /// How the game ends here, if the rules, the move limit or adjudication
    /// end it.
    fn finished(&self) -> Option<Ending> {
        let end = if let Some(outcome) = self.pos.outcome() {
            GameEnd::from_outcome(outcome)
        } else if self.cfg.max_plies.is_some_and(|m| self.moves.len() >= m) {
            GameEnd::move_limit()
        } else {
            adjudicate(self.cfg, &self.pos, &self.white_scores)?
        };
        Some(Ending {
            result: end.result,
            termination: end.text(),
            fault: None,
        })
    }

    /// `side`'s time control: its engine's own (time odds), or the match's.
    fn tc(&self, side: Color) -> TimeControl {
        self.cfg.engines[self.engine_of(side)]
            .tc
            .unwrap_or(self.cfg.tc)
    }

    /// How long to wait for a move before calling it a time loss or a hang.
    fn timeout(&self, side: Color) -> Duration {
        match self.tc(side) {
            TimeControl::Clock { .. } => self.clocks.time[side.index()] + self.cfg.margin,
            TimeControl::MoveTime(t) => t + self.cfg.margin,
            TimeControl::Nodes(_) | TimeControl::Depth(_) => self.cfg.hang_timeout,
        }
    }

    /// Ask the side to move for its move, referee it and play it.
    fn play_move(&mut self, seats: &mut Seats) -> Result<(), Ending> {
        let side = self.pos.side_to_move();
        let reply = self.ask(seats, side)?;
        self.check_clock(side, &reply)?;
        let mv = self.referee(side, &reply)?;
        let text = mv.to_string();
        let white_view = reply.score.map(|s| match side {
            Color::White => s.to_search(),
            Color::Black => -s.to_search(),
        });
        self.white_scores.push(white_view);
        self.record.moves.push(MoveRecord {
            text: text.clone(),
            score: reply.score,
            depth: reply.depth,
            time: reply.elapsed,
        });
        self.moves.push(text);
        self.pos.make_move(mv);
        if let Some(expected) = &reply.ponder {
            self.start_pondering(seats, side, expected)?;
        }
        Ok(())
    }

    /// Let `side`'s engine ponder on the reply it expects (if it ponders).
    fn start_pondering(
        &self,
        seats: &mut Seats,
        side: Color,
        expected: &str,
    ) -> Result<(), Ending> {
        let i = self.engine_of(side);
        let current_fen = self.pos.to_fen();
        let state = GameState {
            start_fen: self.job.opening.as_deref(),
            moves: &self.moves,
            current_fen: &current_fen,
            legal: &[],
            white_to_move: side != Color::White,
        };
        let Some(player) = seats.players[i].as_mut() else {
            return Ok(());
        };
        let mut clocks = self.clocks;
        let tc = self.tc(side);
        clocks.moves_to_go = tc.moves_to_go(self.moves_made[(!side).index()]);
        player
            .start_pondering(&state, expected, &tc, &clocks)
            .map_err(|e| {
                seats.drop_player(i);
                let name = &self.cfg.engines[i].name;
                self.fault(side, Fault::of(&e), format!("{name} {e}"))
            })
    }

    /// The engine's reply, or the fault that ends the game.
    fn ask(&mut self, seats: &mut Seats, side: Color) -> Result<Reply, Ending> {
        let i = self.engine_of(side);
        let name = &self.cfg.engines[i].name;
        let current_fen = self.pos.to_fen();
        let legal: Vec<String> = self
            .pos
            .legal_moves()
            .iter()
            .map(|m| m.to_string())
            .collect();
        let state = GameState {
            start_fen: self.job.opening.as_deref(),
            moves: &self.moves,
            current_fen: &current_fen,
            legal: &legal,
            white_to_move: side == Color::White,
        };
        let tc = self.tc(side);
        self.clocks.moves_to_go = tc.moves_to_go(self.moves_made[side.index()]);
        let player = seats
            .get(&self.cfg.engines, i)
            .map_err(|e| self.fault(side, Fault::of(&e), format!("{name} {e}")));
        let player = match player {
            Ok(p) => p,
            Err(ending) => {
                seats.drop_player(i);
                return Err(ending);
            }
        };
        let timeout = self.timeout(side);
        player
            .think(&state, &tc, &self.clocks, timeout)
            .map_err(|e| {
                // A hung or dead engine is restarted for the next game.
                seats.drop_player(i);
                let timed = !matches!(tc, TimeControl::Nodes(_) | TimeControl::Depth(_));
                let kind = match &e {
                    PlayerError::Timeout(_) if timed => Fault::TimeLoss,
                    _ => Fault::of(&e),
                };
                let what = match kind {
                    Fault::TimeLoss => format!("{name} loses on time (no move)"),
                    _ => format!("{name} {e}"),
                };
                self.fault(side, kind, what)
            })
    }

    /// Flag a late move; otherwise charge its time to the clock.
    fn check_clock(&mut self, side: Color, reply: &Reply) -> Result<(), Ending> {
        let tc = self.tc(side);
        let late = match tc {
            TimeControl::Clock { .. } => {
                reply.elapsed > self.clocks.time[side.index()] + self.cfg.margin
            }
            TimeControl::MoveTime(t) => reply.elapsed > t + self.cfg.margin,
            _ => false,
        };
        if late {
            let name = &self.cfg.engines[self.engine_of(side)].name;
            let ms = reply.elapsed.as_millis();
            return Err(self.fault(
                side,
                Fault::TimeLoss,
                format!("{name} loses on time ({ms} ms)"),
            ));
        }
        if let TimeControl::Clock { .. } = tc {
            self.moves_made[side.index()] += 1;
            let made = self.moves_made[side.index()];
            self.clocks.charge(side, reply.elapsed, &tc, made);
        }
        Ok(())
    }

    /// The referee: the move must be legal by our rules.
    fn referee(&self, side: Color, reply: &Reply) -> Result<Move, Ending> {
        self.pos.parse_move(&reply.mv).map_err(|e| {
            let name = &self.cfg.engines[self.engine_of(side)].name;
            let fen = self.pos.to_fen();
            self.fault(
                side,
                Fault::Illegal,
                format!("{name} plays {e} (FEN {fen})"),
            )
        })
    }
}
