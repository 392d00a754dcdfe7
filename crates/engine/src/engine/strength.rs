//! The engine's strength settings: `Skill Level`, `UCI_LimitStrength` with
//! `UCI_Elo` (on the measured ladder's scale, docs/levels.md), `Skill
//! Seed`, and the uniformly random mover the ladder is anchored on
//! (`Dev_RandomMover`). They turn into a `search::skill::Skill` for each
//! search.

use crate::rules::moves::Move;
use crate::rules::position::Position;
use crate::rules::random::Rng;
use crate::search::skill::{Skill, FULL, WEAKEST};

/// The strongest `Skill Level` (no handicap).
pub const MAX_SKILL_LEVEL: i64 = FULL as i64;
/// The weakest `Skill Level`.
pub const MIN_SKILL_LEVEL: i64 = WEAKEST as i64;

/// What the user set.
#[derive(Clone, Copy, Debug)]
pub struct Strength {
    /// `Skill Level`, -11 to 20.
    pub level: i64,
    /// `UCI_LimitStrength`: `UCI_Elo` decides the level.
    pub limit: bool,
    /// `UCI_Elo`.
    pub elo: i64,
    /// `Skill Seed` (0: a new seed from the clock each game).
    pub seed: u64,
    /// The seed in force this game.
    pub game_seed: u64,
    /// Play a uniformly random legal move (the ladder's anchor).
    pub random_mover: bool,
}

impl Default for Strength {
    fn default() -> Self {
        let mut s = Strength {
            level: MAX_SKILL_LEVEL,
            limit: false,
            elo: LADDER[0].1,
            seed: 0,
            game_seed: 0,
            random_mover: false,
        };
        s.new_game();
        s
    }
}

impl Strength {
    /// A new game: the seed in force is `Skill Seed`, or one from the clock.
    pub fn new_game(&mut self) {
        self.game_seed = if self.seed != 0 {
            self.seed
        } else {
            crate::search::host::clock_seed()
        };
    }

    /// Set `Skill Seed` (it takes effect at once).
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
        self.new_game();
    }

    /// The level in force: `UCI_Elo`'s when strength is limited, else
    /// `Skill Level`.
    pub fn level(&self) -> f64 {
        if self.limit {
            level_for_elo(self.elo)
        } else {
            self.level as f64
        }
    }

    /// The handicap for a search of `pos`: the seed mixes in the position,
    /// so each move's choice differs and the same game replays the same.
    pub fn skill(&self, pos: &Position) -> Option<Skill> {
        Skill::new(self.level(), self.game_seed ^ pos.key())
    }

    /// A uniformly random legal move among `allowed` (all if empty), if the
    /// random mover is on and there is a move.
    pub fn random_move(&self, pos: &Position, allowed: &[Move]) -> Option<Move> {
        if !self.random_mover {
            return None;
        }
        let legal: Vec<Move> = pos
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| allowed.is_empty() || allowed.contains(m))
            .collect();
        let mut rng = Rng::new(self.game_seed ^ pos.key());
        (!legal.is_empty()).then(|| legal[rng.below(legal.len())])
    }
}

/// The measured ladder: (level, Elo) with a uniformly random mover at 0
/// (docs/levels.md: 200 games a rung, at 2 s + 0.02 s up to level 12,
/// at 20 s + 0.2 s above, where the clock must not end a level's search
/// before its node budget; levels 16 to 19, on the network, measured with
/// net 5 and their settings of 2026-12-02).
/// Only measured levels are listed; `UCI_Elo` spans them.
pub const LADDER: [(f64, i64); 31] = [
    (-11.0, 564),
    (-10.0, 726),
    (-9.0, 913),
    (-8.0, 1077),
    (-7.0, 1204),
    (-6.0, 1335),
    (-5.0, 1437),
    (-4.0, 1576),
    (-3.0, 1729),
    (-2.0, 1868),
    (-1.0, 1959),
    (0.0, 2084),
    (1.0, 2203),
    (2.0, 2266),
    (3.0, 2381),
    (4.0, 2474),
    (5.0, 2611),
    (6.0, 2726),
    (7.0, 2828),
    (8.0, 3003),
    (9.0, 3128),
    (10.0, 3228),
    (11.0, 3365),
    (12.0, 3518),
    (13.0, 3643),
    (14.0, 3741),
    (15.0, 3860),
    (16.0, 4037),
    (17.0, 4184),
    (18.0, 4349),
    (19.0, 4535),
];

/// The lowest `UCI_Elo`: the weakest level's.
pub const MIN_ELO: i64 = LADDER[0].1;
/// The highest `UCI_Elo`: the strongest measured level's.
pub const MAX_ELO: i64 = LADDER[LADDER.len() - 1].1;

/// The level that plays at `elo` on the ladder's scale, interpolated
/// between measured levels (clamped to the measured range).
pub fn level_for_elo(elo: i64) -> f64 {
    let elo = elo.clamp(MIN_ELO, MAX_ELO);
    for w in LADDER.windows(2) {
        let ((l0, e0), (l1, e1)) = (w[0], w[1]);
        if elo <= e1 {
            return l0 + (l1 - l0) * (elo - e0) as f64 / (e1 - e0).max(1) as f64;
        }
    }
    LADDER[LADDER.len() - 1].0
}

/// The measured Elo of a skill level, if the ladder has it.
pub fn elo_of_level(level: i8) -> Option<i64> {
    LADDER
        .iter()
        .find(|(l, _)| *l == f64::from(level))
        .map(|&(_, e)| e)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uci_elo_maps_onto_the_measured_levels() {
        for &(level, elo) in &LADDER {
            assert!((level_for_elo(elo) - level).abs() < 1e-9, "{level} {elo}");
            assert_eq!(elo_of_level(level as i8), Some(elo));
        }
        // Between two measured levels, in proportion; outside, clamped.
        let (a, b) = (LADDER[0], LADDER[1]);
        let mid = level_for_elo((a.1 + b.1) / 2);
        assert!(mid > a.0 && mid < b.0, "{mid}");
        assert_eq!(level_for_elo(i64::MIN), LADDER[0].0);
        assert_eq!(level_for_elo(i64::MAX), LADDER[LADDER.len() - 1].0);
        // Strictly increasing, so the map is one to one.
        assert!(LADDER
            .windows(2)
            .all(|w| w[0].0 < w[1].0 && w[0].1 < w[1].1));
        let mut s = Strength {
            limit: true,
            elo: MIN_ELO,
            ..Strength::default()
        };
        assert_eq!(s.level(), LADDER[0].0);
        s.limit = false;
        assert_eq!(s.level(), MAX_SKILL_LEVEL as f64);
    }
}
