//! `humpty tb convert`: do won table positions get won? Random won
//! positions from the tables in DIR are played out, the winner by the
//! engine with or without the tables, the loser by the engine with them
//! (the best defence there is), and each game's end is counted
//! (docs/tablebases.md).

use super::io::{out, say};
use super::tb::Folder;
use clap::{value_parser, Args};
use humpty::engine::{Engine, GoParams};
use humpty::rules::random::Rng;
use humpty::tablebase::layout::Layout;
use humpty::tablebase::store::TableFile;
use humpty::tablebase::{Material, Tablebases, Wdl};
use humpty::{Outcome, Position};
use std::path::Path;

/// Plies after which a game counts as not converted.
const MAX_PLIES: usize = 500;

/// `humpty tb convert`'s arguments.
#[derive(Args, Debug)]
pub struct ConvertArgs {
    #[command(flatten)]
    folder: Folder,
    /// Positions from the tables of this many men
    #[arg(long, default_value_t = 4, value_parser = value_parser!(u8).range(3..=5))]
    men: u8,
    /// Positions to play out
    #[arg(long, default_value_t = 100, value_parser = value_parser!(u64).range(1..=100_000))]
    count: u64,
    /// Random seed
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Nodes a move, both sides
    #[arg(long, default_value_t = 50_000, value_parser = value_parser!(u64).range(1..))]
    nodes: u64,
    /// The winner plays without the tables
    #[arg(long)]
    without: bool,
}

/// Random won positions (side to move wins, within the 50-move rule)
/// from the tables of `men` men in `dir` that have wins.
fn won_positions(dir: &Path, men: usize, count: usize, seed: u64) -> Result<Vec<Position>, String> {
    let mut tables = Vec::new();
    for m in Material::all(men) {
        let Ok(file) = TableFile::open(&dir.join(humpty::tablebase::store::file_name(&m))) else {
            continue;
        };
        if file.census[Wdl::Win as usize] > 0 {
            tables.push((Layout::new(&m), file));
        }
    }
    if tables.is_empty() {
        return Err(format!(
            "no {men}-man table with a win in {}",
            dir.display()
        ));
    }
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let (layout, file) = &tables[(rng.next_u64() % tables.len() as u64) as usize];
        let idx = rng.next_u64() % layout.size;
        let won = file.wdl(idx).map_err(|e| e.to_string())? == Some(Wdl::Win);
        if let (true, Some(pos)) = (won, layout.position(idx)) {
            if !pos.legal_moves().is_empty() {
                out.push(pos);
            }
        }
    }
    Ok(out)
}

/// Run `humpty tb convert`.
pub fn convert(a: &ConvertArgs) -> Result<(), String> {
    let dir = &a.folder.dir;
    let (men, count) = (a.men as usize, a.count as usize);
    let (seed, nodes, without) = (a.seed, a.nodes, a.without);
    let tb = Tablebases::open(Path::new(dir)).map_err(|e| e.to_string())?;
    let positions = won_positions(Path::new(dir), men, count, seed)?;
    let mut engines = [Engine::new(), Engine::new()];
    engines[1]
        .set_tablebase_path(dir)
        .map_err(|e| e.to_string())?;
    if !without {
        engines[0]
            .set_tablebase_path(dir)
            .map_err(|e| e.to_string())?;
    }
    let go = GoParams {
        nodes: Some(nodes),
        ..GoParams::default()
    };
    let (mut won, mut slipped, mut plies) = (0, 0, Vec::new());
    for (i, start) in positions.iter().enumerate() {
        let (end, kept, n) = play_out(start, &mut engines, &go, &tb);
        if end
            == Some(Outcome::Checkmate {
                winner: start.side_to_move(),
            })
        {
            won += 1;
            plies.push(n);
        } else {
            say(format!(
                "not converted: {} ({end:?} after {n} plies)",
                start.to_fen()
            ));
        }
        if !kept {
            slipped += 1;
        }
        if (i + 1) % 10 == 0 {
            say(format!(
                "{} of {} played, {won} won",
                i + 1,
                positions.len()
            ));
        }
    }
    plies.sort_unstable();
    let median = plies.get(plies.len() / 2).copied().unwrap_or(0);
    out(format!(
        "{won} of {} won positions converted ({} tables for the winner, {nodes} nodes a move); the win slipped at some move in {slipped}; median {median} plies to mate",
        positions.len(),
        if without { "without" } else { "with" }
    ));
    Ok(())
}

/// Play a game from `start`: engines[0] for the side to move (the
/// winner), engines[1] for the other. The end, whether every winner's move
/// kept the tables' win, and the plies played.
fn play_out(
    start: &Position,
    engines: &mut [Engine; 2],
    go: &GoParams,
    tb: &Tablebases,
) -> (Option<Outcome>, bool, usize) {
    let winner = start.side_to_move();
    let mut pos = start.clone();
    let mut kept = true;
    engines.iter_mut().for_each(Engine::new_game);
    for ply in 0..MAX_PLIES {
        if let Some(end) = pos.outcome() {
            return (Some(end), kept, ply);
        }
        let side = usize::from(pos.side_to_move() != winner);
        engines[side].set_position(pos.clone());
        let r = engines[side].search_sync(go, &mut |_| {});
        let Some(mv) = r.best else {
            return (pos.outcome(), kept, ply);
        };
        pos.make_move(mv);
        if side == 0
            && pos.outcome().is_none()
            && pos.halfmove_clock() == 0
            && tb.probe_wdl(&pos).is_some_and(|w| w != Wdl::Loss)
        {
            kept = false;
        }
    }
    (pos.outcome(), kept, MAX_PLIES)
}
