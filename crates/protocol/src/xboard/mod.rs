//! The XBoard / WinBoard front end (CECP version 2) with an engine-defined
//! variant: humpty teaches the GUI the 12x8 board, the piece set and the
//! piece moves (`setup`, `piece`), and marks legal destinations on `lift`
//! (`highlight`, `choice`), which is how the GUI learns the rules its Betza
//! notation cannot say (the River, promotion availability).
//!
//! Commands and search results arrive on one channel, so the engine can apply
//! its own move to the game when a search ends.

mod output;
mod session;
mod state;
mod time;

pub use output::piece_lines;
pub use session::{run, Session};
