//! The `humpty` binary: the command line in `cli`, or a protocol engine on
//! stdin/stdout (UCI or XBoard) when no subcommand is given.

mod cli;

use cli::Next;
use std::process::ExitCode;

fn main() -> ExitCode {
    // As OS strings: `std::env::args` panics on an argument that is not
    // UTF-8; clap refuses it with a message instead.
    match cli::run(std::env::args_os()) {
        Ok(Next::Done) => ExitCode::SUCCESS,
        Ok(Next::Protocol) => {
            cli::run_protocol(false);
            ExitCode::SUCCESS
        }
        Ok(Next::Xboard) => {
            cli::run_protocol(true);
            ExitCode::SUCCESS
        }
        Err(e) => {
            cli::io::say(e);
            ExitCode::from(2)
        }
    }
}
