//! Probing a folder of tables: a position's entry, and every legal move's,
//! best first, as lichess's tablebase lists them.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use humpty_rules::{Move, Position};

use crate::layout::Layout;
use crate::material::{counts_of, Material};
use crate::store::{StoreError, TableFile, EXTENSION};
use crate::value::{Entry, Wdl};

/// The tables of a folder, opened as probes need them.
pub struct Tablebases {
    /// Table files by their men.
    files: HashMap<Material, PathBuf>,
    /// Tables opened so far, with their layouts.
    open: Mutex<HashMap<Material, Arc<(TableFile, Layout)>>>,
    /// The most men any table holds.
    max_men: usize,
    /// Probes answered (UCI's `tbhits`).
    hits: AtomicU64,
}

/// Where a position is: its open table (none for bare Kings) and index.
type Located = (Option<Arc<(TableFile, Layout)>>, u64);

/// One legal move and what the tables say of the position it leads to.
#[derive(Clone, Debug)]
pub struct MoveProbe {
    /// The move.
    pub mv: Move,
    /// The entry after it, for the opponent (lichess lists moves so).
    pub after: Entry,
    /// It is a capture or a Pawn move.
    pub zeroing: bool,
    /// It mates.
    pub checkmate: bool,
    /// It stalemates.
    pub stalemate: bool,
}

impl std::fmt::Debug for Tablebases {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Tablebases({} tables, up to {} men)",
            self.files.len(),
            self.max_men
        )
    }
}

impl Tablebases {
    /// The tables in `dir` (files named like `KRvKC.htb`).
    pub fn open(dir: &Path) -> Result<Tablebases, StoreError> {
        let entries = std::fs::read_dir(dir).map_err(|e| StoreError::Io(dir.to_path_buf(), e))?;
        let mut files = HashMap::new();
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().and_then(|e| e.to_str()) != Some(EXTENSION) {
                continue;
            }
            let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
            if let Ok(m) = Material::parse(stem) {
                files.insert(m.canonical().0, path);
            }
        }
        let max_men = files.keys().map(Material::men).max().unwrap_or(0);
        Ok(Tablebases {
            files,
            open: Mutex::new(HashMap::new()),
            max_men,
            hits: AtomicU64::new(0),
        })
    }

    /// No tables yet: `add_bytes` brings them (a browser fetches them).
    pub fn empty() -> Tablebases {
        Tablebases {
            files: HashMap::new(),
            open: Mutex::new(HashMap::new()),
            max_men: 0,
            hits: AtomicU64::new(0),
        }
    }

    /// Add a table from its file's bytes; its men.
    pub fn add_bytes(&mut self, bytes: Vec<u8>, label: &str) -> Result<Material, StoreError> {
        let file = TableFile::from_bytes(bytes, label)?;
        let m = file.material.clone();
        self.max_men = self.max_men.max(m.men());
        let layout = Layout::new(&m);
        self.open
            .lock()
            .expect("tables lock")
            .insert(m.clone(), Arc::new((file, layout)));
        Ok(m)
    }

    /// The tables a report of `pos` needs (its own and those its moves
    /// lead to) that are not here.
    pub fn missing_for(&self, pos: &Position) -> Vec<Material> {
        let own = Material::of(pos).canonical().0;
        if own.bare_kings() {
            return Vec::new();
        }
        let open = self.open.lock().expect("tables lock");
        let mut out: Vec<Material> = std::iter::once(own.clone())
            .chain(own.successors())
            .filter(|m| !open.contains_key(m) && !self.files.contains_key(m))
            .collect();
        out.dedup();
        out
    }

    /// The most men a table here holds (0 without tables).
    pub fn max_men(&self) -> usize {
        self.max_men
    }

    /// How many tables there are (in the folder, and added).
    pub fn count(&self) -> usize {
        let open = self.open.lock().expect("tables lock");
        self.files.len() + open.keys().filter(|m| !self.files.contains_key(*m)).count()
    }

    /// Probes answered since the folder was opened.
    pub fn hits(&self) -> u64 {
        self.hits.load(Ordering::Relaxed)
    }

    /// The entry of a position with a fresh 50-move count, if the tables
    /// hold it: no castling rights, and its men's table is here (bare Kings
    /// are a draw). A file that cannot be read is an error.
    pub fn probe(&self, pos: &Position) -> Result<Option<Entry>, StoreError> {
        let Some((table, idx)) = self.locate(pos)? else {
            return Ok(None);
        };
        let entry = match table {
            None => Some(Entry::DRAW),
            Some(t) => t.0.entry(idx)?,
        };
        self.hits.fetch_add(1, Ordering::Relaxed);
        Ok(entry)
    }

    /// The WDL alone (one block read), for the search; `None` when the
    /// tables do not hold the position or a file fails.
    pub fn probe_wdl(&self, pos: &Position) -> Option<Wdl> {
        let (table, idx) = self.locate(pos).ok()??;
        let wdl = match table {
            None => Some(Wdl::Draw),
            Some(t) => t.0.wdl(idx).ok()?,
        };
        self.hits.fetch_add(1, Ordering::Relaxed);
        wdl
    }

    /// The table and index of a position (`None` table: bare Kings);
    /// `None` if the tables do not hold it.
    fn locate(&self, pos: &Position) -> Result<Option<Located>, StoreError> {
        if pos.castling_rights() != 0 {
            return Ok(None);
        }
        let material = Material::from_counts(&counts_of(pos));
        if material.bare_kings() {
            return Ok(Some((None, 0)));
        }
        if material.men() > self.max_men {
            return Ok(None);
        }
        let (stored, flip) = material.canonical();
        let Some(table) = self.table(&stored)? else {
            return Ok(None);
        };
        let idx = table.1.index_of(pos, flip);
        Ok(Some((Some(table), idx)))
    }

    /// The opened table of these men, opening it the first time.
    fn table(&self, m: &Material) -> Result<Option<Arc<(TableFile, Layout)>>, StoreError> {
        let mut open = self.open.lock().expect("tables lock");
        if let Some(t) = open.get(m) {
            return Ok(Some(t.clone()));
        }
        let Some(path) = self.files.get(m) else {
            return Ok(None);
        };
        let file = TableFile::open(path)?;
        let t = Arc::new((file, Layout::new(m)));
        open.insert(m.clone(), t.clone());
        Ok(Some(t))
    }

    /// Every legal move with the entry it leads to, best first for the
    /// side to move; `None` if the tables do not hold every child.
    pub fn probe_moves(&self, pos: &Position) -> Result<Option<Vec<MoveProbe>>, StoreError> {
        let mut out = Vec::new();
        let mut child = pos.clone();
        for mv in pos.legal_moves() {
            let zeroing = pos.resets_fifty(mv);
            child.make_move(mv);
            let after = self.probe(&child)?;
            let replies = child.legal_moves().is_empty();
            let (checkmate, stalemate) =
                (replies && child.in_check(), replies && !child.in_check());
            child.unmake_move();
            let Some(after) = after else {
                return Ok(None);
            };
            out.push(MoveProbe {
                mv,
                after,
                zeroing,
                checkmate,
                stalemate,
            });
        }
        out.sort_by_key(rank);
        Ok(Some(out))
    }
}

/// A move's place in the list, smallest best: the opponent's result first
/// (their loss is best); among wins the quickest to a capture, Pawn move or
/// mate, then to mate; among losses the slowest.
fn rank(m: &MoveProbe) -> (i8, i32, i32) {
    let reset = if m.zeroing { 0 } else { m.after.dtz as i32 + 1 };
    let dtm = m.after.dtm as i32;
    let w = m.after.wdl;
    if w.is_loss() {
        (w.signum2(), if m.checkmate { -1 } else { reset }, dtm)
    } else if w.is_win() {
        (w.signum2(), -reset, -dtm)
    } else {
        (0, 0, 0)
    }
}
