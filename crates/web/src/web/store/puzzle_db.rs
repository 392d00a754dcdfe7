//! Puzzle ratings in the game database (schema 5): each browser's player
//! (by its secret key), each puzzle once played, and every rated attempt,
//! so ratings and their history survive a restart.

use super::db::{Db, DbError};
use crate::puzzles::glicko::Rating;
use rusqlite::{params, OptionalExtension};

/// A player's standing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Player {
    /// The Glicko-2 rating.
    pub rating: Rating,
    /// Puzzles solved in a row.
    pub streak: u32,
}

fn rating_of(r: &rusqlite::Row<'_>, at: usize) -> rusqlite::Result<Rating> {
    Ok(Rating {
        rating: r.get(at)?,
        deviation: r.get(at + 1)?,
        volatility: r.get(at + 2)?,
    })
}

/// A new player with this key, at the default rating.
pub(crate) fn new_player(db: &Db, key: &str, now: i64) -> Result<(), DbError> {
    let r = Rating::default();
    db.with_conn(true, "cannot keep the new player", |c| {
        c.execute(
            "INSERT INTO puzzle_players VALUES (?1, ?2, ?3, ?4, 0, ?5)",
            params![key, r.rating, r.deviation, r.volatility, now],
        )
        .map(|_| ())
    })
}

/// The player with this key, if any.
pub(crate) fn player(db: &Db, key: &str) -> Result<Option<Player>, DbError> {
    db.with_conn(false, "cannot read the player", |c| {
        c.query_row(
            "SELECT rating, deviation, volatility, streak FROM puzzle_players WHERE key = ?1",
            params![key],
            |r| {
                Ok(Player {
                    rating: rating_of(r, 0)?,
                    streak: r.get(3)?,
                })
            },
        )
        .optional()
    })
}

/// Every played puzzle's rating, by id.
pub(crate) fn puzzle_ratings(db: &Db) -> Result<Vec<(String, Rating)>, DbError> {
    db.with_conn(false, "cannot read the puzzle ratings", |c| {
        let mut q = c.prepare("SELECT id, rating, deviation, volatility FROM puzzle_ratings")?;
        let rows = q.query_map([], |r| Ok((r.get(0)?, rating_of(r, 1)?)))?;
        rows.collect()
    })
}

/// The ratings after a rated attempt, kept in one transaction.
pub(crate) struct Rated<'a> {
    /// The player's key.
    pub player: &'a str,
    /// The player after the attempt.
    pub after: Player,
    /// The puzzle's id.
    pub puzzle: &'a str,
    /// The puzzle's rating after the attempt.
    pub puzzle_after: Rating,
    /// Whether the player solved it.
    pub solved: bool,
    /// When (ms since the epoch).
    pub at: i64,
}

/// Keep a rated attempt.
pub(crate) fn rate(db: &Db, a: &Rated<'_>) -> Result<(), DbError> {
    db.with_conn(true, "cannot keep the puzzle's result", |c| {
        let tx = c.transaction()?;
        let (p, z) = (a.after.rating, a.puzzle_after);
        tx.execute(
            "UPDATE puzzle_players SET rating = ?2, deviation = ?3, volatility = ?4, streak = ?5 WHERE key = ?1",
            params![a.player, p.rating, p.deviation, p.volatility, a.after.streak],
        )?;
        tx.execute(
            "INSERT INTO puzzle_ratings VALUES (?1, ?2, ?3, ?4, 1)
             ON CONFLICT (id) DO UPDATE SET rating = ?2, deviation = ?3, volatility = ?4, plays = plays + 1",
            params![a.puzzle, z.rating, z.deviation, z.volatility],
        )?;
        tx.execute(
            "INSERT INTO puzzle_attempts VALUES (?1, ?2, ?3, ?4, ?5)",
            params![a.player, a.at, a.puzzle, a.solved, p.rating],
        )?;
        tx.commit()
    })
}

/// Whether the player has a rated result on this puzzle already (each
/// player's result on a puzzle is rated once, the daily one's too).
pub(crate) fn rated_before(db: &Db, key: &str, puzzle: &str) -> Result<bool, DbError> {
    db.with_conn(false, "cannot read the player's results", |c| {
        c.query_row(
            "SELECT 1 FROM puzzle_attempts WHERE player = ?1 AND puzzle = ?2 LIMIT 1",
            params![key, puzzle],
            |_| Ok(()),
        )
        .optional()
        .map(|found| found.is_some())
    })
}

/// The player's rating after each of their last `n` attempts, oldest
/// first, with the puzzles they played.
pub(crate) fn history(db: &Db, key: &str, n: usize) -> Result<Vec<(String, f64)>, DbError> {
    db.with_conn(false, "cannot read the player's history", |c| {
        let mut q = c.prepare(
            "SELECT puzzle, rating FROM puzzle_attempts WHERE player = ?1 ORDER BY at DESC, rowid DESC LIMIT ?2",
        )?;
        let rows = q.query_map(params![key, n as i64], |r| Ok((r.get(0)?, r.get(1)?)))?;
        let mut out: Vec<(String, f64)> = rows.collect::<rusqlite::Result<_>>()?;
        out.reverse();
        Ok(out)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::store::db::DbPath;

    #[test]
    fn a_rated_attempt_is_kept_with_its_history() {
        let db = Db::open(&DbPath::Memory).unwrap();
        new_player(&db, "k", 1).unwrap();
        let before = player(&db, "k").unwrap().unwrap();
        assert_eq!(before.rating, Rating::default());
        let (p, z) = Rating::attempt(before.rating, Rating::default(), true);
        let after = Player {
            rating: p,
            streak: 1,
        };
        rate(
            &db,
            &Rated {
                player: "k",
                after,
                puzzle: "abcde",
                puzzle_after: z,
                solved: true,
                at: 2,
            },
        )
        .unwrap();
        assert_eq!(player(&db, "k").unwrap(), Some(after));
        assert_eq!(puzzle_ratings(&db).unwrap(), vec![("abcde".to_string(), z)]);
        assert_eq!(
            history(&db, "k", 10).unwrap(),
            vec![("abcde".to_string(), p.rating)]
        );
        assert_eq!(player(&db, "nobody").unwrap(), None);
        assert!(rated_before(&db, "k", "abcde").unwrap());
        assert!(!rated_before(&db, "k", "other").unwrap());
        assert!(!rated_before(&db, "nobody", "abcde").unwrap());
    }
}
