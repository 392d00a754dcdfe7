//! The transposition table: Zobrist-keyed buckets of four entries, replaced by
//! depth and age, shared lock-free between search threads.
//!
//! Each entry is two atomic words: `key ^ data` and `data`. A reader accepts an
//! entry only if the XOR gives back its key, so a torn write from another
//! thread reads as a miss instead of as a wrong move (the TT move is also
//! checked for legality before use).

use super::score::TB_BOUND;
use crate::rules::moves::Move;
use std::alloc::{alloc_zeroed, dealloc, Layout};
use std::ptr::NonNull;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// Kind of bound a stored score is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is exact (PV node).
    Exact = 1,
    /// The true score is at least this (fail high).
    Lower = 2,
    /// The true score is at most this (fail low).
    Upper = 3,
}

/// One probed entry.
#[derive(Clone, Copy, Debug)]
pub struct TtEntry {
    /// Best or refutation move (may be `Move::NONE`).
    pub mv: Move,
    /// Score, adjusted to the probing ply.
    pub score: i32,
    /// Depth searched.
    pub depth: i32,
    /// Bound kind.
    pub bound: Bound,
}

const BUCKET: usize = 4;
/// Tables up to this size are written once when made (see `new`).
const PREFAULT_MAX_BYTES: usize = 256 * 1024 * 1024;
const MOVE_BITS: u64 = 0x1F_FFFF; // 21 bits: from, to, promotion, castle flag
const BOUND_SHIFT: u32 = 21;
const AGE_SHIFT: u32 = 23;
const DEPTH_SHIFT: u32 = 31;
const SCORE_SHIFT: u32 = 39;

struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// Slots in memory that comes zeroed from the allocator: the pages of a
/// large table cost nothing until the search touches them, so a table of
/// any size is ready at once, and a fresh table is the fastest way to clear
/// one (v1 wrote every slot: 16 GiB took most of a minute).
///
/// The slots start on a cache line, so a bucket is one line, and a table of
/// 2 MiB or more on a 2 MiB boundary, advised to the kernel for huge pages
/// (Linux): with 4 KiB pages nearly every probe also missed the address
/// cache (TLB), whose refill is slow in a virtual machine.
struct ZeroedSlots {
    ptr: NonNull<Slot>,
    len: usize,
    /// What the allocator gave, and was asked for: the slots lie inside.
    raw: NonNull<u8>,
    layout: Layout,
}

/// A cache line.
const CACHE_LINE: usize = 64;
/// A huge page (x86-64, AArch64 with 4 KiB base pages).
const HUGE_PAGE: usize = 2 * 1024 * 1024;

impl ZeroedSlots {
    /// `len` empty slots, or `None` if the memory cannot be had.
    fn new(len: usize) -> Option<ZeroedSlots> {
        let bytes = Layout::array::<Slot>(len).ok()?.size();
        if bytes == 0 {
            return None;
        }
        let align = if wants_huge_pages(bytes) {
            HUGE_PAGE
        } else {
            CACHE_LINE
        };
        // Asked with the slots' own alignment and aligned here: with a
        // larger one the allocator writes every byte instead of handing out
        // fresh zeroed pages (calloc).
        let layout =
            Layout::from_size_align(bytes.checked_add(align)?, std::mem::align_of::<Slot>())
                .ok()?;
        // SAFETY: the layout has a non-zero size.
        let raw = NonNull::new(unsafe { alloc_zeroed(layout) })?;
        let offset = raw.as_ptr().align_offset(align);
        // SAFETY: `offset < align`, so the `bytes` after it lie inside the
        // allocation, and an aligned address suits a `Slot`.
        let ptr = unsafe { raw.as_ptr().add(offset) };
        advise_huge_pages(ptr, bytes);
        let ptr = NonNull::new(ptr.cast::<Slot>())?;
        Some(ZeroedSlots {
            ptr,
            len,
            raw,
            layout,
        })
    }
}

/// True if a table of `bytes` is put on huge pages: 2 MiB or more, on Linux
/// (elsewhere the extra 2 MiB for the alignment would buy nothing).
fn wants_huge_pages(bytes: usize) -> bool {
    cfg!(target_os = "linux") && bytes >= HUGE_PAGE
}

/// Ask Linux to back `bytes` at `ptr` (2 MiB aligned when that large) with
/// huge pages; only advice, refused quietly where not supported.
#[cfg(target_os = "linux")]
fn advise_huge_pages(ptr: *mut u8, bytes: usize) {
    if wants_huge_pages(bytes) {
        // SAFETY: the range is part of one live allocation, page aligned;
        // the advice changes how its pages are backed, never their contents.
        let _ = unsafe { libc::madvise(ptr.cast(), bytes, libc::MADV_HUGEPAGE) };
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_ptr: *mut u8, _bytes: usize) {}

impl std::ops::Deref for ZeroedSlots {
    type Target = [Slot];
    fn deref(&self) -> &[Slot] {
        // SAFETY: `ptr` holds `len` slots allocated by `new`, and zeroed
        // bytes are a valid `Slot` (two `AtomicU64` of value 0).
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl Drop for ZeroedSlots {
    fn drop(&mut self) {
        // SAFETY: allocated in `new` with this layout.
        unsafe { dealloc(self.raw.as_ptr(), self.layout) }
    }
}

// SAFETY: the slots are atomics, shared between search threads by design.
unsafe impl Send for ZeroedSlots {}
// SAFETY: as above: every access goes through atomic operations.
unsafe impl Sync for ZeroedSlots {}

/// The shared table.
pub struct TranspositionTable {
    slots: ZeroedSlots,
    buckets: usize,
    generation: AtomicU8,
}

fn pack(mv: Move, bound: Bound, depth: i32, score: i32, generation: u8) -> u64 {
    let d = (depth.clamp(-1, 254) + 1) as u64;
    (mv.raw() as u64 & MOVE_BITS)
        | (bound as u64) << BOUND_SHIFT
        | (generation as u64) << AGE_SHIFT
        | d << DEPTH_SHIFT
        | ((score as i16) as u16 as u64) << SCORE_SHIFT
}

fn age(data: u64) -> u8 {
    (data >> AGE_SHIFT) as u8
}

fn stored_depth(data: u64) -> i32 {
    ((data >> DEPTH_SHIFT) & 0xFF) as i32 - 1
}

fn unpack(data: u64, ply: i32) -> TtEntry {
    let bound = match (data >> BOUND_SHIFT) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        _ => Bound::Upper,
    };
    TtEntry {
        mv: Move::from_raw((data & MOVE_BITS) as u32),
        bound,
        depth: stored_depth(data),
        score: score_from_tt((data >> SCORE_SHIFT) as u16 as i16 as i32, ply),
    }
}

/// Mate and tablebase scores are stored as distance from this node, not
/// from the root.
fn score_to_tt(score: i32, ply: i32) -> i32 {
    if score >= TB_BOUND {
        score + ply
    } else if score <= -TB_BOUND {
        score - ply
    } else {
        score
    }
}

fn score_from_tt(score: i32, ply: i32) -> i32 {
    if score >= TB_BOUND {
        score - ply
    } else if score <= -TB_BOUND {
        score + ply
    } else {
        score
    }
}

impl TranspositionTable {
    /// A table of about `mib` MiB (at least one bucket). If the memory
    /// cannot be had, the largest smaller power-of-two size that can.
    pub fn new(mib: usize) -> TranspositionTable {
        let mut bytes = mib.clamp(1, usize::MAX >> 20).saturating_mul(1024 * 1024);
        loop {
            let buckets = (bytes / (BUCKET * std::mem::size_of::<Slot>())).max(1);
            if let Some(slots) = ZeroedSlots::new(buckets * BUCKET) {
                // Touch the pages of a table of ordinary size now, as v1's
                // filled table did: page faults in the middle of a search
                // cost more than a memset here. Huge tables stay lazy.
                if bytes <= PREFAULT_MAX_BYTES {
                    for slot in slots.iter() {
                        slot.data.store(0, Ordering::Relaxed);
                    }
                }
                return TranspositionTable {
                    slots,
                    buckets,
                    generation: AtomicU8::new(0),
                };
            }
            assert!(buckets > 1, "cannot allocate a one-bucket hash table");
            bytes /= 2;
        }
    }

    /// The table's size in MiB (after any shrinking by `new`).
    pub fn mib(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Slot>() / (1024 * 1024)
    }

    /// Start a new search (ages older entries).
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    fn bucket(&self, key: u64) -> usize {
        // Multiply-shift maps the key onto the bucket count without modulo.
        (((key as u128) * (self.buckets as u128)) >> 64) as usize * BUCKET
    }

    /// Ask the memory for `key`'s bucket before it is looked up: a probe
    /// after a move is a cache miss in a table of any size, and the work
    /// between the hint and the probe hides part of its wait. A hint only;
    /// nothing where the target has no such instruction.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let bucket = self.slots[self.bucket(key)..].as_ptr();
            // SAFETY: a prefetch reads nothing and cannot fault; the address
            // is a slot of the table.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket.cast::<i8>()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Look up a position; mate scores come back relative to `ply`.
    pub fn probe(&self, key: u64, ply: i32) -> Option<TtEntry> {
        let base = self.bucket(key);
        for slot in &self.slots[base..base + BUCKET] {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            if data != 0 && check ^ data == key {
                return Some(unpack(data, ply));
            }
        }
        None
    }

    /// Store a result: over the same position (keeping its move if we have
    /// none), else over the slot with the lowest depth, older searches first.
    pub fn store(&self, key: u64, mv: Move, bound: Bound, depth: i32, score: i32, ply: i32) {
        let generation = self.generation.load(Ordering::Relaxed);
        let base = self.bucket(key);
        let bucket = &self.slots[base..base + BUCKET];
        let mut victim = 0;
        let mut worst = i32::MAX;
        for (i, slot) in bucket.iter().enumerate() {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            if data == 0 {
                victim = i;
                break;
            }
            if check ^ data == key {
                let old = unpack(data, ply);
                // A much deeper bound from this search is worth more.
                if bound != Bound::Exact && old.depth > depth + 3 && age(data) == generation {
                    return;
                }
                let mv = if mv.is_none() { old.mv } else { mv };
                return write(
                    slot,
                    key,
                    pack(mv, bound, depth, score_to_tt(score, ply), generation),
                );
            }
            let old_age = generation.wrapping_sub(age(data)) as i32;
            let value = stored_depth(data) - 8 * old_age;
            if value < worst {
                worst = value;
                victim = i;
            }
        }
        write(
            &bucket[victim],
            key,
            pack(mv, bound, depth, score_to_tt(score, ply), generation),
        );
    }

    /// Permille of the first 1000 slots filled by the current search.
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed);
        let n = self.slots.len().min(1000);
        let used = self.slots[..n]
            .iter()
            .filter(|s| {
                let d = s.data.load(Ordering::Relaxed);
                d != 0 && age(d) == generation
            })
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}

fn write(slot: &Slot, key: u64, data: u64) {
    slot.check.store(key ^ data, Ordering::Relaxed);
    slot.data.store(data, Ordering::Relaxed);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::square::Square;

    fn mv(a: &str, b: &str) -> Move {
        Move::new(
            a.parse::<Square>().unwrap(),
            b.parse::<Square>().unwrap(),
            None,
        )
    }

    #[test]
    fn buckets_sit_on_cache_lines() {
        for mib in [1, 3, 16] {
            let tt = TranspositionTable::new(mib);
            let bytes = mib * 1024 * 1024;
            let align = if wants_huge_pages(bytes) {
                HUGE_PAGE
            } else {
                CACHE_LINE
            };
            assert_eq!(tt.slots.as_ptr() as usize % align, 0, "{mib} MiB");
            assert_eq!(BUCKET * std::mem::size_of::<Slot>(), 64);
            // A hint for any key, the last bucket's included, reads nothing.
            tt.prefetch(u64::MAX);
            tt.prefetch(0);
        }
    }

    #[test]
    fn stores_and_probes() {
        let tt = TranspositionTable::new(1);
        let m = Move::castle("g1".parse().unwrap(), "j1".parse().unwrap());
        tt.store(0xDEAD_BEEF, m, Bound::Lower, 7, -123, 0);
        let e = tt.probe(0xDEAD_BEEF, 0).unwrap();
        assert_eq!(
            (e.mv, e.bound, e.depth, e.score),
            (m, Bound::Lower, 7, -123)
        );
        assert!(tt.probe(0xDEAD_BEEE, 0).is_none());
        let fresh = TranspositionTable::new(1);
        assert!(fresh.probe(0xDEAD_BEEF, 0).is_none());
        assert_eq!(fresh.mib(), 1);
    }

    #[test]
    fn mate_scores_are_relative_to_the_node() {
        let tt = TranspositionTable::new(1);
        // Mate in 3 plies from a node at ply 5 = MATE - 8 from the root.
        let mate = 32_000;
        tt.store(42, mv("a1", "a2"), Bound::Exact, 4, mate - 8, 5);
        assert_eq!(tt.probe(42, 5).unwrap().score, mate - 8);
        assert_eq!(tt.probe(42, 1).unwrap().score, mate - 4);
        tt.store(43, mv("a1", "a2"), Bound::Exact, 4, -(mate - 8), 5);
        assert_eq!(tt.probe(43, 2).unwrap().score, -(mate - 5));
    }

    #[test]
    fn replacement_prefers_shallow_and_old() {
        let tt = TranspositionTable::new(1);
        // Small keys all map into the first bucket (multiply-shift uses high bits).
        let keys: Vec<u64> = (1..6).collect();
        for (i, &k) in keys.iter().take(4).enumerate() {
            tt.store(k, mv("a1", "a2"), Bound::Exact, 10 + i as i32, 0, 0);
        }
        tt.store(keys[4], mv("a1", "a2"), Bound::Exact, 1, 0, 0);
        // The shallowest (depth 10, keys[0]) made way.
        assert!(tt.probe(keys[0], 0).is_none());
        assert!(tt.probe(keys[3], 0).is_some() && tt.probe(keys[4], 0).is_some());
        assert!(tt.hashfull() > 0);
    }
}
