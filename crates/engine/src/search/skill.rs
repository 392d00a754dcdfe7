//! Playing weaker on purpose (`Skill Level`), as the best-known engines
//! do: a search with few nodes that keeps several lines, then a choice
//! among them with an error that grows as the level falls. A weak level
//! still prefers good moves; it misjudges close ones and, lower down, plays
//! moves a pawn or more worse, but it does not play a strong game with a
//! random blunder in it.
//!
//! A level is a number from `WEAKEST` (-11) to `FULL` (20, full strength,
//! no handicap); fractional levels (`UCI_Elo`) interpolate the node
//! budget, the lines and the weakness. The top levels, from `NET_FROM`,
//! search with the network at settings of their own (`NET_SETTINGS`);
//! the others with the hand-made evaluation.

use crate::rules::random::Rng;

/// The level that means no handicap.
pub const FULL: f64 = 20.0;
/// The weakest level (negative levels, as Fairy-Stockfish has, keep 20 as
/// full strength and give the scale room for steps a person can climb).
pub const WEAKEST: f64 = -11.0;

/// Levels from here search with the network.
pub const NET_FROM: f64 = 16.0;

/// The settings (a level of the hand-made formula) that the network's
/// levels 16 to 19 play. The network is worth more than three of the
/// formula's levels, so level 16 plays far below its number; the settings
/// are spaced so that the five steps from 15 to full strength are alike
/// (docs/levels.md, "Five steps onto the network").
const NET_SETTINGS: [f64; 4] = [13.0, 14.1, 15.5, 17.0];

/// Where `BOTTOM` meets the formula of the levels above.
const TABLE_TOP: f64 = 5.0;

/// More lines than any position has moves: every move.
const MAX_LINES: usize = 256;

/// The most of a line's gap to the best that counts against it.
const GAP_CAP: i64 = 400;

/// A pawn on the search scale: the most the random term of the choice may
/// add (Stockfish caps it the same way).
const PAWN: i64 = 100;

/// The settings of one level of `BOTTOM`.
#[derive(Clone, Copy, Debug)]
struct Setting {
    nodes: u64,
    lines: usize,
    /// In 128ths, as `Skill::weakness`, whole or not.
    weakness: f64,
}

const fn at(nodes: u64, lines: usize, weakness: f64) -> Setting {
    Setting {
        nodes,
        lines,
        weakness,
    }
}

/// Levels -11 to 5 (before the network's levels were added, -8 to 8). The
/// weakest and level 5 are settings the ladder had measured (as levels 0
/// and 8). Between them a first table moved every
/// knob a like part a level (nodes up a sixth, lines down a sixth, the
/// preference for the better line up a fifth); its ladder gave uneven
/// steps (+44 to +220), so the levels were moved to where the measured
/// curve is evenly spaced, their knobs interpolated there, and measured
/// again (docs/levels.md).
const BOTTOM: [Setting; 17] = [
    at(32, MAX_LINES, 127.0),
    at(55, MAX_LINES, 125.5),
    at(78, 46, 124.25),
    at(96, 37, 123.0),
    at(114, 30, 122.0),
    at(130, 25, 121.0),
    at(146, 22, 119.75),
    at(168, 18, 118.0),
    at(192, 15, 116.25),
    at(223, 12, 114.25),
    at(252, 11, 112.25),
    at(276, 9, 110.5),
    at(306, 8, 108.5),
    at(344, 7, 106.0),
    at(396, 6, 103.0),
    at(454, 5, 99.0),
    at(512, 4, 95.0),
];

/// The point `t` of the way from `a` to `b` on a geometric scale.
fn geometric(a: f64, b: f64, t: f64) -> f64 {
    a * (b / a).powf(t)
}

/// Sixteenths in a 128th of weakness.
const STEPS: i64 = 16;
/// A blind choice: 128 128ths, in sixteenths.
const BLIND: i64 = 128 * STEPS;

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

    /// Whether this level searches with the network.
    pub fn uses_net(&self) -> bool {
        self.level >= NET_FROM
    }

    /// The level of the formula whose settings this one has: its own, or
    /// `NET_SETTINGS`' for a level on the network (interpolated between
    /// them, one a level above 19).
    fn settings_level(&self) -> f64 {
        if !self.uses_net() {
            return self.level;
        }
        let l = self.level - NET_FROM;
        let last = NET_SETTINGS.len() - 1;
        let i = (l as usize).min(last);
        let t = l - i as f64;
        if i == last {
            return NET_SETTINGS[last] + t;
        }
        NET_SETTINGS[i] + (NET_SETTINGS[i + 1] - NET_SETTINGS[i]) * t
    }

    /// Nodes per move: no iteration starts once they are spent (the first
    /// always completes). 32 at the weakest level, 512 at level 5, then
    /// doubling every two levels to 16,384 at level 15; 8,192 at level 16
    /// (on the network) up to 32,768 at 19.
    /// Levels are node counts, not times, so a level is as strong on a
    /// fast machine as on a slow one.
    pub fn nodes(&self) -> u64 {
        let x = self.settings_level();
        if x >= TABLE_TOP {
            return (512.0 * 2f64.powf(0.5 * (x - TABLE_TOP))) as u64;
        }
        let (a, b, t) = self.bottom();
        geometric(a.nodes as f64, b.nodes as f64, t).round() as u64
    }

    /// How many lines the choice is made among: every move at the two
    /// weakest levels, then fewer, 4 from level 5 up.
    pub fn lines(&self) -> usize {
        if self.settings_level() >= TABLE_TOP {
            return 4;
        }
        let (a, b, t) = self.bottom();
        if a.lines == MAX_LINES || b.lines == MAX_LINES {
            return if t > 0.0 { b.lines } else { a.lines };
        }
        geometric(a.lines as f64, b.lines as f64, t).round() as usize
    }

    /// How much of the gap to the best line the choice forgives, in 128ths
    /// (128 is a blind choice among the lines): 127 at the weakest level,
    /// nearly blind, 95 at level 5, then 7 less a level to 25 at level 15
    /// (39 at level 16, on the network, to 11 at 19).
    /// Counted in sixteenths of a 128th (`STEPS`): near 128 a whole 128th
    /// is too coarse a step for one level.
    fn weakness(&self) -> i64 {
        let x = self.settings_level();
        let w = if x >= TABLE_TOP {
            95.0 - 7.0 * (x - TABLE_TOP)
        } else {
            let (a, b, t) = self.bottom();
            a.weakness + (b.weakness - a.weakness) * t
        };
        (w * STEPS as f64).round() as i64
    }

    /// The two settings of `BOTTOM` the level's settings lie between, and
    /// how far.
    fn bottom(&self) -> (Setting, Setting, f64) {
        let l = self.settings_level().clamp(WEAKEST, TABLE_TOP) - WEAKEST;
        let i = (l as usize).min(BOTTOM.len() - 2);
        (BOTTOM[i], BOTTOM[i + 1], l - i as f64)
    }

    /// The index of the line to play among `scores` (best first, at least
    /// one): each line is worth the best score less the part of its gap
    /// (at most `GAP_CAP`) the weakness does not forgive, plus a random
    /// part of at most a pawn; the highest wins. Capping the gap keeps a
    /// mate in one from deciding every choice at the weakest levels, and
    /// still costs a move 4 pawns worse more than the noise can make up
    /// from level 2 up.
    pub fn pick(&self, scores: &[i32]) -> usize {
        let best = i64::from(scores[0]);
        let worst = i64::from(*scores.last().expect("at least one line"));
        let spread = (best - worst).min(PAWN);
        let weakness = self.weakness().clamp(1, BLIND);
        let mut rng = Rng::new(self.seed ^ 0x5EED_5EED);
        let mut choice = 0;
        let mut top = i64::MIN;
        for (i, &s) in scores.iter().enumerate() {
            let gap = (best - i64::from(s)).clamp(0, GAP_CAP);
            // A whole weakness draws exactly as it did before sixteenths,
            // so the levels measured then play as they did.
            let noise = if weakness % STEPS == 0 {
                STEPS * rng.below((weakness / STEPS) as usize) as i64
            } else {
                rng.below(weakness as usize) as i64
            };
            let value = -gap * (BLIND - weakness) + spread * noise;
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
        assert_eq!(Skill::new(-20.0, 1).unwrap().level, WEAKEST);
        // Monotonic on the hand-made evaluation, then again on the network.
        let mut last = Skill::new(WEAKEST, 1).unwrap();
        for tenth in -109..200 {
            let s = Skill::new(f64::from(tenth) / 10.0, 1).unwrap();
            assert_eq!(s.uses_net(), tenth >= 160, "{tenth}");
            if s.uses_net() != last.uses_net() {
                assert_eq!(s.nodes(), 8_192, "level 16 plays level 13's settings");
                last = s;
            }
            assert!(s.nodes() >= last.nodes());
            assert!(s.lines() <= last.lines());
            assert!(s.weakness() <= last.weakness());
            last = s;
        }
        assert_eq!(Skill::new(WEAKEST, 1).unwrap().nodes(), 32);
        assert_eq!(Skill::new(WEAKEST, 1).unwrap().lines(), MAX_LINES);
        // Level 5 is where the table meets the formula of the levels above.
        let five = Skill::new(5.0, 1).unwrap();
        assert_eq!(
            (five.nodes(), five.lines(), five.weakness()),
            (512, 4, 95 * STEPS)
        );
        let below = Skill::new(4.999, 1).unwrap();
        assert_eq!(
            (below.nodes(), below.lines(), below.weakness()),
            (512, 4, 95 * STEPS)
        );
        let top = Skill::new(19.0, 1).unwrap();
        assert_eq!(
            (top.nodes(), top.lines(), top.weakness()),
            (32_768, 4, 11 * STEPS)
        );
        // Between two of the network's levels the settings interpolate.
        let mid = Skill::new(16.5, 1).unwrap();
        assert!((mid.settings_level() - 13.55).abs() < 1e-9);
        assert!((Skill::new(19.5, 1).unwrap().settings_level() - 17.5).abs() < 1e-9);
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

    /// The choice as it was made before sixteenths: levels 5 to 15 (then 8
    /// to 18) were measured with it.
    fn pick_in_whole_128ths(seed: u64, weakness: i64, scores: &[i32]) -> usize {
        let best = i64::from(scores[0]);
        let spread = (best - i64::from(*scores.last().unwrap())).min(PAWN);
        let mut rng = Rng::new(seed ^ 0x5EED_5EED);
        let values = scores.iter().map(|&s| {
            let gap = (best - i64::from(s)).clamp(0, GAP_CAP);
            -gap * (128 - weakness) + spread * rng.below(weakness as usize) as i64
        });
        let values: Vec<i64> = values.collect();
        let top = *values.iter().max().unwrap();
        values.iter().position(|&v| v == top).unwrap()
    }

    #[test]
    fn whole_weaknesses_choose_as_they_were_measured() {
        let scores = [80, 60, 55, 20, 0, -40, -150, -500];
        for level in [-11.0, -8.0, -6.0, 5.0, 8.0, 15.0, 19.0] {
            for seed in 0..300 {
                let s = Skill::new(level, seed).unwrap();
                assert_eq!(s.weakness() % STEPS, 0);
                let old = pick_in_whole_128ths(seed, s.weakness() / STEPS, &scores);
                assert_eq!(s.pick(&scores), old, "level {level} seed {seed}");
            }
        }
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
