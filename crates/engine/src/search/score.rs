//! Scores: the search's integer scale (mate in n plies is `MATE - n`) and
//! the one convention for showing them outside the search. UCI (`cp 35`,
//! `mate 2`), XBoard thinking output (35, 100002), PGN comments (`+0.35`,
//! `+M2`) and the match runner's reading of other engines all go through
//! `Score`.

use std::fmt;

/// Score of delivering mate now; mate in n plies scores `MATE - n`.
pub const MATE: i32 = 32_000;
/// Scores at least this far from 0 are mate scores (distance encoded).
pub const MATE_BOUND: i32 = 30_000;
/// A win the endgame tablebases prove, `ply` plies from the root, scores
/// `TB_WIN - ply`: above every evaluation, below every mate found.
pub const TB_WIN: i32 = 29_000;
/// Scores at least this far from 0 are tablebase wins or mates: the
/// transposition table keeps them relative to the node, not the root.
pub const TB_BOUND: i32 = TB_WIN - 1_000;
/// Beyond any score.
pub const INFINITE: i32 = 32_500;
/// Score of a draw.
pub const DRAW: i32 = 0;

/// XBoard's mate scores: mate in n moves is `XBOARD_MATE + n`, being mated
/// in n moves `-XBOARD_MATE - n`.
const XBOARD_MATE: i64 = 100_000;

/// A score as engines and people read it, from the side to move's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves: positive when the side to move mates,
    /// negative (or 0, mated now) when it is mated.
    Mate(i32),
}

impl Score {
    /// The score of a search value.
    pub fn from_search(value: i32) -> Score {
        if value >= MATE_BOUND {
            Score::Mate((MATE - value + 1) / 2)
        } else if value <= -MATE_BOUND {
            Score::Mate(-(MATE + value) / 2)
        } else {
            Score::Cp(value)
        }
    }

    /// Back to the search scale (a mate in n moves as the shortest mate of
    /// that many moves), so scores of any origin compare as numbers.
    pub fn to_search(self) -> i32 {
        match self {
            Score::Cp(cp) => cp.clamp(-(MATE_BOUND - 1), MATE_BOUND - 1),
            Score::Mate(n) if n > 0 => MATE - (2 * n.min(1000) - 1),
            Score::Mate(n) => -MATE + 2 * n.saturating_neg().min(1000),
        }
    }

    /// UCI's form: `cp 35` or `mate -2`.
    pub fn uci(self) -> String {
        match self {
            Score::Cp(cp) => format!("cp {cp}"),
            Score::Mate(n) => format!("mate {n}"),
        }
    }

    /// Read UCI's `cp N` / `mate N` (the two words after `score`).
    pub fn from_uci(kind: &str, value: &str) -> Option<Score> {
        let v: i32 = value.parse().ok()?;
        match kind {
            "cp" => Some(Score::Cp(v)),
            "mate" => Some(Score::Mate(v)),
            _ => None,
        }
    }

    /// XBoard's thinking-output number.
    pub fn xboard(self) -> i64 {
        match self {
            Score::Cp(cp) => cp as i64,
            Score::Mate(n) if n > 0 => XBOARD_MATE + n as i64,
            Score::Mate(n) => -XBOARD_MATE + n as i64,
        }
    }

    /// Read XBoard's thinking-output number.
    pub fn from_xboard(v: i64) -> Score {
        if v.abs() >= XBOARD_MATE {
            let moves = (v.abs() - XBOARD_MATE).min(i32::MAX as i64) as i32;
            Score::Mate(if v > 0 { moves } else { -moves })
        } else {
            Score::Cp(v as i32)
        }
    }
}

impl fmt::Display for Score {
    /// PGN comment form: `+0.35`, `-1.20`, `+M3`, `-M2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Cp(cp) => write!(f, "{:+.2}", cp as f64 / 100.0),
            Score::Mate(n) if n > 0 => write!(f, "+M{n}"),
            Score::Mate(n) => write!(f, "-M{}", n.unsigned_abs()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_values_convert() {
        assert_eq!(Score::from_search(35), Score::Cp(35));
        assert_eq!(Score::from_search(MATE - 1), Score::Mate(1));
        assert_eq!(Score::from_search(MATE - 3), Score::Mate(2));
        assert_eq!(Score::from_search(-MATE + 2), Score::Mate(-1));
        assert_eq!(Score::from_search(-MATE + 4), Score::Mate(-2));
        for v in [MATE - 1, MATE - 5, -MATE + 2, -MATE + 6, 0, 123, -4567] {
            assert_eq!(
                Score::from_search(Score::from_search(v).to_search()),
                Score::from_search(v)
            );
        }
    }

    #[test]
    fn one_convention_on_every_wire() {
        let m = Score::from_search(MATE - 3);
        assert_eq!(m.uci(), "mate 2");
        assert_eq!(m.xboard(), 100_002);
        assert_eq!(m.to_string(), "+M2");
        let mated = Score::from_search(-MATE + 2);
        assert_eq!(mated.uci(), "mate -1");
        assert_eq!(mated.xboard(), -100_001);
        assert_eq!(mated.to_string(), "-M1");
        // What another engine says comes back as the same score.
        assert_eq!(Score::from_xboard(mated.xboard()), mated);
        assert_eq!(Score::from_xboard(m.xboard()), m);
        assert_eq!(Score::from_uci("mate", "-1"), Some(mated));
        assert_eq!(Score::from_uci("cp", "-35"), Some(Score::Cp(-35)));
        assert_eq!(Score::from_xboard(-35), Score::Cp(-35));
        assert_eq!(Score::Cp(-120).to_string(), "-1.20");
        assert!(Score::Mate(1).to_search() > Score::Mate(2).to_search());
        assert!(Score::Mate(-1).to_search() < Score::Cp(-5000).to_search());
    }
}
