//! `humpty stats`: the summary of a match rebuilt from its PGN files (the
//! shards of one match, or separate runs given different `--event` names).
//! Game pairs are matched by the `Event` and `Round` tags (`R.1` and `R.2`
//! of the same two engines in the same event); the same game given twice
//! is refused. Faults are read from the `Fault` tag, and the engines are
//! numbered as the runner numbered them: in each engine pair's first game
//! of a round (`R.1`), the lower-numbered engine has White.

use super::game::Fault;
use super::pgn::PgnGame;
use super::runner::{MatchReport, PairStats};
use super::stats::Sprt;
use crate::rules::result::GameResult;
use std::collections::{HashMap, HashSet};

/// One game as the summary needs it.
struct Played<'a> {
    round: u64,
    leg: u64,
    /// The match it belongs to (`--event`): separate runs reuse rounds.
    event: &'a str,
    white: &'a str,
    black: &'a str,
    /// White's points: 1, 0.5 or 0.
    white_points: f64,
    fault: Option<Fault>,
}

/// Read what the summary needs from one PGN game.
fn played(g: &PgnGame) -> Result<Played<'_>, String> {
    let tag = |k: &str| g.tags.get(k).map(String::as_str).unwrap_or("");
    let round_tag = tag("Round");
    let (round, leg) = round_tag
        .split_once('.')
        .and_then(|(r, k)| Some((r.parse().ok()?, k.parse().ok()?)))
        .ok_or_else(|| {
            format!("Round tag '{round_tag}' is not R.1 or R.2 as humpty match writes")
        })?;
    let white_points = tag("Result")
        .parse::<GameResult>()
        .map_err(|e| format!("round {round_tag}: {e}"))?
        .white_score();
    let fault = match g.tags.get("Fault") {
        None => None,
        Some(f) => Some(Fault::from_tag(f).ok_or_else(|| format!("unknown Fault tag '{f}'"))?),
    };
    Ok(Played {
        round,
        leg,
        event: tag("Event"),
        white: tag("White"),
        black: tag("Black"),
        white_points,
        fault,
    })
}

/// Why a game looks cut off mid-write, if it does: its movetext has no
/// result token, or one that disagrees with its `Result` tag (the runner
/// writes both, so a file cut short loses the token).
pub fn cut_off(g: &PgnGame) -> Option<String> {
    let tag = g.tags.get("Result").map_or("", String::as_str);
    let round = g.tags.get("Round").map_or("?", String::as_str);
    if g.result.is_empty() {
        Some(format!(
            "round {round}: the game has no result after its moves (the file may be cut off); not counted"
        ))
    } else if g.result != tag {
        Some(format!(
            "round {round}: the Result tag '{tag}' disagrees with the movetext's '{}'; not counted",
            g.result
        ))
    } else {
        None
    }
}

/// Engine names in the runner's order: engine X comes before Y when X had
/// White in their `R.1` games.
fn engine_order(games: &[Played]) -> Vec<String> {
    let mut names: Vec<&str> = Vec::new();
    for g in games {
        for n in [g.white, g.black] {
            if !names.contains(&n) {
                names.push(n);
            }
        }
    }
    let mut seen = HashSet::new();
    let mut white_in_firsts: HashMap<&str, HashSet<&str>> = HashMap::new();
    for g in games.iter().filter(|g| g.leg == 1) {
        if seen.insert((g.white, g.black)) {
            white_in_firsts.entry(g.white).or_default().insert(g.black);
        }
    }
    let beats = |n: &str| white_in_firsts.get(n).map_or(0, HashSet::len);
    names.sort_by_key(|n| std::cmp::Reverse(beats(n)));
    names.into_iter().map(String::from).collect()
}

/// The match summary of these games, as `humpty match` prints it.
pub fn report_from_pgn(games: &[PgnGame], sprt: Option<Sprt>) -> Result<MatchReport, String> {
    let complete: Vec<&PgnGame> = games.iter().filter(|g| cut_off(g).is_none()).collect();
    let played: Vec<Played> = complete.into_iter().map(played).collect::<Result<_, _>>()?;
    if played.is_empty() {
        return Err("no games in the PGN files".into());
    }
    let names = engine_order(&played);
    let index = |n: &str| names.iter().position(|x| x == n).unwrap_or(0);
    let n = names.len();
    let mut pairs: Vec<((usize, usize), PairStats)> = (0..n)
        .flat_map(|a| (a + 1..n).map(move |b| ((a, b), PairStats::default())))
        .collect();
    let mut seen = HashSet::new();
    let mut halves: HashMap<(usize, usize, u64, &str), f64> = HashMap::new();
    for g in &played {
        let (w, b) = (index(g.white), index(g.black));
        if w == b {
            return Err(format!(
                "round {}.{}: {} plays itself",
                g.round, g.leg, g.white
            ));
        }
        if !seen.insert((g.round, g.leg, w, b, g.event)) {
            return Err(format!(
                "round {}.{} of {} vs {} in event '{}' appears twice (a shard given twice? separate runs need different --event names)",
                g.round, g.leg, g.white, g.black, g.event
            ));
        }
        let (a, hi) = (w.min(b), w.max(b));
        let points = if w == a {
            g.white_points
        } else {
            1.0 - g.white_points
        };
        let stats = &mut pairs
            .iter_mut()
            .find(|(k, _)| *k == (a, hi))
            .expect("every pair listed")
            .1;
        stats.count(points, g.fault);
        match halves.remove(&(a, hi, g.round, g.event)) {
            Some(first) => stats.tally.add_pair(first + points),
            None => {
                halves.insert((a, hi, g.round, g.event), points);
            }
        }
    }
    let sprt_state = match (sprt, n) {
        (Some(s), 2) => Some((s.state(&pairs[0].1.tally), s.llr(&pairs[0].1.tally))),
        _ => None,
    };
    Ok(MatchReport {
        names,
        pairs,
        games: Vec::new(),
        sprt: sprt_state,
    })
}
