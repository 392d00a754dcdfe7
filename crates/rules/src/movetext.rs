//! PGN movetext both ways: read, its tokens (moves and results, and the
//! brackets around each variation; comments, NAGs, move numbers and `!?`
//! marks dropped); written, each move numbered, commented, and followed by
//! the variations that replace it, in parentheses.

/// One token of a movetext as read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token {
    /// A move or result as written (`Axi6+`, `e2i6`, `1-0`).
    Word(String),
    /// `(`: a variation starts; it replaces the move before it.
    Open,
    /// `)`: the variation ends.
    Close,
}

/// The tokens of `body`, and the comment (`{`) or variation (`(`) left
/// open at its end, if any. A `)` with no variation open is dropped.
pub fn tokens(body: &str) -> (Vec<Token>, Option<char>) {
    let mut out = Vec::new();
    let mut word = String::new();
    let (mut brace, mut semi, mut depth) = (false, false, 0usize);
    for ch in body.chars() {
        match ch {
            _ if semi => semi = ch != '\n',
            '}' if brace => brace = false,
            _ if brace => {}
            '{' | ';' | '(' | ')' => {
                push_word(&mut out, &mut word);
                match ch {
                    '{' => brace = true,
                    ';' => semi = true,
                    '(' => {
                        depth += 1;
                        out.push(Token::Open);
                    }
                    _ if depth > 0 => {
                        depth -= 1;
                        out.push(Token::Close);
                    }
                    _ => {}
                }
            }
            c if c.is_whitespace() => push_word(&mut out, &mut word),
            c => word.push(c),
        }
    }
    push_word(&mut out, &mut word);
    let unclosed = if brace {
        Some('{')
    } else {
        (depth > 0).then_some('(')
    };
    (out, unclosed)
}

/// The word gathered so far as a token, unless it is a NAG or a move
/// number alone.
fn push_word(out: &mut Vec<Token>, word: &mut String) {
    let w = std::mem::take(word);
    if w.starts_with('$') {
        return;
    }
    let t = strip_move_number(&w).trim_end_matches(['!', '?']);
    if !t.is_empty() {
        out.push(Token::Word(t.to_string()));
    }
}

/// `12.e4` -> `e4`, `12...` -> ``; anything else (`1-0`, `e4`) unchanged.
fn strip_move_number(token: &str) -> &str {
    let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    match token[digits..].strip_prefix('.') {
        Some(rest) if digits > 0 => rest.trim_start_matches('.'),
        _ => token,
    }
}

/// One move of a game to write: its text (SAN or coordinates), an
/// optional comment (written in braces after it), and the variations that
/// could have been played instead of it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WrittenMove {
    /// The move as it should appear.
    pub text: String,
    /// A comment, without braces.
    pub comment: Option<String>,
    /// Lines played instead of this move, each written after it in
    /// parentheses.
    pub variations: Vec<Vec<WrittenMove>>,
}

impl WrittenMove {
    /// A move with no comment and no variation.
    pub fn plain(text: String) -> WrittenMove {
        WrittenMove {
            text,
            ..WrittenMove::default()
        }
    }
}

/// Append `moves` to `s`, from move `number` with Black to move first if
/// `black`: White's moves numbered (`12.`), Black's too (`12...`) at the
/// start of a line and after a variation; each word followed by a space.
pub fn write_moves(s: &mut String, moves: &[WrittenMove], mut number: u16, mut black: bool) {
    let mut numbered = true;
    for m in moves {
        if !black {
            s.push_str(&format!("{number}. "));
        } else if numbered {
            s.push_str(&format!("{number}... "));
        }
        numbered = false;
        s.push_str(&m.text);
        if let Some(c) = &m.comment {
            s.push_str(&format!(" {{{}}}", c.replace('}', ")")));
        }
        s.push(' ');
        for v in m.variations.iter().filter(|v| !v.is_empty()) {
            s.push('(');
            write_moves(s, v, number, black);
            s.pop();
            s.push_str(") ");
            numbered = true;
        }
        if black {
            number = number.saturating_add(1);
        }
        black = !black;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(v: &[&str]) -> Vec<Token> {
        v.iter()
            .map(|w| match *w {
                "(" => Token::Open,
                ")" => Token::Close,
                w => Token::Word(w.to_string()),
            })
            .collect()
    }

    #[test]
    fn variations_are_kept_as_brackets_and_the_rest_is_dropped() {
        let (t, open) =
            tokens("1. Nd2 $1 {a (note} (1. Cc2!? Nd7 (1... Fd7)) 1...Nd7 2.c4 ; c5\n*");
        assert_eq!(
            t,
            words(&["Nd2", "(", "Cc2", "Nd7", "(", "Fd7", ")", ")", "Nd7", "c4", "*"])
        );
        assert_eq!(open, None);
        assert_eq!(tokens("1. Nd2 (1. Cc2").1, Some('('));
        assert_eq!(tokens("1. Nd2 ) Nd7").0, words(&["Nd2", "Nd7"]));
    }

    #[test]
    fn a_variation_follows_the_move_it_replaces_with_its_number() {
        let alt = vec![
            WrittenMove::plain("Cc2".into()),
            WrittenMove {
                text: "Nd7".into(),
                comment: None,
                variations: vec![vec![WrittenMove::plain("Fd7".into())]],
            },
        ];
        let line = vec![
            WrittenMove {
                text: "Nd2".into(),
                comment: Some("+0.10".into()),
                variations: vec![alt],
            },
            WrittenMove::plain("Nd7".into()),
            WrittenMove::plain("c4".into()),
        ];
        let mut s = String::new();
        write_moves(&mut s, &line, 1, false);
        assert_eq!(s, "1. Nd2 {+0.10} (1. Cc2 Nd7 (1... Fd7)) 1... Nd7 2. c4 ");
        let (t, _) = tokens(&s);
        assert_eq!(
            t,
            words(&["Nd2", "(", "Cc2", "Nd7", "(", "Fd7", ")", ")", "Nd7", "c4"])
        );
    }
}
