//! `humpty datagen` (issue 21, section 1): quiet positions with scores and
//! results; game i depends only on the seed and i, so shards split a run
//! and a stopped run resumes to the same data; a cut-off file is found.

use humpty::datagen::format::{read_file, GameBlock};
use humpty::datagen::{run, DatagenSpec};
use humpty::Position;

fn spec(out: &std::path::Path, shard: (u32, u32), concurrency: usize) -> DatagenSpec {
    DatagenSpec {
        out: out.to_path_buf(),
        games: 6,
        nodes: 300,
        random_plies: 4,
        seed: 11,
        shard,
        concurrency,
        openings: vec![Position::START_FEN.to_string()],
        max_plies: 120,
        use_nnue: None,
    }
}

fn blocks(path: &std::path::Path) -> Vec<GameBlock> {
    let read = read_file(&std::fs::read(path).unwrap()).unwrap();
    assert!(read.damage.is_empty(), "{:?}", read.damage);
    let mut b = read.blocks;
    b.sort_by_key(|b| b.index);
    b
}

#[test]
fn shards_and_a_resumed_run_give_the_same_games() {
    let dir = std::env::temp_dir().join(format!("humpty-datagen-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let whole = dir.join("whole.bin");
    let s = run(&spec(&whole, (1, 1), 2), &mut |_, _| {}).unwrap();
    assert_eq!((s.games, s.resumed), (6, 0));
    let all = blocks(&whole);
    assert_eq!(
        all.iter().map(|b| b.index).collect::<Vec<_>>(),
        (0..6).collect::<Vec<_>>()
    );
    assert!(
        s.positions > 0
            && s.positions as usize == all.iter().map(|b| b.samples.len()).sum::<usize>()
    );
    // Every kept position is quiet: never in check (rebuilt from its men).
    for b in &all {
        for sample in &b.samples {
            let pos = Position::from_men(&sample.men, sample.to_move).unwrap();
            assert!(!pos.in_check(), "{}", pos.to_fen());
            assert!(sample.score.abs() < 32_000);
        }
    }
    // Two shards make the same games.
    let (one, two) = (dir.join("one.bin"), dir.join("two.bin"));
    run(&spec(&one, (1, 2), 1), &mut |_, _| {}).unwrap();
    run(&spec(&two, (2, 2), 1), &mut |_, _| {}).unwrap();
    let mut merged = [blocks(&one), blocks(&two)].concat();
    merged.sort_by_key(|b| b.index);
    assert_eq!(merged, all);
    // A run cut off in mid-write: the partial game is dropped and replayed.
    let cut = dir.join("cut.bin");
    let bytes = std::fs::read(&whole).unwrap();
    std::fs::write(&cut, &bytes[..bytes.len() - 10]).unwrap();
    let read = read_file(&std::fs::read(&cut).unwrap()).unwrap();
    assert!(!read.damage.is_empty(), "the cut is found");
    let s = run(&spec(&cut, (1, 1), 1), &mut |_, _| {}).unwrap();
    assert_eq!((s.games, s.resumed), (1, 5));
    assert!(s.dropped_bytes > 0);
    assert_eq!(blocks(&cut), all);
    let _ = std::fs::remove_dir_all(&dir);
}
