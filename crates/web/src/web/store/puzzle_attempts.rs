//! The open puzzle attempts (docs/puzzles.md, "Fair ratings"): one per
//! player, so a reload resumes it and a second tab cannot rate the same
//! puzzle twice. Memory is bounded by a cap on all of them together; past
//! it the attempt touched longest ago goes, whoever's it is, and since one
//! attempt is kept per player, a client would have to make that many
//! players (a costly, rate-limited call) to push another's attempt out.

use std::collections::HashMap;

/// Most attempts kept open at once, one per player.
pub(crate) const MAX_OPEN: usize = 100_000;

/// One player's try at one puzzle.
pub(crate) struct Attempt {
    /// The player's key.
    pub player: String,
    /// The puzzle's index in the set.
    pub puzzle: usize,
    /// The index in the puzzle's moves of the next solver move.
    pub ply: usize,
    /// No wrong move, hint or look at the solution yet.
    pub clean: bool,
    /// The player moved or asked for a hint or the solution: leaving now
    /// counts as a failed attempt.
    pub engaged: bool,
    /// Decided and rated, or never to be rated (the player rated this
    /// puzzle before: a practice run).
    pub rated: bool,
    /// Never to be rated: the player rated this puzzle before.
    pub practice: bool,
    /// The last solver move and its answer, once the puzzle is solved: the
    /// same move sent again gets the same answer (its first may have been
    /// lost) and is not judged again.
    pub finished: Option<(String, serde_json::Value)>,
    /// When it was last used (the least recent goes first past the cap).
    pub touched: u64,
}

/// The open attempts, by id and by player.
#[derive(Default)]
pub(crate) struct Book {
    by_id: HashMap<String, Attempt>,
    by_player: HashMap<String, String>,
    clock: u64,
}

impl Book {
    /// The attempt with this id, marked as used now.
    pub(crate) fn get_mut(&mut self, id: &str) -> Option<&mut Attempt> {
        self.clock += 1;
        let now = self.clock;
        let a = self.by_id.get_mut(id)?;
        a.touched = now;
        Some(a)
    }

    /// The player's open attempt: its id and itself.
    pub(crate) fn of_player(&mut self, player: &str) -> Option<(String, &mut Attempt)> {
        let id = self.by_player.get(player)?.clone();
        let a = self.by_id.get_mut(&id)?;
        Some((id, a))
    }

    /// Forget the player's open attempt.
    pub(crate) fn remove_player(&mut self, player: &str) {
        if let Some(id) = self.by_player.remove(player) {
            self.by_id.remove(&id);
        }
    }

    /// Keep a new attempt under `id`, the player's only one; past the cap
    /// the attempt touched longest ago makes room.
    pub(crate) fn insert(&mut self, id: String, mut a: Attempt) {
        self.remove_player(&a.player);
        if self.by_id.len() >= MAX_OPEN {
            if let Some(old) = self
                .by_id
                .values()
                .min_by_key(|a| a.touched)
                .map(|a| a.player.clone())
            {
                self.remove_player(&old);
            }
        }
        self.clock += 1;
        a.touched = self.clock;
        self.by_player.insert(a.player.clone(), id.clone());
        self.by_id.insert(id, a);
    }

    /// How many are open.
    pub(crate) fn len(&self) -> usize {
        self.by_id.len()
    }

    /// None are open.
    #[cfg(test)]
    pub(crate) fn is_empty(&self) -> bool {
        self.by_id.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attempt(player: &str, puzzle: usize) -> Attempt {
        Attempt {
            player: player.into(),
            puzzle,
            ply: 1,
            clean: true,
            engaged: false,
            rated: false,
            practice: false,
            finished: None,
            touched: 0,
        }
    }

    #[test]
    fn a_player_has_one_open_attempt() {
        let mut book = Book::default();
        book.insert("a1".into(), attempt("p", 1));
        book.insert("a2".into(), attempt("p", 2));
        book.insert("b1".into(), attempt("q", 1));
        assert_eq!(book.len(), 2);
        assert!(book.get_mut("a1").is_none());
        assert_eq!(
            book.of_player("p").map(|(id, a)| (id, a.puzzle)),
            Some(("a2".into(), 2))
        );
        book.remove_player("p");
        assert!(book.of_player("p").is_none() && book.get_mut("a2").is_none());
        assert!(!book.is_empty());
    }
}
