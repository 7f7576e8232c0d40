//! Legal move generation for every game, driven by [`Rules`] data.
//!
//! Royal games use the Stockfish approach: checkers and pinned pieces are
//! computed once, so ordinary moves are generated legal without trying them.
//! The rare moves that change the board in unusual ways (en passant, ram,
//! swap, dethronement) are tried on a copy and kept if the king is safe.
//! Non-royal games (the Norochess family) take every pseudo-legal move.

use super::{Position, BLACK_KING_SIDE, BLACK_QUEEN_SIDE, WHITE_KING_SIDE, WHITE_QUEEN_SIDE};
use crate::bitboard::Bitboard;
use crate::geometry::Geometry;
use crate::moves::{Move, MoveKind, MoveList};
use crate::types::{Color, Piece, Role, Square};
use crate::variant::{DoubleStep, OpeningRule, PromotionRule, RESURRECTABLE};

/// What every generator of one call shares.
#[derive(Clone, Copy)]
struct Context<B> {
    us: Color,
    own: B,
    enemy: B,
    occupied: B,
    /// Destinations allowed for non-king moves: not our own pieces, and in
    /// check only the checker or a square between it and the king.
    target: B,
    /// Our pieces pinned to our king (royal games only).
    pinned: B,
    /// Our king (royal games only).
    king: Square,
}

#[inline(always)]
fn push(list: &mut MoveList, from: Square, to: Square, kind: MoveKind) {
    // Capacity covers every position the parser accepts; a full list is
    // unreachable, and dropping a move beats aborting a phone app.
    let _ = list.try_push(Move { from, to, kind });
}

#[inline(always)]
fn offset(sq: Square, delta: i32) -> Square {
    Square((i32::from(sq.0) + delta) as u8)
}

impl<G: Geometry> Position<G> {
    /// Fills `list` with the legal moves of the side to move.
    pub(crate) fn generate_legal(&self, list: &mut MoveList) {
        self.generate_all::<false>(list);
    }

    /// Fills `list` with the legal moves that take a piece or change one:
    /// captures, promotions, en passant, rams and swaps, in the order
    /// [`Self::generate_legal`] lists them (quiescence searches only these,
    /// so it need not generate the quiet moves it would drop).
    pub(crate) fn generate_tactical(&self, list: &mut MoveList) {
        self.generate_all::<true>(list);
    }

    /// Whether the side to move has a legal move: the same answer as an
    /// empty [`Self::generate_legal`], found at the first piece that can
    /// move in the usual case (quiescence asks at every node).
    pub(crate) fn has_legal_move(&self) -> bool {
        if !self.rules.royal_king && !self.only_single_pawn_steps() {
            if self.rules.capture_points && self.has_extinct_side() {
                return false;
            }
            let own = self.by_color[self.turn.index()];
            let occupied = self.occupied();
            let free = !own & G::ALL;
            let queens = self.by_role[Role::Queen.index()];
            for from in (self.by_role[Role::Knight.index()] & own).squares() {
                if (G::knight_attacks(from) & free).any() {
                    return true;
                }
            }
            for from in (self.by_role[Role::King.index()] & own).squares() {
                if (G::king_attacks(from) & free).any() {
                    return true;
                }
            }
            for from in ((self.by_role[Role::Bishop.index()] | queens) & own).squares() {
                if (G::bishop_attacks(from, occupied) & free).any() {
                    return true;
                }
            }
            for from in ((self.by_role[Role::Rook.index()] | queens) & own).squares() {
                if (G::rook_attacks(from, occupied) & free).any() {
                    return true;
                }
            }
        }
        // Only pawns could move, or a royal king's safety decides: ask the
        // full generator.
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        !list.is_empty()
    }

    /// The legal moves, or with `TACTICAL` only the tactical ones.
    #[inline(always)]
    fn generate_all<const TACTICAL: bool>(&self, list: &mut MoveList) {
        if self.rules.capture_points && self.has_extinct_side() {
            return;
        }
        let us = self.turn;
        let own = self.by_color[us.index()];
        let enemy = self.by_color[(!us).index()];
        let occupied = own | enemy;
        let royal_king = if self.rules.royal_king {
            self.king_square(us)
        } else {
            None
        };
        match royal_king {
            None => {
                let ctx = Context {
                    us,
                    own,
                    enemy,
                    occupied,
                    target: !own & G::ALL,
                    pinned: G::Bb::EMPTY,
                    king: Square(0),
                };
                self.generate::<false, TACTICAL>(&ctx, list);
            }
            Some(king) => {
                let checkers = self.attackers(king, !us, occupied);
                let ctx = Context {
                    us,
                    own,
                    enemy,
                    occupied,
                    target: G::Bb::EMPTY,
                    pinned: self.pinned(king, us, occupied),
                    king,
                };
                if !self.only_single_pawn_steps() {
                    self.generate_king_moves::<TACTICAL>(&ctx, list);
                }
                if checkers.more_than_one() {
                    return;
                }
                let evasion = match checkers.first() {
                    Some(checker) => G::between(king, checker) | checkers,
                    None => G::ALL,
                };
                let ctx = Context {
                    target: !own & evasion,
                    ..ctx
                };
                self.generate::<true, TACTICAL>(&ctx, list);
                if !TACTICAL && checkers.is_empty() && self.rules.castling {
                    self.generate_castling(&ctx, list);
                }
            }
        }
    }

    /// Whether Ram chess's first-move rule limits White to single pawn steps.
    #[inline]
    fn only_single_pawn_steps(&self) -> bool {
        self.opening_pending
            && self.turn == Color::White
            && self.rules.opening == OpeningRule::FirstMoveSinglePawnStep
    }

    /// Our pieces that alone stand between our king and an enemy slider.
    #[inline]
    fn pinned(&self, king: Square, us: Color, occupied: G::Bb) -> G::Bb {
        let enemy = self.by_color[(!us).index()];
        let queens = self.by_role[Role::Queen.index()];
        let snipers = ((G::rook_attacks(king, G::Bb::EMPTY)
            & (self.by_role[Role::Rook.index()] | queens))
            | (G::bishop_attacks(king, G::Bb::EMPTY)
                & (self.by_role[Role::Bishop.index()] | queens)))
            & enemy;
        let mut pinned = G::Bb::EMPTY;
        for sniper in snipers.squares() {
            let blockers = G::between(king, sniper) & occupied;
            if blockers.any() && !blockers.more_than_one() {
                pinned |= blockers & self.by_color[us.index()];
            }
        }
        pinned
    }

    /// The royal king's steps to squares the enemy does not attack (with
    /// `TACTICAL`, captures only).
    #[inline]
    fn generate_king_moves<const TACTICAL: bool>(&self, ctx: &Context<G::Bb>, list: &mut MoveList) {
        let without_king = ctx.occupied ^ G::Bb::from_square(ctx.king);
        let reach = if TACTICAL { ctx.enemy } else { !ctx.own };
        for to in (G::king_attacks(ctx.king) & reach).squares() {
            if self.attackers(to, !ctx.us, without_king).is_empty() {
                push(list, ctx.king, to, MoveKind::Normal);
            }
        }
    }

    /// Every non-castling move; with `ROYAL`, legal for the royal king;
    /// with `TACTICAL`, only those [`Self::generate_tactical`] lists.
    #[inline(always)]
    fn generate<const ROYAL: bool, const TACTICAL: bool>(
        &self,
        ctx: &Context<G::Bb>,
        list: &mut MoveList,
    ) {
        let pinned = if ROYAL { ctx.pinned } else { G::Bb::EMPTY };
        if !self.only_single_pawn_steps() {
            let own = ctx.own;
            // A piece's move is tactical when it takes something.
            let pieces_ctx;
            let ctx = if TACTICAL {
                pieces_ctx = Context {
                    target: ctx.target & ctx.enemy,
                    ..*ctx
                };
                &pieces_ctx
            } else {
                ctx
            };
            let queens = self.by_role[Role::Queen.index()];
            for from in (self.by_role[Role::Knight.index()] & own & !pinned).squares() {
                self.push_targets(list, from, G::knight_attacks(from) & ctx.target);
            }
            for from in ((self.by_role[Role::Bishop.index()] | queens) & own).squares() {
                let mut targets = G::bishop_attacks(from, ctx.occupied) & ctx.target;
                if ROYAL && pinned.has(from) {
                    targets &= G::line(ctx.king, from);
                }
                self.push_targets(list, from, targets);
            }
            for from in ((self.by_role[Role::Rook.index()] | queens) & own).squares() {
                let mut targets = G::rook_attacks(from, ctx.occupied) & ctx.target;
                if ROYAL && pinned.has(from) {
                    targets &= G::line(ctx.king, from);
                }
                self.push_targets(list, from, targets);
            }
            if !ROYAL {
                for from in (self.by_role[Role::King.index()] & own).squares() {
                    self.push_targets(list, from, G::king_attacks(from) & ctx.target);
                }
            }
        }
        self.generate_pawn_moves::<ROYAL, TACTICAL>(ctx, pinned, list);
    }

    #[inline(always)]
    fn push_targets(&self, list: &mut MoveList, from: Square, targets: G::Bb) {
        for to in targets.squares() {
            push(list, from, to, MoveKind::Normal);
        }
    }

    #[inline(always)]
    fn generate_pawn_moves<const ROYAL: bool, const TACTICAL: bool>(
        &self,
        ctx: &Context<G::Bb>,
        pinned: G::Bb,
        list: &mut MoveList,
    ) {
        let us = ctx.us;
        let pawns = self.by_role[Role::Pawn.index()] & ctx.own;
        if pawns.is_empty() {
            return;
        }
        let width = i32::from(G::WIDTH);
        let up = if us == Color::White { width } else { -width };
        let last_rank = G::rank(G::relative_rank(us, G::HEIGHT - 1));
        let empty = !ctx.occupied & G::ALL;
        let restricted = self.opening_pending && us == Color::White;
        // A step onto an empty square is tactical only as a promotion.
        let steps_to = if TACTICAL { last_rank } else { G::ALL };
        // A dethroning pawn does not stay on its target square, so in check
        // it is judged by trying it, not by the blocking mask.
        let target = if self.dethrones() {
            ctx.target | (last_rank & !ctx.own)
        } else {
            ctx.target
        };

        // Steps straight ahead.
        let single = G::forward(us, pawns) & empty;
        let double = if restricted {
            G::Bb::EMPTY
        } else {
            match self.rules.double_step {
                DoubleStep::FromStartRank => {
                    G::forward(us, single & G::rank(G::relative_rank(us, 2))) & empty
                }
                DoubleStep::FromAnyRank => G::forward(us, single) & empty,
            }
        };
        self.push_pawn_moves::<ROYAL>(
            ctx,
            pinned,
            list,
            single & target & steps_to,
            up,
            last_rank,
            MoveKind::Normal,
        );
        if self.only_single_pawn_steps() {
            return;
        }
        self.push_pawn_moves::<ROYAL>(
            ctx,
            pinned,
            list,
            double & target & steps_to,
            2 * up,
            last_rank,
            MoveKind::DoubleStep,
        );

        // Diagonal captures.
        let mut capturable = ctx.enemy & target;
        if !self.rules.pawn_captures_pawns {
            capturable &= !self.by_role[Role::Pawn.index()];
        }
        let toward_first_file = G::forward(us, G::west(pawns)) & capturable;
        let toward_last_file = G::forward(us, G::east(pawns)) & capturable;
        for (targets, delta) in [(toward_first_file, up - 1), (toward_last_file, up + 1)] {
            self.push_pawn_moves::<ROYAL>(
                ctx,
                pinned,
                list,
                targets,
                delta,
                last_rank,
                MoveKind::Normal,
            );
        }

        if let Some(oblique) = self.rules.oblique {
            let mut zone = G::Bb::EMPTY;
            for relative in 0..G::HEIGHT {
                if oblique.relative_ranks & (1 << relative) != 0 {
                    zone |= G::rank(G::relative_rank(us, relative));
                }
            }
            let blockers = if oblique.blocked_by_any {
                ctx.occupied
            } else {
                ctx.enemy
            };
            let blocked = pawns & zone & G::backward(us, blockers);
            let targets = empty & ctx.target & steps_to;
            let east = G::forward(us, G::east(G::east(blocked))) & targets;
            let west = G::forward(us, G::west(G::west(blocked))) & targets;
            for (steps, delta) in [(east, up + 2), (west, up - 2)] {
                self.push_pawn_moves::<ROYAL>(
                    ctx,
                    pinned,
                    list,
                    steps,
                    delta,
                    last_rank,
                    MoveKind::Normal,
                );
            }
        }

        let enemy_pawns = self.by_role[Role::Pawn.index()] & ctx.enemy;
        let facing = pawns & G::backward(us, enemy_pawns);
        if self.rules.ram && facing.any() {
            let beside_enemy_pawn = G::east(enemy_pawns) | G::west(enemy_pawns);
            for from in (facing & beside_enemy_pawn).squares() {
                self.push_if_king_safe::<ROYAL>(list, from, offset(from, up), MoveKind::Ram);
            }
        }
        if self.rules.swap {
            for from in facing.squares() {
                self.push_if_king_safe::<ROYAL>(list, from, offset(from, up), MoveKind::Swap);
            }
        }

        if self.rules.en_passant {
            if let Some(ep) = self.ep_square {
                for from in (G::pawn_attacks(!us, ep) & pawns).squares() {
                    self.push_if_king_safe::<ROYAL>(list, from, ep, MoveKind::EnPassant);
                }
            }
        }
    }

    /// Pushes one pawn move per target, found `delta` squares ahead of its
    /// origin; moves onto the last rank become promotions (or whatever the
    /// game's promotion rule makes of them).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn push_pawn_moves<const ROYAL: bool>(
        &self,
        ctx: &Context<G::Bb>,
        pinned: G::Bb,
        list: &mut MoveList,
        targets: G::Bb,
        delta: i32,
        last_rank: G::Bb,
        kind: MoveKind,
    ) {
        for to in (targets & !last_rank).squares() {
            let from = offset(to, -delta);
            if !ROYAL || !pinned.has(from) || G::line(ctx.king, from).has(to) {
                push(list, from, to, kind);
            }
        }
        for to in (targets & last_rank).squares() {
            let from = offset(to, -delta);
            if ROYAL && pinned.has(from) && !G::line(ctx.king, from).has(to) && !self.dethrones() {
                continue;
            }
            self.push_promotions::<ROYAL>(list, from, to);
        }
    }

    /// Whether a pawn reaching the last rank now would dethrone (Frontal
    /// chess with both queens on the board).
    #[inline]
    fn dethrones(&self) -> bool {
        self.rules.promotion == PromotionRule::DethroneOrResurrection
            && (self.by_role[Role::Queen.index()] & self.by_color[0]).any()
            && (self.by_role[Role::Queen.index()] & self.by_color[1]).any()
    }

    /// Whether a pawn of `color` reaching the last rank now would have a
    /// legal move there (resurrection needs a type off the board).
    pub(crate) fn can_promote(&self, color: Color) -> bool {
        match self.rules.promotion {
            PromotionRule::Free => true,
            PromotionRule::DethroneOrResurrection if self.dethrones() => true,
            PromotionRule::Resurrection | PromotionRule::DethroneOrResurrection => {
                RESURRECTABLE.iter().any(|&role| {
                    self.count(color, role) < u32::from(self.rules.start_counts[role.index()])
                })
            }
        }
    }

    /// The promotion moves from `from` to `to` that the game allows.
    fn push_promotions<const ROYAL: bool>(&self, list: &mut MoveList, from: Square, to: Square) {
        match self.rules.promotion {
            PromotionRule::Free => {
                for role in Role::PROMOTIONS {
                    push(list, from, to, MoveKind::Promotion(role));
                }
            }
            PromotionRule::DethroneOrResurrection if self.dethrones() => {
                self.push_if_king_safe::<ROYAL>(list, from, to, MoveKind::Dethrone);
            }
            PromotionRule::Resurrection | PromotionRule::DethroneOrResurrection => {
                for role in RESURRECTABLE {
                    if self.count(self.turn, role)
                        < u32::from(self.rules.start_counts[role.index()])
                    {
                        push(list, from, to, MoveKind::Promotion(role));
                    }
                }
            }
        }
    }

    /// Pushes an unusual move if it does not leave a royal king attacked,
    /// by trying it on a copy.
    #[inline]
    fn push_if_king_safe<const ROYAL: bool>(
        &self,
        list: &mut MoveList,
        from: Square,
        to: Square,
        kind: MoveKind,
    ) {
        let m = Move { from, to, kind };
        if !ROYAL || self.leaves_king_safe(m) {
            let _ = list.try_push(m);
        }
    }

    /// Whether playing `m` leaves the mover's king unattacked.
    pub(crate) fn leaves_king_safe(&self, m: Move) -> bool {
        let us = self.turn;
        let mut after = *self;
        after.play_unchecked(m);
        match after.king_square(us) {
            Some(king) => !after.is_attacked(king, !us),
            None => true,
        }
    }

    /// Standard chess castling (king on e1/e8, rooks in the corners).
    fn generate_castling(&self, ctx: &Context<G::Bb>, list: &mut MoveList) {
        let (king_side, queen_side) = match ctx.us {
            Color::White => (WHITE_KING_SIDE, WHITE_QUEEN_SIDE),
            Color::Black => (BLACK_KING_SIDE, BLACK_QUEEN_SIDE),
        };
        let back = G::relative_rank(ctx.us, 0);
        let sq = |file: u8| Square::from_coords(file, back, G::WIDTH);
        let king_home = sq(4);
        if ctx.king != king_home {
            return;
        }
        let them = !ctx.us;
        let rook = Piece {
            color: ctx.us,
            role: Role::Rook,
        };
        let free = |files: &[u8]| files.iter().all(|&f| !ctx.occupied.has(sq(f)));
        let safe = |files: &[u8]| {
            files
                .iter()
                .all(|&f| self.attackers(sq(f), them, ctx.occupied).is_empty())
        };
        if self.castling & king_side != 0
            && self.piece_set(rook).has(sq(7))
            && free(&[5, 6])
            && safe(&[5, 6])
        {
            push(list, king_home, sq(6), MoveKind::Castle);
        }
        if self.castling & queen_side != 0
            && self.piece_set(rook).has(sq(0))
            && free(&[1, 2, 3])
            && safe(&[2, 3])
        {
            push(list, king_home, sq(2), MoveKind::Castle);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::geometry::{Board10, Board8, Geometry};
    use crate::moves::{Move, MoveKind, MoveList};
    use crate::position::Position;
    use crate::types::{Role, Square};
    use crate::variant::{BoardSize, Variant};
    use crate::SplitMix64;

    /// What quiescence counts as tactical (the search's own test).
    fn is_tactical<G: Geometry>(pos: &Position<G>, m: Move) -> bool {
        !matches!(
            m.kind,
            MoveKind::Normal | MoveKind::DoubleStep | MoveKind::Castle | MoveKind::Swap
        ) || crate::bitboard::Bitboard::has(pos.occupied(), m.to)
    }

    /// Checks the fast generators against the full one, and the square
    /// table against the bitboards, at one position.
    fn check<G: Geometry>(pos: &Position<G>, variant: Variant) {
        let legal = pos.legal_moves();
        let mut tactical = MoveList::new();
        pos.generate_tactical(&mut tactical);
        let expected: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|&m| is_tactical(pos, m))
            .collect();
        assert_eq!(
            tactical.to_vec(),
            expected,
            "{variant}: tactical moves, in order, of {}",
            pos.to_text()
        );
        assert_eq!(
            pos.has_legal_move(),
            !legal.is_empty(),
            "{variant}: has_legal_move of {}",
            pos.to_text()
        );
        for index in 0..G::square_count() {
            let sq = Square(index);
            let by_bitboards = Role::ALL
                .into_iter()
                .find(|&role| crate::bitboard::Bitboard::has(pos.role_set(role), sq));
            assert_eq!(
                pos.role_at(sq),
                by_bitboards,
                "{variant}: role on square {index} of {}",
                pos.to_text()
            );
        }
    }

    fn random_games<G: Geometry>(variant: Variant, seed: u64) -> (usize, usize) {
        let mut rng = SplitMix64::new(seed);
        let text = variant.start_text(None).unwrap_or_default();
        let Ok(start) = Position::<G>::from_text(&text, variant.rules()) else {
            panic!("{variant}: start position");
        };
        let (mut plies, mut without_moves) = (0, 0);
        for _ in 0..30 {
            let mut pos = start;
            for _ in 0..200 {
                check(&pos, variant);
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    without_moves += 1;
                    break;
                }
                // Captures twice as likely, so games reach thin endings.
                let captures: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|&m| is_tactical(&pos, m))
                    .collect();
                let m = if !captures.is_empty() && rng.next_u64() % 3 != 0 {
                    captures[(rng.next_u64() % captures.len() as u64) as usize]
                } else {
                    moves[(rng.next_u64() % moves.len() as u64) as usize]
                };
                pos.play_unchecked(m);
                plies += 1;
            }
        }
        (plies, without_moves)
    }

    #[test]
    fn the_fast_generators_agree_with_the_full_one_in_every_game() {
        let mut variants = Variant::all();
        variants.push(Variant::Plain10);
        let mut ended_without_moves = 0;
        for (i, variant) in variants.into_iter().enumerate() {
            let seed = 0x5eed_0000 + i as u64;
            let (plies, without_moves) = match variant.board_size() {
                BoardSize::Eight => random_games::<Board8>(variant, seed),
                BoardSize::Ten => random_games::<Board10>(variant, seed),
            };
            assert!(plies > 1000, "{variant}: only {plies} plies");
            ended_without_moves += without_moves;
        }
        assert!(
            ended_without_moves > 0,
            "no game reached a position without moves"
        );
    }

    #[test]
    fn blocked_pawns_alone_have_no_move() {
        // White has only a pawn blocked by Black's: no legal move, and the
        // quick answer must say so too.
        let rules = Variant::Norochess.rules();
        let Ok(pos) = Position::<Board8>::from_text("4k3/8/8/4p3/4P3/8/8/8 w - - 0 30", rules)
        else {
            panic!("valid position");
        };
        assert!(pos.legal_moves().is_empty());
        assert!(!pos.has_legal_move());
        check(&pos, Variant::Norochess);
    }
}
