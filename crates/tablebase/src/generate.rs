//! Making a table: each slice solved three times by retrograde analysis
//! (solve.rs), from the most advanced Pawns down.
//!
//! - Real results: wins and losses within the 50-move rule. A capture or a
//!   Pawn move starts the count afresh, so such a move into a lost position
//!   wins in one; every other way out of the slice (a Frog's promotion)
//!   carries the count on. Distances past 100 plies do not count.
//! - Distance to mate, the 50-move rule aside.
//! - Only where the last finds a result the first does not: every result
//!   the 50-move rule aside, with the distance to the next capture or Pawn
//!   move: what is won here and not above is a cursed win, lost and not
//!   above a blessed loss (Syzygy's grades). A Frog's promotion into
//!   another table adds that table's stored DTZ. It must agree with the
//!   distance to mate on which positions are won and lost; a slip is a bug
//!   and stops the generator.

use humpty_rules::{MoveList, Position};

use crate::layout::Layout;
use crate::solve::{Exit, Solve};
use crate::table::{Known, Table};
use crate::value::{Entry, Wdl};

/// The 50-move rule in plies: a real win must capture, move a Pawn or mate
/// within this many.
pub const FIFTY: u16 = humpty_rules::position::FIFTY_MOVE_PLIES;
/// No cap: the 50-move rule aside.
const UNCAPPED: u16 = u16::MAX - 1;

/// What one move leads to, seen from the side that makes it.
#[derive(Clone, Copy)]
pub(crate) struct Child {
    /// The child's entry, for its side to move.
    pub entry: Entry,
    /// A capture or a Pawn move: the 50-move count starts again.
    pub zeroing: bool,
}

/// How a move out of the slice ends in each solve (real, any, mate).
pub(crate) fn exits(c: Child) -> [Exit; 3] {
    let e = c.entry;
    let carried = |d: u16| if c.zeroing { 1 } else { d.saturating_add(1) };
    let real = match e.wdl {
        Wdl::Loss if carried(e.dtz) <= FIFTY => Exit::Wins(carried(e.dtz)),
        Wdl::Win if carried(e.dtz) <= FIFTY => Exit::Loses(carried(e.dtz)),
        _ => Exit::Holds,
    };
    let any = if e.wdl.is_loss() {
        Exit::Wins(carried(e.dtz))
    } else if e.wdl.is_win() {
        Exit::Loses(carried(e.dtz))
    } else {
        Exit::Holds
    };
    let mate = if e.wdl.is_loss() {
        Exit::Wins(e.dtm + 1)
    } else if e.wdl.is_win() {
        Exit::Loses(e.dtm + 1)
    } else {
        Exit::Holds
    };
    [real, any, mate]
}

/// Make the table of `table.material`, whose successors are in `known`;
/// `progress(done, total)` hears of each slice.
pub fn generate(table: &mut Table, known: &Known, progress: &mut dyn FnMut(u64, u64)) {
    let layout = table.layout.clone();
    let mut order: Vec<u64> = (0..layout.slices()).collect();
    order.sort_by_key(|&s| std::cmp::Reverse(layout.advance(s)));
    for (done, &slice) in order.iter().enumerate() {
        solve_slice(table, &layout, slice, known);
        progress((done as u64 + 1) * layout.slice_size, layout.size);
    }
}

/// Solve one slice and store its entries.
fn solve_slice(table: &mut Table, layout: &Layout, slice: u64, known: &Known) {
    let base = slice * layout.slice_size;
    let n = layout.slice_size as usize;
    let mut solves = [
        Solve::new(n, FIFTY),
        Solve::new(n, UNCAPPED),
        Solve::new(n, UNCAPPED),
    ];
    let mut pos = Position::startpos();
    // Which positions can occur: the one attack test each needs. A move is
    // then legal exactly when the position it leads to can occur, which
    // spares the move generator's own legality test.
    let valid: Vec<bool> = (0..n as u64)
        .map(|local| layout.set(&mut pos, base + local))
        .collect();
    let mut found: [Vec<Exit>; 3] = Default::default();
    let mut moves = MoveList::new();
    let slice = Slice {
        table,
        layout,
        known,
        valid: &valid,
        base,
    };
    for (local, _) in valid.iter().enumerate().filter(|(_, ok)| **ok) {
        let inside = slice.judge_moves(&mut pos, &mut moves, base + local as u64, &mut found);
        let mated_or_stalemated = inside == 0 && found[0].is_empty();
        let in_check = mated_or_stalemated && pos.in_check();
        for (s, list) in solves.iter_mut().zip(&found) {
            s.seed(local as u32, inside, list, in_check);
        }
    }
    for (local, _) in valid.iter().enumerate().filter(|(_, ok)| !**ok) {
        solves.iter_mut().for_each(|s| s.shut(local as u32));
    }
    let mut scratch = (pos, moves);
    let [real, any, mate] = &mut solves;
    real.run(|at, out| un_moves(layout, base, at, &mut scratch, out));
    mate.run(|at, out| un_moves(layout, base, at, &mut scratch, out));
    // The second solve matters only where the 50-move rule changes a
    // result: most slices have no such position, and skip it.
    let cursed = (0..n as u32).any(|at| real.result(at).is_none() && mate.result(at).is_some());
    if cursed {
        // A real result keeps its distance in the second solve, so every
        // stored DTZ follows from the children's (what verify.rs checks).
        for at in 0..n as u32 {
            if let Some((won, d)) = real.result(at) {
                any.fix(at, won, d);
            }
        }
        any.run(|at, out| un_moves(layout, base, at, &mut scratch, out));
    }
    let any = if cursed { &solves[1] } else { &solves[0] };
    for (local, &ok) in valid.iter().enumerate() {
        if ok {
            let at = local as u32;
            table.set(
                base + local as u64,
                combine(&solves[0], any, &solves[2], at),
            );
        }
    }
}

/// What judging a slice's moves reads.
struct Slice<'a> {
    table: &'a Table,
    layout: &'a Layout,
    known: &'a Known,
    /// Which positions of the slice can occur.
    valid: &'a [bool],
    /// The slice's first index.
    base: u64,
}

impl Slice<'_> {
    /// Put the position at `idx` on `pos` and judge its moves: how many
    /// stay in the slice (and can occur), and in `found` how each move
    /// leaving it ends in each solve.
    fn judge_moves(
        &self,
        pos: &mut Position,
        moves: &mut MoveList,
        idx: u64,
        found: &mut [Vec<Exit>; 3],
    ) -> u32 {
        found.iter_mut().for_each(Vec::clear);
        self.layout.set_known(pos, idx);
        let (squares, _) = self.layout.placement(idx);
        moves.clear();
        moves.extend(pos.pseudo_legal_moves());
        let mut inside = 0;
        for &m in moves.iter() {
            let zeroing = pos.resets_fifty(m);
            let capture = pos.is_capture(m);
            if !zeroing && m.promotion().is_none() {
                let man = squares
                    .iter()
                    .position(|&s| s == m.from())
                    .expect("a man moves");
                let child = self.layout.moved(idx, &squares, man, m.to());
                inside += u32::from(self.valid[(child - self.base) as usize]);
                continue;
            }
            pos.make_move(m);
            let entry = if capture || m.promotion().is_some() {
                let e = self.known.entry(pos);
                assert!(
                    e.is_some() || self.known.holds(pos),
                    "no table for {} after {m} in {}",
                    pos.to_fen(),
                    self.table.material
                );
                e
            } else {
                // A Pawn's step: a slice with the Pawns further on, solved.
                self.table.entry(self.layout.index_of(pos, false))
            };
            pos.unmake_move();
            // A child that cannot occur: the move left the King attacked.
            let Some(entry) = entry else { continue };
            let ends = exits(Child { entry, zeroing });
            for (list, e) in found.iter_mut().zip(ends) {
                list.push(e);
            }
        }
        inside
    }
}

/// The positions of the slice one un-move before `at` (local indices).
fn un_moves(
    layout: &Layout,
    base: u64,
    at: u32,
    scratch: &mut (Position, MoveList),
    out: &mut Vec<u32>,
) {
    out.clear();
    let (pos, list) = scratch;
    let idx = base + at as u64;
    let (squares, _) = layout.placement(idx);
    layout.set_known(pos, idx);
    pos.retro_quiets(list);
    for &m in list.iter() {
        let man = squares
            .iter()
            .position(|&s| s == m.from())
            .expect("a man moved back");
        out.push((layout.moved(idx, &squares, man, m.to()) - base) as u32);
    }
}

/// One position's entry from the three solves.
fn combine(real: &Solve, any: &Solve, mate: &Solve, at: u32) -> Entry {
    if let Some(r) = real.result(at) {
        assert_eq!(
            any.result(at),
            Some(r),
            "a real result the 50-move rule aside differs"
        );
    }
    entry_from(real.result(at), any.result(at), mate.result(at)).expect("the solves agree")
}

/// The entry from each solve's result (won or lost at a distance): a real
/// result first, else the result the 50-move rule aside; the distance to
/// mate must agree on who wins.
pub(crate) fn entry_from(
    real: Option<(bool, u16)>,
    any: Option<(bool, u16)>,
    mate: Option<(bool, u16)>,
) -> Result<Entry, &'static str> {
    let (wdl, dtz) = match (real, any) {
        (Some((true, d)), _) => (Wdl::Win, d),
        (Some((false, d)), _) => (Wdl::Loss, d),
        (None, Some((true, d))) => (Wdl::CursedWin, d),
        (None, Some((false, d))) => (Wdl::BlessedLoss, d),
        (None, None) => (Wdl::Draw, 0),
    };
    let dtm = match mate {
        Some((won, d)) if won == wdl.is_win() && wdl != Wdl::Draw => d,
        None if wdl == Wdl::Draw => 0,
        _ => return Err("the distance to mate disagrees with the result"),
    };
    Ok(Entry { wdl, dtz, dtm })
}
