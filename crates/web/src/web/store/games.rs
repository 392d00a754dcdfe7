//! The games: every one kept in the database (`db`), the ones in use also
//! in memory, each behind its own lock so that games do not wait for each
//! other. Past `cap` games in memory the least recently used one leaves
//! memory (never the database). Ids are 128 random bits, so one tab cannot
//! guess another's game.

use super::db::{Db, DbError, DbPath};
use crate::web::game::ending::result_column;
use crate::web::game::live::{Draft, SharedGame, WebGame};
use crate::web::net::http::ApiError;
use crate::web::review::ReviewJob;
use crate::web::sync::lock;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// All games.
pub struct Store {
    cache: Mutex<HashMap<String, SharedGame>>,
    cap: usize,
    db: Db,
}

/// A new id: 128 bits from the operating system's random source, in hex,
/// so that no id tells anything about another.
pub(crate) fn new_id() -> String {
    let mut bytes = [0u8; 16];
    if getrandom::fill(&mut bytes).is_err() {
        // No OS randomness at all: refuse to make guessable ids.
        panic!("the operating system's random source is not available");
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

impl From<DbError> for ApiError {
    /// What the person can act on gets its own status: a full disk (507)
    /// or a file that cannot be written (503), then anything else (500).
    fn from(e: DbError) -> ApiError {
        let status = match e {
            DbError::Full(_) => 507,
            DbError::ReadOnly(_) | DbError::Gone(_) => 503,
            DbError::InUse(_) | DbError::Other(_) => 500,
        };
        ApiError::new(status, format!("{e}: the change was not kept"))
    }
}

impl Store {
    /// The store on this database, keeping at most `cap` games in memory.
    pub fn open(path: &DbPath, cap: usize) -> Result<Store, DbError> {
        Ok(Store {
            cache: Mutex::new(HashMap::new()),
            cap: cap.max(1),
            db: Db::open(path)?,
        })
    }

    /// The database (puzzle ratings live there too).
    pub fn db(&self) -> &Db {
        &self.db
    }

    /// Keep a new game (written to the database first); returns it.
    pub fn insert(&self, mut game: WebGame) -> Result<SharedGame, ApiError> {
        let mut cache = lock(&self.cache);
        game.record.id = loop {
            let id = new_id();
            if !cache.contains_key(&id) {
                break id;
            }
        };
        let result = result_column(game.result());
        self.db.insert(&game.record, result)?;
        Ok(self.remember(&mut cache, game))
    }

    /// Write a change to the database.
    pub fn save(&self, draft: &Draft) -> Result<(), ApiError> {
        Ok(self.db.save(draft)?)
    }

    /// Keep a game's finished review.
    pub fn save_review(
        &self,
        id: &str,
        review: &crate::web::review::StoredReview,
    ) -> Result<(), ApiError> {
        Ok(self.db.save_review(id, review)?)
    }

    /// Put a game in memory, making room first.
    fn remember(&self, cache: &mut HashMap<String, SharedGame>, game: WebGame) -> SharedGame {
        while cache.len() >= self.cap {
            // Games at rest leave first: no engine thinking for them, no
            // clock running (the server judges flags in memory).
            let oldest = cache
                .iter()
                .map(|(id, g)| {
                    let g = lock(g);
                    let busy = g.live.thinking.is_some() || g.record.clock_running(false).is_some();
                    ((busy, g.live.touched), id.clone())
                })
                .min()
                .map(|(_, id)| id);
            match oldest.and_then(|id| cache.remove(&id)) {
                Some(g) => lock(&g).stop_search(),
                None => break,
            }
        }
        let id = game.record.id.clone();
        let shared = Arc::new(Mutex::new(game));
        cache.insert(id, Arc::clone(&shared));
        shared
    }

    /// The game with this id (from memory, else the database), marked as
    /// used now; the flag is true when it was just read from the database.
    pub fn get(&self, id: &str) -> Result<Option<(SharedGame, bool)>, ApiError> {
        let mut cache = lock(&self.cache);
        if let Some(g) = cache.get(id).cloned() {
            drop(cache);
            lock(&g).live.touched = Instant::now();
            return Ok(Some((g, false)));
        }
        // Ids are hex: anything else cannot be a game, and is not looked up.
        if id.is_empty() || id.len() > 64 || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Ok(None);
        }
        let Some((record, review)) = self.db.load(id)? else {
            return Ok(None);
        };
        let review = review.and_then(|r| ReviewJob::restored(r, &record.start));
        let game = WebGame::from_record(record, review);
        Ok(Some((self.remember(&mut cache, game), true)))
    }

    /// Every game in memory.
    pub fn in_memory(&self) -> Vec<SharedGame> {
        lock(&self.cache).values().cloned().collect()
    }

    /// Ids of the unfinished games in the database.
    pub fn unfinished(&self) -> Result<Vec<String>, DbError> {
        self.db.unfinished()
    }

    /// Summaries of these games (`db::Db::summaries`).
    pub(crate) fn summaries(
        &self,
        ids: &[String],
    ) -> Result<Vec<super::db::GameSummary>, ApiError> {
        Ok(self.db.summaries(ids)?)
    }

    /// Number of games in memory.
    pub fn len(&self) -> usize {
        lock(&self.cache).len()
    }

    /// True when no game is in memory.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rusqlite::ffi;

    fn failure(code: std::ffi::c_int) -> DbError {
        let e = rusqlite::Error::SqliteFailure(ffi::Error::new(code), None);
        DbError::of_sqlite("cannot store the change", e)
    }

    #[test]
    fn what_a_person_can_act_on_gets_its_own_status() {
        let full = ApiError::from(failure(ffi::SQLITE_FULL));
        assert_eq!(full.status, 507);
        assert!(full.message.contains("disk is full"), "{}", full.message);
        assert_eq!(ApiError::from(failure(ffi::SQLITE_READONLY)).status, 503);
        assert_eq!(ApiError::from(failure(ffi::SQLITE_CORRUPT)).status, 500);
    }
}
