//! Engine-vs-engine matches: the runner and its referee, the engine players
//! spoken to over UCI or XBoard, PGN, and match statistics.

pub mod player;
pub mod runner;
pub mod stats;
