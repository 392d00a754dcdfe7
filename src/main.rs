//! The `humpty` binary: the command line in `cli`, or a protocol engine on
//! stdin/stdout when no subcommand is given.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    match humpty::cli::run(args) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => {
            humpty::uci::run_stdio(None);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(2)
        }
    }
}
