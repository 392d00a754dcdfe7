//! The learned evaluation (issue 21): incremental accumulators agree with
//! a full refresh after every kind of move, the net is symmetric under a
//! colour flip, bad net files are refused while the net in force stays,
//! and the trainer is reproducible and learns.

mod common;

use common::Rng;
use humpty::datagen::{run, DatagenSpec};
use humpty::engine::{Engine, GoParams};
use humpty::eval::nnue::{self, Accumulator, AccumulatorStack, Network};
use humpty::rules::piece::PieceKind;
use humpty::train::{self, data, net, Config};
use humpty::Position;

/// A net with random weights: every input moves the output.
fn random_net(seed: u64) -> Network {
    net::quantize(&net::random(seed))
}

/// What kinds of moves a playout made.
#[derive(Default, Debug)]
struct Kinds {
    castles: usize,
    hopper_captures: usize,
    other_captures: usize,
    pawn_promotions: usize,
    frog_promotions: usize,
    frogs_staying: usize,
}

impl Kinds {
    fn note(&mut self, pos: &Position, m: humpty::Move) {
        let mover = pos.piece_at(m.from()).unwrap().kind();
        let capture = pos.piece_at(m.to()).is_some();
        let far = m.to().rank() == 0 || m.to().rank() == 7;
        match (mover, capture, m.promotion()) {
            _ if m.is_castle() => self.castles += 1,
            (PieceKind::Pawn, _, Some(_)) => self.pawn_promotions += 1,
            (PieceKind::Frog, _, Some(k)) if k != PieceKind::Frog => self.frog_promotions += 1,
            (PieceKind::Frog, _, _) if far && m.from().rank() != m.to().rank() => {
                self.frogs_staying += 1
            }
            (PieceKind::Cannon | PieceKind::Arrow | PieceKind::Tank, true, _) => {
                self.hopper_captures += 1
            }
            (_, true, _) => self.other_captures += 1,
            _ => {}
        }
    }
}

/// Random games from `fen`: after every move the stack's top equals a
/// refresh; taking every move back returns to the root's accumulator.
fn playouts(net: &Network, fen: &str, games: usize, seed: u64, kinds: &mut Kinds) {
    let mut rng = Rng::new(seed);
    for _ in 0..games {
        let mut pos = Position::from_fen(fen).unwrap();
        let mut stack = AccumulatorStack::new(net, &pos);
        let root = *stack.top();
        let mut plies = 0;
        while plies < 160 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            kinds.note(&pos, m);
            stack.push(net, &pos, m);
            pos.make_move(m);
            assert_eq!(
                *stack.top(),
                Accumulator::refresh(net, &pos),
                "after {m} in {}",
                pos.to_fen()
            );
            plies += 1;
        }
        for _ in 0..plies {
            pos.unmake_move();
            stack.pop();
        }
        assert_eq!(*stack.top(), root);
    }
}

#[test]
fn incremental_accumulators_equal_a_refresh_after_every_move_kind() {
    let net = random_net(3);
    let mut kinds = Kinds::default();
    playouts(&net, Position::START_FEN, 40, 1, &mut kinds);
    // Pawns and Frogs next to their far ranks, hoppers with screens.
    let promotions = common::fen_of(
        &[
            "Ka1", "Pb7", "Pd7", "Pj7", "Fe6", "Ff5", "Cb2", "Ac3", "Rk1", "kl6", "pc2", "pe2",
            "pk2", "fe3", "ff4", "ca7", "ah5",
        ],
        'w',
        "-",
    );
    playouts(&net, &promotions, 200, 2, &mut kinds);
    let castling = common::fen_of(
        &[
            "Kg1", "Ra1", "Rl1", "Pc2", "Ce3", "Ah2", "kg8", "ra8", "rl8", "pc7", "ce6", "ah7",
        ],
        'w',
        "KQkq",
    );
    playouts(&net, &castling, 100, 3, &mut kinds);
    let k = &kinds;
    let all = [
        k.castles,
        k.hopper_captures,
        k.other_captures,
        k.pawn_promotions,
        k.frog_promotions,
        k.frogs_staying,
    ];
    assert!(
        all.iter().all(|&n| n > 0),
        "every kind of move was tried: {kinds:?}"
    );
}

/// The position with colours swapped and ranks mirrored.
fn mirror(fen: &str) -> String {
    let mut parts: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
    let swap = |c: char| {
        if c.is_ascii_uppercase() {
            c.to_ascii_lowercase()
        } else {
            c.to_ascii_uppercase()
        }
    };
    parts[0] = parts[0]
        .split('/')
        .rev()
        .map(|r| r.chars().map(swap).collect::<String>())
        .collect::<Vec<_>>()
        .join("/");
    parts[1] = if parts[1] == "w" {
        "b".into()
    } else {
        "w".into()
    };
    parts[2] = parts[2].chars().map(swap).collect();
    parts.join(" ")
}

#[test]
fn the_net_is_symmetric_under_a_colour_flip() {
    for net in [nnue::default_net(), std::sync::Arc::new(random_net(9))] {
        let mut rng = Rng::new(5);
        let mut pos = Position::startpos();
        for _ in 0..120 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let fen = pos.to_fen();
            let flipped = Position::from_fen(&mirror(&fen)).unwrap();
            assert_eq!(
                nnue::evaluate(&net, &pos),
                nnue::evaluate(&net, &flipped),
                "{fen}"
            );
            pos.make_move(moves[rng.below(moves.len())]);
        }
    }
}

#[test]
fn bad_net_files_are_refused_and_the_net_in_force_stays() {
    let dir = std::env::temp_dir().join(format!("humpty-nnue-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = random_net(4).to_bytes();
    let write = |name: &str, bytes: &[u8]| {
        let p = dir.join(name);
        std::fs::write(&p, bytes).unwrap();
        p.to_string_lossy().into_owned()
    };
    let mut engine = Engine::new();
    let good_path = write("good.nnue", &good);
    engine.set_eval_file(&good_path).unwrap();
    assert_eq!(*engine.options().net, random_net(4));
    let mut version = good.clone();
    version[8] = 9;
    let mut damaged = good.clone();
    damaged[5000] ^= 1;
    // A well-formed file (its checksum right) whose output weight is past
    // the clip the SIMD kernels rely on.
    let mut heavy = random_net(4);
    heavy.output_weights[1][7] = -300;
    let cases = [
        (
            dir.join("missing.nnue").to_string_lossy().into_owned(),
            "cannot read",
        ),
        (write("cut.nnue", &good[..good.len() / 2]), "cut off"),
        (write("version.nnue", &version), "version 9"),
        (write("damaged.nnue", &damaged), "damaged"),
        (write("heavy.nnue", &heavy.to_bytes()), "output weight -300"),
        (
            write("other.nnue", b"HDCDATA1 not a net"),
            "not a humpty net",
        ),
        (
            write("long.nnue", &[good.clone(), vec![0; 10]].concat()),
            "larger than",
        ),
    ];
    for (path, why) in cases {
        let err = engine.set_eval_file(&path).unwrap_err().to_string();
        assert!(
            err.contains(why) && err.contains("keeping the net in force"),
            "{path}: {err}"
        );
        assert_eq!(
            *engine.options().net,
            random_net(4),
            "{path} left the net alone"
        );
        assert_eq!(engine.options().eval_file, good_path);
    }
    engine.set_eval_file("<default>").unwrap();
    assert_eq!(*engine.options().net, *nnue::default_net());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_search_with_the_net_plays_legal_moves_and_repeats_itself() {
    let mut engine = Engine::new();
    engine.set_use_nnue(true);
    let go = GoParams {
        depth: Some(7),
        ..GoParams::default()
    };
    let first = engine.search_sync(&go, &mut |_| {});
    engine.new_game();
    let again = engine.search_sync(&go, &mut |_| {});
    let best = first.best.expect("a move");
    assert!(Position::startpos().legal_moves().contains(&best));
    assert_eq!((first.best, first.nodes), (again.best, again.nodes));
}

/// A few games of data, made once per test binary (tests that run at the
/// same time wait for it: a file still being written has no games yet).
fn small_data() -> std::path::PathBuf {
    static MADE: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    MADE.get_or_init(make_small_data).clone()
}

fn make_small_data() -> std::path::PathBuf {
    let out = std::env::temp_dir().join(format!("humpty-nnue-data-{}.bin", std::process::id()));
    let _ = std::fs::remove_file(&out);
    {
        let spec = DatagenSpec {
            out: out.clone(),
            games: 8,
            nodes: 300,
            random_plies: 6,
            seed: 3,
            shard: (1, 1),
            concurrency: 2,
            openings: vec![Position::START_FEN.to_string()],
            max_plies: 160,
            use_nnue: None,
        };
        run(&spec, &mut |_, _| {}).unwrap();
    }
    out
}

#[test]
fn the_trainer_learns_and_a_seed_gives_the_same_net_on_any_thread_count() {
    let path = small_data();
    let blend = data::Blend {
        lambda: 0.75,
        scale: nnue::SCALE as f32,
    };
    let data::Loaded {
        train: train_set,
        valid,
        ..
    } = data::load(&[&path], blend, false).unwrap();
    assert!(train_set.len() > 100, "{} positions", train_set.len());
    let mirrored = data::load(&[&path], blend, true).unwrap();
    let (twice, same) = (mirrored.train, mirrored.valid);
    assert_eq!(
        (twice.len(), same.len()),
        (2 * train_set.len(), valid.len())
    );
    let cfg = |threads| Config {
        epochs: 4,
        batch: 64,
        lr: 0.002,
        blend,
        seed: 7,
        threads,
    };
    let mut losses = Vec::new();
    let start = net::random(7);
    let before = train::loss(&start, &train_set, 2);
    let one = train::train(
        &cfg(1),
        start.clone(),
        &train_set,
        &train_set,
        &mut |r, _| losses.push(r.train_loss),
    );
    let two = train::train(&cfg(2), start, &train_set, &train_set, &mut |_, _| {});
    assert_eq!(net::quantize(&one), net::quantize(&two));
    let after = train::loss(&one, &train_set, 2);
    assert!(
        after < before * 0.8,
        "loss {before} -> {after} ({losses:?})"
    );
    // The quantized net scores like the float one.
    let q = net::quantize(&one);
    let back = net::dequantize(&q);
    assert!((train::loss(&back, &train_set, 1) - after).abs() < 0.01);
    assert_eq!(Network::from_bytes(&q.to_bytes()).unwrap(), q);
}

#[test]
fn skill_levels_keep_the_hand_made_evaluation_they_were_measured_with() {
    let go = GoParams {
        nodes: Some(3000),
        ..GoParams::default()
    };
    let run = |nnue: bool, level: i64| {
        let mut engine = Engine::new();
        engine.set_use_nnue(nnue);
        engine.strength_mut().level = level;
        engine.strength_mut().set_seed(5);
        let r = engine.search_sync(&go, &mut |_| {});
        (r.best, r.nodes, r.score)
    };
    assert_eq!(run(true, 6), run(false, 6));
    let full = humpty::engine::strength::MAX_SKILL_LEVEL;
    assert_ne!(
        run(true, full).2,
        run(false, full).2,
        "full strength uses the net"
    );
}

#[test]
fn train_checks_its_out_file_first_and_refuses_data_too_small_to_validate() {
    let data = small_data();
    let train = |out: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_humpty"))
            .args([
                "train",
                data.to_str().unwrap(),
                "--out",
                out,
                "--epochs",
                "1",
            ])
            .output()
            .unwrap()
    };
    // An out file that cannot be written fails before any epoch.
    let o = train("/nonexistent/dir/x.bin");
    let (stdout, stderr) = (
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr),
    );
    assert!(!o.status.success());
    assert!(
        stderr.contains("cannot write /nonexistent/dir/x.bin"),
        "{stderr}"
    );
    assert!(!stdout.contains("epoch"), "{stdout}");
    // Eight games hold out none (every 20th is held out): refused.
    let out = std::env::temp_dir().join(format!("humpty-small-{}.bin", std::process::id()));
    let o = train(out.to_str().unwrap());
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success());
    assert!(stderr.contains("too small to validate"), "{stderr}");
    assert!(!out.exists());
}
