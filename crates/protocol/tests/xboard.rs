//! CECP (XBoard protocol) conversations with a session, as XBoard has them.

mod common;

use common::Engine;
use humpty_protocol::xboard::piece_lines;

/// The piece lines XBoard was tested with (docs/protocol.md).
const PIECE_LINES: [&str; 12] = [
    "P& fmWfceF",
    "N& N",
    "B& B",
    "R& R",
    "Q& Q",
    "K& KO3",
    "L& C",
    "G& NC",
    "C& mRcpR",
    "A& mBcpB",
    "T& mQcpQ",
    "F& FH",
];
/// Our letters at the GUI's type slots (Cannon 11, Unicorn 20 for the
/// Arrow, Camel 24, Tower 25 for the Tank, Hat 27 for the Frog, Gnu 31), so
/// every piece has an image.
const PIECE_TO_CHAR: &str = "PNBRQ......C........A...LT.F...GKpnbrq......c........a...lt.f...gk";
use humpty_rules::Position;

fn xboard() -> Engine {
    let mut e = Engine::start();
    e.send("xboard");
    e.send("protover 2");
    e.until(|l| l == "feature done=1");
    e
}

fn sync(e: &mut Engine) -> Vec<String> {
    e.send("ping 7");
    e.until(|l| l == "pong 7")
}

/// The `highlight` answer to `lift`.
fn lift(e: &mut Engine, square: &str) -> (String, Option<String>) {
    e.send(&format!("lift {square}"));
    let hl = e.until(|l| l.starts_with("highlight ")).pop().unwrap();
    let rest = sync(e);
    let choice = rest.iter().find(|l| l.starts_with("choice ")).cloned();
    (hl["highlight ".len()..].to_string(), choice)
}

/// Squares marked in a colour FEN, as (square, colour letter).
fn marked(colour_fen: &str) -> Vec<(String, char)> {
    let mut out = Vec::new();
    for (i, row) in colour_fen.split('/').enumerate() {
        let rank = 8 - i;
        let mut file = 0u8;
        let mut digits = String::new();
        for ch in row.chars().chain(std::iter::once('/')) {
            if ch.is_ascii_digit() {
                digits.push(ch);
                continue;
            }
            if !digits.is_empty() {
                file += digits.parse::<u8>().unwrap();
                digits.clear();
            }
            if ch != '/' {
                out.push((format!("{}{rank}", (b'a' + file) as char), ch));
                file += 1;
            }
        }
        assert_eq!(file, 12, "row {row} is not 12 wide");
    }
    out.sort();
    out
}

#[test]
fn features_are_negotiated() {
    let mut e = Engine::start();
    e.send("xboard");
    e.send("protover 2");
    let lines = e.until(|l| l == "feature done=1");
    let f = lines
        .iter()
        .find(|l| l.contains("myname"))
        .expect("feature line");
    for want in [
        "setboard=1",
        "usermove=1",
        "time=1",
        "memory=1",
        "smp=1",
        "ping=1",
        "sigint=0",
        "colors=0",
        "highlight=1",
        "myname=\"humpty ",
        "variants=\"humpty\"",
        "egt=\"humpty\"",
        "option=\"MultiPV -spin",
        "option=\"Use NNUE -check 1\"",
        "option=\"EvalFile -file <default>\"",
    ] {
        assert!(f.contains(want), "{want} missing in {f}");
    }
    sync(&mut e);
}

#[test]
fn variant_sends_setup_and_every_piece() {
    let mut e = xboard();
    e.send("variant humpty");
    let setup = e.until(|l| l.starts_with("setup ")).pop().unwrap();
    assert_eq!(
        setup,
        format!(
            "setup ({PIECE_TO_CHAR}) 12x8+0_fairy {}",
            Position::START_FEN
        )
    );
    let lines = sync(&mut e);
    for p in PIECE_LINES {
        assert!(lines.contains(&format!("piece {p}")), "piece {p} missing");
    }
    assert_eq!(piece_lines(), PIECE_LINES);
    e.send("variant shatranj");
    let err = e.until(|l| l.starts_with("Error"));
    assert!(err.last().unwrap().contains("unsupported variant"));
}

#[test]
fn usermove_and_go_give_legal_moves() {
    let mut e = xboard();
    e.send("new");
    e.send("sd 3");
    e.send("usermove e2i6");
    // The engine plays Black and answers.
    let mv = e.until(|l| l.starts_with("move ")).pop().unwrap();
    let mut pos = Position::startpos();
    common::play(&mut pos, &["e2i6"]);
    let reply = &mv[5..];
    assert!(pos.parse_move(reply).is_ok(), "{reply}");
    // force + go: the engine plays the side to move (White now).
    common::play(&mut pos, &[reply]);
    e.send("force");
    e.send("go");
    let mv = e.until(|l| l.starts_with("move ")).pop().unwrap();
    assert!(pos.parse_move(&mv[5..]).is_ok(), "{mv}");
}

#[test]
fn illegal_moves_and_unknown_commands_are_refused() {
    let mut e = xboard();
    e.send("new");
    e.send("force");
    e.send("usermove e2e4");
    assert_eq!(
        e.until(|l| l.starts_with("Illegal")).pop().unwrap(),
        "Illegal move: e2e4"
    );
    e.send("usermove zz");
    assert_eq!(
        e.until(|l| l.starts_with("Illegal")).pop().unwrap(),
        "Illegal move: zz"
    );
    e.send("frobnicate");
    assert_eq!(
        e.until(|l| l.starts_with("Error")).pop().unwrap(),
        "Error (unknown command): frobnicate"
    );
    // The game is untouched: e2i6 is still legal.
    e.send("usermove e2i6");
    let lines = sync(&mut e);
    assert!(!lines.iter().any(|l| l.starts_with("Illegal")), "{lines:?}");
}

#[test]
fn lift_marks_frog_river_crossings() {
    let mut e = xboard();
    e.send("force");
    // Frog e3: e6 is across the River past an occupied e5, so it is not marked;
    // f4 is a capture (red).
    e.send("setboard 11k/3f8/5f1P4/3Np3fpf1/2P2n1F1FB1/4F3P3/2F9/K11 w - - 0 1");
    let (hl, choice) = lift(&mut e, "e3");
    let want: Vec<(String, char)> = vec![
        ("b3".into(), 'Y'),
        ("d2".into(), 'Y'),
        ("d4".into(), 'Y'),
        ("f2".into(), 'Y'),
        ("f4".into(), 'R'),
        ("h3".into(), 'Y'),
    ];
    assert_eq!(marked(&hl), want);
    assert_eq!(choice, None);
    // Frog c3 with c4 and c5 empty crosses to c6.
    e.send("setboard 6k5/12/12/12/12/2F9/12/6K5 w - - 0 1");
    let (hl, _) = lift(&mut e, "c3");
    assert!(marked(&hl).contains(&("c6".into(), 'Y')), "{hl}");
}

#[test]
fn lift_offers_the_allowed_promotions() {
    let mut e = xboard();
    e.send("force");
    e.send("setboard 6k5/2P9/12/12/12/12/12/6K5 w - - 0 1");
    let (hl, choice) = lift(&mut e, "c7");
    assert_eq!(marked(&hl), vec![("c8".to_string(), 'M')]);
    assert_eq!(choice.as_deref(), Some("choice QGT"));
    // With a Queen and a Tank on the board only the Gnu is left.
    e.send("setboard 6k5/2P9/12/12/12/Q11/T11/6K5 w - - 0 1");
    let (_, choice) = lift(&mut e, "c7");
    assert_eq!(choice.as_deref(), Some("choice G"));
    // A Frog may also stay a Frog; XBoard's `f` suffix means that.
    e.send("setboard 6k5/2F9/12/12/12/12/12/6K5 w - - 0 1");
    let (_, choice) = lift(&mut e, "c7");
    assert_eq!(choice.as_deref(), Some("choice QGTF"));
    e.send("usermove c7d8f");
    let lines = sync(&mut e);
    assert!(!lines.iter().any(|l| l.starts_with("Illegal")), "{lines:?}");
}

#[test]
fn setboard_good_and_bad() {
    let mut e = xboard();
    e.send("force");
    e.send("setboard 6k5/12/12/12/12/12/12/R5K5 w - - 0 1");
    e.send("setboard 6k5/12/12/12/12/12/6K5 w - - 0 1");
    let err = e.until(|l| l.starts_with("tellusererror")).pop().unwrap();
    assert!(err.contains("Illegal position"), "{err}");
    // The good position stayed: the Rook on a1 can move.
    e.send("usermove a1a7");
    let lines = sync(&mut e);
    assert!(!lines.iter().any(|l| l.starts_with("Illegal")), "{lines:?}");
}

#[test]
fn undo_and_remove_take_moves_back() {
    let mut e = xboard();
    e.send("new");
    e.send("force");
    e.send("usermove e2i6");
    e.send("usermove h7d3");
    e.send("remove");
    // Back at the start: e2i6 is legal again.
    e.send("usermove e2i6");
    e.send("undo");
    e.send("usermove e2a6");
    let lines = sync(&mut e);
    assert!(
        !lines
            .iter()
            .any(|l| l.starts_with("Illegal") || l.starts_with("Error")),
        "{lines:?}"
    );
    e.send("undo");
    e.send("undo");
    let err = e.until(|l| l.starts_with("Error")).pop().unwrap();
    assert_eq!(err, "Error (command not legal now): undo");
}

#[test]
fn time_control_commands_are_accepted_and_bad_ones_answered() {
    let mut e = xboard();
    e.send("new");
    e.send("level 40 0:05 0");
    e.send("time 500");
    e.send("otim 500");
    e.send("usermove e2i6");
    e.until(|l| l.starts_with("move "));
    e.send("st 1");
    e.send("force");
    e.send("go");
    e.until(|l| l.starts_with("move "));
    e.send("level 0 2 1.5");
    e.send("level x");
    e.until(|l| l.starts_with("Error (bad level)"));
    sync(&mut e);
}

#[test]
fn results_are_claimed() {
    let mut e = xboard();
    e.send("force");
    e.send("setboard k11/p11/12/12/12/12/1R10/2C8K w - - 0 1");
    e.send("sd 3");
    e.send("go");
    let lines = e.until(|l| l.starts_with("1-0") || l.starts_with("0-1") || l.starts_with("1/2"));
    assert_eq!(lines.last().unwrap(), "1-0 {Checkmate: White wins}");
    e.send("force");
    e.send("setboard k11/12/12/1Q10/12/12/12/11K w - - 0 1");
    e.send("usermove b5b6");
    let lines = e.until(|l| l.starts_with("1/2"));
    assert_eq!(lines.last().unwrap(), "1/2-1/2 {Stalemate: draw}");
}

#[test]
fn analyze_streams_thinking_until_exit() {
    let mut e = xboard();
    e.send("new");
    e.send("force");
    e.send("post");
    e.send("analyze");
    let lines = e.until(|l| l.starts_with("3 "));
    assert!(lines.iter().all(|l| !l.starts_with("move")));
    e.send(".");
    e.until(|l| l.starts_with("stat01:"));
    e.send("exit");
    sync(&mut e);
    e.send("quit");
    assert!(e.wait_exit());
}

/// `hard`: after its move humpty ponders on the reply it expects (`hint`
/// names it); that reply is answered by the ponder search, any other by a
/// new search, and `easy` stops pondering.
#[test]
fn hard_ponders_on_the_expected_reply() {
    let mut e = xboard();
    for cmd in [
        "variant humpty",
        "new",
        "hard",
        "post",
        "level 0 0:10 0",
        "usermove e2i6",
    ] {
        e.send(cmd);
    }
    let mut game = Position::startpos();
    game.make_move(game.parse_move("e2i6").unwrap());
    let reply = e.until(|l| l.starts_with("move ")).pop().unwrap();
    game.make_move(game.parse_move(&reply[5..]).unwrap());
    // Thinking lines go on while it waits for our move.
    std::thread::sleep(std::time::Duration::from_millis(300));
    e.send("hint");
    let hint = e.until(|l| l.starts_with("Hint: ")).pop().unwrap();
    let expected = hint["Hint: ".len()..].to_string();
    assert!(game.is_legal(game.parse_move(&expected).unwrap()), "{hint}");
    // The expected reply: the ponder search becomes the search.
    e.send(&format!("usermove {expected}"));
    game.make_move(game.parse_move(&expected).unwrap());
    let answer = e.until(|l| l.starts_with("move ")).pop().unwrap();
    let m = game
        .parse_move(&answer[5..])
        .expect("a legal move after the ponder hit");
    game.make_move(m);
    // Another reply than the expected one: a fresh search, a legal move.
    std::thread::sleep(std::time::Duration::from_millis(100));
    e.send("hint");
    let hint = e.until(|l| l.starts_with("Hint: ")).pop().unwrap();
    let other = game
        .legal_moves()
        .iter()
        .map(|m| m.to_string())
        .find(|m| *m != hint["Hint: ".len()..])
        .unwrap();
    e.send(&format!("usermove {other}"));
    game.make_move(game.parse_move(&other).unwrap());
    let answer = e.until(|l| l.starts_with("move ")).pop().unwrap();
    game.make_move(game.parse_move(&answer[5..]).expect("legal after a miss"));
    // `easy`: no pondering, so no hint.
    e.send("easy");
    e.send("hint");
    let after = sync(&mut e);
    assert!(!after.iter().any(|l| l.starts_with("Hint:")), "{after:?}");
}

/// `egtpath humpty DIR`: a folder without tables is refused with a
/// comment, other formats are let be, and the engine plays on.
#[test]
fn egtpath_sets_the_tablebases_or_says_why_not() {
    let mut e = xboard();
    e.send("egtpath syzygy /somewhere");
    e.send("egtpath humpty /no/such/folder");
    e.send("ping 7");
    let lines = e.until(|l| l == "pong 7");
    let said: Vec<&String> = lines
        .iter()
        .filter(|l| l.contains("TablebasePath"))
        .collect();
    assert_eq!(said.len(), 1, "{lines:#?}");
    assert!(
        said[0].starts_with("# TablebasePath") && said[0].contains("keeping the tables in force"),
        "{lines:#?}"
    );
}
