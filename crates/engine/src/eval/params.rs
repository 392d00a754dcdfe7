//! Every evaluation weight in one parameter set. An engine owns its set, so
//! two engines in one process can evaluate differently (the `Dev_Values`
//! option changes one engine's material values, and move ordering and
//! quiescence pruning read the same values).

use crate::rules::piece::{PieceKind, NUM_KINDS};
use once_cell::sync::Lazy;

/// A middlegame / endgame pair of centipawn values, blended by game phase.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tapered {
    /// Middlegame value.
    pub mg: i32,
    /// Endgame value.
    pub eg: i32,
}

impl Tapered {
    /// A pair.
    pub const fn new(mg: i32, eg: i32) -> Tapered {
        Tapered { mg, eg }
    }

    /// Blend by phase (0 = endgame .. MAX_PHASE = opening).
    pub fn taper(self, phase: i32) -> i32 {
        (self.mg * phase + self.eg * (MAX_PHASE - phase)) / MAX_PHASE
    }
}

impl std::ops::Add for Tapered {
    type Output = Tapered;
    fn add(self, o: Tapered) -> Tapered {
        Tapered::new(self.mg + o.mg, self.eg + o.eg)
    }
}

impl std::ops::AddAssign for Tapered {
    fn add_assign(&mut self, o: Tapered) {
        self.mg += o.mg;
        self.eg += o.eg;
    }
}

impl std::ops::Sub for Tapered {
    type Output = Tapered;
    fn sub(self, o: Tapered) -> Tapered {
        Tapered::new(self.mg - o.mg, self.eg - o.eg)
    }
}

impl std::ops::Mul<i32> for Tapered {
    type Output = Tapered;
    fn mul(self, k: i32) -> Tapered {
        Tapered::new(self.mg * k, self.eg * k)
    }
}

/// Game-phase weight per kind (index order of `PieceKind`); the start
/// position sums to `MAX_PHASE`. Fixed, not tuned: `MAX_PHASE` depends on it.
pub const PHASE_WEIGHT: [i32; NUM_KINDS] = [0, 1, 1, 2, 4, 0, 1, 4, 2, 2, 4, 1];
/// Phase of the start position (9 minor and 6 major-weight men a side).
pub const MAX_PHASE: i32 = 42;

/// The weights of every evaluation term (centipawns).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalParams {
    /// Material per kind, index order of `PieceKind` (docs/engine.md says
    /// how they were measured).
    pub piece_values: [Tapered; NUM_KINDS],
    /// Mobility bonus per reachable square, per kind.
    pub mobility: [Tapered; NUM_KINDS],
    /// Centralisation weight per kind (times 4 - distance from the centre).
    pub centre: [Tapered; NUM_KINDS],
    /// Passed Pawn bonus by its rank seen from its own side (2 = start rank).
    pub passed_pawn: [Tapered; 8],
    /// Pawn advance bonus per rank moved from the start rank.
    pub pawn_advance: Tapered,
    /// Doubled Pawn penalty (per extra Pawn on a file).
    pub doubled_pawn: Tapered,
    /// Isolated Pawn penalty.
    pub isolated_pawn: Tapered,
    /// Per enemy attack on a King-zone square, scaled by attacker count.
    pub king_zone_attack: i32,
    /// Enemy hopper on a line to the King with exactly one man between (a
    /// capture away from check, or a discovered check).
    pub hopper_line_one_screen: Tapered,
    /// As above with two men between (a screen away).
    pub hopper_line_two_screens: Tapered,
    /// King's centralisation in the endgame, per step toward the centre.
    pub king_centre_eg: i32,
    /// King staying on its back two ranks in the middlegame.
    pub king_shelter_mg: i32,
    /// Side-to-move bonus.
    pub tempo: i32,
    /// A man on an outpost (guarded by an own Pawn, out of enemy Pawns'
    /// reach, relative ranks 4 to 6), per kind; only leapers read it.
    pub outpost: [Tapered; NUM_KINDS],
    /// A Pawn on its 7th rank while its side may still promote to a Queen,
    /// Gnu or Tank.
    pub seventh_rank_pawn: Tapered,
    /// A Frog with a move onto the far rank (it may promote, rules.md) while
    /// its side may still promote to a Queen, Gnu or Tank.
    pub frog_promotion: Tapered,
}

/// Kinds that read `EvalParams::outpost`.
pub const OUTPOST_KINDS: [PieceKind; 4] = [
    PieceKind::Knight,
    PieceKind::Camel,
    PieceKind::Gnu,
    PieceKind::Frog,
];

/// The tuned weights (`humpty tune` output, docs/tuning.md), applied over
/// the hand-set ones.
const TUNED_WEIGHTS: &str = include_str!("weights.txt");

static DEFAULT: Lazy<EvalParams> = Lazy::new(|| {
    let mut p = EvalParams::hand_set();
    // A test checks that the file parses, so this cannot fall back silently.
    let _ = p.set_weights(TUNED_WEIGHTS);
    p
});

impl Default for EvalParams {
    /// The engine's weights: the tuned set.
    fn default() -> Self {
        DEFAULT.clone()
    }
}

impl EvalParams {
    /// v1's hand-set weights (the tuner's first starting point).
    pub fn hand_set() -> Self {
        let t = Tapered::new;
        EvalParams {
            piece_values: [
                t(100, 130),  // Pawn
                t(290, 290),  // Knight
                t(340, 370),  // Bishop
                t(480, 560),  // Rook
                t(960, 1020), // Queen
                t(0, 0),      // King
                t(250, 260),  // Camel
                t(560, 560),  // Gnu
                t(380, 240),  // Cannon
                t(300, 210),  // Arrow
                t(760, 540),  // Tank
                t(370, 390),  // Frog
            ],
            mobility: [
                t(0, 0), // Pawn
                t(4, 4), // Knight
                t(4, 5), // Bishop
                t(2, 4), // Rook
                t(1, 2), // Queen
                t(0, 0), // King
                t(3, 3), // Camel
                t(2, 2), // Gnu
                t(2, 2), // Cannon
                t(2, 2), // Arrow
                t(1, 1), // Tank
                t(3, 3), // Frog
            ],
            centre: [
                t(0, 0), // Pawn
                t(6, 4), // Knight
                t(3, 3), // Bishop
                t(1, 1), // Rook
                t(1, 3), // Queen
                t(0, 0), // King (its own term: king_centre_eg)
                t(4, 3), // Camel
                t(4, 3), // Gnu
                t(1, 0), // Cannon
                t(2, 1), // Arrow
                t(1, 1), // Tank
                t(4, 3), // Frog
            ],
            passed_pawn: [
                t(0, 0),
                t(0, 0),
                t(5, 15),
                t(10, 30),
                t(25, 60),
                t(50, 100),
                t(80, 150),
                t(0, 0),
            ],
            pawn_advance: t(3, 6),
            doubled_pawn: t(-10, -20),
            isolated_pawn: t(-8, -12),
            king_zone_attack: 6,
            hopper_line_one_screen: t(-35, -10),
            hopper_line_two_screens: t(-12, -4),
            king_centre_eg: 6,
            king_shelter_mg: 20,
            tempo: 12,
            // Terms v1 did not have start at zero: the tuner sets them.
            outpost: [t(0, 0); NUM_KINDS],
            seventh_rank_pawn: t(0, 0),
            frog_promotion: t(0, 0),
        }
    }
}

/// Why material values or weights were refused (nothing changed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamsError {
    /// An item that is not `letter=mg/eg` with values in 0..=5000.
    BadValue(String),
    /// A value for the King, which has none.
    KingValue,
    /// A weights line that cannot be read.
    BadLine {
        /// Its number, from 1.
        line: usize,
        /// What is wrong.
        why: &'static str,
        /// The line, comment removed.
        text: String,
    },
}

impl std::fmt::Display for ParamsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParamsError::BadValue(item) => {
                write!(f, "bad value '{item}' (expected e.g. C=400/250)")
            }
            ParamsError::KingValue => write!(f, "the King has no material value"),
            ParamsError::BadLine { line, why, text } => {
                write!(f, "weights line {line}: {why}: '{text}'")
            }
        }
    }
}

impl std::error::Error for ParamsError {}

impl EvalParams {
    /// The middlegame material value of a kind (move ordering, pruning).
    #[inline]
    pub fn value_mg(&self, kind: PieceKind) -> i32 {
        self.piece_values[kind.index()].mg
    }

    /// Change material values, e.g. `"C=400/250 A=330/230"` (letter=mg/eg).
    /// Kinds not named keep their value; on an error nothing changes.
    pub fn set_piece_values(&mut self, text: &str) -> Result<(), ParamsError> {
        let mut updated = self.piece_values;
        for item in text.split_whitespace() {
            let bad = || ParamsError::BadValue(item.to_string());
            let (letter, values) = item.split_once('=').ok_or_else(bad)?;
            let mut chars = letter.chars();
            let kind = match (chars.next(), chars.next()) {
                (Some(c), None) => PieceKind::from_letter(c).ok_or_else(bad)?,
                _ => return Err(bad()),
            };
            if kind == PieceKind::King {
                return Err(ParamsError::KingValue);
            }
            let (mg, eg) = values.split_once('/').ok_or_else(bad)?;
            let parse = |v: &str| {
                v.parse::<i32>()
                    .ok()
                    .filter(|x| (0..=5000).contains(x))
                    .ok_or_else(bad)
            };
            updated[kind.index()] = Tapered::new(parse(mg)?, parse(eg)?);
        }
        self.piece_values = updated;
        Ok(())
    }
}

/// One named scalar weight of a parameter set (see `EvalParams::weights_mut`).
pub struct Weight<'a> {
    /// Its name, e.g. `mobility.Knight.mg`.
    pub name: String,
    /// The value.
    pub value: &'a mut i32,
    /// Whether the tuner may move it (false for weights that no term reads,
    /// and for the Pawn's middlegame value, which fixes the centipawn scale).
    pub tunable: bool,
}

impl EvalParams {
    /// Every scalar weight, by name, in a fixed order (the tuner's vector
    /// and the weights file format).
    pub fn weights_mut(&mut self) -> Vec<Weight<'_>> {
        let mut out = Vec::new();
        let king = PieceKind::King.index();
        let pawn = PieceKind::Pawn.index();
        for (i, t) in self.piece_values.iter_mut().enumerate() {
            let on = i != king;
            push_pair(
                &mut out,
                format!("value.{}", kind_name(i)),
                t,
                [on && i != pawn, on],
            );
        }
        for (i, t) in self.mobility.iter_mut().enumerate() {
            let on = i != king && i != pawn;
            push_pair(&mut out, format!("mobility.{}", kind_name(i)), t, [on, on]);
        }
        for (i, t) in self.centre.iter_mut().enumerate() {
            let on = i != king && i != pawn;
            push_pair(&mut out, format!("centre.{}", kind_name(i)), t, [on, on]);
        }
        for (rank, t) in self.passed_pawn.iter_mut().enumerate() {
            let on = (2..7).contains(&rank);
            push_pair(&mut out, format!("passed_pawn.{rank}"), t, [on, on]);
        }
        push_pair(
            &mut out,
            "pawn_advance".into(),
            &mut self.pawn_advance,
            [true; 2],
        );
        push_pair(
            &mut out,
            "doubled_pawn".into(),
            &mut self.doubled_pawn,
            [true; 2],
        );
        push_pair(
            &mut out,
            "isolated_pawn".into(),
            &mut self.isolated_pawn,
            [true; 2],
        );
        let one = &mut self.hopper_line_one_screen;
        push_pair(&mut out, "hopper_line_one_screen".into(), one, [true; 2]);
        let two = &mut self.hopper_line_two_screens;
        push_pair(&mut out, "hopper_line_two_screens".into(), two, [true; 2]);
        for (i, t) in self.outpost.iter_mut().enumerate() {
            let on = OUTPOST_KINDS.iter().any(|k| k.index() == i);
            push_pair(&mut out, format!("outpost.{}", kind_name(i)), t, [on, on]);
        }
        let seventh = &mut self.seventh_rank_pawn;
        push_pair(&mut out, "seventh_rank_pawn".into(), seventh, [true; 2]);
        let frog = &mut self.frog_promotion;
        push_pair(&mut out, "frog_promotion".into(), frog, [true; 2]);
        for (name, value) in [
            ("king_zone_attack", &mut self.king_zone_attack),
            ("king_centre_eg", &mut self.king_centre_eg),
            ("king_shelter_mg", &mut self.king_shelter_mg),
            ("tempo", &mut self.tempo),
        ] {
            out.push(Weight {
                name: name.into(),
                value,
                tunable: true,
            });
        }
        out
    }

    /// The weights as text, one `name value` line each (what `set_weights` reads).
    pub fn weights_text(&self) -> String {
        let mut copy = self.clone();
        let lines: Vec<String> = copy
            .weights_mut()
            .into_iter()
            .map(|w| format!("{} {}", w.name, w.value))
            .collect();
        lines.join("\n") + "\n"
    }

    /// Set weights from `name value` lines (`#` starts a comment; weights
    /// not named keep their value). On an error nothing changes.
    pub fn set_weights(&mut self, text: &str) -> Result<(), ParamsError> {
        let mut updated = self.clone();
        let mut weights = updated.weights_mut();
        for (n, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let bad = |why: &'static str| ParamsError::BadLine {
                line: n + 1,
                why,
                text: line.to_string(),
            };
            let (name, value) = line
                .split_once(char::is_whitespace)
                .ok_or_else(|| bad("expected 'name value'"))?;
            let value: i32 = value
                .trim()
                .parse()
                .ok()
                .filter(|v: &i32| v.abs() <= 10_000)
                .ok_or_else(|| bad("value not an integer within +-10000"))?;
            let w = weights
                .iter_mut()
                .find(|w| w.name == name)
                .ok_or_else(|| bad("unknown weight"))?;
            *w.value = value;
        }
        drop(weights);
        *self = updated;
        Ok(())
    }
}

/// Push a tapered pair's two weights.
fn push_pair<'a>(out: &mut Vec<Weight<'a>>, name: String, t: &'a mut Tapered, tune: [bool; 2]) {
    let (mg, eg) = (&mut t.mg, &mut t.eg);
    out.push(Weight {
        name: format!("{name}.mg"),
        value: mg,
        tunable: tune[0],
    });
    out.push(Weight {
        name: format!("{name}.eg"),
        value: eg,
        tunable: tune[1],
    });
}

/// A kind's name for weight names.
fn kind_name(i: usize) -> &'static str {
    PieceKind::from_index(i).map_or("?", |k| k.name())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_values_are_set_all_or_nothing() {
        let mut p = EvalParams::default();
        p.set_piece_values("C=400/250 a=330/230").unwrap();
        assert_eq!(
            p.piece_values[PieceKind::Cannon.index()],
            Tapered::new(400, 250)
        );
        assert_eq!(p.value_mg(PieceKind::Arrow), 330);
        let before = p.clone();
        for bad in [
            "C=1/2 X=3/4",
            "K=1/1",
            "C=400",
            "C=-1/3",
            "C=9999/1",
            "CC=1/1",
        ] {
            assert!(p.set_piece_values(bad).is_err(), "{bad}");
            assert_eq!(p, before, "{bad}");
        }
    }

    #[test]
    fn the_tuned_weights_file_parses_and_names_every_weight() {
        let mut p = EvalParams::hand_set();
        p.set_weights(TUNED_WEIGHTS).unwrap();
        assert_eq!(p, EvalParams::default());
        let named: std::collections::HashSet<&str> = TUNED_WEIGHTS
            .lines()
            .filter_map(|l| l.split_whitespace().next())
            .collect();
        for w in p.weights_mut() {
            assert!(named.contains(w.name.as_str()), "{} missing", w.name);
        }
    }

    #[test]
    fn weights_round_trip_through_text_and_bad_text_changes_nothing() {
        let mut p = EvalParams::default();
        p.set_weights("value.Cannon.mg 401\n# comment\ntempo 13 # trailing")
            .unwrap();
        assert_eq!(p.value_mg(PieceKind::Cannon), 401);
        assert_eq!(p.tempo, 13);
        let mut q = EvalParams::default();
        q.set_weights(&p.weights_text()).unwrap();
        assert_eq!(p, q);
        let before = q.clone();
        for bad in [
            "tempo",
            "tempo x",
            "nonsense 1",
            "tempo 99999",
            "tempo 1\nbad 2",
        ] {
            assert!(q.set_weights(bad).is_err(), "{bad}");
            assert_eq!(q, before, "{bad}");
        }
        let names: Vec<String> = q.weights_mut().into_iter().map(|w| w.name).collect();
        let unique: std::collections::HashSet<_> = names.iter().collect();
        assert_eq!(unique.len(), names.len());
    }
}
