//! Legal move generation: pseudo-legal moves per piece kind, then the exact
//! legality filter of `legality.rs`.

use crate::attack::{attacked, attacked_after_move};
use crate::board::{
    beyond_screen, is_enemy, next_occupied, pawn_step, step_from, ALL_LINES, DIAG_LINES, EMPTY,
    LINE_STEPS, OFFBOARD, ORTHO_LINES,
};
use crate::castling::{self, CASTLES};
use crate::legality::king_safe_after;
use crate::moves::{Move, MoveError, MoveList, MoveText};
use crate::piece::{Piece, PieceKind};
use crate::position::Position;
use crate::square::Square;
use crate::tables::TABLES;

/// What one generator pass emits.
pub(crate) mod gen {
    /// Every pseudo-legal move.
    pub const ALL: u8 = 0;
    /// Captures and promotions only (quiescence, a picker's first stage).
    pub const TACTICAL: u8 = 1;
    /// Everything else (a picker's quiet stage).
    pub const QUIET: u8 = 2;
}

/// True if a pass of kind `g` emits quiet moves.
#[inline(always)]
const fn wants_quiet(g: u8) -> bool {
    g != gen::TACTICAL
}

/// True if a pass of kind `g` emits captures and promotions.
#[inline(always)]
const fn wants_tactical(g: u8) -> bool {
    g != gen::QUIET
}

/// Promotion choices for a side, from its counts before the move.
#[derive(Clone, Copy, Debug)]
pub struct PromotionChoices {
    /// Kinds a Pawn must choose from (never empty).
    pub pawn: [Option<PieceKind>; 3],
    /// Kinds a Frog may promote to (it may also stay a Frog).
    pub frog: [Option<PieceKind>; 3],
}

impl PromotionChoices {
    fn pawn_kinds(&self) -> impl Iterator<Item = PieceKind> + '_ {
        self.pawn.iter().flatten().copied()
    }

    fn frog_kinds(&self) -> impl Iterator<Item = PieceKind> + '_ {
        self.frog.iter().flatten().copied()
    }
}

impl Position {
    /// What promotions the side to move has available right now.
    pub fn promotion_choices(&self) -> PromotionChoices {
        let side = self.side;
        let absent = |k| self.count(side, k) == 0;
        let mut frog = [None; 3];
        for (slot, kind) in PieceKind::PROMOTED.into_iter().enumerate() {
            if absent(kind) {
                frog[slot] = Some(kind);
            }
        }
        let pawn = if frog.iter().all(Option::is_none) {
            [Some(PieceKind::Frog), None, None]
        } else {
            frog
        };
        PromotionChoices { pawn, frog }
    }

    /// All legal moves of the side to move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        list
    }

    /// Append all legal moves of the side to move to `list` (which is cleared).
    pub fn generate_legal(&self, list: &mut MoveList) {
        self.generate_legal_filtered(list, self.in_check(), false);
    }

    /// Legal moves when the caller already knows whether the side to move is
    /// in check; with `tactical_only`, only captures and promotions (the
    /// legality test then runs on those alone).
    pub fn generate_legal_filtered(
        &self,
        list: &mut MoveList,
        in_check: bool,
        tactical_only: bool,
    ) {
        list.clear();
        if tactical_only {
            self.generate_pseudo::<{ gen::TACTICAL }>(list);
        } else {
            self.generate_pseudo::<{ gen::ALL }>(list);
        }
        self.retain_legal(list, 0, in_check);
    }

    /// Append the legal quiet moves (neither captures nor promotions: the
    /// complement of `generate_legal_filtered`'s tactical moves) to `list`,
    /// for a move picker that has already tried the tactical ones.
    pub fn append_legal_quiets(&self, list: &mut MoveList, in_check: bool) {
        let start = list.len();
        self.generate_pseudo::<{ gen::QUIET }>(list);
        self.retain_legal(list, start, in_check);
    }

    /// Captures and promotions that obey each piece's movement, into
    /// `list` (cleared), for a picker that tests each one it hands out with
    /// [`Position::pseudo_move_is_legal`]: moves a cut-off never reaches
    /// are never tested. Out of check only.
    pub fn generate_pseudo_tactical(&self, list: &mut MoveList) {
        list.clear();
        self.generate_pseudo::<{ gen::TACTICAL }>(list);
    }

    /// The quiet moves that obey each piece's movement, appended to `list`
    /// (as [`Position::generate_pseudo_tactical`]).
    pub fn append_pseudo_quiets(&self, list: &mut MoveList) {
        self.generate_pseudo::<{ gen::QUIET }>(list);
    }

    /// Moves that obey each piece's movement but may leave the own King
    /// attacked (castling is always fully checked). For tests and tools.
    pub fn pseudo_legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_pseudo::<{ gen::ALL }>(&mut list);
        list
    }

    /// True if `m` is legal in this position. Only the moving man's moves
    /// are generated, so a move from the hash table or a killer slot is
    /// checked before the position's whole move list exists.
    pub fn is_legal(&self, m: Move) -> bool {
        let from = m.origin_box();
        let own = Square::from_mailbox(from)
            .and_then(|_| Piece::from_code(self.board[from]))
            .filter(|p| p.color() == self.side);
        let Some(piece) = own else {
            return false;
        };
        let mut list = MoveList::new();
        let mut promos = None;
        let own_bit = self.own_bit();
        self.piece_pseudo::<{ gen::ALL }>(&mut list, from, piece.kind(), own_bit, &mut promos);
        list.contains(&m) && self.is_legal_pseudo(m)
    }

    /// The colour bit of the side to move's man codes (`is_enemy`'s second
    /// argument).
    #[inline(always)]
    fn own_bit(&self) -> u8 {
        (self.side.index() as u8) << 4
    }

    /// Append pseudo-legal moves (castling already fully checked) of the
    /// kind `GEN` says: all, tactical only (captures and promotions) or
    /// quiet only.
    fn generate_pseudo<const GEN: u8>(&self, list: &mut MoveList) {
        let own_bit = self.own_bit();
        // Computed once, by the first promoting move.
        let mut promos: Option<PromotionChoices> = None;
        for &from8 in &self.lists[self.side.index()] {
            let from = from8 as usize;
            let kind = Piece::from_code(self.board[from])
                .expect("listed square occupied")
                .kind();
            self.piece_pseudo::<GEN>(list, from, kind, own_bit, &mut promos);
        }
    }

    /// Append the pseudo-legal moves of the man of `kind` on `from`.
    #[inline(always)]
    pub(crate) fn piece_pseudo<const GEN: u8>(
        &self,
        list: &mut MoveList,
        from: usize,
        kind: PieceKind,
        own_bit: u8,
        promos: &mut Option<PromotionChoices>,
    ) {
        let t = &*TABLES;
        // One arm per kind: the hot loop keeps per-kind code for speed.
        match kind {
            PieceKind::Pawn => self.pawn_moves::<GEN>(list, from, own_bit, promos),
            PieceKind::Knight => self.leaps::<GEN>(list, from, &t.knight[from], own_bit),
            PieceKind::Camel => self.leaps::<GEN>(list, from, &t.camel[from], own_bit),
            PieceKind::Gnu => {
                self.leaps::<GEN>(list, from, &t.knight[from], own_bit);
                self.leaps::<GEN>(list, from, &t.camel[from], own_bit);
            }
            PieceKind::King => {
                self.leaps::<GEN>(list, from, &t.king[from], own_bit);
                if wants_quiet(GEN) {
                    self.generate_castling(list);
                }
            }
            PieceKind::Rook => self.slides::<GEN>(list, from, ORTHO_LINES, own_bit),
            PieceKind::Bishop => self.slides::<GEN>(list, from, DIAG_LINES, own_bit),
            PieceKind::Queen => self.slides::<GEN>(list, from, ALL_LINES, own_bit),
            PieceKind::Cannon => self.hops::<GEN>(list, from, ORTHO_LINES, own_bit),
            PieceKind::Arrow => self.hops::<GEN>(list, from, DIAG_LINES, own_bit),
            PieceKind::Tank => self.hops::<GEN>(list, from, ALL_LINES, own_bit),
            PieceKind::Frog => self.frog_moves::<GEN>(list, from, own_bit, promos),
        }
    }

    /// Leaper moves to table targets (always on the board).
    #[inline]
    pub(crate) fn leaps<const GEN: u8>(
        &self,
        list: &mut MoveList,
        from: usize,
        targets: &[u8],
        own_bit: u8,
    ) {
        for &to in targets {
            let c = self.board[to as usize];
            if (wants_quiet(GEN) && c == EMPTY) || (wants_tactical(GEN) && is_enemy(c, own_bit)) {
                list.push(Move::from_boxes(from, to as usize));
            }
        }
    }

    /// Pawn moves: a step forward, diagonal captures, and on the last rank
    /// one move per promotion choice (rules.md, "Promotion").
    #[inline]
    fn pawn_moves<const GEN: u8>(
        &self,
        list: &mut MoveList,
        from: usize,
        own_bit: u8,
        promos: &mut Option<PromotionChoices>,
    ) {
        let side = self.side;
        let fsq = Square::from_mailbox(from).expect("listed square on board");
        let ahead = step_from(from, pawn_step(side));
        let promotes = fsq.rank() as i8 + side.forward() == side.far_rank() as i8;
        let mut add = |list: &mut MoveList, to: usize| {
            let tsq = Square::from_mailbox(to).expect("on board");
            if promotes {
                let choices = promos.get_or_insert_with(|| self.promotion_choices());
                for k in choices.pawn_kinds() {
                    list.push(Move::new(fsq, tsq, Some(k)));
                }
            } else {
                list.push(Move::new(fsq, tsq, None));
            }
        };
        let step_wanted = if promotes {
            wants_tactical(GEN)
        } else {
            wants_quiet(GEN)
        };
        if self.board[ahead] == EMPTY && step_wanted {
            add(list, ahead);
        }
        if !wants_tactical(GEN) {
            return;
        }
        for to in [ahead - 1, ahead + 1] {
            if is_enemy(self.board[to], own_bit) {
                add(list, to);
            }
        }
    }

    /// Frog moves: diagonal steps and orthogonal leaps (the River rule in
    /// `FrogLeap::is_open`); reaching the last rank it may promote or stay.
    /// Quiescence keeps captures and promotions: a quiet Frog move to the
    /// last rank contributes its promotions only.
    #[inline]
    fn frog_moves<const GEN: u8>(
        &self,
        list: &mut MoveList,
        from: usize,
        own_bit: u8,
        promos: &mut Option<PromotionChoices>,
    ) {
        let t = &*TABLES;
        let board = &self.board;
        let far_rank = self.side.far_rank();
        let fsq = Square::from_mailbox(from).expect("listed square on board");
        let from_far = fsq.rank() == far_rank;
        let open = |to: usize| board[to] == EMPTY || is_enemy(board[to], own_bit);
        let mut add = |list: &mut MoveList, to: usize| {
            let tsq = Square::from_mailbox(to).expect("on board");
            let wanted = if board[to] == EMPTY {
                wants_quiet(GEN)
            } else {
                wants_tactical(GEN)
            };
            if wanted {
                list.push(Move::new(fsq, tsq, None));
            }
            if wants_tactical(GEN) && !from_far && tsq.rank() == far_rank {
                let choices = promos.get_or_insert_with(|| self.promotion_choices());
                for k in choices.frog_kinds() {
                    list.push(Move::new(fsq, tsq, Some(k)));
                }
            }
        };
        for &to in &t.frog_step[from] {
            if open(to as usize) {
                add(list, to as usize);
            }
        }
        for leap in &t.frog_leap[from] {
            if leap.is_open(board) && open(leap.to as usize) {
                add(list, leap.to as usize);
            }
        }
    }

    /// Slider moves along the given lines (indices into `LINE_STEPS`).
    #[inline]
    fn slides<const GEN: u8>(
        &self,
        list: &mut MoveList,
        from: usize,
        lines: std::ops::Range<usize>,
        own_bit: u8,
    ) {
        for &step in &LINE_STEPS[lines] {
            let end = self.quiet_run::<GEN>(list, from, step);
            if wants_tactical(GEN) && is_enemy(self.board[end], own_bit) {
                list.push(Move::from_boxes(from, end));
            }
        }
    }

    /// Hopper moves: quiet moves as a slider, captures over exactly one
    /// screen (`beyond_screen`).
    #[inline]
    fn hops<const GEN: u8>(
        &self,
        list: &mut MoveList,
        from: usize,
        lines: std::ops::Range<usize>,
        own_bit: u8,
    ) {
        for &step in &LINE_STEPS[lines] {
            let screen = self.quiet_run::<GEN>(list, from, step);
            if !wants_tactical(GEN) || self.board[screen] == OFFBOARD {
                continue;
            }
            let target = beyond_screen(&self.board, screen, step);
            if is_enemy(self.board[target], own_bit) {
                list.push(Move::from_boxes(from, target));
            }
        }
    }

    /// Quiet moves along a line up to its first man (unless `TACTICAL`);
    /// returns that man's cell (or the edge).
    #[inline]
    fn quiet_run<const GEN: u8>(&self, list: &mut MoveList, from: usize, step: i16) -> usize {
        if !wants_quiet(GEN) {
            return next_occupied(&self.board, from, step);
        }
        let mut to = step_from(from, step);
        while self.board[to] == EMPTY {
            list.push(Move::from_boxes(from, to));
            to = step_from(to, step);
        }
        to
    }

    /// Castling moves that are fully legal.
    fn generate_castling(&self, list: &mut MoveList) {
        let side = self.side;
        let rights = self.castling;
        if rights == 0 {
            return;
        }
        let king_code = Piece::new(side, PieceKind::King).code();
        let rook_code = Piece::new(side, PieceKind::Rook).code();
        for g in &CASTLES[side.index()] {
            if rights & g.right == 0
                || self.board[g.king_from.mailbox()] != king_code
                || self.board[g.rook_from.mailbox()] != rook_code
            {
                continue;
            }
            let (kf, rf) = (g.king_from.mailbox(), g.rook_from.mailbox());
            let (lo, hi) = (kf.min(rf), kf.max(rf));
            if (lo + 1..hi).any(|s| self.board[s] != EMPTY) {
                continue;
            }
            if attacked(&self.board, kf, !side) {
                continue;
            }
            // Passed squares: the King alone moved there, Rook still at home.
            let mut board = self.board;
            board[kf] = EMPTY;
            let kt = g.king_to.mailbox();
            let dir: isize = if kt > kf { 1 } else { -1 };
            let mut s = (kf as isize + dir) as usize;
            let mut safe = true;
            while s != kt {
                board[s] = king_code;
                let hit = attacked(&board, s, !side);
                board[s] = EMPTY;
                if hit {
                    safe = false;
                    break;
                }
                s = (s as isize + dir) as usize;
            }
            if !safe {
                continue;
            }
            // Landing square: judged after the whole move.
            board[rf] = EMPTY;
            board[g.rook_to.mailbox()] = rook_code;
            board[kt] = king_code;
            if attacked(&board, kt, !side) {
                continue;
            }
            list.push(Move::castle(g.king_from, g.king_to));
        }
    }

    /// True if the legal move `m` gives check. The board is scanned only
    /// when the move starts or ends on one of the enemy King's lines (a line
    /// attack, a discovered attack, or a hopper screen can only change there),
    /// and then only along those lines and the Frogs' leaps; a castle gets
    /// the full scan. Otherwise only a leaper-type attack by the moved man
    /// can check, which the delta table answers.
    pub fn gives_check(&self, m: Move) -> bool {
        let t = &*TABLES;
        let enemy_king = self.lists[(!self.side).index()][0] as usize;
        let (from, to) = (m.origin_box(), m.target_box());
        if m.is_castle()
            || t.delta_box(enemy_king, from).step != 0
            || t.delta_box(enemy_king, to).step != 0
        {
            let mut board = self.board;
            if m.is_castle() {
                let mut pos = self.clone();
                pos.make_move(m);
                return pos.in_check();
            }
            let moving = match m.promotion() {
                Some(k) => Piece::new(self.side, k),
                None => Piece::from_code(board[from]).expect("moving piece"),
            };
            board[from] = EMPTY;
            board[to] = moving.code();
            return attacked_after_move(&board, enemy_king, self.side, (from, to), moving);
        }
        let piece = match m.promotion() {
            Some(k) => Piece::new(self.side, k),
            None => Piece::from_code(self.board[from]).expect("moving piece"),
        };
        // Off the King's lines only leaps can check: Knight, Camel, Frog step, Pawn, King.
        t.delta_box(to, enemy_king).caps & crate::tables::attack_caps(piece) != 0
    }

    /// True if the move takes a man.
    #[inline]
    pub fn is_capture(&self, m: Move) -> bool {
        !m.is_castle() && self.board[m.target_box()] != EMPTY
    }

    /// True if the move starts the 50-move count afresh: a capture or a
    /// Pawn move (as `make_move` counts it).
    #[inline]
    pub fn resets_fifty(&self, m: Move) -> bool {
        self.is_capture(m)
            || Piece::from_code(self.board[m.origin_box()])
                .is_some_and(|p| p.kind() == PieceKind::Pawn)
    }

    /// True if the move captures or promotes (the moves quiescence searches).
    #[inline]
    pub fn is_tactical(&self, m: Move) -> bool {
        self.is_capture(m) || m.promotion().is_some()
    }

    /// Read a move in wire notation and return it if it is legal here. Castling
    /// may also be written King-takes-Rook (`g1l1`, `g1a1`).
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let mt: MoveText = text.trim().parse()?;
        // Only the move the text names is tested for legality, so a long
        // move list replays at the cost of pseudo-legal generation.
        let mut pseudo = MoveList::new();
        self.generate_pseudo::<{ gen::ALL }>(&mut pseudo);
        let found = pseudo.iter().copied().find(|m| {
            m.from() == mt.from && m.promotion() == mt.promotion && {
                m.to() == mt.to
                    || (m.is_castle() && castling::rook_home(m.from(), m.to()) == Some(mt.to))
            }
        });
        found
            .filter(|&m| self.is_legal_pseudo(m))
            .ok_or_else(|| MoveError::Illegal(text.trim().to_string()))
    }

    /// Whether a pseudo-legal move leaves the own King safe (castling's
    /// pseudo-legal moves are checked in full when generated).
    pub(crate) fn is_legal_pseudo(&self, m: Move) -> bool {
        let king = self.lists[self.side.index()][0] as usize;
        let mut board = self.board;
        m.is_castle() || king_safe_after(&mut board, m, king, self.side)
    }

    /// The legal moves of men of `kind` to `to` (SAN's disambiguation).
    pub(crate) fn legal_moves_of_kind_to(&self, kind: PieceKind, to: Square) -> MoveList {
        let mut list = MoveList::new();
        self.generate_pseudo::<{ gen::ALL }>(&mut list);
        list.retain(|m| {
            m.to() == to
                && !m.is_castle()
                && self.piece_at(m.from()).map(|p| p.kind()) == Some(kind)
                && self.is_legal_pseudo(*m)
        });
        list
    }
}
