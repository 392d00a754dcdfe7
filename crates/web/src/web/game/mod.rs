//! A game on the server: its clock (`clock`), level (`level`), stored
//! record (`record`), the live game (`live`) and the changes made to it
//! (`actions`), what a page sees of it (`view`, `words`, `pieces`,
//! `endgame`, `pgn`), and the events sent to its pages (`events`).

pub mod actions;
pub mod clock;
pub mod endgame;
pub mod events;
pub mod level;
pub mod live;
pub mod pgn;
pub mod pieces;
pub mod record;
pub mod view;
pub mod words;
