//! What a table says about a position: the result with the 50-move rule,
//! the distance to the next capture or Pawn move (DTZ) and to mate (DTM).

use std::fmt;

/// The result for the side to move with a fresh 50-move count, as Syzygy
/// grades it: a cursed win is a win the 50-move rule turns into a draw, a
/// blessed loss a loss it saves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Wdl {
    /// Lost even with the 50-move rule.
    Loss,
    /// Lost without the 50-move rule, drawn by it.
    BlessedLoss,
    /// Drawn.
    Draw,
    /// Won without the 50-move rule, drawn by it.
    CursedWin,
    /// Won within the 50-move rule.
    Win,
}

impl Wdl {
    /// All five, worst first.
    pub const ALL: [Wdl; 5] = [
        Wdl::Loss,
        Wdl::BlessedLoss,
        Wdl::Draw,
        Wdl::CursedWin,
        Wdl::Win,
    ];

    /// -2 (loss) to 2 (win), as Syzygy numbers them.
    pub fn signum2(self) -> i8 {
        self as i8 - 2
    }

    /// The value from -2 to 2.
    pub fn from_signum2(v: i8) -> Option<Wdl> {
        Wdl::ALL.get((v + 2) as usize).copied()
    }

    /// The result for the other side.
    pub fn flipped(self) -> Wdl {
        Wdl::ALL[4 - self as usize]
    }

    /// lichess's name: `win`, `cursed-win`, `draw`, `blessed-loss`, `loss`.
    pub fn name(self) -> &'static str {
        match self {
            Wdl::Loss => "loss",
            Wdl::BlessedLoss => "blessed-loss",
            Wdl::Draw => "draw",
            Wdl::CursedWin => "cursed-win",
            Wdl::Win => "win",
        }
    }

    /// True for a win of either grade.
    pub fn is_win(self) -> bool {
        self > Wdl::Draw
    }

    /// True for a loss of either grade.
    pub fn is_loss(self) -> bool {
        self < Wdl::Draw
    }
}

impl fmt::Display for Wdl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A table's answer for one position, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The result with a fresh 50-move count.
    pub wdl: Wdl,
    /// Plies to the next capture or Pawn move with best play (a mate ends
    /// it too); 0 on a draw and when mated.
    pub dtz: u16,
    /// Plies to mate with best play, the 50-move rule aside; 0 on a draw
    /// and when mated.
    pub dtm: u16,
}

impl Entry {
    /// A draw.
    pub const DRAW: Entry = Entry {
        wdl: Wdl::Draw,
        dtz: 0,
        dtm: 0,
    };

    /// DTZ signed as lichess shows it: positive when the side to move
    /// wins, negative when it loses, `None` on a draw.
    pub fn signed_dtz(self) -> Option<i32> {
        signed(self.wdl, self.dtz)
    }

    /// DTM signed the same way; `None` on a draw.
    pub fn signed_dtm(self) -> Option<i32> {
        signed(self.wdl, self.dtm)
    }
}

/// A distance with the sign of the result.
fn signed(wdl: Wdl, d: u16) -> Option<i32> {
    if wdl.is_win() {
        Some(d as i32)
    } else if wdl.is_loss() {
        Some(-(d as i32))
    } else {
        None
    }
}

/// A stored WDL byte: the value 0..=4, or a position that cannot occur.
pub const WDL_BROKEN: u8 = 5;
