//! The protocol front ends: UCI (with its 12x8 wire layer) and XBoard/CECP.
//! They talk to the engine facade only. Both write through `output::Output`
//! and share the engine options in `options`. A crate of its own, on the
//! engine crate alone, so the binary and the WebAssembly worker engine
//! (bindings/js) speak the same lines.

#![warn(missing_docs)]

use humpty_engine::{engine, rules};

pub mod gui;
pub mod input;
pub mod options;
pub mod output;
pub mod uci;
pub mod uci_wire;
pub mod xboard;

/// The engine's name with its version.
pub fn engine_name() -> String {
    format!("humpty {}", env!("CARGO_PKG_VERSION"))
}

/// The variant name GUIs select (`UCI_Variant`, XBoard's `variant`).
pub const VARIANT: &str = "humpty";
