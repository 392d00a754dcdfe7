//! `import humpty`: the exact rules of Humpty Dumpty Chess and its engine
//! for Python. pyffish's stateless functions (`functions`), a
//! python-chess-like `Board` (`board`) and an in-process `Engine`
//! (`engine`), all on the crates humpty-rules, humpty-compat and
//! humpty-engine. Bad input raises `ValueError` or `TypeError`; a panic
//! becomes PyO3's `PanicException`, never a crash of the interpreter.

mod board;
mod engine;
mod functions;

use pyo3::prelude::*;

/// pyffish's exception, under pyffish's own (lower-case) name.
mod exception {
    #![allow(non_camel_case_types)]
    use pyo3::exceptions::PyValueError;
    pyo3::create_exception!(
        humpty,
        error,
        PyValueError,
        "pyffish's `error`: what humpty raises for bad input (a ValueError too)."
    );
}
use exception::error;

/// A Rust error as the exception Python code expects: `humpty.error`,
/// which is pyffish's name for it and a `ValueError`.
pub(crate) fn value_error(e: impl std::fmt::Display) -> PyErr {
    error::new_err(e.to_string())
}

#[pymodule]
#[pyo3(name = "humpty")]
fn humpty_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("error", m.py().get_type::<error>())?;
    functions::register(m)?;
    board::register(m)?;
    engine::register(m)?;
    Ok(())
}
