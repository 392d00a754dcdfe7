//! A whole table in memory, and the set of tables a generator or verifier
//! reads while it works.

use std::collections::HashMap;
use std::sync::Arc;

use humpty_rules::Position;

use crate::layout::Layout;
use crate::material::{counts_of, Counts, Material};
use crate::value::{Entry, Wdl, WDL_BROKEN};

/// Every position of one table, unpacked.
pub struct Table {
    /// Its men, stored orientation.
    pub material: Material,
    /// Where each position lives.
    pub layout: Layout,
    /// The WDL byte per position (`Wdl as u8`, or `WDL_BROKEN`).
    pub wdl: Vec<u8>,
    /// Distance to the next capture or Pawn move.
    pub dtz: Vec<u16>,
    /// Distance to mate.
    pub dtm: Vec<u16>,
}

impl Table {
    /// A table with every position marked broken, to be filled.
    pub fn empty(material: &Material) -> Table {
        let layout = Layout::new(material);
        let size = usize::try_from(layout.size).expect("table fits in memory");
        Table {
            material: material.clone(),
            layout,
            wdl: vec![WDL_BROKEN; size],
            dtz: vec![0; size],
            dtm: vec![0; size],
        }
    }

    /// The entry at an index; `None` for a position that cannot occur.
    pub fn entry(&self, idx: u64) -> Option<Entry> {
        let i = idx as usize;
        let wdl = Wdl::ALL.get(self.wdl[i] as usize)?;
        Some(Entry {
            wdl: *wdl,
            dtz: self.dtz[i],
            dtm: self.dtm[i],
        })
    }

    /// Store an entry.
    pub fn set(&mut self, idx: u64, e: Entry) {
        let i = idx as usize;
        self.wdl[i] = e.wdl as u8;
        self.dtz[i] = e.dtz;
        self.dtm[i] = e.dtm;
    }

    /// The longest DTZ and the longest DTM of the won positions.
    pub fn longest(&self) -> (u16, u16) {
        let won = |i: &usize| self.wdl[*i] >= Wdl::CursedWin as u8 && self.wdl[*i] != WDL_BROKEN;
        let dtz = (0..self.wdl.len())
            .filter(won)
            .map(|i| self.dtz[i])
            .max()
            .unwrap_or(0);
        let dtm = (0..self.wdl.len())
            .filter(won)
            .map(|i| self.dtm[i])
            .max()
            .unwrap_or(0);
        (dtz, dtm)
    }

    /// How many positions hold each value (loss first), and the broken ones.
    pub fn census(&self) -> [u64; 6] {
        let mut n = [0u64; 6];
        for &w in &self.wdl {
            n[w as usize] += 1;
        }
        n
    }
}

/// Tables in memory by their men: what a move that captures or promotes
/// leads to.
#[derive(Default, Clone)]
pub struct Known {
    tables: HashMap<Material, Arc<Table>>,
    /// Each table under its men's counts as stored and colour-swapped
    /// (true), so a position finds its table without building a name.
    by_counts: HashMap<Counts, (Arc<Table>, bool)>,
}

impl Known {
    /// Add a table.
    pub fn add(&mut self, table: Arc<Table>) {
        let counts = table.material.counts();
        self.by_counts
            .insert([counts[1], counts[0]], (table.clone(), true));
        self.by_counts.insert(counts, (table.clone(), false));
        self.tables.insert(table.material.clone(), table);
    }

    /// True if the table of these men (stored orientation) is here.
    pub fn has(&self, material: &Material) -> bool {
        self.tables.contains_key(material)
    }

    /// The table of these men (stored orientation), if here.
    pub fn table(&self, material: &Material) -> Option<&Table> {
        self.tables.get(material).map(|t| &**t)
    }

    /// True if the table of a position's men is here (or it has bare Kings).
    pub fn holds(&self, pos: &Position) -> bool {
        pos.men() == 2 || self.by_counts.contains_key(&counts_of(pos))
    }

    /// The entry of a position whose men are in a known table (bare Kings
    /// are a draw); `None` if its table is missing or it cannot occur.
    pub fn entry(&self, pos: &Position) -> Option<Entry> {
        if pos.men() == 2 {
            // Two Kings draw, if the side that moved did not step next to
            // the other King (a table marks such a position; here none does).
            let mover = !pos.side_to_move();
            let legal = !pos.is_attacked(pos.king_square(mover), pos.side_to_move());
            return legal.then_some(Entry::DRAW);
        }
        let (table, flip) = self.by_counts.get(&counts_of(pos))?;
        table.entry(table.layout.index_of(pos, *flip))
    }
}
