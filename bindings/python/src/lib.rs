//! `import humpty`: the exact rules of Humpty Dumpty Chess and its engine
//! for Python. pyffish's stateless functions (`functions`), a
//! python-chess-like `Board` (`board`) and an in-process `Engine`
//! (`engine`), all on the crates humpty-rules, humpty-compat and
//! humpty-engine. Bad input raises `ValueError` or `TypeError`; a panic
//! becomes PyO3's `PanicException`, never a crash of the interpreter.

mod board;
mod engine;
mod functions;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// A Rust error as the `ValueError` Python code expects.
pub(crate) fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

#[pymodule]
#[pyo3(name = "humpty")]
fn humpty_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    functions::register(m)?;
    board::register(m)?;
    engine::register(m)?;
    Ok(())
}
