//! pyffish's functions with pyffish's signatures: each takes the variant,
//! a FEN and a list of wire moves and replays them (humpty-compat), so code
//! written for pyffish runs with `import humpty as sf`.

use crate::value_error;
use humpty_compat::{self as compat, Notation};
use humpty_rules::Position;
use pyo3::prelude::*;

/// The position after `moves` from `fen`, for the variant named.
pub(crate) fn position(
    variant: &str,
    fen: &str,
    moves: &[String],
    chess960: bool,
) -> PyResult<Position> {
    compat::check_variant(variant).map_err(value_error)?;
    if chess960 {
        return Err(value_error(
            "humpty has no Chess960 form: chess960 must be False",
        ));
    }
    compat::replay(fen, moves).map_err(value_error)
}

/// The FEN pyffish gives for the empty board: no men, White to move.
const EMPTY_FEN: &str = "12/12/12/12/12/12/12/12 w - - 0 1";

/// The position `fen` and `moves` set up, or `None` for pyffish's empty
/// board: pyffish reads a blank FEN as a board with no men (so no moves);
/// a move on it is refused, where pyffish raises a SystemError.
fn setup(variant: &str, fen: &str, moves: &[String], chess960: bool) -> PyResult<Option<Position>> {
    if !fen.trim().is_empty() {
        return position(variant, fen, moves, chess960).map(Some);
    }
    position(variant, Position::START_FEN, &[], chess960)?;
    match moves.first() {
        None => Ok(None),
        Some(m) => Err(value_error(format!(
            "move 1 ({m}) cannot be played: the FEN \"\" is pyffish's empty board, with no men on it"
        ))),
    }
}

/// The position in which `mv` is to be read: on the empty board no move
/// is legal, which is said as for an illegal move.
fn position_for_move(
    variant: &str,
    fen: &str,
    moves: &[String],
    mv: &str,
    chess960: bool,
) -> PyResult<Position> {
    match setup(variant, fen, moves, chess960)? {
        Some(pos) => Ok(pos),
        None => Err(value_error(format!(
            "{mv} is not a legal move: the FEN \"\" is pyffish's empty board, with no men on it"
        ))),
    }
}

#[pyfunction]
fn version() -> (u32, u32, u32) {
    let v = |s: &str| s.parse().unwrap_or(0);
    (
        v(env!("CARGO_PKG_VERSION_MAJOR")),
        v(env!("CARGO_PKG_VERSION_MINOR")),
        v(env!("CARGO_PKG_VERSION_PATCH")),
    )
}

#[pyfunction]
fn info() -> String {
    format!(
        "humpty {} by the humpty developers: the exact rules of Humpty Dumpty Chess",
        env!("CARGO_PKG_VERSION")
    )
}

#[pyfunction]
fn variants() -> Vec<&'static str> {
    compat::variants()
}

#[pyfunction]
#[pyo3(signature = (name, value))]
fn set_option(name: &str, value: &Bound<'_, PyAny>) {
    // Accepted for pyffish's sake: these rules have no options.
    let _ = (name, value);
}

#[pyfunction]
fn load_variant_config(config: &str) {
    // Accepted for pyffish's sake: the one variant is built in.
    let _ = config;
}

#[pyfunction]
fn start_fen(variant: &str) -> PyResult<String> {
    compat::check_variant(variant).map_err(value_error)?;
    Ok(Position::START_FEN.to_string())
}

#[pyfunction]
fn two_boards(variant: &str) -> PyResult<bool> {
    compat::check_variant(variant).map_err(value_error)?;
    Ok(false)
}

#[pyfunction]
fn captures_to_hand(variant: &str) -> PyResult<bool> {
    compat::check_variant(variant).map_err(value_error)?;
    Ok(false)
}

#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn legal_moves(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
) -> PyResult<Vec<String>> {
    Ok(match setup(variant, fen, &moves, chess960)? {
        None => Vec::new(),
        Some(pos) => pos.legal_moves().iter().map(|m| m.to_string()).collect(),
    })
}

#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false, sfen = false, show_promoted = false, count_started = 0))]
fn get_fen(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
    sfen: bool,
    show_promoted: bool,
    count_started: i64,
) -> PyResult<String> {
    if sfen {
        return Err(value_error(
            "sfen: shogi's FEN has no form for this game's men; ask with sfen=False",
        ));
    }
    // No man shows a promotion and no count is kept: the FEN is the same.
    let _ = (show_promoted, count_started);
    Ok(match setup(variant, fen, &moves, chess960)? {
        None => EMPTY_FEN.to_string(),
        Some(pos) => pos.to_fen(),
    })
}

/// The FEN as the side to move sees it in Fog of War (pyffish's
/// `get_fog_fen`): unseen squares are `*`.
#[pyfunction]
#[pyo3(signature = (fen, variant, chess960 = false))]
fn get_fog_fen(fen: &str, variant: &str, chess960: bool) -> PyResult<String> {
    Ok(match setup(variant, fen, &[], chess960)? {
        // Nothing is seen on a board with no men.
        None => format!("{} w - - 0 1", vec!["*".repeat(12); 8].join("/")),
        Some(pos) => compat::fog_fen(&pos),
    })
}

/// pyffish's `piece_to_partner`: the letter of the man the last move
/// captured (what a bughouse partner would receive), `""` after a move that
/// captured nothing.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn piece_to_partner(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
) -> PyResult<String> {
    let Some(after) = setup(variant, fen, &moves, chess960)? else {
        return Ok(String::new());
    };
    let Some((_, earlier)) = moves.split_last() else {
        return Ok(String::new());
    };
    let before = position(variant, fen, earlier, chess960)?;
    Ok(compat::captured_man(&before, &after)
        .map(String::from)
        .unwrap_or_default())
}

#[pyfunction]
#[pyo3(signature = (variant, fen, r#move, chess960 = false, notation = 0))]
fn get_san(
    variant: &str,
    fen: &str,
    r#move: &str,
    chess960: bool,
    notation: i64,
) -> PyResult<String> {
    let notation = Notation::from_pyffish_code(notation).map_err(value_error)?;
    let pos = position_for_move(variant, fen, &[], r#move, chess960)?;
    let m = compat::legal_move(&pos, r#move).map_err(value_error)?;
    Ok(notation.write(&pos, m))
}

#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false, notation = 0))]
fn get_san_moves(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
    notation: i64,
) -> PyResult<Vec<String>> {
    let notation = Notation::from_pyffish_code(notation).map_err(value_error)?;
    // The moves are read once, below; on the empty board `setup` refuses them.
    let Some(mut pos) = setup(variant, fen, &[], chess960)? else {
        setup(variant, fen, &moves, chess960)?;
        return Ok(Vec::new());
    };
    let mut out = Vec::with_capacity(moves.len());
    for (index, text) in moves.iter().enumerate() {
        let m = pos
            .parse_move(text)
            .map_err(|error| value_error(compat::CompatError::Move { index, error }))?;
        out.push(notation.write(&pos, m));
        pos.make_move(m);
    }
    Ok(out)
}

#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn gives_check(variant: &str, fen: &str, moves: Vec<String>, chess960: bool) -> PyResult<bool> {
    Ok(match setup(variant, fen, &moves, chess960)? {
        None => false,
        Some(pos) => pos.in_check(),
    })
}

#[pyfunction]
#[pyo3(signature = (variant, fen, moves, r#move, chess960 = false))]
fn is_capture(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    r#move: &str,
    chess960: bool,
) -> PyResult<bool> {
    let pos = position_for_move(variant, fen, &moves, r#move, chess960)?;
    let m = compat::legal_move(&pos, r#move).map_err(value_error)?;
    Ok(pos.is_capture(m))
}

#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn game_result(variant: &str, fen: &str, moves: Vec<String>, chess960: bool) -> PyResult<i32> {
    // pyffish's value for a game not over, with no King in check.
    Ok(match setup(variant, fen, &moves, chess960)? {
        None => 0,
        Some(pos) => compat::game_result(&pos),
    })
}

#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn is_immediate_game_end(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
) -> PyResult<(bool, i32)> {
    Ok(match setup(variant, fen, &moves, chess960)? {
        None => (false, 0),
        Some(pos) => compat::immediate_end(&pos),
    })
}

#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false, count_started = 0))]
fn is_optional_game_end(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
    count_started: i64,
) -> PyResult<(bool, i32)> {
    let _ = count_started;
    Ok(match setup(variant, fen, &moves, chess960)? {
        None => (false, 0),
        Some(pos) => compat::optional_end(&pos),
    })
}

#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn has_insufficient_material(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
) -> PyResult<(bool, bool)> {
    // With no men at all, neither side can mate.
    Ok(match setup(variant, fen, &moves, chess960)? {
        None => (true, true),
        Some(pos) => compat::has_insufficient_material(&pos),
    })
}

#[pyfunction]
#[pyo3(signature = (fen, variant = "humpty", chess960 = false))]
fn validate_fen(fen: &str, variant: &str, chess960: bool) -> PyResult<i32> {
    compat::check_variant(variant).map_err(value_error)?;
    let _ = chess960;
    Ok(compat::fen_code(fen))
}

/// The functions and pyffish's constants.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(version, m)?)?;
    m.add_function(wrap_pyfunction!(info, m)?)?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(set_option, m)?)?;
    m.add_function(wrap_pyfunction!(load_variant_config, m)?)?;
    m.add_function(wrap_pyfunction!(start_fen, m)?)?;
    m.add_function(wrap_pyfunction!(two_boards, m)?)?;
    m.add_function(wrap_pyfunction!(captures_to_hand, m)?)?;
    m.add_function(wrap_pyfunction!(legal_moves, m)?)?;
    m.add_function(wrap_pyfunction!(get_fen, m)?)?;
    m.add_function(wrap_pyfunction!(get_san, m)?)?;
    m.add_function(wrap_pyfunction!(get_san_moves, m)?)?;
    m.add_function(wrap_pyfunction!(gives_check, m)?)?;
    m.add_function(wrap_pyfunction!(is_capture, m)?)?;
    m.add_function(wrap_pyfunction!(game_result, m)?)?;
    m.add_function(wrap_pyfunction!(get_fog_fen, m)?)?;
    m.add_function(wrap_pyfunction!(piece_to_partner, m)?)?;
    m.add_function(wrap_pyfunction!(is_immediate_game_end, m)?)?;
    m.add_function(wrap_pyfunction!(is_optional_game_end, m)?)?;
    m.add_function(wrap_pyfunction!(has_insufficient_material, m)?)?;
    m.add_function(wrap_pyfunction!(validate_fen, m)?)?;
    m.add("VALUE_MATE", compat::VALUE_MATE)?;
    m.add("VALUE_DRAW", compat::VALUE_DRAW)?;
    m.add("FEN_OK", compat::FenCode::Ok as i32)?;
    m.add("NOTATION_DEFAULT", 0)?;
    m.add("NOTATION_SAN", 1)?;
    m.add("NOTATION_LAN", 2)?;
    // The other games' notations, by pyffish's codes: a move asked in one
    // of them raises `error` naming the three this game is written in.
    for (name, code) in [
        ("NOTATION_SHOGI_HOSKING", 3),
        ("NOTATION_SHOGI_HODGES", 4),
        ("NOTATION_SHOGI_HODGES_NUMBER", 5),
        ("NOTATION_JANGGI", 6),
        ("NOTATION_XIANGQI_WXF", 7),
        ("NOTATION_THAI_SAN", 8),
        ("NOTATION_THAI_LAN", 9),
    ] {
        m.add(name, code)?;
    }
    m.add("FEN_INVALID_PROMOTED_PIECE", -12)?;
    Ok(())
}
