//! The opening explorer (docs/explore.md): every position of a set of
//! games, by its Zobrist key (so transpositions merge), with each move
//! played from it: how many games, White's wins, draws and Black's wins,
//! the players' average Elo where the PGN gives it, and the top games.
//! Built from PGN files (`humpty explore`) and from the web server's own
//! finished games.

pub mod report;

use crate::rules::moves::Move;
use crate::rules::pgn::PgnGame;
use crate::rules::position::Position;
use crate::rules::result::GameResult;
use std::collections::HashMap;

/// Most top games kept per move.
pub const TOP_GAMES: usize = 4;
/// Plies of each game entered by default (an opening tree, not a database).
pub const DEFAULT_PLIES: usize = 40;

/// A game as the explorer names it.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRef {
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The result token.
    pub result: GameResult,
    /// The players' average Elo, if both are known.
    pub elo: Option<u32>,
    /// Where it comes from (a file and game number).
    pub source: String,
}

/// One move's record from one position.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MoveStats {
    /// Games that played it.
    pub games: u32,
    /// White won, drew, Black won.
    pub white: u32,
    /// Drawn.
    pub draws: u32,
    /// Black won.
    pub black: u32,
    elo_sum: u64,
    elo_games: u32,
    /// The best-rated games with it (the first seen when no Elo is known).
    pub top: Vec<GameRef>,
}

impl MoveStats {
    /// The average of the games' average Elo, where known.
    pub fn average_elo(&self) -> Option<u32> {
        (self.elo_games > 0).then(|| (self.elo_sum / u64::from(self.elo_games)) as u32)
    }

    fn add(&mut self, game: &GameRef, named: bool) {
        self.games += 1;
        match game.result {
            GameResult::WhiteWins => self.white += 1,
            GameResult::Draw => self.draws += 1,
            GameResult::BlackWins => self.black += 1,
        }
        if let Some(e) = game.elo {
            self.elo_sum += u64::from(e);
            self.elo_games += 1;
        }
        if named {
            self.top.push(game.clone());
            self.top.sort_by_key(|g| std::cmp::Reverse(g.elo));
            self.top.truncate(TOP_GAMES);
        }
    }
}

/// The tree.
#[derive(Clone, Debug, Default)]
pub struct Tree {
    positions: HashMap<u64, Vec<(Move, MoveStats)>>,
    plies: usize,
    games: usize,
}

impl Tree {
    /// An empty tree that enters the first `plies` plies of each game.
    pub fn new(plies: usize) -> Tree {
        Tree {
            plies,
            ..Tree::default()
        }
    }

    /// Plies of each game entered: later positions are not in the tree.
    pub fn plies(&self) -> usize {
        self.plies
    }

    /// Games entered.
    pub fn games(&self) -> usize {
        self.games
    }

    /// Enter a finished game; `named`: it may be listed among the top
    /// games (the web server's own games are counted, never named: their
    /// ids are their players' secrets).
    pub fn add(&mut self, start: &Position, moves: &[Move], game: &GameRef, named: bool) {
        let mut pos = start.clone();
        for &m in moves.iter().take(self.plies) {
            let here = self.positions.entry(pos.key()).or_default();
            match here.iter_mut().find(|(x, _)| *x == m) {
                Some((_, s)) => s.add(game, named),
                None => {
                    let mut s = MoveStats::default();
                    s.add(game, named);
                    here.push((m, s));
                }
            }
            pos.make_move(m);
        }
        self.games += 1;
    }

    /// Enter a PGN game that replays and has a result; false if it was
    /// skipped.
    pub fn add_pgn(&mut self, g: &PgnGame, source: &str) -> bool {
        let Ok(result) = g.result.parse::<GameResult>() else {
            return false;
        };
        let (Ok(start), Ok((_, moves))) = (g.start(), g.replay_moves(None)) else {
            return false;
        };
        let tag = |k: &str| g.tags.get(k).cloned().unwrap_or_else(|| "?".into());
        let elo = |k: &str| g.tags.get(k).and_then(|e| e.parse::<u32>().ok());
        let game = GameRef {
            white: tag("White"),
            black: tag("Black"),
            result,
            elo: elo("WhiteElo")
                .zip(elo("BlackElo"))
                .map(|(w, b)| (w + b) / 2),
            source: source.to_string(),
        };
        self.add(&start, &moves, &game, true);
        true
    }

    /// The moves played from `pos`, most played first.
    pub fn moves_at(&self, pos: &Position) -> Vec<(Move, &MoveStats)> {
        let mut list: Vec<(Move, &MoveStats)> = self
            .positions
            .get(&pos.key())
            .map(|v| v.iter().map(|(m, s)| (*m, s)).collect())
            .unwrap_or_default();
        list.sort_by(|a, b| {
            b.1.games
                .cmp(&a.1.games)
                .then_with(|| a.0.to_string().cmp(&b.0.to_string()))
        });
        list
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::pgn::parse_pgn;

    #[test]
    fn counts_merge_transpositions() {
        // Two Knight moves in either order reach one position.
        let pgn = "[White \"a\"]\n[Black \"b\"]\n[WhiteElo \"2000\"]\n[BlackElo \"1800\"]\n\n1. Nd2 Nd7 2. Ni2 Ni7 1-0\n\n\
                   [White \"c\"]\n[Black \"d\"]\n\n1. Ni2 Nd7 2. Nd2 Ni7 1/2-1/2\n\n\
                   [White \"e\"]\n[Black \"f\"]\n\n1. Nd2 Ni7 *\n";
        let games = parse_pgn(pgn);
        assert_eq!(games.len(), 3);
        let mut t = Tree::new(DEFAULT_PLIES);
        let added: Vec<bool> = games
            .iter()
            .enumerate()
            .map(|(i, g)| t.add_pgn(g, &format!("g{i}")))
            .collect();
        assert_eq!(
            added,
            [true, true, false],
            "an unfinished game is not counted"
        );
        let start = Position::startpos();
        let first = t.moves_at(&start);
        assert_eq!(first.len(), 2);
        let nd2 = first
            .iter()
            .find(|(m, _)| start.san(*m) == "Nd2")
            .unwrap()
            .1;
        assert_eq!((nd2.games, nd2.white, nd2.draws, nd2.black), (1, 1, 0, 0));
        assert_eq!(nd2.average_elo(), Some(1900));
        assert_eq!(nd2.top[0].white, "a");
        // After 1. Nd2 Nd7 2. Ni2 and 1. Ni2 Nd7 2. Nd2: the same position.
        let mut pos = start.clone();
        for san in ["Nd2", "Nd7", "Ni2"] {
            let m = pos.parse_san(san).unwrap();
            pos.make_move(m);
        }
        let merged = t.moves_at(&pos);
        assert_eq!(merged.len(), 1);
        assert_eq!(
            (merged[0].1.games, merged[0].1.white, merged[0].1.draws),
            (2, 1, 1)
        );
        assert_eq!(
            merged[0].1.average_elo(),
            Some(1900),
            "only the rated game counts"
        );
    }
}
