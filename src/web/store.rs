//! The games in memory: at most `cap` of them, the least recently used
//! evicted first, each behind its own lock so that games do not wait for
//! each other. Ids are random, so one tab cannot guess another's game.

use super::game::WebGame;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

/// A game shared between the requests that use it.
pub type SharedGame = Arc<Mutex<WebGame>>;

/// All games, with the id generator.
pub struct Store {
    inner: Mutex<Inner>,
    cap: usize,
}

struct Inner {
    games: HashMap<String, SharedGame>,
}

/// A new id: 128 bits from the operating system's random source, in hex,
/// so that no id tells anything about another.
fn new_id() -> String {
    let mut bytes = [0u8; 16];
    if getrandom::fill(&mut bytes).is_err() {
        // No OS randomness at all: refuse to make guessable ids.
        panic!("the operating system's random source is not available");
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Lock a mutex even if a thread panicked while holding it (the data of a
/// game stays usable: every change to it is a single assignment).
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Store {
    /// An empty store that keeps at most `cap` games.
    pub fn new(cap: usize) -> Store {
        Store {
            inner: Mutex::new(Inner {
                games: HashMap::new(),
            }),
            cap: cap.max(1),
        }
    }

    /// Keep `game`, evicting the least recently used game if the store is
    /// full; returns the new game's id.
    pub fn insert(&self, game: WebGame) -> String {
        let mut inner = lock(&self.inner);
        while inner.games.len() >= self.cap {
            let oldest = inner
                .games
                .iter()
                .min_by_key(|(_, g)| lock(g).touched)
                .map(|(id, _)| id.clone());
            match oldest.and_then(|id| inner.games.remove(&id)) {
                Some(g) => lock(&g).stop_search(),
                None => break,
            }
        }
        let id = loop {
            let id = new_id();
            if !inner.games.contains_key(&id) {
                break id;
            }
        };
        inner.games.insert(id.clone(), Arc::new(Mutex::new(game)));
        id
    }

    /// The game with this id (marked as used now).
    pub fn get(&self, id: &str) -> Option<SharedGame> {
        let g = lock(&self.inner).games.get(id).cloned()?;
        lock(&g).touched = Instant::now();
        Some(g)
    }

    /// Number of games kept.
    pub fn len(&self) -> usize {
        lock(&self.inner).games.len()
    }

    /// True when no game is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
