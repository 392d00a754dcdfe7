//! The `humpty` command line: perft and divide for now.

use humpty::perft::{divide_report, perft};
use humpty::Position;
use std::process::ExitCode;
use std::time::Instant;

fn usage() -> &'static str {
    "usage: humpty                 (UCI engine on stdin/stdout)\n       humpty perft <depth> [--fen \"<FEN>\"]\n       humpty divide <depth> [--fen \"<FEN>\"]\n       humpty bench [depth]"
}

fn parse_depth_and_fen(args: &[String]) -> Result<(u32, Position), String> {
    let depth = args
        .first()
        .ok_or("missing depth")?
        .parse::<u32>()
        .map_err(|_| format!("bad depth '{}'", args[0]))?;
    let pos = match args.get(1).map(String::as_str) {
        None => Position::startpos(),
        Some("--fen") => {
            let fen = args[2..].join(" ");
            Position::from_fen(&fen).map_err(|e| format!("bad FEN: {e}"))?
        }
        Some(other) => return Err(format!("unexpected argument '{other}'")),
    };
    Ok((depth, pos))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("perft") => parse_depth_and_fen(&args[1..]).map(|(depth, mut pos)| {
            let start = Instant::now();
            let nodes = perft(&mut pos, depth);
            let secs = start.elapsed().as_secs_f64();
            println!("{nodes}");
            eprintln!(
                "time {:.3} s, {:.0} nodes/s",
                secs,
                nodes as f64 / secs.max(1e-9)
            );
        }),
        Some("divide") => parse_depth_and_fen(&args[1..]).map(|(depth, mut pos)| {
            print!("{}", divide_report(&mut pos, depth));
        }),
        Some("bench") => {
            let depth = match args.get(1) {
                None => Ok(humpty::bench::DEFAULT_DEPTH),
                Some(d) => d.parse::<i32>().map_err(|_| format!("bad depth '{d}'")),
            };
            depth.map(|depth| {
                let r = humpty::bench::run(depth, &mut |i, fen, nodes| {
                    eprintln!("Position {i:2}: {nodes:>10} nodes  {fen}");
                });
                println!("Nodes searched: {}", r.nodes);
                println!("Nodes/second: {}", r.nps());
            })
        }
        None => {
            humpty::uci::run_stdio(None);
            Ok(())
        }
        _ => Err(usage().to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}\n{}", usage());
            ExitCode::from(2)
        }
    }
}
