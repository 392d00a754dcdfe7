//! The training data file of `humpty datagen` (docs/nnue.md): an 8-byte
//! header, then one block per game, each with a checksum, so that a file
//! cut off in mid-write is found and its last, partial block dropped, and
//! a damaged block in the middle is skipped: reading goes on at the next
//! block marker whose block checks out.
//!
//! ```text
//! header   "HDCDATA1"
//! block    "GAME" | game index u32 | positions u16 | result u8 | 0 u8
//!          | positions... | FNV-1a of the block so far, u32
//! position occupancy 12 bytes (bit s: square index s, a1 = 0, rank by rank)
//!          | flags u8 (bit 0: Black to move) | score i16 (side to move's)
//!          | one byte per occupied square, in index order: colour * 16 + kind
//! ```
//!
//! Integers are little-endian; a kind is its index in `PieceKind::ALL`.
//! A position takes 15 bytes plus one per man (about 55 at the start).

use crate::rules::piece::{Color, Piece, PieceKind};
use crate::rules::position::Position;
use crate::rules::square::{Square, NUM_SQUARES};

/// The file's first bytes.
pub const HEADER: &[u8; 8] = b"HDCDATA1";
const BLOCK_MAGIC: &[u8; 4] = b"GAME";

/// A game's result from White's side, as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Black won.
    BlackWin = 0,
    /// Drawn.
    Draw = 1,
    /// White won.
    WhiteWin = 2,
}

/// One position: its men, the side to move, and the search's score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    /// Every man, by square.
    pub men: Vec<(Square, Piece)>,
    /// The side to move.
    pub to_move: Color,
    /// The search score in centipawns, from the side to move's view.
    pub score: i16,
}

impl Sample {
    /// The sample of `pos` with this score.
    pub fn of(pos: &Position, score: i16) -> Sample {
        let men = Square::all()
            .filter_map(|s| pos.piece_at(s).map(|p| (s, p)))
            .collect();
        Sample {
            men,
            to_move: pos.side_to_move(),
            score,
        }
    }
}

/// One game's samples and result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameBlock {
    /// The game's index in its run (its seed follows from it).
    pub index: u32,
    /// The final result.
    pub outcome: Outcome,
    /// The positions kept.
    pub samples: Vec<Sample>,
}

/// FNV-1a, 32 bits.
fn fnv1a(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5u32, |h, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

fn kind_index(k: PieceKind) -> u8 {
    PieceKind::ALL.iter().position(|&x| x == k).unwrap_or(0) as u8
}

/// Append one block's bytes to `out`.
pub fn write_block(out: &mut Vec<u8>, block: &GameBlock) {
    let start = out.len();
    out.extend_from_slice(BLOCK_MAGIC);
    out.extend_from_slice(&block.index.to_le_bytes());
    let n = block.samples.len().min(u16::MAX as usize);
    out.extend_from_slice(&(n as u16).to_le_bytes());
    out.push(block.outcome as u8);
    out.push(0);
    for s in &block.samples[..n] {
        let mut occupancy = [0u8; NUM_SQUARES / 8];
        for (sq, _) in &s.men {
            occupancy[sq.index() / 8] |= 1 << (sq.index() % 8);
        }
        out.extend_from_slice(&occupancy);
        out.push(u8::from(s.to_move == Color::Black));
        out.extend_from_slice(&s.score.to_le_bytes());
        for (_, p) in &s.men {
            out.push(16 * p.color() as u8 + kind_index(p.kind()));
        }
    }
    let sum = fnv1a(&out[start..]);
    out.extend_from_slice(&sum.to_le_bytes());
}

/// What reading a file found.
#[derive(Debug, PartialEq, Eq)]
pub struct Read {
    /// The complete blocks, in file order.
    pub blocks: Vec<GameBlock>,
    /// Bytes up to the end of the last complete block.
    pub good_len: usize,
    /// Each damaged stretch skipped in the middle, and a cut-off or damaged
    /// end, in words (empty for a whole file).
    pub damage: Vec<String>,
}

/// What is wrong with training data bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormatError {
    /// No `HDCDATA1` header: not such a file.
    NotData,
    /// The bytes end inside a block.
    CutOff,
    /// No block marker where a block starts.
    NoMarker,
    /// A result code that is none.
    BadResult(u8),
    /// A man's code that is none.
    BadPiece(u8),
    /// A square past the board.
    BadSquare,
    /// The block's checksum does not match.
    Checksum,
}

impl std::fmt::Display for FormatError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FormatError::NotData => {
                write!(f, "not a humpty training data file (no HDCDATA1 header)")
            }
            FormatError::CutOff => write!(f, "cut off"),
            FormatError::NoMarker => write!(f, "no block marker"),
            FormatError::BadResult(x) => write!(f, "bad result {x}"),
            FormatError::BadPiece(code) => write!(f, "bad piece code {code}"),
            FormatError::BadSquare => write!(f, "bad square"),
            FormatError::Checksum => write!(f, "checksum mismatch"),
        }
    }
}

impl std::error::Error for FormatError {}

/// Read a whole file's bytes; an unknown header is an error.
pub fn read_file(bytes: &[u8]) -> Result<Read, FormatError> {
    if bytes.len() < HEADER.len() || &bytes[..HEADER.len()] != HEADER {
        return Err(FormatError::NotData);
    }
    let mut at = HEADER.len();
    let mut good_len = at;
    let mut blocks = Vec::new();
    let mut damage = Vec::new();
    while at < bytes.len() {
        match read_block(&bytes[at..]) {
            Ok((block, used)) => {
                blocks.push(block);
                at += used;
                good_len = at;
            }
            Err(e) => match next_good_block(bytes, at + 1) {
                // Good blocks follow: only this stretch is lost.
                Some(next) => {
                    damage.push(format!(
                        "at byte {at}: {e}; {} bytes skipped to the next good block",
                        next - at
                    ));
                    at = next;
                }
                None => {
                    damage.push(format!("at byte {at}: {e}"));
                    break;
                }
            },
        }
    }
    Ok(Read {
        blocks,
        good_len,
        damage,
    })
}

/// Where the first block marker at or after `from` starts a block that
/// reads and checks out, if any.
fn next_good_block(bytes: &[u8], from: usize) -> Option<usize> {
    (from..bytes.len().saturating_sub(BLOCK_MAGIC.len() - 1))
        .filter(|&i| &bytes[i..i + BLOCK_MAGIC.len()] == BLOCK_MAGIC)
        .find(|&i| read_block(&bytes[i..]).is_ok())
}

/// Bytes, with "cut off" as the error when they run out.
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Cursor<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], FormatError> {
        let end = self.at + n;
        let slice = self.bytes.get(self.at..end).ok_or(FormatError::CutOff)?;
        self.at = end;
        Ok(slice)
    }

    fn u8(&mut self) -> Result<u8, FormatError> {
        Ok(self.take(1)?[0])
    }
}

/// One block from the start of `bytes`, and its length.
fn read_block(bytes: &[u8]) -> Result<(GameBlock, usize), FormatError> {
    let mut c = Cursor { bytes, at: 0 };
    if c.take(4)? != BLOCK_MAGIC {
        return Err(FormatError::NoMarker);
    }
    let index = u32::from_le_bytes(c.take(4)?.try_into().expect("4 bytes"));
    let n = u16::from_le_bytes(c.take(2)?.try_into().expect("2 bytes"));
    let outcome = match c.u8()? {
        0 => Outcome::BlackWin,
        1 => Outcome::Draw,
        2 => Outcome::WhiteWin,
        x => return Err(FormatError::BadResult(x)),
    };
    c.take(1)?;
    let samples = (0..n)
        .map(|_| read_sample(&mut c))
        .collect::<Result<Vec<_>, _>>()?;
    let body_len = c.at;
    let sum = u32::from_le_bytes(c.take(4)?.try_into().expect("4 bytes"));
    if sum != fnv1a(&bytes[..body_len]) {
        return Err(FormatError::Checksum);
    }
    let block = GameBlock {
        index,
        outcome,
        samples,
    };
    Ok((block, c.at))
}

fn read_sample(c: &mut Cursor<'_>) -> Result<Sample, FormatError> {
    let occupancy = c.take(NUM_SQUARES / 8)?;
    let to_move = if c.u8()? & 1 == 1 {
        Color::Black
    } else {
        Color::White
    };
    let score = i16::from_le_bytes(c.take(2)?.try_into().expect("2 bytes"));
    let mut men = Vec::new();
    for i in 0..NUM_SQUARES {
        if occupancy[i / 8] & (1 << (i % 8)) == 0 {
            continue;
        }
        let code = c.u8()?;
        let color = if code >= 16 {
            Color::Black
        } else {
            Color::White
        };
        let kind = *PieceKind::ALL
            .get(usize::from(code % 16))
            .ok_or(FormatError::BadPiece(code))?;
        let sq = Square::from_index(i).ok_or(FormatError::BadSquare)?;
        men.push((sq, Piece::new(color, kind)));
    }
    Ok(Sample {
        men,
        to_move,
        score,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn block() -> GameBlock {
        let mut pos = Position::startpos();
        let mut samples = vec![Sample::of(&pos, 17)];
        let m = pos.legal_moves()[3];
        pos.make_move(m);
        samples.push(Sample::of(&pos, -250));
        GameBlock {
            index: 42,
            outcome: Outcome::Draw,
            samples,
        }
    }

    #[test]
    fn blocks_read_back_as_written() {
        let mut bytes = HEADER.to_vec();
        write_block(&mut bytes, &block());
        let mut other = block();
        other.index = 7;
        other.outcome = Outcome::WhiteWin;
        write_block(&mut bytes, &other);
        let read = read_file(&bytes).unwrap();
        assert_eq!(read.blocks, vec![block(), other]);
        assert_eq!((read.good_len, read.damage.len()), (bytes.len(), 0));
        assert_eq!(read.blocks[0].samples[0].men.len(), 48);
        assert_eq!(read.blocks[0].samples[1].to_move, Color::Black);
    }

    #[test]
    fn a_cut_or_damaged_block_is_found_and_the_good_ones_kept() {
        let mut bytes = HEADER.to_vec();
        write_block(&mut bytes, &block());
        let good = bytes.len();
        write_block(&mut bytes, &block());
        for cut in [good + 1, good + 20, bytes.len() - 1] {
            let read = read_file(&bytes[..cut]).unwrap();
            assert_eq!(
                (read.blocks.len(), read.good_len),
                (1, good),
                "cut at {cut}"
            );
            assert!(read.damage[0].contains("cut off"));
        }
        let mut flipped = bytes.clone();
        flipped[good + 30] ^= 0x40;
        let read = read_file(&flipped).unwrap();
        assert_eq!(read.blocks.len(), 1);
        assert_eq!(read.damage.len(), 1);
        assert!(read_file(b"not data").is_err());
        // A flipped byte in the middle loses that block only: the good
        // ones after it are kept, and so is the file's length.
        let mut three = bytes.clone();
        write_block(&mut three, &block());
        three[good + 30] ^= 0x40;
        let read = read_file(&three).unwrap();
        assert_eq!((read.blocks.len(), read.good_len), (2, three.len()));
        assert!(read.damage[0].contains("skipped"), "{:?}", read.damage);
    }
}
