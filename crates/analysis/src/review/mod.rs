//! Game review: every position of a game searched, each move judged by the
//! winning chances it gave away (not by raw centipawns, which mean little
//! when one side is already far ahead), and the engine's better line kept
//! for the mistakes. `annotate` writes the result as PGN (`humpty
//! annotate`, docs/review.md).

pub mod accuracy;
pub mod annotate;
pub mod learn;
pub mod report;
pub mod reviewer;

use crate::engine::{Engine, GoParams, Score};
use crate::rules::moves::Move;
use crate::rules::piece::Color;
use crate::rules::position::{Outcome, Position};
pub use reviewer::Reviewer;

pub use crate::engine::winrate::{win_percent, WIN_SCALE_K};

/// The hash table of every verdict, in MiB (the engine's default).
pub const REVIEW_HASH_MIB: usize = crate::engine::DEFAULT_HASH_MIB;

/// Nodes per position a review searches unless told (about a third of a
/// second natively, a second in a browser).
pub const DEFAULT_NODES: u64 = 100_000;
/// Most nodes per position a review may be asked for.
pub const MAX_NODES: u64 = 5_000_000;
/// Most nodes one review searches in all (about a minute natively): a long
/// game gets fewer per position.
pub const MAX_TOTAL_NODES: u64 = 50_000_000;

/// The nodes per position of a review of `positions` positions asked for
/// `nodes` each: within `1..=MAX_NODES` and `MAX_TOTAL_NODES` in all.
pub fn budget(nodes: u64, positions: usize) -> u64 {
    let share = MAX_TOTAL_NODES / (positions.max(1) as u64);
    nodes.clamp(1, MAX_NODES).min(share.max(1))
}

/// Longest better line written after a mistake, in plies.
pub const BETTER_LINE_PLIES: usize = 12;

/// How bad a move was, by the winning chances it lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Judgement {
    /// At least 5 points of winning chances lost (`?!`, NAG `$6`).
    Inaccuracy,
    /// At least 10 points (`?`, NAG `$2`).
    Mistake,
    /// At least 15 points (`??`, NAG `$4`).
    Blunder,
}

impl Judgement {
    /// All three, mildest first.
    pub const ALL: [Judgement; 3] = [
        Judgement::Inaccuracy,
        Judgement::Mistake,
        Judgement::Blunder,
    ];

    /// The judgement of a move that lost `loss` points of winning chances.
    pub fn of(loss: f64) -> Option<Judgement> {
        Judgement::ALL
            .iter()
            .rev()
            .copied()
            .find(|j| loss >= j.min_loss())
    }

    /// The least loss, in points of winning chances, that earns it.
    pub fn min_loss(self) -> f64 {
        match self {
            Judgement::Inaccuracy => 5.0,
            Judgement::Mistake => 10.0,
            Judgement::Blunder => 15.0,
        }
    }

    /// The mark after the move: `?!`, `?` or `??`.
    pub fn mark(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }

    /// The PGN NAG.
    pub fn nag(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "$6",
            Judgement::Mistake => "$2",
            Judgement::Blunder => "$4",
        }
    }

    /// `n` of it in words: "1 blunder", "2 mistakes", "0 inaccuracies".
    pub fn counted(self, n: usize) -> String {
        let word = match (self, n == 1) {
            (Judgement::Inaccuracy, true) => "inaccuracy",
            (Judgement::Inaccuracy, false) => "inaccuracies",
            (Judgement::Mistake, true) => "mistake",
            (Judgement::Mistake, false) => "mistakes",
            (Judgement::Blunder, true) => "blunder",
            (Judgement::Blunder, false) => "blunders",
        };
        format!("{n} {word}")
    }

    /// Its name, as a comment says it.
    pub fn name(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "Inaccuracy",
            Judgement::Mistake => "Mistake",
            Judgement::Blunder => "Blunder",
        }
    }
}

/// One position's verdict: the score (side to move's view) and the
/// engine's line from it (empty at the end of the game).
#[derive(Clone, Debug)]
pub struct Verdict {
    /// The score, side to move's view.
    pub score: Score,
    /// The best line found.
    pub line: Vec<Move>,
}

/// One move of a reviewed game.
#[derive(Clone, Debug)]
pub struct MoveReview {
    /// The move played.
    pub mv: Move,
    /// Who played it.
    pub mover: Color,
    /// The score after it, from White's view.
    pub white_score: Score,
    /// Winning chances the mover lost with it, in points (0 to 100).
    pub loss: f64,
    /// Centipawns the mover lost (scores clamped to +-1000, mates as 1000).
    pub cp_loss: i32,
    /// Its judgement, if it lost enough.
    pub judgement: Option<Judgement>,
    /// The engine's line from the position before the move, when it
    /// starts with another move.
    pub better: Vec<Move>,
}

/// A reviewed game.
#[derive(Clone, Debug)]
pub struct GameReview {
    /// The position the game starts from.
    pub start: Position,
    /// The score of the start position, White's view.
    pub start_score: Score,
    /// Every move, in order.
    pub moves: Vec<MoveReview>,
}

/// One player's totals.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayerSummary {
    /// Moves played.
    pub moves: usize,
    /// Inaccuracies, mistakes and blunders.
    pub counts: [usize; 3],
    /// Average centipawns lost per move.
    pub average_cp_loss: f64,
    /// Average winning chances lost per move, in points.
    pub average_loss: f64,
    /// Accuracy in percent, as lichess computes it (`accuracy`); None
    /// without a move.
    pub accuracy: Option<f64>,
}

impl PlayerSummary {
    /// The counts in words: "0 inaccuracies, 2 mistakes, 1 blunder".
    pub fn counts_text(&self) -> String {
        let words: Vec<String> = Judgement::ALL
            .iter()
            .zip(self.counts)
            .map(|(j, n)| j.counted(n))
            .collect();
        words.join(", ")
    }
}

impl GameReview {
    /// The totals of `color`'s moves.
    pub fn summary(&self, color: Color) -> PlayerSummary {
        let mine: Vec<&MoveReview> = self.moves.iter().filter(|m| m.mover == color).collect();
        let n = mine.len().max(1) as f64;
        let mut counts = [0; 3];
        for j in mine.iter().filter_map(|m| m.judgement) {
            counts[j as usize] += 1;
        }
        let white_wins: Vec<f64> = std::iter::once(self.start_score)
            .chain(self.moves.iter().map(|m| m.white_score))
            .map(win_percent)
            .collect();
        let losses: Vec<f64> = self.moves.iter().map(|m| m.loss).collect();
        PlayerSummary {
            moves: mine.len(),
            counts,
            average_cp_loss: mine.iter().map(|m| f64::from(m.cp_loss)).sum::<f64>() / n,
            average_loss: mine.iter().map(|m| m.loss).sum::<f64>() / n,
            accuracy: accuracy::of_player(&white_wins, &losses, |i| self.moves[i].mover == color),
        }
    }
}

/// The verdict on `pos`: by the rules at the end of a game, else by a
/// search with `go`.
pub fn verdict(engine: &mut Engine, pos: &Position, go: &GoParams) -> Verdict {
    verdict_with(engine, pos, go, None).expect("never aborted")
}

/// `verdict`, given up (None) once `abort` says so during the search.
pub fn verdict_until(
    engine: &mut Engine,
    pos: &Position,
    go: &GoParams,
    abort: &(dyn Fn() -> bool + Sync),
) -> Option<Verdict> {
    verdict_with(engine, pos, go, Some(abort))
}

fn verdict_with(
    engine: &mut Engine,
    pos: &Position,
    go: &GoParams,
    abort: Option<&(dyn Fn() -> bool + Sync)>,
) -> Option<Verdict> {
    match pos.outcome() {
        Some(Outcome::Checkmate { .. }) => {
            return Some(Verdict {
                score: Score::Mate(0),
                line: Vec::new(),
            })
        }
        Some(_) => {
            return Some(Verdict {
                score: Score::Cp(0),
                line: Vec::new(),
            })
        }
        None => {}
    }
    // A verdict is a function of the position and the budget alone (a
    // fresh table of one size, before each search): the server and the
    // browser mark the same game alike, and a review is reproducible.
    engine.set_hash_mib(REVIEW_HASH_MIB);
    engine.clear_hash();
    engine.set_position(pos.clone());
    let mut line = Vec::new();
    let mut report = |info: &crate::engine::Info| {
        if info.multipv == 1 && info.bound.is_none() {
            line = info.pv.clone();
        }
    };
    let aborted = || abort.is_some_and(|f| f());
    if aborted() {
        return None;
    }
    let result = match abort {
        Some(f) => engine.search_sync_until(go, &mut report, f),
        None => engine.search_sync(go, &mut report),
    };
    if aborted() {
        return None;
    }
    if line.first() != result.best.as_ref() {
        line = result.best.into_iter().collect();
    }
    Some(Verdict {
        score: Score::from_search(result.score),
        line,
    })
}

/// A score on the centipawn scale for losses: clamped to +-1000, a mate
/// as 1000.
fn capped_cp(s: Score) -> i32 {
    match s {
        Score::Cp(cp) => cp.clamp(-1000, 1000),
        Score::Mate(n) if n > 0 => 1000,
        Score::Mate(_) => -1000,
    }
}

/// The same score from the other side.
pub fn flip(s: Score) -> Score {
    match s {
        Score::Cp(cp) => Score::Cp(-cp),
        Score::Mate(n) => Score::Mate(-n),
    }
}

/// Review a game: `start`, then `moves` (legal), each position searched
/// with `go`; `progress` is called after each position, and the review
/// stops (None) when it answers false.
pub fn review_game(
    engine: &mut Engine,
    start: &Position,
    moves: &[Move],
    go: &GoParams,
    progress: &mut dyn FnMut() -> bool,
) -> Option<GameReview> {
    review_line(start, moves, &mut |pos, factor| {
        let v = verdict(engine, pos, &go.scaled(factor));
        // Only the regular searches are counted as progress.
        (factor > 1 || progress()).then_some(v)
    })
}

/// How much deeper a marked move is checked: a move that a search of ten
/// times the budget ranks best is never marked (docs/review.md).
pub const RECHECK_FACTOR: u64 = 10;

/// Review `moves` from `start`, with `verdict_of(pos, factor)` judging a
/// position at `factor` times the review's budget (None stops the review):
/// a host that lends engines out chooses how.
pub fn review_line(
    start: &Position,
    moves: &[Move],
    verdict_of: &mut dyn FnMut(&Position, u64) -> Option<Verdict>,
) -> Option<GameReview> {
    let mut reviewer = Reviewer::new(start, moves);
    while let Some((pos, factor)) = reviewer.next() {
        let pos = pos.clone();
        reviewer.give(verdict_of(&pos, factor)?);
    }
    reviewer.result()
}

/// The review of move `m` in `pos`, from the verdicts before and after it.
pub(crate) fn judge(pos: &Position, m: Move, before: &Verdict, after: &Verdict) -> MoveReview {
    let mover = pos.side_to_move();
    // The mover's chances after the move are what the opponent's are
    // not: a flipped "mated now" (`#0`) would read as the mover mated,
    // and every mating move as a blunder.
    let mover_after = 100.0 - win_percent(after.score);
    // The move the search before it plays loses nothing: what it seems to
    // lose is the two searches disagreeing (one from each side), not the
    // move (1. Nd2 was marked so).
    let searched_best = before.line.first() == Some(&m);
    let loss = if searched_best {
        0.0
    } else {
        (win_percent(before.score) - mover_after).max(0.0)
    };
    let judgement = Judgement::of(loss);
    let better = match judgement {
        Some(j) if j >= Judgement::Mistake && before.line.first() != Some(&m) => before
            .line
            .iter()
            .copied()
            .take(BETTER_LINE_PLIES)
            .collect(),
        _ => Vec::new(),
    };
    MoveReview {
        mv: m,
        mover,
        white_score: white_view(flip(after.score), mover),
        loss,
        cp_loss: if searched_best {
            0
        } else {
            (capped_cp(before.score) + capped_cp(after.score)).max(0)
        },
        judgement,
        better,
    }
}

/// `score` from `side`'s view, turned to White's.
pub(crate) fn white_view(score: Score, side: Color) -> Score {
    match side {
        Color::White => score,
        Color::Black => flip(score),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The review of one move from `fen`.
    fn review_one(fen: &str, wire: &str) -> MoveReview {
        let start = Position::from_fen(fen).unwrap();
        let m = start.parse_move(wire).unwrap();
        let go = GoParams {
            depth: Some(4),
            ..GoParams::default()
        };
        let mut engine = Engine::new();
        review_game(&mut engine, &start, &[m], &go, &mut || true)
            .expect("not stopped")
            .moves
            .remove(0)
    }

    #[test]
    fn a_move_a_ten_times_deeper_search_plays_is_never_marked() {
        let start = Position::startpos();
        let legal = start.legal_moves();
        let (played, other) = (legal[0], legal[1]);
        // At the budget the move gives the opponent +6 pawns: a blunder.
        // `deeper` is the move a ten times deeper search plays.
        let review = |deeper: Move| {
            review_line(&start, &[played], &mut |pos, factor| {
                let first = pos.side_to_move() == start.side_to_move();
                Some(match (first, factor) {
                    (true, 1) => Verdict {
                        score: Score::Cp(0),
                        line: vec![other],
                    },
                    (true, _) => Verdict {
                        score: Score::Cp(0),
                        line: vec![deeper],
                    },
                    (false, _) => Verdict {
                        score: Score::Cp(600),
                        line: vec![],
                    },
                })
            })
            .unwrap()
        };
        let blamed = review(other);
        assert_eq!(blamed.moves[0].judgement, Some(Judgement::Blunder));
        let cleared = review(played);
        assert_eq!(cleared.moves[0].judgement, None);
        assert_eq!(cleared.moves[0].loss, 0.0);
    }

    #[test]
    fn a_marked_move_is_judged_again_on_deeper_searches_of_both_sides() {
        let start = Position::startpos();
        let legal = start.legal_moves();
        let (played, other) = (legal[0], legal[1]);
        // At the budget the position after the move reads `after` for the
        // opponent; ten times deeper, `deeper_after`.
        let review = |after: i32, deeper_after: i32| {
            let mut asked = Vec::new();
            let r = review_line(&start, &[played], &mut |pos, factor| {
                asked.push(factor);
                let first = pos.side_to_move() == start.side_to_move();
                Some(match (first, factor) {
                    (true, _) => Verdict {
                        score: Score::Cp(0),
                        line: vec![other],
                    },
                    (false, 1) => Verdict {
                        score: Score::Cp(after),
                        line: vec![],
                    },
                    (false, _) => Verdict {
                        score: Score::Cp(deeper_after),
                        line: vec![],
                    },
                })
            })
            .unwrap();
            (r.moves[0].judgement, asked)
        };
        // +1.50 at the budget is a mistake (11.7 points)...
        let (swing, asked) = review(150, 10);
        assert_eq!(swing, None, "the budget's swing, not the move");
        assert_eq!(asked, [1, 1, 10, 10], "before, then after, deeper");
        assert_eq!(review(150, 150).0, Some(Judgement::Mistake));
        assert_eq!(review(150, 600).0, Some(Judgement::Blunder));
        // ...+6 pawns (44 points) is no swing: not searched again.
        let (sure, asked) = review(600, 10);
        assert_eq!(sure, Some(Judgement::Blunder));
        assert_eq!(asked, [1, 1, 10]);
    }

    #[test]
    fn the_move_the_search_at_the_budget_plays_is_never_marked() {
        let start = Position::startpos();
        let played = start.legal_moves()[0];
        let mut asked = Vec::new();
        // The search plays the very move, yet the position after it reads
        // +6 pawns for the opponent (two searches that disagree).
        let review = review_line(&start, &[played], &mut |pos, factor| {
            asked.push(factor);
            let first = pos.side_to_move() == start.side_to_move();
            Some(Verdict {
                score: Score::Cp(if first { 0 } else { 600 }),
                line: if first { vec![played] } else { vec![] },
            })
        })
        .unwrap();
        assert_eq!(review.moves[0].judgement, None);
        assert_eq!(review.moves[0].loss, 0.0);
        assert_eq!(asked, [1, 1], "no deeper check is needed");
    }

    #[test]
    fn a_mating_move_loses_nothing() {
        let r = review_one("k11/12/1K10/12/12/12/12/11R w - - 0 1", "l1l8");
        assert_eq!((r.judgement, r.loss, r.cp_loss), (None, 0.0, 0));
    }

    #[test]
    fn throwing_a_win_away_to_a_draw_by_rule_is_a_blunder() {
        // Stalemate: the Queen takes the last squares of the King.
        let r = review_one("k11/2K9/12/12/12/12/12/1Q10 w - - 0 1", "b1b6");
        assert_eq!(r.judgement, Some(Judgement::Blunder), "{}", r.loss);
        // Bare Kings: the Rook offered to the King.
        let start = Position::from_fen("6k5/12/12/12/12/12/12/K6R4 w - - 0 1").unwrap();
        let moves = [start.parse_move("h1h7").unwrap()];
        let mut after = start.clone();
        after.make_move(moves[0]);
        let reply = after.parse_move("g8h7").unwrap();
        let go = GoParams {
            depth: Some(4),
            ..GoParams::default()
        };
        let review = review_game(
            &mut Engine::new(),
            &start,
            &[moves[0], reply],
            &go,
            &mut || true,
        )
        .expect("not stopped");
        assert_eq!(review.moves[0].judgement, Some(Judgement::Blunder));
        assert_eq!(review.moves[1].judgement, None, "taking the Rook is right");
    }

    #[test]
    fn win_percent_is_humptys_curve_and_mates_are_certain() {
        assert!((win_percent(Score::Cp(0)) - 50.0).abs() < 1e-9);
        let plus = win_percent(Score::Cp(200));
        assert!((plus + win_percent(Score::Cp(-200)) - 100.0).abs() < 1e-9);
        // 10^(-0.5526 * 200 / 400) = 0.5293...: 65.39%.
        assert!((plus - 65.39).abs() < 0.01, "{plus}");
        assert_eq!(win_percent(Score::Mate(3)), 100.0);
        assert_eq!(win_percent(Score::Mate(-2)), 0.0);
        assert_eq!(win_percent(Score::Mate(0)), 0.0);
    }

    #[test]
    fn counts_are_written_in_words_with_their_plurals() {
        let s = PlayerSummary {
            counts: [0, 2, 1],
            ..PlayerSummary::default()
        };
        assert_eq!(s.counts_text(), "0 inaccuracies, 2 mistakes, 1 blunder");
        assert_eq!(Judgement::Inaccuracy.counted(1), "1 inaccuracy");
    }

    #[test]
    fn judgements_at_their_thresholds() {
        assert_eq!(Judgement::of(4.999), None);
        assert_eq!(Judgement::of(5.0), Some(Judgement::Inaccuracy));
        assert_eq!(Judgement::of(9.999), Some(Judgement::Inaccuracy));
        assert_eq!(Judgement::of(10.0), Some(Judgement::Mistake));
        assert_eq!(Judgement::of(14.999), Some(Judgement::Mistake));
        assert_eq!(Judgement::of(15.0), Some(Judgement::Blunder));
        assert_eq!(Judgement::of(100.0), Some(Judgement::Blunder));
        let nags: Vec<&str> = Judgement::ALL.iter().map(|j| j.nag()).collect();
        assert_eq!(nags, ["$6", "$2", "$4"]);
    }
}
