//! Tables on disk: a small header, then three planes (WDL bytes, DTZ and
//! DTM as 16-bit numbers), each cut into blocks of positions compressed
//! with deflate, so a probe reads and unpacks one block.
//!
//! Layout (little-endian): `HUMPTYTB`, format version (u32), the table's
//! name (u8 length, bytes), positions (u64), positions per block (u32), the
//! census (six u64: losses, blessed losses, draws, cursed wins, wins,
//! broken), then per plane the file offsets of its blocks and of its end
//! ((blocks + 1) u64), then the blocks. A 16-bit plane's block stores the
//! low bytes, then the high bytes (they compress better apart). A table is
//! written to `NAME.htb.part` and renamed when whole, so a stopped
//! generator leaves no half table behind.

use std::fmt;
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use miniz_oxide::deflate::compress_to_vec;
use miniz_oxide::inflate::decompress_to_vec_with_limit;

use crate::cache::BlockCache;
use crate::material::Material;
use crate::table::Table;
use crate::value::{Entry, Wdl};

/// The file's first bytes.
const MAGIC: &[u8; 8] = b"HUMPTYTB";
/// The format version this code writes and reads.
const VERSION: u32 = 1;
/// Positions per block: a probe unpacks at most 16 KiB (WDL) or 32 KiB.
pub const BLOCK: u64 = 1 << 14;
/// A table file's extension.
pub const EXTENSION: &str = "htb";
/// How many unpacked blocks a table keeps for the next probes (at most
/// 8 MiB of WDL blocks, 16 MiB with DTZ and DTM).
const CACHED_BLOCKS: usize = 512;

/// Why a table could not be read or written.
#[derive(Debug)]
pub enum StoreError {
    /// The file system refused.
    Io(PathBuf, io::Error),
    /// The file is not a table this code can read.
    Format(PathBuf, &'static str),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Io(p, e) => write!(f, "{}: {e}", p.display()),
            StoreError::Format(p, why) => write!(f, "{}: not a humpty table ({why})", p.display()),
        }
    }
}

impl std::error::Error for StoreError {}

/// The file name of a table.
pub fn file_name(material: &Material) -> String {
    format!("{material}.{EXTENSION}")
}

/// Write a table into `dir` (through a `.part` file renamed when whole);
/// returns the file's size in bytes.
pub fn write(table: &Table, dir: &Path) -> Result<u64, StoreError> {
    let path = dir.join(file_name(&table.material));
    let part = path.with_extension(format!("{EXTENSION}.part"));
    let io = |e| StoreError::Io(part.clone(), e);
    let size = table.layout.size;
    let blocks = size.div_ceil(BLOCK) as usize;
    let mut header = Vec::new();
    header.extend_from_slice(MAGIC);
    header.extend_from_slice(&VERSION.to_le_bytes());
    let name = table.material.to_string();
    header.push(name.len() as u8);
    header.extend_from_slice(name.as_bytes());
    header.extend_from_slice(&size.to_le_bytes());
    header.extend_from_slice(&(BLOCK as u32).to_le_bytes());
    for n in table.census() {
        header.extend_from_slice(&n.to_le_bytes());
    }
    let offsets_at = header.len();
    header.resize(offsets_at + 3 * (blocks + 1) * 8, 0);
    let mut file = File::create(&part).map_err(io)?;
    file.write_all(&header).map_err(io)?;
    let mut at = header.len() as u64;
    let mut offsets = Vec::with_capacity(3 * (blocks + 1));
    for plane in 0..3 {
        for b in 0..blocks {
            let range = b * BLOCK as usize..((b + 1) * BLOCK as usize).min(size as usize);
            let raw = match plane {
                0 => table.wdl[range].to_vec(),
                1 => split(&table.dtz[range]),
                _ => split(&table.dtm[range]),
            };
            let packed = compress_to_vec(&raw, 6);
            offsets.push(at);
            file.write_all(&packed).map_err(io)?;
            at += packed.len() as u64;
        }
        offsets.push(at);
    }
    file.seek(SeekFrom::Start(offsets_at as u64)).map_err(io)?;
    let bytes: Vec<u8> = offsets.iter().flat_map(|o| o.to_le_bytes()).collect();
    file.write_all(&bytes).map_err(io)?;
    file.sync_all().map_err(io)?;
    drop(file);
    std::fs::rename(&part, &path).map_err(|e| StoreError::Io(path.clone(), e))?;
    Ok(at)
}

/// Low bytes, then high bytes.
fn split(values: &[u16]) -> Vec<u8> {
    let mut out: Vec<u8> = values.iter().map(|v| *v as u8).collect();
    out.extend(values.iter().map(|v| (*v >> 8) as u8));
    out
}

/// A table file opened for probing: blocks are read as needed.
pub struct TableFile {
    /// Its men.
    pub material: Material,
    /// Positions in it.
    pub size: u64,
    /// Positions per value, as `Table::census`.
    pub census: [u64; 6],
    path: PathBuf,
    block: u64,
    /// Per plane, the offsets of its blocks and its end.
    offsets: [Vec<u64>; 3],
    source: Source,
    /// Recently unpacked blocks: (plane, block) and the bytes.
    cache: Mutex<BlockCache>,
}

/// Where a table's bytes are: a file read as probes need them, or bytes in
/// memory (a browser fetched them).
enum Source {
    File(Mutex<File>),
    Bytes(Vec<u8>),
}

impl Source {
    /// `len` bytes from `start`.
    fn read_at(&self, start: u64, len: usize) -> io::Result<Vec<u8>> {
        match self {
            Source::File(file) => {
                let mut out = vec![0u8; len];
                let mut file = file.lock().expect("file lock");
                file.seek(SeekFrom::Start(start))?;
                file.read_exact(&mut out)?;
                Ok(out)
            }
            Source::Bytes(bytes) => usize::try_from(start)
                .ok()
                .and_then(|s| bytes.get(s..s.checked_add(len)?))
                .map(<[u8]>::to_vec)
                .ok_or_else(|| io::Error::from(io::ErrorKind::UnexpectedEof)),
        }
    }
}

impl TableFile {
    /// Open a table file and read its header.
    pub fn open(path: &Path) -> Result<TableFile, StoreError> {
        let io = |e| StoreError::Io(path.to_path_buf(), e);
        let mut file = File::open(path).map_err(io)?;
        let length = file.metadata().map_err(io)?.len();
        let header = read_header(&mut file, length, path)?;
        Ok(header.into_table(path, Source::File(Mutex::new(file))))
    }

    /// A table from its file's bytes (`label` names it in messages).
    pub fn from_bytes(bytes: Vec<u8>, label: &str) -> Result<TableFile, StoreError> {
        let path = Path::new(label);
        let header = read_header(&mut io::Cursor::new(&bytes), bytes.len() as u64, path)?;
        Ok(header.into_table(path, Source::Bytes(bytes)))
    }

    /// The entry at an index; `Ok(None)` for a position that cannot occur.
    pub fn entry(&self, idx: u64) -> Result<Option<Entry>, StoreError> {
        let Some(wdl) = self.wdl(idx)? else {
            return Ok(None);
        };
        let dtz = self.value16(1, idx)?;
        let dtm = self.value16(2, idx)?;
        Ok(Some(Entry { wdl, dtz, dtm }))
    }

    /// The WDL at an index alone (one block read).
    pub fn wdl(&self, idx: u64) -> Result<Option<Wdl>, StoreError> {
        let block = self.block_of(0, idx)?;
        Ok(Wdl::ALL
            .get(block[(idx % self.block) as usize] as usize)
            .copied())
    }

    fn value16(&self, plane: usize, idx: u64) -> Result<u16, StoreError> {
        let block = self.block_of(plane, idx)?;
        let n = block.len() / 2;
        let i = (idx % self.block) as usize;
        Ok(u16::from(block[i]) | u16::from(block[n + i]) << 8)
    }

    /// The unpacked block of a plane holding `idx`.
    fn block_of(&self, plane: usize, idx: u64) -> Result<Arc<Vec<u8>>, StoreError> {
        if idx >= self.size {
            return Err(StoreError::Format(
                self.path.clone(),
                "index past the table",
            ));
        }
        let b = idx / self.block;
        let key = (plane, b);
        if let Some(bytes) = self.cache.lock().expect("cache lock").get(key) {
            return Ok(bytes);
        }
        let bytes = Arc::new(self.read_block(plane, b)?);
        self.cache
            .lock()
            .expect("cache lock")
            .put(key, bytes.clone());
        Ok(bytes)
    }

    /// Read and unpack one block.
    fn read_block(&self, plane: usize, b: u64) -> Result<Vec<u8>, StoreError> {
        let io = |e| StoreError::Io(self.path.clone(), e);
        let (start, end) = (
            self.offsets[plane][b as usize],
            self.offsets[plane][b as usize + 1],
        );
        let packed = self
            .source
            .read_at(start, (end - start) as usize)
            .map_err(io)?;
        let positions = (self.size - b * self.block).min(self.block) as usize;
        let want = if plane == 0 { positions } else { 2 * positions };
        let bytes = decompress_to_vec_with_limit(&packed, want)
            .map_err(|_| StoreError::Format(self.path.clone(), "a block does not unpack"))?;
        if bytes.len() != want {
            return Err(StoreError::Format(
                self.path.clone(),
                "a block has the wrong length",
            ));
        }
        Ok(bytes)
    }

    /// Unpack the whole table into memory.
    pub fn load(&self) -> Result<Table, StoreError> {
        let mut table = Table::empty(&self.material);
        let blocks = self.size.div_ceil(self.block);
        for b in 0..blocks {
            let from = (b * self.block) as usize;
            let wdl = self.read_block(0, b)?;
            table.wdl[from..from + wdl.len()].copy_from_slice(&wdl);
            for (plane, out) in [(1, &mut table.dtz), (2, &mut table.dtm)] {
                let bytes = self.read_block(plane, b)?;
                let n = bytes.len() / 2;
                for i in 0..n {
                    out[from + i] = u16::from(bytes[i]) | u16::from(bytes[n + i]) << 8;
                }
            }
        }
        Ok(table)
    }
}

/// What a table file's header says.
struct Header {
    material: Material,
    size: u64,
    block: u64,
    census: [u64; 6],
    offsets: [Vec<u64>; 3],
}

impl Header {
    fn into_table(self, path: &Path, source: Source) -> TableFile {
        TableFile {
            material: self.material,
            size: self.size,
            census: self.census,
            path: path.to_path_buf(),
            block: self.block,
            offsets: self.offsets,
            source,
            cache: Mutex::new(BlockCache::new(CACHED_BLOCKS)),
        }
    }
}

/// Read and check a header from the start of a file of `length` bytes.
fn read_header(file: &mut impl Read, length: u64, path: &Path) -> Result<Header, StoreError> {
    let bad = |why| StoreError::Format(path.to_path_buf(), why);
    let mut head = [0u8; 13];
    file.read_exact(&mut head).map_err(|_| bad("too short"))?;
    if &head[..8] != MAGIC {
        return Err(bad("wrong magic"));
    }
    if u32::from_le_bytes(head[8..12].try_into().expect("4 bytes")) != VERSION {
        return Err(bad("another format version"));
    }
    let mut name = vec![0u8; head[12] as usize];
    file.read_exact(&mut name).map_err(|_| bad("too short"))?;
    let material = std::str::from_utf8(&name)
        .ok()
        .and_then(|n| Material::parse(n).ok())
        .ok_or(bad("bad name"))?;
    let mut fixed = [0u8; 8 + 4 + 48];
    file.read_exact(&mut fixed).map_err(|_| bad("too short"))?;
    let u64_at = |b: &[u8], i: usize| u64::from_le_bytes(b[i..i + 8].try_into().expect("8 bytes"));
    let size = u64_at(&fixed, 0);
    let block = u32::from_le_bytes(fixed[8..12].try_into().expect("4 bytes")) as u64;
    if block == 0 || size != crate::layout::Layout::new(&material).size {
        return Err(bad("size does not match the table's men"));
    }
    let census = std::array::from_fn(|i| u64_at(&fixed, 12 + 8 * i));
    let blocks = size.div_ceil(block) as usize;
    let mut raw = vec![0u8; 3 * (blocks + 1) * 8];
    file.read_exact(&mut raw).map_err(|_| bad("too short"))?;
    let all: Vec<u64> = (0..raw.len() / 8).map(|i| u64_at(&raw, 8 * i)).collect();
    if all.windows(2).any(|w| w[0] > w[1]) || all.last().is_some_and(|&end| end != length) {
        return Err(bad("block offsets out of order or past the end"));
    }
    let offsets = std::array::from_fn(|p| all[p * (blocks + 1)..(p + 1) * (blocks + 1)].to_vec());
    Ok(Header {
        material,
        size,
        block,
        census,
        offsets,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate_in_memory;

    #[test]
    fn a_table_survives_the_disk() {
        let m = Material::parse("KRvK").unwrap();
        let known = generate_in_memory(std::slice::from_ref(&m), &mut |_, _, _| {});
        let table = known.table(&m).unwrap();
        let dir = std::env::temp_dir().join(format!("humpty-tb-store-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let bytes = write(table, &dir).unwrap();
        let file = TableFile::open(&dir.join("KRvK.htb")).unwrap();
        assert_eq!(file.census, table.census());
        assert!(
            bytes < table.layout.size,
            "compressed below a byte a position: {bytes}"
        );
        for idx in (0..table.layout.size).step_by(997) {
            assert_eq!(file.entry(idx).unwrap(), table.entry(idx));
        }
        let loaded = file.load().unwrap();
        assert!(loaded.wdl == table.wdl && loaded.dtz == table.dtz && loaded.dtm == table.dtm);
        // The same bytes in memory (as a browser fetches them).
        let bytes = std::fs::read(dir.join("KRvK.htb")).unwrap();
        let memory = TableFile::from_bytes(bytes.clone(), "KRvK.htb").unwrap();
        for idx in (0..table.layout.size).step_by(1009) {
            assert_eq!(memory.entry(idx).unwrap(), table.entry(idx));
        }
        assert!(TableFile::from_bytes(bytes[..bytes.len() - 1].to_vec(), "cut").is_err());
        // A cut file is refused with a message, not a panic.
        let cut = dir.join("KRvK-cut.htb");
        let all = std::fs::read(dir.join("KRvK.htb")).unwrap();
        std::fs::write(&cut, &all[..all.len() / 2]).unwrap();
        assert!(TableFile::open(&cut).is_err());
        std::fs::write(&cut, &all[..40]).unwrap();
        assert!(TableFile::open(&cut).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
