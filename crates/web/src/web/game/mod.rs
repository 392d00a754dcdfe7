//! A game on the server: its clock (`clock`), level (`level`), stored
//! record (`record`), the live game (`live`) and the changes made to it
//! (`actions`) from the requests a page sends (`requests`), how it ends
//! (`ending`), what a page sees of it (`view`, `words`, `pieces`,
//! `endgame`, `pgn`), an analysis board's variations (`variations`), and
//! the events sent to its pages (`events`).

pub(crate) mod actions;
pub(crate) mod clock;
pub(crate) mod endgame;
pub(crate) mod ending;
pub(crate) mod events;
pub(crate) mod level;
pub(crate) mod live;
pub(crate) mod pgn;
pub(crate) mod pieces;
pub(crate) mod record;
pub(crate) mod requests;
pub(crate) mod variations;
pub(crate) mod view;
pub(crate) mod words;
