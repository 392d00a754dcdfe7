//! The network and its file: 2304 inputs per perspective into one hidden
//! layer of `HIDDEN` (weights shared by both perspectives), squared clipped
//! ReLU, then one output from both halves, side to move's half first.
//! Integers throughout: hidden weights scaled by `QA`, output weights by
//! `QB` (docs/nnue.md, "The net file").

use super::features::{index, INPUTS};
pub use super::shape::{Row, HIDDEN, MAX_OUTPUT_WEIGHT, QA};
use super::simd;
use crate::rules::piece::{Color, Piece};
use crate::rules::square::Square;

/// Scale of the output weights (1.0 = 64).
pub const QB: i32 = 64;
/// Centipawns per unit of the output (the trainer's sigmoid scale).
pub const SCALE: i32 = 315;
/// The file's first bytes.
pub const MAGIC: &[u8; 8] = b"HDCNNUE1";
/// The file format's version.
pub const VERSION: u32 = 1;
/// Bytes of a net file: header, weights, checksum.
pub const FILE_LEN: usize = 8 + 6 * 4 + 2 * (INPUTS * HIDDEN + HIDDEN + 2 * HIDDEN) + 4 + 4;

/// A quantized network.
#[derive(Clone, PartialEq, Eq)]
pub struct Network {
    /// One row per input, added when the input is on.
    pub feature_weights: Box<[Row]>,
    /// The hidden layer's bias.
    pub feature_bias: Row,
    /// Output weights: the side to move's half, then the other side's;
    /// each within ±[`MAX_OUTPUT_WEIGHT`].
    pub output_weights: [Row; 2],
    /// The output's bias, in `QA * QB` units.
    pub output_bias: i32,
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Network({INPUTS}x{HIDDEN}x2x1)")
    }
}

/// FNV-1a, 32 bits: finds a damaged or cut file.
fn fnv1a(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5u32, |h, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

/// Why bytes are not a net this humpty reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetError {
    /// No `HDCNNUE1` header.
    NotANet,
    /// Another format version.
    Version(u32),
    /// The wrong length for this version (cut off, or another layout).
    Length(usize),
    /// Another shape: inputs, hidden, QA, QB, scale.
    Shape([u32; 5]),
    /// The stored checksum does not match.
    Checksum,
    /// An output weight beyond ±[`MAX_OUTPUT_WEIGHT`].
    OutputWeight(i16),
}

impl std::fmt::Display for NetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NetError::NotANet => write!(f, "not a humpty net file (no HDCNNUE1 header)"),
            NetError::Version(v) => {
                write!(f, "net file version {v} (this humpty reads version {VERSION})")
            }
            NetError::Length(n) => write!(
                f,
                "net file is {n} bytes, a version {VERSION} net is {FILE_LEN}: cut off or another layout"
            ),
            NetError::Shape(shape) => {
                let want =
                    [INPUTS, HIDDEN, QA as usize, QB as usize, SCALE as usize].map(|v| v as u32);
                write!(
                    f,
                    "net file shape {shape:?} (inputs, hidden, QA, QB, scale); this humpty needs {want:?}"
                )
            }
            NetError::Checksum => write!(f, "net file is damaged (checksum mismatch)"),
            NetError::OutputWeight(w) => write!(
                f,
                "net file has output weight {w}, beyond ±{MAX_OUTPUT_WEIGHT} (the trainer's clip)"
            ),
        }
    }
}

impl std::error::Error for NetError {}

impl Network {
    /// The output in centipawns, from the side to move's point of view,
    /// given its hidden row and the other side's.
    pub fn output(&self, ours: &Row, theirs: &Row) -> i32 {
        let sum = i64::from(simd::screlu_sum(ours, theirs, &self.output_weights));
        let out = sum / i64::from(QA) + i64::from(self.output_bias);
        (out * i64::from(SCALE) / i64::from(QA * QB)) as i32
    }

    /// The hidden-layer row of man `p` on `s`, from `perspective`'s side.
    #[inline]
    pub fn row(&self, perspective: Color, p: Piece, s: Square) -> &Row {
        &self.feature_weights[index(perspective, p, s)]
    }

    /// Read a net file's bytes.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        if bytes.len() < 12 || &bytes[..8] != MAGIC {
            return Err(NetError::NotANet);
        }
        let word = |i: usize| u32::from_le_bytes(bytes[8 + 4 * i..12 + 4 * i].try_into().unwrap());
        if word(0) != VERSION {
            return Err(NetError::Version(word(0)));
        }
        if bytes.len() != FILE_LEN {
            return Err(NetError::Length(bytes.len()));
        }
        let shape = [word(1), word(2), word(3), word(4), word(5)];
        let want = [INPUTS, HIDDEN, QA as usize, QB as usize, SCALE as usize].map(|v| v as u32);
        if shape != want {
            return Err(NetError::Shape(shape));
        }
        let body = &bytes[..FILE_LEN - 4];
        let stored = u32::from_le_bytes(bytes[FILE_LEN - 4..].try_into().unwrap());
        if fnv1a(body) != stored {
            return Err(NetError::Checksum);
        }
        let net = Network::read_weights(&bytes[32..]);
        let beyond = net.output_weights.iter().flatten();
        match beyond
            .copied()
            .find(|w| w.unsigned_abs() > MAX_OUTPUT_WEIGHT as u16)
        {
            Some(w) => Err(NetError::OutputWeight(w)),
            None => Ok(net),
        }
    }

    /// The weights after the header (lengths already checked).
    fn read_weights(bytes: &[u8]) -> Network {
        let mut values = bytes
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]));
        let mut row = || {
            let mut r = [0i16; HIDDEN];
            r.iter_mut().for_each(|v| *v = values.next().unwrap_or(0));
            r
        };
        let feature_weights: Box<[Row]> = (0..INPUTS).map(|_| row()).collect();
        let feature_bias = row();
        let output_weights = [row(), row()];
        let at = 2 * (INPUTS + 3) * HIDDEN;
        let output_bias = i32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
        Network {
            feature_weights,
            feature_bias,
            output_weights,
            output_bias,
        }
    }

    /// The net file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(FILE_LEN);
        out.extend_from_slice(MAGIC);
        let shape = [VERSION, INPUTS as u32, HIDDEN as u32];
        let scales = [QA as u32, QB as u32, SCALE as u32];
        for w in shape.into_iter().chain(scales) {
            out.extend_from_slice(&w.to_le_bytes());
        }
        let rows = self.feature_weights.iter().chain([&self.feature_bias]);
        for row in rows.chain(&self.output_weights) {
            row.iter()
                .for_each(|v| out.extend_from_slice(&v.to_le_bytes()));
        }
        out.extend_from_slice(&self.output_bias.to_le_bytes());
        out.extend_from_slice(&fnv1a(&out).to_le_bytes());
        out
    }
}
