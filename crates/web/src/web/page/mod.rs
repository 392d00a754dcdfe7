//! The files the browser gets: the embedded board (`assets`) and the
//! static board with no server (`site`, `humpty site`).

pub(crate) mod assets;
pub mod site;
