//! The unpacked blocks a table keeps for the next probes. A search probes
//! the same blocks again and again: with 16 blocks kept in a list, a
//! search among 5 men (`6k5/12/4q7/12/12/3N8/1p10/K6R4 w`, 2 s) ran at 71%
//! of its speed without tables, with 512 kept by last use at 83% (medians
//! of three, docs/tablebases.md).

use std::collections::HashMap;
use std::sync::Arc;

/// A block's key: its plane (WDL, DTZ, DTM) and its number.
pub(crate) type BlockKey = (usize, u64);

/// At most `capacity` unpacked blocks, the least recently used dropped
/// first.
pub(crate) struct BlockCache {
    blocks: HashMap<BlockKey, (Arc<Vec<u8>>, u64)>,
    /// A counter stamped on each use.
    clock: u64,
    capacity: usize,
}

impl BlockCache {
    /// An empty cache of at most `capacity` blocks.
    pub(crate) fn new(capacity: usize) -> BlockCache {
        BlockCache {
            blocks: HashMap::new(),
            clock: 0,
            capacity: capacity.max(1),
        }
    }

    /// The block, if kept (it becomes the most recently used).
    pub(crate) fn get(&mut self, key: BlockKey) -> Option<Arc<Vec<u8>>> {
        self.clock += 1;
        let now = self.clock;
        self.blocks.get_mut(&key).map(|(bytes, used)| {
            *used = now;
            bytes.clone()
        })
    }

    /// Keep a block, dropping the least recently used when full.
    pub(crate) fn put(&mut self, key: BlockKey, bytes: Arc<Vec<u8>>) {
        if self.blocks.len() >= self.capacity && !self.blocks.contains_key(&key) {
            let oldest = self
                .blocks
                .iter()
                .min_by_key(|(_, (_, used))| *used)
                .map(|(k, _)| *k);
            if let Some(k) = oldest {
                self.blocks.remove(&k);
            }
        }
        self.clock += 1;
        self.blocks.insert(key, (bytes, self.clock));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_least_recently_used_block_goes_first() {
        let mut cache = BlockCache::new(2);
        let block = |n: u8| Arc::new(vec![n]);
        cache.put((0, 1), block(1));
        cache.put((0, 2), block(2));
        assert!(cache.get((0, 1)).is_some(), "block 1 used again");
        cache.put((1, 3), block(3));
        assert!(cache.get((0, 2)).is_none(), "block 2 was the oldest");
        assert_eq!(cache.get((0, 1)).as_deref(), Some(&vec![1]));
        assert_eq!(cache.get((1, 3)).as_deref(), Some(&vec![3]));
    }
}
