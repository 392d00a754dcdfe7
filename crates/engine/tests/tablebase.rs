//! The engine with endgame tablebases (`TablebasePath`): from won table
//! positions it keeps every win and converts it to mate, and it reports
//! `tbhits`.

use humpty_engine::engine::{Engine, GoParams};
use humpty_engine::rules::{Outcome, Position};
use humpty_tablebase::layout::Layout;
use humpty_tablebase::make::make;
use humpty_tablebase::{Material, Tablebases, Wdl};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

/// The 3-man tables with a Rook or a Queen, made once into a folder.
fn tables() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("humpty-engine-tb-{}", std::process::id()));
        let names = ["KRvK", "KQvK"].map(|n| Material::parse(n).unwrap());
        make(&names, &dir, 2, &|_| {}).unwrap();
        dir
    })
}

/// Positions the tables call won for the side to move, spread over the
/// table by a fixed stride.
fn won_positions(name: &str, count: usize) -> Vec<Position> {
    let tb = Tablebases::open(tables()).unwrap();
    let layout = Layout::new(&Material::parse(name).unwrap());
    let mut out = Vec::new();
    let mut idx = 12_345;
    while out.len() < count {
        idx = (idx + 7_919 * 13) % layout.size;
        if let Some(pos) = layout.position(idx) {
            if tb.probe_wdl(&pos) == Some(Wdl::Win) && pos.men() == 3 {
                out.push(pos);
            }
        }
    }
    out
}

#[test]
fn won_table_positions_are_kept_won_and_converted() {
    let tb = Tablebases::open(tables()).unwrap();
    let mut engine = Engine::new();
    assert_eq!(
        engine.set_tablebase_path(tables().to_str().unwrap()),
        Ok((2, 3))
    );
    let go = GoParams {
        nodes: Some(3_000),
        ..GoParams::default()
    };
    let hits = Arc::new(AtomicU64::new(0));
    for name in ["KRvK", "KQvK"] {
        for start in won_positions(name, 6) {
            let mut pos = start.clone();
            let winner = pos.side_to_move();
            engine.new_game();
            let outcome = loop {
                if let Some(o) = pos.outcome() {
                    break o;
                }
                assert!(pos.game_ply() < 300, "{}: not converted", start.to_fen());
                engine.set_position(pos.clone());
                let seen = hits.clone();
                let r = engine.search_sync(&go, &mut |info| {
                    seen.fetch_max(info.tbhits, Ordering::Relaxed);
                });
                let mv = r.best.expect("a move");
                let mover = pos.side_to_move();
                pos.make_move(mv);
                if mover == winner && pos.outcome().is_none() {
                    let after = tb.probe_wdl(&pos);
                    assert_eq!(
                        after,
                        Some(Wdl::Loss),
                        "{}: the win slipped at {}",
                        start.to_fen(),
                        pos.to_fen()
                    );
                }
            };
            assert_eq!(outcome, Outcome::Checkmate { winner }, "{}", start.to_fen());
        }
    }
    assert!(
        hits.load(Ordering::Relaxed) > 0,
        "the search reports tbhits"
    );
}

#[test]
fn a_bad_folder_is_refused_and_the_tables_in_force_stay() {
    let mut engine = Engine::new();
    assert!(engine.set_tablebase_path("/no/such/folder").is_err());
    let empty = std::env::temp_dir().join(format!("humpty-engine-tb-empty-{}", std::process::id()));
    std::fs::create_dir_all(&empty).unwrap();
    assert!(engine.set_tablebase_path(empty.to_str().unwrap()).is_err());
    assert_eq!(
        engine.set_tablebase_path(tables().to_str().unwrap()),
        Ok((2, 3))
    );
    assert!(engine.set_tablebase_path("/no/such/folder").is_err());
    assert_eq!(engine.set_tablebase_path("<empty>"), Ok((0, 0)));
}

/// The search's mates, without tables, are never shorter than the table's
/// distance to mate (a shorter one would be a bug in one of them).
#[test]
fn the_search_never_mates_faster_than_the_table_says() {
    use humpty_engine::engine::Score;
    let tb = Tablebases::open(tables()).unwrap();
    let mut engine = Engine::new();
    let go = GoParams {
        depth: Some(7),
        ..GoParams::default()
    };
    let mut mates = 0;
    for name in ["KRvK", "KQvK"] {
        for pos in won_positions(name, 15) {
            engine.new_game();
            engine.set_position(pos.clone());
            let r = engine.search_sync(&go, &mut |_| {});
            let dtm = tb.probe(&pos).unwrap().unwrap().dtm as i32;
            if let Score::Mate(n) = Score::from_search(r.score) {
                assert!(
                    n > 0,
                    "{}: the search says the winner is mated",
                    pos.to_fen()
                );
                assert!(
                    2 * n > dtm,
                    "{}: search mate in {n}, table dtm {dtm}",
                    pos.to_fen()
                );
                mates += 1;
            }
        }
    }
    assert!(mates > 0, "some mates within depth 7");
}
