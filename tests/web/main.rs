//! The web server's tests as one binary, a module per subject, so the
//! server's crates (hyper, tokio, SQLite) are linked once for all of them.

#[path = "../common/mod.rs"]
mod common;

mod abort;
mod backup;
mod bounds;
mod db;
mod explorer;
mod first_use;
mod friends;
mod game_loop;
mod games;
mod guard;
mod import;
mod learn;
mod load;
mod long_game;
mod puzzle_fairness;
mod puzzles;
mod variations;
