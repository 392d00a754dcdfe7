//! One retrograde solve of a slice: from the mates and the moves that leave
//! the slice, back through the un-moves, level by level.
//!
//! A level is a distance in plies. A position is lost at level n when every
//! move loses, the longest at n; won at n when its best move reaches a
//! position lost at n - 1 (or leaves the slice into a loss n - 1 away).
//! Each position counts its moves not yet known to lose; the count reaching
//! zero makes it lost. Moves leaving the slice are judged once, before the
//! solve, from tables already made ([`Exit`]). The same solve, with other
//! exits and a cap, gives the real wins within the 50-move rule, every win
//! with its distance to the next capture or Pawn move, and the distance to
//! mate (generate.rs).

/// How a move that leaves the slice ends, for the side making it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// It wins, this many plies from the position (the move included).
    Wins(u16),
    /// It loses, this many plies away.
    Loses(u16),
    /// Neither (a draw, or a result this solve does not count).
    Holds,
}

/// A position no solve has settled (a draw when the solve ends).
const OPEN: u8 = 0;
/// Won at `dist`.
const WON: u8 = 1;
/// Lost at `dist`.
const LOST: u8 = 2;
/// Drawn for certain (stalemate) or not a position at all.
const SHUT: u8 = 3;
/// Queued to settle as won at `dist` (queued once per better level).
const PENDING: u8 = 4;

/// A `count` that marks a position fixed by an earlier solve.
const FIXED: u8 = u8::MAX;

/// One solve's state over a slice (indices local to the slice).
pub struct Solve {
    /// The longest distance that counts (100 for the 50-move rule).
    cap: u16,
    /// `OPEN`, `WON`, `LOST` or `SHUT` per position.
    pub state: Vec<u8>,
    /// Settled or pending: the distance. Open: the longest losing exit so far.
    pub dist: Vec<u16>,
    /// Moves not yet known to lose (a move that holds is never taken off).
    count: Vec<u8>,
    /// Positions to settle as won, by level.
    wins: Vec<Vec<u32>>,
    /// Positions to settle as lost, by level.
    losses: Vec<Vec<u32>>,
}

impl Solve {
    /// A solve of `size` positions, distances up to `cap`.
    pub fn new(size: usize, cap: u16) -> Solve {
        Solve {
            cap,
            state: vec![OPEN; size],
            dist: vec![0; size],
            count: vec![0; size],
            wins: Vec::new(),
            losses: Vec::new(),
        }
    }

    /// Mark a position that cannot occur, or a stalemate.
    pub fn shut(&mut self, at: u32) {
        self.state[at as usize] = SHUT;
    }

    /// Seed a position with `inside` moves that stay in the slice and the
    /// moves that leave it; `in_check` decides a position without moves.
    pub fn seed(&mut self, at: u32, inside: u32, exits: &[Exit], in_check: bool) {
        if inside == 0 && exits.is_empty() {
            if in_check {
                self.push(false, 0, at);
            } else {
                self.shut(at);
            }
            return;
        }
        let mut longest = 0;
        let mut holds = false;
        let mut best = None;
        for &e in exits {
            match e {
                Exit::Loses(d) => longest = longest.max(d),
                Exit::Holds => holds = true,
                Exit::Wins(d) => {
                    holds = true;
                    best = Some(best.map_or(d, |b: u16| b.min(d)));
                }
            }
        }
        let count = inside + u32::from(holds);
        self.count[at as usize] = u8::try_from(count).expect("fewer than 256 moves in a table");
        self.dist[at as usize] = longest;
        if let Some(d) = best {
            self.push(true, d, at);
        }
        if count == 0 {
            self.push(false, longest, at);
        }
    }

    /// Fix a position's result from an earlier solve: it settles at that
    /// level as that result and no other way.
    pub fn fix(&mut self, at: u32, won: bool, level: u16) {
        self.count[at as usize] = FIXED;
        self.dist[at as usize] = level;
        self.push(won, level, at);
    }

    /// Queue a position to settle at a level (dropped past the cap). A
    /// win is queued again only for a shorter one, so the queues stay
    /// within two entries a position.
    fn push(&mut self, won: bool, level: u16, at: u32) {
        if level > self.cap {
            return;
        }
        let i = at as usize;
        if won && self.count[i] != FIXED {
            if self.state[i] == PENDING && self.dist[i] <= level {
                return;
            }
            self.state[i] = PENDING;
            self.dist[i] = level;
        }
        let queues = if won {
            &mut self.wins
        } else {
            &mut self.losses
        };
        let level = level as usize;
        if queues.len() <= level {
            queues.resize_with(level + 1, Vec::new);
        }
        queues[level].push(at);
    }

    /// Run the solve; `preds(at, out)` fills `out` with the positions one
    /// un-move before `at`.
    pub fn run(&mut self, mut preds: impl FnMut(u32, &mut Vec<u32>)) {
        let mut before = Vec::new();
        let mut level = 0usize;
        while level < self.wins.len().max(self.losses.len()) {
            let lost = self
                .losses
                .get_mut(level)
                .map(std::mem::take)
                .unwrap_or_default();
            for at in lost {
                if !self.settle(at, LOST, level) {
                    continue;
                }
                preds(at, &mut before);
                for &p in &before {
                    let open = matches!(self.state[p as usize], OPEN | PENDING);
                    if open && self.count[p as usize] != FIXED {
                        self.push(true, level as u16 + 1, p);
                    }
                }
            }
            let won = self
                .wins
                .get_mut(level)
                .map(std::mem::take)
                .unwrap_or_default();
            for at in won {
                if !self.settle(at, WON, level) {
                    continue;
                }
                preds(at, &mut before);
                for &p in &before {
                    self.one_less(p, level as u16 + 1);
                }
            }
            level += 1;
        }
    }

    /// Settle an open position; false if it was settled already.
    fn settle(&mut self, at: u32, state: u8, level: usize) -> bool {
        let i = at as usize;
        let ready = match self.state[i] {
            OPEN => state == LOST || self.count[i] == FIXED,
            PENDING => state == WON,
            _ => false,
        };
        if !ready
            || ((self.state[i] == PENDING || self.count[i] == FIXED)
                && self.dist[i] != level as u16)
        {
            return false;
        }
        self.state[i] = state;
        self.dist[i] = level as u16;
        true
    }

    /// A move of `p` turned out to lose at `level`.
    fn one_less(&mut self, p: u32, level: u16) {
        let i = p as usize;
        if self.state[i] != OPEN || self.count[i] == FIXED {
            return;
        }
        self.count[i] -= 1;
        self.dist[i] = self.dist[i].max(level);
        if self.count[i] == 0 {
            self.push(false, self.dist[i], p);
        }
    }

    /// The settled result of a position: won or lost at a distance.
    pub fn result(&self, at: u32) -> Option<(bool, u16)> {
        match self.state[at as usize] {
            WON => Some((true, self.dist[at as usize])),
            LOST => Some((false, self.dist[at as usize])),
            _ => None,
        }
    }
}
