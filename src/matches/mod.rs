//! Engine-vs-engine matches: the runner (`runner`) and one game with its
//! referee and clocks (`game`), adjudication, the engine players spoken to
//! over UCI or XBoard (`player`), PGN, openings, and match statistics.

pub mod adjudication;
pub mod game;
pub mod openings;
pub mod pgn;
pub mod player;
pub mod runner;
pub mod stats;
