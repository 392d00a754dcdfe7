//! ffish's `Board` for the variant "humpty": humpty-compat's board behind
//! ffish's method names, argument conventions and return values.

use crate::args::{check_variant, notation_code, optional_text, text};
use crate::js_error;
use humpty_compat::{self as compat, Notation};
use humpty_rules::{Color, Position};
use wasm_bindgen::prelude::*;

/// A game on one board, as ffish's `Board`.
#[wasm_bindgen]
pub struct Board {
    inner: compat::Board,
}

/// ffish's notation argument (`undefined`: the default, SAN).
fn notation(code: &JsValue) -> Result<Notation, JsValue> {
    Ok(Notation::from_code(notation_code(code)?).map_err(js_error)?)
}

#[wasm_bindgen]
impl Board {
    /// `new Board(variant, fen?, is960?)`: the start position, or `fen`.
    /// `is960` is accepted and changes nothing: this game has no Chess960
    /// form, and a throwing constructor left clients with a dead board.
    #[wasm_bindgen(constructor)]
    pub fn new(variant: JsValue, fen: JsValue, is960: Option<bool>) -> Result<Board, JsValue> {
        check_variant(&variant)?;
        let fen = optional_text(&fen, "fen")?;
        let _ = is960;
        let inner = compat::Board::new(fen.as_deref().unwrap_or("")).map_err(js_error)?;
        Ok(Board { inner })
    }

    fn pos(&self) -> &Position {
        self.inner.position()
    }

    /// The legal moves as wire text, space-separated.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> String {
        let moves: Vec<String> = self
            .pos()
            .legal_moves()
            .iter()
            .map(|m| m.to_string())
            .collect();
        moves.join(" ")
    }

    /// The legal moves in SAN, space-separated.
    #[wasm_bindgen(js_name = legalMovesSan)]
    pub fn legal_moves_san(&self) -> String {
        let pos = self.pos();
        let moves: Vec<String> = pos.legal_moves().iter().map(|&m| pos.san(m)).collect();
        moves.join(" ")
    }

    /// How many legal moves there are.
    #[wasm_bindgen(js_name = numberLegalMoves)]
    pub fn number_legal_moves(&self) -> u32 {
        self.pos().legal_moves().len() as u32
    }

    /// Play a wire move; `false` (and no change) when it is not legal.
    pub fn push(&mut self, uci: JsValue) -> Result<bool, JsValue> {
        Ok(self.inner.push_wire(&text(&uci, "uci")?).is_ok())
    }

    /// Play a move in SAN; `false` (and no change) when it is not legal.
    #[wasm_bindgen(js_name = pushSan)]
    pub fn push_san(&mut self, san: JsValue, notation: Option<i32>) -> Result<bool, JsValue> {
        let _ = notation;
        Ok(self.inner.push_san(&text(&san, "san")?).is_ok())
    }

    /// Play space-separated wire moves: all of them, or none and an Error
    /// naming the first bad one.
    #[wasm_bindgen(js_name = pushMoves)]
    pub fn push_moves(&mut self, uci_moves: JsValue) -> Result<(), JsValue> {
        let moves = text(&uci_moves, "uciMoves")?;
        Ok(self.inner.push_all(&moves, false).map_err(js_error)?)
    }

    /// Play space-separated SAN moves: all of them, or none and an Error.
    #[wasm_bindgen(js_name = pushSanMoves)]
    pub fn push_san_moves(
        &mut self,
        san_moves: JsValue,
        notation: Option<i32>,
    ) -> Result<(), JsValue> {
        let _ = notation;
        let moves = text(&san_moves, "sanMoves")?;
        Ok(self.inner.push_all(&moves, true).map_err(js_error)?)
    }

    /// Take back the last move; an Error when none was played.
    pub fn pop(&mut self) -> Result<(), JsError> {
        self.inner
            .pop()
            .map(|_| ())
            .ok_or_else(|| js_error("pop from an empty move stack"))
    }

    /// Back to the start position, with no moves played.
    pub fn reset(&mut self) {
        self.inner = compat::Board::on(Position::startpos());
    }

    /// False: there is no Chess960 form.
    #[wasm_bindgen(js_name = is960)]
    pub fn is_960(&self) -> bool {
        false
    }

    /// The position's FEN (ffish's arguments have no meaning here).
    pub fn fen(&self, show_promoted: Option<bool>, count_started: Option<i32>) -> String {
        let _ = (show_promoted, count_started);
        self.pos().to_fen()
    }

    /// Set up a FEN; a bad one throws an Error and keeps the board.
    #[wasm_bindgen(js_name = setFen)]
    pub fn set_fen(&mut self, fen: JsValue) -> Result<(), JsValue> {
        self.inner = compat::Board::new(&text(&fen, "fen")?).map_err(js_error)?;
        Ok(())
    }

    /// SAN (or LAN) of a legal wire move; `""` when it is not legal.
    #[wasm_bindgen(js_name = sanMove)]
    pub fn san_move(&self, uci: JsValue, notation_code: JsValue) -> Result<String, JsValue> {
        let uci = text(&uci, "uci")?;
        let notation = notation(&notation_code)?;
        Ok(compat::legal_move(self.pos(), &uci)
            .map(|m| notation.write(self.pos(), m))
            .unwrap_or_default())
    }

    /// A line of wire moves in SAN with move numbers (`1. Nd2 Nd7 2. Nb1`);
    /// `""` when a move is not legal.
    #[wasm_bindgen(js_name = variationSan)]
    pub fn variation_san(
        &self,
        uci_moves: JsValue,
        notation_code: JsValue,
        move_numbers: Option<bool>,
    ) -> Result<String, JsValue> {
        let uci_moves = text(&uci_moves, "uciMoves")?;
        let notation = notation(&notation_code)?;
        Ok(self
            .inner
            .variation(&uci_moves, notation, move_numbers.unwrap_or(true))
            .unwrap_or_default())
    }

    /// True when White is to move.
    pub fn turn(&self) -> bool {
        self.pos().side_to_move() == Color::White
    }

    /// The FEN's move number, counted on.
    #[wasm_bindgen(js_name = fullmoveNumber)]
    pub fn fullmove_number(&self) -> u32 {
        u32::from(self.pos().fullmove_number())
    }

    /// Plies since the last capture or Pawn move.
    #[wasm_bindgen(js_name = halfmoveClock)]
    pub fn halfmove_clock(&self) -> u32 {
        u32::from(self.pos().halfmove_clock())
    }

    /// The game's ply, from the move number and the side to move.
    #[wasm_bindgen(js_name = gamePly)]
    pub fn game_ply(&self) -> u32 {
        self.inner.game_ply() as u32
    }

    /// Whether that side (true: White) has its King alone.
    #[wasm_bindgen(js_name = hasInsufficientMaterial)]
    pub fn has_insufficient_material(&self, turn: bool) -> bool {
        let (white, black) = compat::has_insufficient_material(self.pos());
        if turn {
            white
        } else {
            black
        }
    }

    /// Whether both sides have their King alone.
    #[wasm_bindgen(js_name = isInsufficientMaterial)]
    pub fn is_insufficient_material(&self) -> bool {
        compat::has_insufficient_material(self.pos()) == (true, true)
    }

    /// Mate, stalemate or bare Kings; with `claimDraw`, also a repetition
    /// or 50 moves.
    #[wasm_bindgen(js_name = isGameOver)]
    pub fn is_game_over(&self, claim_draw: Option<bool>) -> bool {
        self.inner.is_game_over(claim_draw.unwrap_or(false))
    }

    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub fn result(&self, claim_draw: Option<bool>) -> String {
        self.inner.result(claim_draw.unwrap_or(false)).to_string()
    }

    /// The square of the King in check, as ffish gives it (`""` with no
    /// check).
    #[wasm_bindgen(js_name = checkedPieces)]
    pub fn checked_pieces(&self) -> String {
        let squares: Vec<String> = self
            .inner
            .checked_kings()
            .iter()
            .map(|s| s.to_string())
            .collect();
        squares.join(" ")
    }

    /// Whether the side to move is in check.
    #[wasm_bindgen(js_name = isCheck)]
    pub fn is_check(&self) -> bool {
        self.pos().in_check()
    }

    /// False: janggi's facing Kings do not exist here.
    #[wasm_bindgen(js_name = isBikjang)]
    pub fn is_bikjang(&self) -> bool {
        false
    }

    /// Whether a legal wire move captures; false when it is not legal.
    #[wasm_bindgen(js_name = isCapture)]
    pub fn is_capture(&self, uci: JsValue) -> Result<bool, JsValue> {
        let uci = text(&uci, "uci")?;
        Ok(compat::legal_move(self.pos(), &uci).is_ok_and(|m| self.pos().is_capture(m)))
    }

    /// The moves played since the FEN, space-separated wire moves.
    #[wasm_bindgen(js_name = moveStack)]
    pub fn move_stack(&self) -> String {
        let moves: Vec<String> = self.inner.stack().iter().map(|m| m.to_string()).collect();
        moves.join(" ")
    }

    /// `""`: men in hand do not exist here.
    pub fn pocket(&self, color: bool) -> String {
        let _ = color;
        String::new()
    }

    /// The board as ffish prints it: ranks 8 to 1, `.` for an empty square.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_string_js(&self) -> String {
        self.inner.ranks(" ", false).join("\n")
    }

    /// The board with rank numbers and file letters, then the FEN.
    #[wasm_bindgen(js_name = toVerboseString)]
    pub fn to_verbose_string(&self) -> String {
        let mut out = self.inner.ranks(" ", true).join("\n");
        out.push_str("\n   a b c d e f g h i j k l\n\nFen: ");
        out.push_str(&self.pos().to_fen());
        out
    }

    /// `"humpty"`.
    pub fn variant(&self) -> String {
        compat::VARIANT.to_string()
    }

    /// Free the board (ffish's objects are freed by hand).
    #[wasm_bindgen(js_name = "delete")]
    pub fn delete_board(self) {}
}
