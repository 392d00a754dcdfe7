//! What the XBoard front end says: the variant (`setup`, `piece`), the
//! features, thinking output, result lines, `stat01`, and the `lift`
//! answer (`highlight`, `choice`).

use super::super::{engine_name, options, VARIANT};
use super::state::Xboard;
use crate::engine::{Info, Score};
use crate::rules::moves::Move;
use crate::rules::piece::PieceKind;
use crate::rules::position::{Outcome, Position};
use crate::rules::result::GameEnd;
use crate::rules::square::Square;

/// The `piece` lines (`&`: both colours), from each kind's Betza string.
pub fn piece_lines() -> Vec<String> {
    PieceKind::ALL
        .iter()
        .map(|k| format!("{}& {}", k.letter(), k.info().betza))
        .collect()
}

/// Thinking output: `ply score time(cs) nodes pv`, mate as 100000 + moves.
pub(super) fn thinking_line(info: &Info) -> String {
    let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
    format!(
        "{} {} {} {} {}",
        info.depth,
        Score::from_search(info.score).xboard(),
        info.time.as_millis() / 10,
        info.nodes,
        pv.join(" ")
    )
}

/// The result line for a finished game: the PGN token and the reason.
pub(super) fn result_line(outcome: Outcome) -> String {
    let end = GameEnd::from_outcome(outcome);
    format!("{} {{{}}}", end.result, end.text())
}

/// The endgame-table format XBoard may hand over with `egtpath`.
pub(super) const EGT_FORMAT: &str = "humpty";

impl Xboard {
    /// The `feature` line.
    pub(super) fn features() -> String {
        let options: Vec<String> = options::ENGINE_OPTIONS
            .iter()
            .filter(|o| !o.xboard_command)
            .map(options::xboard_feature)
            .collect();
        format!(
            "feature setboard=1 usermove=1 time=1 memory=1 smp=1 ping=1 sigint=0 sigterm=0 colors=0 \
             highlight=1 analyze=1 draw=0 reuse=1 egt=\"{EGT_FORMAT}\" myname=\"{}\" variants=\"{VARIANT}\" {}",
            engine_name(),
            options.join(" ")
        )
    }

    /// `setup` and the `piece` lines: the board, the men and their moves.
    pub(super) fn announce_variant(&self) {
        self.send(&format!(
            "setup ({}) 12x8+0_fairy {}",
            PieceKind::xboard_piece_to_char(),
            Position::START_FEN
        ));
        for p in piece_lines() {
            self.send(&format!("piece {p}"));
        }
    }

    /// `lift SQ`: highlight where the piece may go (yellow moves, red captures,
    /// magenta promotions) and offer the promotion choice.
    pub(super) fn lift(&self, square: &str) {
        let Ok(from) = square.trim_end_matches(',').parse::<Square>() else {
            self.send(&format!("Error (bad square): lift {square}"));
            return;
        };
        let moves: Vec<Move> = self
            .game
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| m.from() == from)
            .collect();
        let mut grid = [['.'; 12]; 8];
        let mut choices: Vec<char> = Vec::new();
        for m in &moves {
            let to = m.to();
            let cell = &mut grid[to.rank() as usize][to.file() as usize];
            if let Some(k) = m.promotion() {
                *cell = 'M';
                let c = k.letter();
                if !choices.contains(&c) {
                    choices.push(c);
                }
            } else if *cell != 'M' {
                *cell = if self.game.piece_at(to).is_some() {
                    'R'
                } else {
                    'Y'
                };
            }
        }
        // A Frog may also stay a Frog.
        let frog = self
            .game
            .piece_at(from)
            .is_some_and(|p| p.kind() == PieceKind::Frog);
        if frog && !choices.is_empty() {
            choices.push('F');
        }
        let mut rows = Vec::new();
        for rank in (0..8).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for &c in &grid[rank] {
                if c == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(c);
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        self.send(&format!("highlight {}", rows.join("/")));
        if !choices.is_empty() {
            self.send(&format!(
                "choice {}",
                choices.into_iter().collect::<String>()
            ));
        }
    }

    /// `.`: the analysis status line.
    pub(super) fn stat01(&self) {
        let info = self.last_info.lock().ok().and_then(|l| l.clone());
        if let Some(i) = info {
            let total = self.game.legal_moves().len();
            self.send(&format!(
                "stat01: {} {} {} {} {}",
                i.time.as_millis() / 10,
                i.nodes,
                i.depth,
                0,
                total
            ));
        }
    }
}
