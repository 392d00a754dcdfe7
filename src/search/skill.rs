//! Playing weaker on purpose (`Skill Level`), as the best-known engines
//! do: a search with few nodes that keeps several lines, then a choice
//! among them with an error that grows as the level falls. A weak level
//! still prefers good moves; it misjudges close ones and, lower down, plays
//! moves a pawn or more worse, but it does not play a strong game with a
//! random blunder in it.
//!
//! A level is a number from 0 (weakest) to `FULL` (full strength, no
//! handicap); fractional levels (for a future `UCI_Elo`) interpolate the
//! node budget and the weakness.

use crate::rules::random::Rng;

/// The level that means no handicap.
pub const FULL: f64 = 20.0;
/// The weakest level.
pub const WEAKEST: f64 = 0.0;

/// More lines than any position has moves: every move.
const MAX_LINES: usize = 256;

/// The most of a line's gap to the best that counts against it.
const GAP_CAP: i64 = 400;

/// A pawn on the search scale: the most the random term of the choice may
/// add (Stockfish caps it the same way).
const PAWN: i64 = 100;

/// A handicap: the level and the seed of its choices.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Skill {
    /// From `WEAKEST` to below `FULL`.
    pub level: f64,
    /// Seed of the choice (one search's; the engine varies it per move).
    pub seed: u64,
}

impl Skill {
    /// The handicap for `level`, or `None` at full strength.
    pub fn new(level: f64, seed: u64) -> Option<Skill> {
        let level = if level.is_finite() { level } else { FULL };
        (level < FULL).then_some(Skill {
            level: level.max(WEAKEST),
            seed,
        })
    }

    /// Nodes per move: no iteration starts once they are spent (the first
    /// always completes). 32 at level 0, doubling every two levels: 1,024
    /// at level 10, about 23,000 at level 19. Levels are node counts, not
    /// times, so a level is as strong on a fast machine as on a slow one.
    pub fn nodes(&self) -> u64 {
        (32.0 * 2f64.powf(0.5 * self.level)) as u64
    }

    /// How many lines the choice is made among: every move up to level 2,
    /// then 24, 12, 8 and 6, and 4 from level 7 up.
    pub fn lines(&self) -> usize {
        const BY_LEVEL: [usize; 7] = [MAX_LINES, MAX_LINES, MAX_LINES, 24, 12, 8, 6];
        BY_LEVEL.get(self.level as usize).copied().unwrap_or(4)
    }

    /// How much of the gap to the best line the choice forgives, in 128ths
    /// (128 is a blind choice among the lines): 127 at level 0, nearly
    /// blind, then slowly less (the bottom levels are sensitive: a random
    /// mover loses every game to 120), 116 at level 5, then 7 less a level
    /// to 18 at level 19.
    fn weakness(&self) -> i64 {
        const LOW: [f64; 6] = [127.0, 126.0, 125.0, 123.0, 120.0, 116.0];
        let l = self.level;
        let w = if l < 5.0 {
            let i = l as usize;
            LOW[i] + (LOW[i + 1] - LOW[i]) * (l - i as f64)
        } else {
            116.0 - 7.0 * (l - 5.0)
        };
        w.round() as i64
    }

    /// The index of the line to play among `scores` (best first, at least
    /// one): each line is worth the best score less the part of its gap
    /// (at most `GAP_CAP`) the weakness does not forgive, plus a random
    /// part of at most a pawn; the highest wins. Capping the gap keeps a
    /// mate in one from deciding every choice at the weakest levels, and
    /// still costs a move 4 pawns worse more than the noise can make up
    /// from level 5 up.
    pub fn pick(&self, scores: &[i32]) -> usize {
        let best = i64::from(scores[0]);
        let worst = i64::from(*scores.last().expect("at least one line"));
        let spread = (best - worst).min(PAWN);
        let weakness = self.weakness().clamp(1, 128);
        let mut rng = Rng::new(self.seed ^ 0x5EED_5EED);
        let mut choice = 0;
        let mut top = i64::MIN;
        for (i, &s) in scores.iter().enumerate() {
            let gap = (best - i64::from(s)).clamp(0, GAP_CAP);
            let noise = rng.below(weakness as usize) as i64;
            let value = -gap * (128 - weakness) + spread * noise;
            if value > top {
                top = value;
                choice = i;
            }
        }
        choice
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_strength_has_no_handicap_and_levels_grow_monotonically() {
        assert!(Skill::new(FULL, 1).is_none());
        assert!(Skill::new(f64::NAN, 1).is_none());
        assert_eq!(Skill::new(-5.0, 1).unwrap().level, WEAKEST);
        let mut last = Skill::new(0.0, 1).unwrap();
        for tenth in 1..200 {
            let s = Skill::new(f64::from(tenth) / 10.0, 1).unwrap();
            assert!(s.nodes() >= last.nodes());
            assert!(s.lines() <= last.lines());
            assert!(s.weakness() <= last.weakness());
            last = s;
        }
        assert_eq!(Skill::new(0.0, 1).unwrap().nodes(), 32);
        assert_eq!(Skill::new(19.0, 1).unwrap().lines(), 4);
    }

    /// How often each line is chosen over many seeds.
    fn shares(level: f64, scores: &[i32]) -> Vec<usize> {
        let mut count = vec![0; scores.len()];
        for seed in 0..2000 {
            count[Skill::new(level, seed).unwrap().pick(scores)] += 1;
        }
        count
    }

    #[test]
    fn weak_levels_err_more_and_never_prefer_a_much_worse_line() {
        let scores = [50, 40, 0, -300];
        let strong = shares(19.0, &scores);
        let weak = shares(0.0, &scores);
        assert!(strong[0] > weak[0], "{strong:?} {weak:?}");
        assert!(
            strong[3] == 0,
            "a strong level never drops 3.5 pawns: {strong:?}"
        );
        // Even the weakest keeps a preference order on average.
        assert!(weak[0] + weak[1] >= weak[3], "{weak:?}");
        // One line: no choice.
        assert_eq!(Skill::new(0.0, 7).unwrap().pick(&[12]), 0);
    }

    #[test]
    fn the_choice_is_reproducible_from_its_seed() {
        let scores = [30, 20, 10, 0, -10, -20];
        for seed in 0..50 {
            let s = Skill::new(3.0, seed).unwrap();
            assert_eq!(s.pick(&scores), s.pick(&scores));
        }
    }
}
