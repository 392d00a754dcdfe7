//! The protocol front ends: UCI (with its 12x8 wire layer) and XBoard/CECP.
//! They talk to the engine facade only.

pub mod uci;
pub mod uci_wire;
pub mod xboard;
