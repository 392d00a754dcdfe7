//! The engine's strength settings: `Skill Level`, `UCI_LimitStrength` with
//! `UCI_Elo`, `Skill Seed`, and the uniformly random mover the level ladder
//! is anchored on (`Dev_RandomMover`). They turn into a `search::skill::Skill`
//! for each search.

use crate::rules::moves::Move;
use crate::rules::position::Position;
use crate::rules::random::Rng;
use crate::search::skill::{Skill, FULL, WEAKEST};

/// The strongest `Skill Level` (no handicap).
pub const MAX_SKILL_LEVEL: i64 = FULL as i64;

/// What the user set.
#[derive(Clone, Copy, Debug)]
pub struct Strength {
    /// `Skill Level`, 0 to 20.
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
            elo: 0,
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
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
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

/// The measured ladder: (level, Elo), a uniformly random mover at 0
/// (docs/levels.md).
pub const LADDER: [(f64, i64); 0] = [];

/// The measured Elo of `level`, if the ladder has it (interpolated
/// between measured levels).
pub fn elo_of_level(level: f64) -> Option<i64> {
    let (first, last) = (LADDER.first()?, LADDER.last()?);
    if level < first.0 || level > last.0 {
        return None;
    }
    LADDER
        .windows(2)
        .find(|w| level <= w[1].0)
        .map(|w| {
            let ((l0, e0), (l1, e1)) = (w[0], w[1]);
            (e0 as f64 + (e1 - e0) as f64 * (level - l0) / (l1 - l0).max(1e-9)).round() as i64
        })
        .or(Some(first.1))
}

/// The level that plays at `elo` on the ladder's scale, interpolated
/// between measured levels (the weakest below the ladder, full strength
/// above it).
pub fn level_for_elo(elo: i64) -> f64 {
    let Some(&(first_level, first_elo)) = LADDER.first() else {
        return FULL;
    };
    if elo <= first_elo {
        return first_level.max(WEAKEST);
    }
    for w in LADDER.windows(2) {
        let ((l0, e0), (l1, e1)) = (w[0], w[1]);
        if elo <= e1 {
            return l0 + (l1 - l0) * (elo - e0) as f64 / (e1 - e0).max(1) as f64;
        }
    }
    FULL
}
