use super::*;
use humpty_rules::movetext::write_moves;
use humpty_rules::pgn::parse_pgn;

/// `san` played at `at`.
fn play(t: &mut GameTree, at: NodeId, san: &str) -> NodeId {
    let m = t.position(at).unwrap().parse_san(san).unwrap();
    t.play(at, m).unwrap()
}

fn sans(t: &GameTree, nodes: &[NodeId]) -> Vec<String> {
    let mut pos = t.start().clone();
    let mut out = Vec::new();
    for &n in nodes {
        let m = t.move_of(n).unwrap();
        out.push(pos.san(m));
        pos.make_move(m);
    }
    out
}

/// The game 1. Nd2 Nd7 2. c4 with the variations 1. Cc2 (then 1... Nd7
/// 2. Ni2) and 1... Fd7: (tree, Nd2, Cc2, Fd7).
fn sample() -> (GameTree, NodeId, NodeId, NodeId) {
    let mut t = GameTree::new(Position::startpos());
    let nd2 = play(&mut t, ROOT, "Nd2");
    let nd7 = play(&mut t, nd2, "Nd7");
    play(&mut t, nd7, "c4");
    let cc2 = play(&mut t, ROOT, "Cc2");
    let x = play(&mut t, cc2, "Nd7");
    play(&mut t, x, "Ni2");
    let fd7 = play(&mut t, nd2, "Fd7");
    (t, nd2, cc2, fd7)
}

#[test]
fn a_move_from_an_earlier_position_starts_a_variation_and_the_main_line_stays() {
    let (mut t, nd2, cc2, fd7) = sample();
    assert_eq!(t.len(), 7);
    assert_eq!(sans(&t, &t.mainline()), ["Nd2", "Nd7", "c4"]);
    assert_eq!(t.children(ROOT), [nd2, cc2]);
    assert!(t.on_mainline(nd2) && !t.on_mainline(cc2) && !t.on_mainline(fd7));
    // A move played again is the same node.
    assert_eq!(play(&mut t, ROOT, "Cc2"), cc2);
    assert_eq!(t.len(), 7);
    assert_eq!(sans(&t, &t.path(fd7).unwrap()), ["Nd2", "Fd7"]);
    // Not legal there, or no such node: refused, nothing changes.
    let m = t.position(nd2).unwrap().parse_san("Nd7").unwrap();
    assert!(matches!(
        t.play(ROOT, m),
        Err(TreeError::Illegal { ply: 0, .. })
    ));
    assert_eq!(t.play(99, m), Err(TreeError::NoSuchNode(99)));
    assert_eq!(t.len(), 7);
}

#[test]
fn variations_are_promoted_and_deleted() {
    let (mut t, nd2, cc2, fd7) = sample();
    let deep = t.children(t.children(cc2)[0])[0];
    // One level: Cc2's line becomes the main line's first move.
    t.promote(deep).unwrap();
    assert_eq!(sans(&t, &t.mainline()), ["Cc2", "Nd7", "Ni2"]);
    t.make_main_line(fd7).unwrap();
    assert_eq!(sans(&t, &t.mainline()), ["Nd2", "Fd7"]);
    assert_eq!(t.promote(ROOT), Err(TreeError::Root));
    // Deleting Nd2 takes its moves with it; the start is returned.
    assert_eq!(t.delete(nd2, fd7).unwrap(), ROOT);
    assert_eq!(t.len(), 3);
    assert_eq!(sans(&t, &t.mainline()), ["Cc2", "Nd7", "Ni2"]);
    assert_eq!(t.delete(ROOT, ROOT), Err(TreeError::Root));
    // The parent's new id is returned when ids move, or the kept node's.
    let (mut t, nd2, cc2, _) = sample();
    let x = t.children(cc2)[0];
    assert_eq!(t.delete(t.children(x)[0], ROOT).unwrap(), ROOT);
    let (mut t, _, cc2, _) = sample();
    let x = t.children(cc2)[0];
    let after = t.delete(t.children(x)[0], x).unwrap();
    assert_eq!(sans(&t, &t.path(after).unwrap()), ["Cc2", "Nd7"]);
    let (mut t, _, cc2, fd7) = sample();
    let after = t.delete(cc2, fd7).unwrap();
    assert_eq!(sans(&t, &t.path(after).unwrap()), ["Nd2", "Fd7"]);
    assert_eq!(
        t.move_of(nd2),
        Some(t.position(ROOT).unwrap().parse_san("Nd2").unwrap())
    );
}

#[test]
fn the_text_reads_back_and_a_damaged_one_is_refused() {
    let (t, ..) = sample();
    let text = t.to_text();
    assert_eq!(text.split(' ').count(), 7);
    let back = GameTree::from_text(Position::startpos(), &text).unwrap();
    assert_eq!(back.to_text(), text);
    assert_eq!(sans(&back, &back.mainline()), ["Nd2", "Nd7", "c4"]);
    let start = Position::startpos;
    assert_eq!(GameTree::from_text(start(), "").unwrap().len(), 0);
    assert_eq!(
        GameTree::from_text(start(), "0:zz").unwrap_err(),
        TreeError::Illegal {
            ply: 0,
            text: "zz".into()
        }
    );
    assert_eq!(
        GameTree::from_text(start(), "c2c3").unwrap_err(),
        TreeError::BadEntry(1)
    );
    assert_eq!(
        GameTree::from_text(start(), "1:c2c3").unwrap_err(),
        TreeError::BadEntry(1)
    );
    assert_eq!(
        GameTree::from_text(start(), "0:x:y")
            .unwrap_err()
            .to_string(),
        "'x:y' is not a legal move after 0 plies"
    );
    // Entries out of preorder: a parent not on the path.
    let bad = text.replacen("0:", "9:", 1);
    assert!(GameTree::from_text(start(), &bad).is_err());
}

#[test]
fn pgn_keeps_the_variations() {
    let (t, ..) = sample();
    let mut s = String::new();
    write_moves(&mut s, &t.written(), 1, false);
    assert_eq!(
        s.trim_end(),
        "1. Nd2 (1. Cc2 Nd7 2. Ni2) 1... Nd7 (1... Fd7) 2. c4"
    );
    let game = &parse_pgn(&format!("{s}*"))[0];
    let back = GameTree::from_pgn(Position::startpos(), &game.line).unwrap();
    assert_eq!(back.to_text(), t.to_text());
    assert_eq!(t.variations_of(t.mainline()[0]).len(), 1);
}

#[test]
fn pgn_variations_are_checked_and_moves_after_the_end_left_out() {
    let line = |text: &str| parse_pgn(text)[0].line.clone();
    let start = Position::startpos;
    let e = GameTree::from_pgn(start(), &line("1. Nd2 (1. Nd7) *")).unwrap_err();
    assert_eq!(
        e,
        TreeError::Illegal {
            ply: 0,
            text: "Nd7".into()
        }
    );
    let e = GameTree::from_pgn(start(), &line("(1. Nd2) 1. Cc2 *")).unwrap_err();
    assert_eq!(e, TreeError::VariationFirst);
    // Mate in one (rules' test position): the moves written after it are
    // not played, and a variation of the mating move still is.
    let mate = Position::from_fen("6k5/R11/12/12/12/12/12/6K4R w - - 0 1").unwrap();
    let t = GameTree::from_pgn(mate.clone(), &line("1. Rl8 Kh7 (1. Rh1) *")).unwrap();
    assert_eq!(t.len(), 2);
    assert_eq!(sans(&t, &t.mainline()), ["Rl8#"]);
}

#[test]
fn a_tree_is_bounded() {
    // Every legal move of every position, breadth first, until it is full.
    let mut t = GameTree::new(Position::startpos());
    let mut queue = std::collections::VecDeque::from([ROOT]);
    let err = 'fill: loop {
        let at = queue.pop_front().expect("positions left");
        for m in t.position(at).unwrap().legal_moves().iter().copied() {
            match t.play(at, m) {
                Ok(n) => queue.push_back(n),
                Err(e) => break 'fill e,
            }
        }
    };
    assert_eq!(err, TreeError::Full);
    assert_eq!(t.len(), MAX_MOVES);
    let back = GameTree::from_text(Position::startpos(), &t.to_text()).unwrap();
    assert_eq!(back.len(), MAX_MOVES);
}
