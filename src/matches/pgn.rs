//! PGN: writing the games of a match (with the `Variant`, `FEN` and
//! `SetUp` tags and a `{score/depth time}` comment per move) and reading
//! games back.

use super::game::GameRecord;
use super::runner::MatchConfig;
use crate::rules::piece::Color;
use crate::rules::position::Position;
use std::collections::HashMap;

/// Write one game as PGN (coordinate notation, as on the wire), with
/// `{score/depth time}` comments in `Score`'s form.
pub fn pgn(cfg: &MatchConfig, g: &GameRecord) -> String {
    let mut s = String::new();
    let tag = |s: &mut String, k: &str, v: &str| {
        s.push_str(&format!("[{k} \"{}\"]\n", v.replace('"', "'")))
    };
    tag(&mut s, "Event", &cfg.event);
    tag(&mut s, "Site", "humpty match");
    tag(&mut s, "Round", &g.round);
    tag(&mut s, "White", &cfg.engines[g.white].name);
    tag(&mut s, "Black", &cfg.engines[g.black].name);
    tag(&mut s, "Result", g.result.pgn());
    tag(&mut s, "Variant", "humpty");
    if let Some(f) = &g.start_fen {
        tag(&mut s, "SetUp", "1");
        tag(&mut s, "FEN", f);
    }
    tag(&mut s, "TimeControl", &cfg.tc.pgn_tag());
    tag(&mut s, "PlyCount", &g.moves.len().to_string());
    tag(&mut s, "Termination", &g.termination);
    s.push('\n');
    let black_first = g
        .start_fen
        .as_deref()
        .and_then(|f| Position::from_fen(f).ok())
        .map(|p| (p.side_to_move() == Color::Black, p.fullmove_number()))
        .unwrap_or((false, 1));
    let (mut black_to_move, mut number) = black_first;
    let mut line = String::new();
    for (k, m) in g.moves.iter().enumerate() {
        if !black_to_move {
            line.push_str(&format!("{number}. "));
        } else if k == 0 {
            line.push_str(&format!("{number}... "));
        }
        line.push_str(&m.text);
        let comment = match (m.score, m.depth) {
            (Some(sc), Some(d)) => {
                format!(" {{{}/{} {:.3}s}}", sc, d, m.time.as_secs_f64())
            }
            _ => format!(" {{{:.3}s}}", m.time.as_secs_f64()),
        };
        line.push_str(&comment);
        line.push(' ');
        if black_to_move {
            number += 1;
        }
        black_to_move = !black_to_move;
    }
    line.push_str(&format!(
        "{{{}}} {}",
        g.termination.replace('}', ")"),
        g.result.pgn()
    ));
    s.push_str(&wrap(&line, 80));
    s.push_str("\n\n");
    s
}

fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut len = 0;
    for word in text.split(' ') {
        if len > 0 && len + 1 + word.len() > width {
            out.push('\n');
            len = 0;
        } else if len > 0 {
            out.push(' ');
            len += 1;
        }
        out.push_str(word);
        len += word.len();
    }
    out
}

/// Read games back from PGN text: (tags, moves, result) per game.
pub fn parse_pgn(text: &str) -> Vec<(HashMap<String, String>, Vec<String>, String)> {
    let mut games = Vec::new();
    let mut tags = HashMap::new();
    let mut body = String::new();
    let mut flush = |tags: &mut HashMap<String, String>, body: &mut String| {
        if tags.is_empty() {
            return;
        }
        // Drop comments, move numbers and the result token.
        let mut clean = String::new();
        let mut depth = 0;
        for ch in body.chars() {
            match ch {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ if depth == 0 => clean.push(ch),
                _ => {}
            }
        }
        let mut moves = Vec::new();
        let mut result = String::new();
        for tok in clean.split_whitespace() {
            if ["1-0", "0-1", "1/2-1/2", "*"].contains(&tok) {
                result = tok.to_string();
            } else if !tok.ends_with('.') {
                moves.push(tok.to_string());
            }
        }
        games.push((std::mem::take(tags), moves, result));
        body.clear();
    };
    for line in text.lines() {
        let l = line.trim();
        if let Some(inner) = l.strip_prefix('[').and_then(|x| x.strip_suffix(']')) {
            if !body.trim().is_empty() {
                flush(&mut tags, &mut body);
            }
            if let Some((k, v)) = inner.split_once(' ') {
                tags.insert(k.to_string(), v.trim().trim_matches('"').to_string());
            }
        } else {
            body.push_str(l);
            body.push(' ');
        }
    }
    flush(&mut tags, &mut body);
    games
}
