//! `humpty train`: a network from self-play data files (docs/nnue.md).

use super::io::path_parser;
use super::io::{check_writable, out, say};
use clap::{value_parser, Args};
use humpty::eval::nnue::{Network, SCALE};
use humpty::train::{self, data, net, Config};
use std::path::Path;

/// `humpty train`'s arguments.
#[derive(Args, Debug)]
pub struct TrainArgs {
    /// Data files from `humpty datagen`
    #[arg(required = true, value_name = "DATA", value_parser = path_parser())]
    data: Vec<String>,
    /// The net file, written after every epoch
    #[arg(long, value_name = "FILE", value_parser = path_parser())]
    out: String,
    /// Passes over the training positions
    #[arg(long, default_value_t = 30, value_parser = value_parser!(u32).range(1..=10_000))]
    epochs: u32,
    /// Positions per step
    #[arg(long, default_value_t = 16384, value_parser = value_parser!(u32).range(1..=1_000_000))]
    batch: u32,
    /// Adam's step size (a tenth from 70% of the epochs, a hundredth from 90%)
    #[arg(long, default_value_t = 0.001)]
    lr: f32,
    /// Weight of the search score in the target; the game result gets the rest
    #[arg(long, default_value_t = 0.75)]
    lambda: f32,
    /// Random seed
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads
    #[arg(long, default_value_t = 2, value_parser = value_parser!(u32).range(1..=8))]
    threads: u32,
    /// Also train on each position with its files mirrored (a <-> l): twice the positions
    #[arg(long)]
    mirror: bool,
    /// Start from this net (e.g. the committed one) instead of random weights
    #[arg(long, value_name = "NET", value_parser = path_parser())]
    init: Option<String>,
}

/// `humpty train`.
pub fn train(a: &TrainArgs) -> Result<(), String> {
    let (lambda, lr) = (a.lambda, a.lr);
    if !(0.0..=1.0).contains(&lambda) {
        return Err(format!("--lambda {lambda}: expected 0..1"));
    }
    if !(lr > 0.0 && lr < 1.0) {
        return Err(format!(
            "--lr {lr}: expected a small positive step such as 0.001"
        ));
    }
    let cfg = Config {
        epochs: a.epochs as usize,
        batch: a.batch as usize,
        lr,
        blend: data::Blend {
            lambda,
            scale: SCALE as f32,
        },
        seed: a.seed,
        threads: a.threads as usize,
    };
    let paths: Vec<&String> = a.data.iter().collect();
    let outfile = &a.out;
    // Before minutes of loading and training, not after.
    check_writable(outfile)?;
    let loaded = data::load(&paths, cfg.blend, a.mirror).map_err(|e| e.to_string())?;
    loaded.damage.iter().for_each(say);
    let (train_set, valid) = (&loaded.train, &loaded.valid);
    if train_set.is_empty() {
        return Err("no training positions in the data files".into());
    }
    // The net kept is chosen by its validation loss: with no held-out
    // games there is nothing to choose by.
    if valid.is_empty() {
        return Err(format!(
            "the data are too small to validate: every {}th game is held out, so at least {} games are needed",
            data::VALIDATION_EVERY,
            data::VALIDATION_EVERY
        ));
    }
    say(format!(
        "{} training positions, {} validation positions (every {}th game)",
        train_set.len(),
        valid.len(),
        data::VALIDATION_EVERY
    ));
    let start = match &a.init {
        Some(path) => net::dequantize(&read_net(path)?),
        None => net::random(cfg.seed),
    };
    say(format!(
        "validation loss of the hand-made evaluation {:.6}",
        loaded.hand_made_loss
    ));
    say(format!(
        "epoch 0  valid {:.6}",
        train::loss(&start, valid, cfg.threads)
    ));
    // The net kept is the one that did best on the held-out games: later
    // epochs may only learn the training games by heart.
    let mut best: Option<(usize, f64)> = None;
    let mut failed = None;
    train::train(&cfg, start, train_set, valid, &mut |r, net| {
        let better = best.is_none_or(|(_, v)| r.valid_loss < v);
        // Only a net that reached the disk is said to be saved.
        let saved = better && failed.is_none() && {
            match save(outfile, net) {
                Ok(()) => true,
                Err(e) => {
                    failed = Some(e);
                    false
                }
            }
        };
        if saved {
            best = Some((r.epoch, r.valid_loss));
        }
        out(format!(
            "epoch {}  train {:.6}  valid {:.6}  lr {:.0e}  {:.1} s{}",
            r.epoch,
            r.train_loss,
            r.valid_loss,
            r.lr,
            r.seconds,
            match (saved, &failed) {
                (true, _) => "  saved".to_string(),
                (false, Some(e)) if better => format!("  NOT saved: {e}"),
                _ => String::new(),
            }
        ));
    });
    if let Some((epoch, loss)) = best {
        say(format!(
            "{outfile}: the net of epoch {epoch} (validation loss {loss:.6})"
        ));
    }
    failed.map_or(Ok(()), Err)
}

/// A net file, read and checked.
fn read_net(path: &str) -> Result<Network, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    Network::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))
}

/// Write the net beside its final name, then rename: a reader never sees
/// half a file.
fn save(path: &str, net: &Network) -> Result<(), String> {
    let tmp = format!("{path}.part");
    std::fs::write(&tmp, net.to_bytes()).map_err(|e| format!("{tmp}: {e}"))?;
    std::fs::rename(&tmp, Path::new(path)).map_err(|e| format!("{path}: {e}"))
}
