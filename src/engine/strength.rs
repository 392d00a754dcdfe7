//! The engine's strength settings: `Skill Level`, `Skill Seed`, and the
//! uniformly random mover the level ladder is anchored on
//! (`Dev_RandomMover`). They turn into a `search::skill::Skill` for each
//! search. (`UCI_LimitStrength` and `UCI_Elo` come with the measured
//! ladder, docs/levels.md.)

use crate::rules::moves::Move;
use crate::rules::position::Position;
use crate::rules::random::Rng;
use crate::search::skill::{Skill, FULL};

/// The strongest `Skill Level` (no handicap).
pub const MAX_SKILL_LEVEL: i64 = FULL as i64;

/// What the user set.
#[derive(Clone, Copy, Debug)]
pub struct Strength {
    /// `Skill Level`, 0 to 20.
    pub level: i64,
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

    /// The handicap for a search of `pos`: the seed mixes in the position,
    /// so each move's choice differs and the same game replays the same.
    pub fn skill(&self, pos: &Position) -> Option<Skill> {
        Skill::new(self.level as f64, self.game_seed ^ pos.key())
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
