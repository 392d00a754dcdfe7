//! `bench`: a fixed set of positions searched to a fixed depth with one
//! thread and a cleared `HASH_MIB` hash. The total node count is a signature of
//! the search: it changes only when search behaviour changes.

use crate::engine::{Engine, GoParams};
use crate::rules::position::Position;
use crate::search::host::Stopwatch;
use std::sync::mpsc::{channel, RecvTimeoutError};
use std::time::Duration;

/// Default bench depth.
pub const DEFAULT_DEPTH: i32 = 9;

/// Hash size of the bench (the signature holds for this size only).
pub const HASH_MIB: usize = 16;

/// The bench engine's table and node cap: the signature needs the default;
/// fuzzing, which may start many benches, uses a tiny table and a cap.
#[derive(Clone, Copy, Debug)]
pub struct BenchSetup {
    /// Hash table size in MiB.
    pub hash_mib: usize,
    /// Most nodes per position's search, if capped.
    pub node_cap: Option<u64>,
    /// The evaluation: the network (`true`), the hand-made one (`false`),
    /// or the engine's default (`None`).
    pub use_nnue: Option<bool>,
}

impl Default for BenchSetup {
    fn default() -> Self {
        BenchSetup {
            hash_mib: HASH_MIB,
            node_cap: None,
            use_nnue: None,
        }
    }
}

/// The bench positions: start, openings, middlegames, endgames, a promotion race.
pub const POSITIONS: &[&str] = &[
    Position::START_FEN,
    // Openings (from the match openings file).
    "rnflbfkblfnr/1c2a2a4/p1pp1pp1p2p/9p2/12/P1PP1PP1PP1P/RC1NA2AC1c1/2FLBFKBLFNR b Kkq - 1 3",
    "rnflbfkb1fnr/1c2al1a4/p1pp1pp1p3/9pcp/5F6/P1PP1PP1PP1P/1C1FA1BA1C2/RN1LB1K1LFNR w KQkq - 2 5",
    // Middlegames (from the reference perft table).
    "rn1l1fkb1fnr/3fab1a3c/p1pA1pp1pp1p/8clC1/12/P1P2PP1PP1P/3CAK4FL/RNFLB2BF1NR w kq - 8 11",
    "1r1lb1k3nr/6faf2C/p1p2ppbpp1p/3p6a1/3flP2F3/c1P3P2P1P/1C2A1KA3R/RN2BFFBL1c1 w k - 0 19",
    "2flbf1b4/2r1a2a3r/AC1p1p1kpn2/6p2l1p/3c1FfN3P/P1PPBPP1PP1R/1R4KA2FL/1NFL3B4 w - - 4 23",
    "rc3f1b4/5bclkA2/pap3F2prA/4CpP1p1LN/PP2L3f3/5P3PCP/1R3l6/1NF1BB1K1F1R w - - 22 39",
    // Endgames.
    "6k5/2p2f6/1p10/12/12/1P10/2P2F3R2/6K5 w - - 0 40",
    "12/4k7/12/2c9/12/5P6/4K7/8L3 b - - 0 50",
    // Promotion race: both sides push passed Pawns toward Queen/Gnu/Tank.
    "k11/10P1/12/12/12/12/1p10/11K w - - 0 60",
];

/// Totals of one bench run.
#[derive(Clone, Copy, Debug)]
pub struct BenchResult {
    /// Nodes over all positions.
    pub nodes: u64,
    /// Wall time.
    pub elapsed: Duration,
}

impl BenchResult {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-9)) as u64
    }
}

/// Run the bench at `depth` (with the evaluation `use_nnue` names), calling `progress` with (index, FEN, nodes).
pub fn run(
    depth: i32,
    use_nnue: Option<bool>,
    progress: &mut dyn FnMut(usize, &str, u64),
) -> BenchResult {
    let setup = BenchSetup {
        use_nnue,
        ..BenchSetup::default()
    };
    run_until(depth, setup, &|| false, progress).expect("never stopped")
}

/// The bench on a `setup` engine, given up (`None`) within milliseconds
/// once `stop` is set.
pub fn run_until(
    depth: i32,
    setup: BenchSetup,
    stop: &dyn Fn() -> bool,
    progress: &mut dyn FnMut(usize, &str, u64),
) -> Option<BenchResult> {
    let mut engine = Engine::with_hash_mib(setup.hash_mib);
    engine.set_node_cap(setup.node_cap);
    let _ = engine.set_threads(1);
    if let Some(on) = setup.use_nnue {
        engine.set_use_nnue(on);
    }
    let mut nodes = 0;
    let start = Stopwatch::start();
    for (i, fen) in POSITIONS.iter().enumerate() {
        engine.clear_hash();
        engine.set_position(Position::from_fen(fen).expect("bench FEN"));
        let go = GoParams {
            depth: Some(depth),
            ..GoParams::default()
        };
        let (tx, rx) = channel();
        engine.go(
            &go,
            Box::new(|_| {}),
            Box::new(move |r| {
                let _ = tx.send(r.nodes);
            }),
        );
        let n = loop {
            if stop() {
                engine.stop();
                return None;
            }
            // A host that searches on the caller (WebAssembly) has the
            // answer already, and no clock for a timed wait.
            if let Ok(n) = rx.try_recv() {
                break n;
            }
            match rx.recv_timeout(Duration::from_millis(1)) {
                Ok(n) => break n,
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return None,
            }
        };
        nodes += n;
        progress(i + 1, fen, n);
    }
    Some(BenchResult {
        nodes,
        elapsed: start.elapsed(),
    })
}
