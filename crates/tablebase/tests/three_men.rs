//! Every 3-man table, made in memory (seconds, both cores for the check),
//! verified forward, and checked against what is known of these endings.

use humpty_rules::Position;
use humpty_tablebase::verify::verify;
use humpty_tablebase::{generate_in_memory, Entry, Material, Wdl};

#[test]
fn three_man_tables_generate_verify_and_know_the_endings() {
    let started = std::time::Instant::now();
    let known = generate_in_memory(&Material::all(3), &mut |_, _, _| {});
    eprintln!("3-man tables made in {:?}", started.elapsed());
    for m in Material::all(3) {
        let table = known.table(&m).unwrap();
        let report = verify(table, &known, 2, &|_, _| {});
        assert!(report.checked > 600_000, "{m}: {}", report.checked);
        assert_eq!(report.slip_count, 0, "{m}: {:?}", report.slips);
        eprintln!(
            "{m}: {:?} (loss, blessed, draw, cursed, win, broken)",
            table.census()
        );
    }
    let probe = |fen: &str| known.entry(&Position::from_fen(fen).unwrap()).unwrap();
    // Mated, and mate in one with a Rook.
    let mated = Entry {
        wdl: Wdl::Loss,
        dtz: 0,
        dtm: 0,
    };
    assert_eq!(probe("k11/2K9/12/12/12/12/12/R11 b - - 0 1"), mated);
    let e = probe("k11/2K9/12/12/12/12/12/1R10 w - - 0 1");
    assert_eq!((e.wdl, e.dtm), (Wdl::Win, 1));
    // Stalemate.
    assert_eq!(probe("k11/1R10/2K9/12/12/12/12/12 b - - 0 1"), Entry::DRAW);
    // A lone Knight, Bishop or Camel cannot mate; a Queen or a Rook can.
    for (fen, won) in [
        ("k11/12/12/12/12/12/12/5NK5 w - - 0 1", false),
        ("k11/12/12/12/12/12/12/5BK5 w - - 0 1", false),
        ("k11/12/12/12/12/12/12/5LK5 w - - 0 1", false),
        ("k11/12/12/12/12/12/12/5QK5 w - - 0 1", true),
        ("k11/12/12/12/12/12/12/5RK5 w - - 0 1", true),
    ] {
        assert_eq!(probe(fen).wdl.is_win(), won, "{fen}");
    }
    // Colours reversed, the same answer.
    let white = probe("k11/12/12/12/12/12/12/5QK5 w - - 0 1");
    let black = probe("5qk5/12/12/12/12/12/12/K11 b - - 0 1");
    assert_eq!(white, black);
}
