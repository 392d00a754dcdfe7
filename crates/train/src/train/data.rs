//! Training positions in memory: each position's inputs as White sees
//! them (Black's view is their mirror), its side to move and its target,
//! split into training and validation sets by game.

use crate::datagen::format::{read_file, Outcome};
use crate::datagen::DataFileError;
use crate::eval::nnue::features::index;
use crate::eval::{evaluate, EvalParams};
use crate::rules::piece::Color;
use crate::rules::position::Position;
use crate::rules::square::{Square, FILES};
use std::path::Path;

/// Every `VALIDATION_EVERY`-th game (by its index) is held out.
pub const VALIDATION_EVERY: u32 = 20;

/// Positions ready for training.
#[derive(Default)]
pub struct Dataset {
    /// White-view inputs of every position, back to back.
    pub inputs: Vec<u16>,
    /// Where each position's inputs start; one more entry than positions.
    pub starts: Vec<u32>,
    /// Black to move, per position.
    pub black: Vec<bool>,
    /// The target win chance of the side to move, per position.
    pub target: Vec<f32>,
}

impl Dataset {
    /// Number of positions.
    pub fn len(&self) -> usize {
        self.target.len()
    }

    /// True when there are no positions.
    pub fn is_empty(&self) -> bool {
        self.target.is_empty()
    }

    /// The White-view inputs of position `i`.
    pub fn inputs_of(&self, i: usize) -> &[u16] {
        &self.inputs[self.starts[i] as usize..self.starts[i + 1] as usize]
    }

    fn push(&mut self, inputs: impl Iterator<Item = u16>, black: bool, target: f32) {
        if self.starts.is_empty() {
            self.starts.push(0);
        }
        self.inputs.extend(inputs);
        self.starts.push(self.inputs.len() as u32);
        self.black.push(black);
        self.target.push(target);
    }
}

/// How scores and results make a target.
#[derive(Clone, Copy, Debug)]
pub struct Blend {
    /// Weight of the search score; the game result gets the rest.
    pub lambda: f32,
    /// Centipawns per logistic unit.
    pub scale: f32,
}

/// The logistic function.
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The target of a position: its score's win chance blended with the
/// game's result, both for the side to move.
pub fn target(blend: Blend, score: i16, outcome: Outcome, to_move: Color) -> f32 {
    let white = match outcome {
        Outcome::WhiteWin => 1.0,
        Outcome::Draw => 0.5,
        Outcome::BlackWin => 0.0,
    };
    let result = if to_move == Color::White {
        white
    } else {
        1.0 - white
    };
    let chance = sigmoid(f32::from(score) / blend.scale);
    blend.lambda * chance + (1.0 - blend.lambda) * result
}

/// The square on the other wing: file a <-> l, b <-> k, and so on.
fn mirror_file(s: Square) -> Square {
    Square::new(FILES - 1 - s.file(), s.rank()).unwrap_or(s)
}

/// Whether game `index` of a run is held out for validation.
fn held_out(index: u32) -> bool {
    index % VALIDATION_EVERY == VALIDATION_EVERY - 1
}

/// What `load` makes of the data files.
#[derive(Default)]
pub struct Loaded {
    /// The positions to train on.
    pub train: Dataset,
    /// The positions of the held-out games.
    pub valid: Dataset,
    /// The hand-made evaluation's loss on the held-out positions: the
    /// mark a net has to beat.
    pub hand_made_loss: f64,
    /// Per damaged file, where its good games end.
    pub damage: Vec<String>,
}

/// Read data files into a training and a validation set. A damaged tail
/// is noted and skipped (its good blocks are used). With `mirror_files`,
/// each training position is also added with its files mirrored: every
/// rule but castling (which the data does not keep) is the same on both
/// wings, so the mirror is as true a position.
pub fn load(
    paths: &[impl AsRef<Path>],
    blend: Blend,
    mirror_files: bool,
) -> Result<Loaded, DataFileError> {
    let mut out = Loaded::default();
    let params = EvalParams::default();
    let mut hand_made = (0.0f64, 0usize);
    for path in paths {
        let path = path.as_ref();
        let name = || path.display().to_string();
        let bytes = std::fs::read(path).map_err(|e| DataFileError::Read(name(), e.to_string()))?;
        let read = read_file(&bytes).map_err(|e| DataFileError::Format(name(), e))?;
        for damage in &read.damage {
            out.damage.push(format!(
                "{}: damaged {damage}; the good games are used",
                path.display()
            ));
        }
        for block in &read.blocks {
            let held_out = held_out(block.index);
            let set = if held_out {
                &mut out.valid
            } else {
                &mut out.train
            };
            for s in &block.samples {
                let t = target(blend, s.score, block.outcome, s.to_move);
                let black = s.to_move == Color::Black;
                let inputs = |flip: bool| {
                    s.men.iter().map(move |&(sq, p)| {
                        let sq = if flip { mirror_file(sq) } else { sq };
                        index(Color::White, p, sq) as u16
                    })
                };
                set.push(inputs(false), black, t);
                if mirror_files && !held_out {
                    set.push(inputs(true), black, t);
                }
                if let (true, Ok(pos)) = (held_out, Position::from_men(&s.men, s.to_move)) {
                    let out = evaluate(&pos, &params) as f32 / blend.scale;
                    hand_made.0 += f64::from((sigmoid(out) - t).powi(2));
                    hand_made.1 += 1;
                }
            }
        }
    }
    out.hand_made_loss = hand_made.0 / hand_made.1.max(1) as f64;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn target_blends_score_and_result_for_the_side_to_move() {
        let b = Blend {
            lambda: 0.5,
            scale: 315.0,
        };
        let t = target(b, 0, Outcome::WhiteWin, Color::White);
        assert!((t - 0.75).abs() < 1e-6);
        let t = target(b, 0, Outcome::WhiteWin, Color::Black);
        assert!((t - 0.25).abs() < 1e-6);
        let pure = Blend { lambda: 1.0, ..b };
        assert!(target(pure, 315, Outcome::BlackWin, Color::White) > 0.73);
    }
}
