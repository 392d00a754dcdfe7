//! The puzzle trainer (`/puzzles`, docs/puzzles.md): a puzzle near the
//! player's rating, the opponent's mistake first, then the player's moves,
//! each judged here. The page is sent only the position and the legal
//! moves, never the answer before it is found or asked for. Every rated
//! attempt updates the player's and the puzzle's Glicko-2 ratings in the
//! database before it is answered. A player has one open attempt, resumed
//! on reload; a player's result on a puzzle is rated once; leaving after a
//! move, a hint or the solution is a failed attempt (`puzzle_attempts`).

use super::game::words::color_word;
use super::net::http::{body_as, to_json, ApiError};
use super::puzzle_messages::{
    AttemptView, Hint, Me, NewPlayer, Next, NoAttempt, PlayerKey, PlayerView, PuzzleView,
    RatingChange, Solution, SolutionStep, Solved, SolverMove, Step as StepAnswer, ThemeCount,
    Themes, Wrong,
};
use super::store::games::new_id;
use super::store::puzzle_attempts::{Attempt, Book};
use super::store::puzzle_db::{self, Player, Rated};
use super::sync::lock;
use crate::puzzles::csv::{parse_row, Row};
use crate::puzzles::glicko::Rating;
use crate::puzzles::solve::{self, Step};
use crate::rules::moves::Move;
use crate::rules::position::Position;
use crate::rules::random::Rng;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::Mutex;

/// The shipped puzzles (`humpty puzzles`' output).
const SHIPPED: &str = humpty_analysis::puzzles::SHIPPED_CSV;
/// A player is not given a puzzle again among their last this many.
const RECENT: usize = 200;
/// A puzzle is drawn among this many nearest the player's rating.
const NEAREST: usize = 12;
/// Ratings kept in the history the page plots.
const HISTORY: usize = 100;

/// The puzzles, their current ratings and the open attempts.
pub struct Trainer {
    set: Vec<Row>,
    ratings: Mutex<Vec<Rating>>,
    attempts: Mutex<Book>,
}

impl Trainer {
    /// The shipped set, with the ratings the database keeps.
    pub fn load(db: &super::store::db::Db) -> Result<Trainer, super::store::db::DbError> {
        let set: Vec<Row> = SHIPPED
            .lines()
            .skip(1)
            .filter_map(|l| parse_row(l).ok())
            .collect();
        let mut ratings: Vec<Rating> = set.iter().map(Row::seed_rating).collect();
        let index: HashMap<&str, usize> = set
            .iter()
            .enumerate()
            .map(|(i, r)| (r.id.as_str(), i))
            .collect();
        for (id, r) in puzzle_db::puzzle_ratings(db)? {
            if let Some(&i) = index.get(id.as_str()) {
                ratings[i] = r;
            }
        }
        Ok(Trainer {
            set,
            ratings: Mutex::new(ratings),
            attempts: Mutex::default(),
        })
    }

    /// How many attempts are open (one per player at most).
    pub fn open_attempts(&self) -> usize {
        lock(&self.attempts).len()
    }

    /// `GET /api/puzzles/themes`: each theme and how many puzzles have it.
    pub fn themes(&self) -> Value {
        let themes = crate::puzzles::themes::ALL
            .iter()
            .map(|&theme| ThemeCount {
                theme,
                name: crate::puzzles::themes::name(theme),
                description: crate::puzzles::themes::description(theme),
                count: self
                    .set
                    .iter()
                    .filter(|r| r.themes.iter().any(|x| x == theme))
                    .count(),
            })
            .collect();
        to_json(&Themes {
            themes,
            total: self.set.len(),
        })
    }

    /// The player with `key`, or 404.
    fn player(db: &super::store::db::Db, key: &str) -> Result<Player, ApiError> {
        puzzle_db::player(db, key)?.ok_or_else(|| {
            ApiError::new(
                404,
                "no such puzzle player: make one with POST /api/puzzles/player",
            )
        })
    }

    /// `POST /api/puzzles/me {player}`: rating, streak and history.
    pub(crate) fn me(&self, db: &super::store::db::Db, key: &PlayerKey) -> Result<Value, ApiError> {
        let key = key.0.as_str();
        let p = Self::player(db, key)?;
        let history: Vec<f64> = puzzle_db::history(db, key, HISTORY)?
            .into_iter()
            .map(|(_, r)| r.round())
            .collect();
        Ok(to_json(&Me {
            rating: p.rating.rating.round(),
            deviation: p.rating.deviation.round(),
            streak: p.streak,
            history,
        }))
    }

    /// The puzzle a player gets: the daily one, or one of the nearest to
    /// their rating (of `theme`, if given) that they have not had lately.
    fn choose(
        &self,
        db: &super::store::db::Db,
        key: &str,
        rating: f64,
        theme: Option<&str>,
        daily: bool,
    ) -> Result<usize, ApiError> {
        if self.set.is_empty() {
            return Err(ApiError::new(503, "no puzzles in this humpty"));
        }
        if daily {
            let day = super::game::clock::now_ms().max(0) as u64 / 86_400_000;
            return Ok((Rng::new(day).next_u64() % self.set.len() as u64) as usize);
        }
        let recent: Vec<String> = puzzle_db::history(db, key, RECENT)?
            .into_iter()
            .map(|(id, _)| id)
            .collect();
        let ratings = lock(&self.ratings);
        let mut pool: Vec<usize> = (0..self.set.len())
            .filter(|&i| theme.is_none_or(|t| self.set[i].themes.iter().any(|x| x == t)))
            .collect();
        if pool.is_empty() {
            return Err(ApiError::bad(format!(
                "no puzzle has the theme '{}'",
                theme.unwrap_or("")
            )));
        }
        let fresh: Vec<usize> = pool
            .iter()
            .copied()
            .filter(|&i| !recent.contains(&self.set[i].id))
            .collect();
        if !fresh.is_empty() {
            pool = fresh;
        }
        pool.sort_by(|&a, &b| {
            (ratings[a].rating - rating)
                .abs()
                .total_cmp(&(ratings[b].rating - rating).abs())
        });
        pool.truncate(NEAREST);
        let seed = u64::from_str_radix(&new_id()[..16], 16).unwrap_or(1);
        Ok(pool[Rng::new(seed).below(pool.len())])
    }

    /// `POST /api/puzzles/next {player, theme?, daily?}`: a new attempt.
    pub(crate) fn next(
        &self,
        db: &super::store::db::Db,
        request: &Next,
    ) -> Result<Value, ApiError> {
        let key = request.player.0.as_str();
        let p = Self::player(db, key)?;
        let (theme, daily) = (request.theme.as_deref(), request.daily);
        let i = self.choose(db, key, p.rating.rating, theme, daily)?;
        let practice = puzzle_db::rated_before(db, key, &self.set[i].id)?;
        let mut open = lock(&self.attempts);
        // Leaving the open attempt: free before any move or help, a failed
        // attempt after (rated before the new one is given; on an error
        // the old attempt stays).
        if let Some((_, old)) = open.of_player(key) {
            if old.engaged && !old.rated {
                old.clean = false;
                self.settle(db, old, false)?;
            }
        }
        let id = new_id();
        open.insert(
            id.clone(),
            Attempt {
                player: key.to_string(),
                puzzle: i,
                ply: 1,
                clean: true,
                engaged: false,
                rated: practice,
                practice,
                finished: None,
                touched: 0,
            },
        );
        drop(open);
        Ok(to_json(&self.attempt_view(&id, i, daily, &p, practice)))
    }

    /// `POST /api/puzzles/current {player}`: the player's open attempt where
    /// it stands (a reload resumes it), or `{"attempt": null}`.
    pub(crate) fn current(
        &self,
        db: &super::store::db::Db,
        key: &PlayerKey,
    ) -> Result<Value, ApiError> {
        let key = key.0.as_str();
        let p = Self::player(db, key)?;
        let mut open = lock(&self.attempts);
        let none = || Ok(to_json(&NoAttempt { attempt: None }));
        let Some((id, a)) = open.of_player(key) else {
            return none();
        };
        let r = &self.set[a.puzzle];
        if a.ply >= r.moves.len() {
            return none();
        }
        let (i, ply, failed, practice) = (a.puzzle, a.ply, !a.clean, a.practice);
        drop(open);
        let mut view = self.attempt_view(&id, i, false, &p, practice);
        let pos = r.position_at(ply);
        view.fen = pos.to_fen();
        view.legal = legal(&pos);
        view.last = Some(r.moves[ply - 1].to_string());
        view.ply = ply;
        view.failed = Some(failed);
        view.resumed = Some(true);
        Ok(to_json(&view))
    }

    /// What the page is shown of an attempt: the position before the
    /// mistake, the mistake, and the legal moves after it.
    /// `practice`: the attempt will not be rated (the player's result on
    /// this puzzle was rated before).
    fn attempt_view(
        &self,
        id: &str,
        i: usize,
        daily: bool,
        p: &Player,
        practice: bool,
    ) -> AttemptView {
        let r = &self.set[i];
        let mut after = r.start.clone();
        after.make_move(r.moves[0]);
        AttemptView {
            attempt: id.to_string(),
            puzzle: PuzzleView {
                id: r.id.clone(),
                fen: r.start.to_fen(),
                mistake: r.moves[0].to_string(),
                rating: lock(&self.ratings)[i].rating.round(),
                color: color_word(after.side_to_move()),
                daily,
            },
            fen: after.to_fen(),
            legal: legal(&after),
            ply: 1,
            practice,
            player: PlayerView {
                rating: p.rating.rating.round(),
                streak: p.streak,
            },
            last: None,
            failed: None,
            resumed: None,
        }
    }

    /// `POST /api/puzzles/attempts/{id}/{action}`: `move {move, ply?}`,
    /// `hint`, `solution`, or `retry` (the same puzzle again from its
    /// start; an attempt is rated once, so a retry is practice).
    pub fn act(
        &self,
        db: &super::store::db::Db,
        id: &str,
        action: &str,
        body: &[u8],
    ) -> Result<Value, ApiError> {
        let mut open = lock(&self.attempts);
        let a = open.get_mut(id).ok_or_else(|| {
            ApiError::new(
                404,
                "no such attempt (it ended, or the server restarted): start another puzzle",
            )
        })?;
        let r = &self.set[a.puzzle];
        match action {
            "move" => self.judge_move(db, a, &body_as(body)?),
            "hint" => {
                let m = r
                    .moves
                    .get(a.ply)
                    .ok_or_else(|| ApiError::new(409, "the puzzle is solved"))?;
                a.clean = false;
                a.engaged = true;
                Ok(to_json(&Hint {
                    from: m.from().to_string(),
                }))
            }
            "solution" => {
                a.clean = false;
                a.engaged = true;
                let rated = self.settle(db, a, false)?;
                let mut pos = r.position_at(a.ply);
                let mut steps = Vec::new();
                for m in &r.moves[a.ply.min(r.moves.len())..] {
                    pos.make_move(*m);
                    steps.push(SolutionStep {
                        text: m.to_string(),
                        fen: pos.to_fen(),
                    });
                }
                Ok(to_json(&Solution {
                    solution: steps,
                    themes: &r.themes,
                    rated,
                }))
            }
            "retry" => {
                // Starting over mid-way leaves the attempt: failed, once.
                if a.engaged && !a.rated {
                    a.clean = false;
                    self.settle(db, a, false)?;
                }
                a.ply = 1;
                a.clean = false;
                a.finished = None;
                let (i, key) = (a.puzzle, a.player.clone());
                drop(open);
                let view = self.attempt_view(id, i, false, &Self::player(db, &key)?, true);
                Ok(to_json(&view))
            }
            _ => Err(ApiError::new(404, format!("no puzzle action '{action}'"))),
        }
    }

    /// A solver move: wrong (the player may try again, but the attempt is
    /// lost), right (the opponent's reply comes back), or the last one.
    /// The result is kept before the attempt moves on, so a move answered
    /// with an error may be sent again; and a move sent again with the
    /// `ply` it answered gets its first answer, judged once.
    fn judge_move(
        &self,
        db: &super::store::db::Db,
        a: &mut Attempt,
        request: &SolverMove,
    ) -> Result<Value, ApiError> {
        let r = &self.set[a.puzzle];
        let sent = Some(request.text.as_str());
        match request
            .ply
            .map(|p| usize::try_from(p).unwrap_or(usize::MAX))
        {
            None => {}
            Some(p) if p < a.ply => return self.answer_again(a, p, sent),
            Some(p) if p == a.ply => {}
            Some(_) => {
                return Err(ApiError::new(
                    409,
                    "that is not the puzzle's next move (ply): reload the puzzle",
                ))
            }
        }
        if a.ply >= r.moves.len() {
            return self.answer_again(a, a.ply, sent);
        }
        let pos = r.position_at(a.ply);
        let m = pos
            .parse_move(&request.text)
            .map_err(|e| ApiError::bad(format!("move: {e}")))?;
        a.engaged = true;
        match solve::judge(r, a.ply, m) {
            Step::Wrong => {
                a.clean = false;
                let rated = self.settle(db, a, false)?;
                Ok(to_json(&Wrong {
                    correct: false,
                    rated,
                    legal: legal(&pos),
                    ply: a.ply,
                }))
            }
            Step::Solved => {
                let clean = a.clean;
                let rated = self.settle(db, a, clean)?;
                a.ply += 1;
                let mut after = pos;
                after.make_move(m);
                let answer = to_json(&Solved {
                    correct: true,
                    solved: true,
                    fen: after.to_fen(),
                    rated,
                    themes: &r.themes,
                });
                a.finished = Some((m.to_string(), answer.clone()));
                Ok(answer)
            }
            Step::Right { .. } => {
                a.ply += 2;
                Ok(step_answer(r, a.ply - 2))
            }
        }
    }

    /// The answer to a solver move already judged right at `ply`, sent
    /// again: the same answer, nothing judged or rated again.
    fn answer_again(&self, a: &Attempt, ply: usize, sent: Option<&str>) -> Result<Value, ApiError> {
        let r = &self.set[a.puzzle];
        let again = |m: &str| sent == Some(m);
        if ply + 1 >= r.moves.len() {
            return match &a.finished {
                Some((m, answer)) if again(m) => Ok(answer.clone()),
                _ => Err(ApiError::new(409, "the puzzle is solved")),
            };
        }
        if ply % 2 == 1 && again(&r.moves[ply].to_string()) {
            return Ok(step_answer(r, ply));
        }
        Err(ApiError::new(
            409,
            "that move was answered already: reload the puzzle",
        ))
    }

    /// Rate the attempt once, as solved or not: the player's and the
    /// puzzle's new ratings, kept before the answer. None if already rated.
    fn settle(
        &self,
        db: &super::store::db::Db,
        a: &mut Attempt,
        solved: bool,
    ) -> Result<Option<RatingChange>, ApiError> {
        if a.rated {
            return Ok(None);
        }
        let p = Self::player(db, &a.player)?;
        let mut ratings = lock(&self.ratings);
        let (player_after, puzzle_after) = Rating::attempt(p.rating, ratings[a.puzzle], solved);
        let after = Player {
            rating: player_after,
            streak: if solved { p.streak + 1 } else { 0 },
        };
        let r = &self.set[a.puzzle];
        puzzle_db::rate(
            db,
            &Rated {
                player: &a.player,
                after,
                puzzle: &r.id,
                puzzle_after,
                solved,
                at: super::game::clock::now_ms(),
            },
        )?;
        ratings[a.puzzle] = puzzle_after;
        a.rated = true;
        Ok(Some(RatingChange {
            solved,
            before: p.rating.rating.round(),
            after: player_after.rating.round(),
            streak: after.streak,
        }))
    }
}

/// The answer to the right solver move at `ply` (not the last): the
/// position after it, the opponent's reply and what may be played next.
fn step_answer(r: &Row, ply: usize) -> Value {
    let mut pos = r.position_at(ply + 1);
    let moved = pos.to_fen();
    let reply = r.moves[ply + 1];
    pos.make_move(reply);
    to_json(&StepAnswer {
        correct: true,
        solved: false,
        fen: moved,
        reply: reply.to_string(),
        reply_fen: pos.to_fen(),
        legal: legal(&pos),
        ply: ply + 2,
    })
}

/// The legal moves as wire text.
fn legal(pos: &Position) -> Vec<String> {
    pos.legal_moves()
        .iter()
        .map(|m: &Move| m.to_string())
        .collect()
}

/// `POST /api/puzzles/player`: a new player, kept per browser by its key.
pub(crate) fn new_player(db: &super::store::db::Db) -> Result<Value, ApiError> {
    let key = new_id();
    puzzle_db::new_player(db, &key, super::game::clock::now_ms())?;
    Ok(to_json(&NewPlayer {
        player: key,
        rating: Rating::default().rating,
    }))
}
