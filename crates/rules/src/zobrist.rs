//! Zobrist hash keys from a fixed seed, so keys (and search node counts) are
//! the same in every run and on every machine.

use crate::random::Rng;
use crate::square::MAILBOX_SIZE;
use once_cell::sync::Lazy;

/// Random keys for every (piece code, square), side to move and castling rights.
pub struct Zobrist {
    /// Indexed by piece code (0..32) and mailbox square.
    pub piece_square: Vec<[u64; MAILBOX_SIZE]>,
    /// XORed in when Black is to move.
    pub black_to_move: u64,
    /// One key per castling-rights bitmask (0..16).
    pub castling: [u64; 16],
}

/// The keys, built on first use from a fixed seed.
pub static ZOBRIST: Lazy<Zobrist> = Lazy::new(|| {
    let mut rng = Rng::new(0x4855_4D50_5459_2009); // "HUMPTY" 2009
    let mut piece_square = vec![[0u64; MAILBOX_SIZE]; 32];
    for row in piece_square.iter_mut() {
        for k in row.iter_mut() {
            *k = rng.next_u64();
        }
    }
    let black_to_move = rng.next_u64();
    let mut castling = [0u64; 16];
    // Rights combine by XOR of per-right keys, so a single right's key can be
    // toggled independently and the empty set is 0.
    let singles: Vec<u64> = (0..4).map(|_| rng.next_u64()).collect();
    for (mask, key) in castling.iter_mut().enumerate() {
        *key = (0..4)
            .filter(|b| mask & (1 << b) != 0)
            .fold(0, |acc, b| acc ^ singles[b]);
    }
    Zobrist {
        piece_square,
        black_to_move,
        castling,
    }
});
