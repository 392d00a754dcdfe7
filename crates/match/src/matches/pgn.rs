//! PGN of match games: SAN or coordinates, the `Variant`, `VariantMen`,
//! `FEN` and `SetUp` tags, a `Fault` tag when an engine lost by a fault,
//! and a `{score/depth time}` comment per move. Reading (and the format
//! itself) is `rules::pgn`, re-exported here.

use super::config::{MatchConfig, Notation};
use super::game::GameRecord;
pub use crate::rules::pgn::{parse_pgn, PgnGame};
use crate::rules::pgn::{variant_men, write_game, WrittenMove};
use crate::rules::position::Position;

/// The game's moves in `notation`. A move the rules cannot play (never
/// recorded by the runner) and everything after it stay as on the wire.
fn move_texts(g: &GameRecord, notation: Notation) -> Vec<String> {
    let start = g.start_fen.as_deref().map(Position::from_fen);
    let mut pos = match start {
        None => Some(Position::startpos()),
        Some(p) => p.ok(),
    };
    let mut out = Vec::with_capacity(g.moves.len());
    for m in &g.moves {
        let mv = pos.as_ref().and_then(|p| p.parse_move(&m.text).ok());
        match (pos.as_mut(), mv) {
            (Some(p), Some(mv)) => {
                out.push(match notation {
                    Notation::San => p.san(mv),
                    Notation::Coordinate => m.text.clone(),
                });
                p.make_move(mv);
            }
            _ => {
                pos = None;
                out.push(m.text.clone());
            }
        }
    }
    out
}

/// Write one game as PGN in the match's notation, with `{score/depth
/// time}` comments in `Score`'s form.
pub fn pgn(cfg: &MatchConfig, g: &GameRecord) -> String {
    let start_fen = g.start_fen.as_deref().unwrap_or(Position::START_FEN);
    let mut tags = vec![
        ("Event", cfg.event.clone()),
        ("Site", "humpty match".to_string()),
        ("Round", g.round.clone()),
        ("White", cfg.engines[g.white].name.clone()),
        ("Black", cfg.engines[g.black].name.clone()),
        ("Result", g.result.pgn().to_string()),
        ("Variant", "humpty".to_string()),
        ("VariantMen", variant_men()),
        // Always a FEN: no other program knows humpty's start array.
        ("SetUp", "1".to_string()),
        ("FEN", start_fen.to_string()),
        ("TimeControl", cfg.tc.pgn_tag()),
        ("PlyCount", g.moves.len().to_string()),
        ("Termination", g.termination.clone()),
    ];
    // Time odds: each side's own clock, as cutechess-cli writes them.
    for (tag, engine) in [("WhiteTimeControl", g.white), ("BlackTimeControl", g.black)] {
        if let Some(own) = &cfg.engines[engine].tc {
            tags.push((tag, own.pgn_tag()));
        }
    }
    if let Some((_, fault)) = g.fault {
        tags.push(("Fault", fault.tag().to_string()));
    }
    let moves: Vec<WrittenMove> = g
        .moves
        .iter()
        .zip(move_texts(g, cfg.notation))
        .map(|(m, text)| WrittenMove {
            text,
            comment: Some(match (m.score, m.depth) {
                (Some(sc), Some(d)) => format!("{}/{} {:.3}s", sc, d, m.time.as_secs_f64()),
                _ => format!("{:.3}s", m.time.as_secs_f64()),
            }),
            variations: Vec::new(),
        })
        .collect();
    let start = Position::from_fen(start_fen).unwrap_or_else(|_| Position::startpos());
    write_game(&tags, &start, &moves, Some(&g.termination), g.result.pgn())
}
