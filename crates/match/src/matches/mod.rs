//! Engine-vs-engine matches: the runner (`runner`) and one game with its
//! referee and clocks (`game`), adjudication, the engine players spoken to
//! over UCI or XBoard (`player`), PGN, openings, match statistics, and the
//! summary rebuilt from PGN files (`merge`, for sharded matches).

pub mod adjudication;
pub mod config;
pub mod game;
pub mod merge;
pub mod openings;
pub mod pgn;
pub mod player;
pub mod runner;
pub mod stats;
