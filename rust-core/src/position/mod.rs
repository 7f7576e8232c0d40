//! A position of any game on a board of shape `G`: pieces, side to move,
//! en passant square, castling rights, move counters, Norochess scores and
//! Ram/Frontal opening state, with an incrementally kept Zobrist hash.

mod movegen;
mod play;
mod text;
pub use text::board_field;

use crate::bitboard::Bitboard;
use crate::geometry::Geometry;
use crate::moves::{Move, MoveList};
use crate::types::{Color, Piece, Role, Square};
use crate::variant::Rules;
use crate::zobrist;

/// Castling right bits: White king side, White queen side, Black king side,
/// Black queen side.
pub(crate) const WHITE_KING_SIDE: u8 = 1;
pub(crate) const WHITE_QUEEN_SIDE: u8 = 2;
pub(crate) const BLACK_KING_SIDE: u8 = 4;
pub(crate) const BLACK_QUEEN_SIDE: u8 = 8;

/// A position. Copying is cheap (a few hundred bytes at most); search and
/// perft use copy-make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position<G: Geometry> {
    by_color: [G::Bb; 2],
    by_role: [G::Bb; 6],
    /// The role on each square, kept beside the bitboards so finding what
    /// stands on a square is one load: the search asks at every capture,
    /// every move it orders and every move it plays.
    roles: G::Roles,
    turn: Color,
    ep_square: Option<Square>,
    castling: u8,
    opening_pending: bool,
    halfmove_clock: u32,
    fullmove_number: u32,
    scores: [u16; 2],
    hash: u64,
    rules: Rules,
}

impl<G: Geometry> Position<G> {
    /// An empty board for `rules`, White to move, move 1.
    fn empty(rules: Rules) -> Self {
        Position {
            by_color: [G::Bb::EMPTY; 2],
            by_role: [G::Bb::EMPTY; 6],
            roles: G::NO_ROLES,
            turn: Color::White,
            ep_square: None,
            castling: 0,
            opening_pending: false,
            halfmove_clock: 0,
            fullmove_number: 1,
            scores: [0; 2],
            hash: 0,
            rules,
        }
    }

    /// The rules this position is played under.
    #[inline]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// All squares holding a piece of `color`.
    #[inline]
    pub fn pieces_of(&self, color: Color) -> G::Bb {
        self.by_color[color.index()]
    }

    /// All squares holding a piece of `role`, either colour.
    #[inline]
    pub fn role_set(&self, role: Role) -> G::Bb {
        self.by_role[role.index()]
    }

    /// All squares holding `piece`.
    #[inline]
    pub fn piece_set(&self, piece: Piece) -> G::Bb {
        self.by_role[piece.role.index()] & self.by_color[piece.color.index()]
    }

    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> G::Bb {
        self.by_color[0] | self.by_color[1]
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let bit = G::Bb::from_square(sq);
        let color = if (self.by_color[0] & bit).any() {
            Color::White
        } else if (self.by_color[1] & bit).any() {
            Color::Black
        } else {
            return None;
        };
        self.role_at(sq).map(|role| Piece { color, role })
    }

    /// The role of the piece on `sq`, if any.
    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        self.roles.as_ref().get(sq.index()).copied().flatten()
    }

    /// The en passant target square, as written in the position text.
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// Castling rights as a 4-bit mask (K=1, Q=2, k=4, q=8).
    #[inline]
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }

    /// Whether the Ram/Frontal opening restriction still applies.
    #[inline]
    pub fn opening_pending(&self) -> bool {
        self.opening_pending
    }

    /// Plies since the last capture or pawn move.
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The full-move number (1 at the start; incremented after Black moves).
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// Capture points of `color` (always 0 outside the Norochess family).
    #[inline]
    pub fn score(&self, color: Color) -> u16 {
        self.scores[color.index()]
    }

    /// How many points the side to move is ahead of its opponent (negative:
    /// behind).
    #[inline]
    pub fn lead(&self) -> i32 {
        i32::from(self.score(self.turn)) - i32::from(self.score(!self.turn))
    }

    /// The Zobrist hash of everything that makes positions the same for the
    /// repetition rule: pieces, side to move, castling rights, an en passant
    /// capture that is actually available, and the opening restriction. Move
    /// counters and scores are not part of it.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The square of `color`'s king (the first, if a position had several).
    #[inline]
    pub fn king_square(&self, color: Color) -> Option<Square> {
        self.piece_set(Piece {
            color,
            role: Role::King,
        })
        .first()
    }

    /// Pieces of `attacker` that attack `sq`, given `occupied`.
    #[inline]
    pub fn attackers(&self, sq: Square, attacker: Color, occupied: G::Bb) -> G::Bb {
        let by = self.by_color[attacker.index()];
        let rooks = self.by_role[Role::Rook.index()] | self.by_role[Role::Queen.index()];
        let bishops = self.by_role[Role::Bishop.index()] | self.by_role[Role::Queen.index()];
        by & ((G::pawn_attacks(!attacker, sq) & self.by_role[Role::Pawn.index()])
            | (G::knight_attacks(sq) & self.by_role[Role::Knight.index()])
            | (G::king_attacks(sq) & self.by_role[Role::King.index()])
            | (G::rook_attacks(sq, occupied) & rooks)
            | (G::bishop_attacks(sq, occupied) & bishops))
    }

    /// Whether `attacker` attacks `sq`.
    #[inline]
    pub fn is_attacked(&self, sq: Square, attacker: Color) -> bool {
        self.attackers(sq, attacker, self.occupied()).any()
    }

    /// Whether the side to move's king is attacked. Only meaningful in
    /// royal games; always false where the king is not royal.
    pub fn is_check(&self) -> bool {
        self.rules.royal_king
            && self
                .king_square(self.turn)
                .is_some_and(|k| self.is_attacked(k, !self.turn))
    }

    /// Whether the game has a side without any piece (the Norochess family's
    /// end by extinction; such a position has no moves).
    pub fn has_extinct_side(&self) -> bool {
        self.by_color[0].is_empty() || self.by_color[1].is_empty()
    }

    /// The legal moves of the side to move, as a new list.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        list
    }

    /// Whether `m` is one of the legal moves here.
    pub fn is_legal(&self, m: Move) -> bool {
        self.legal_moves().contains(&m)
    }

    /// Recomputes the hash from scratch (tests compare it with the
    /// incrementally kept one).
    pub fn compute_hash(&self) -> u64 {
        let mut hash = 0;
        for color in Color::ALL {
            for role in Role::ALL {
                let piece = Piece { color, role };
                for sq in self.piece_set(piece).squares() {
                    hash ^= zobrist::piece(piece, sq);
                }
            }
        }
        if self.turn == Color::Black {
            hash ^= zobrist::black_to_move();
        }
        hash ^= zobrist::castling(self.castling);
        if self.opening_pending {
            hash ^= zobrist::opening_pending();
        }
        if let Some(ep) = self.ep_square {
            if self.ep_capture_possible(ep) {
                hash ^= zobrist::en_passant(ep.file(G::WIDTH));
            }
        }
        hash
    }

    /// Whether a pawn of the side to move may legally take en passant on
    /// `ep`. Only then does the square count for repetition: positions are
    /// the same when the same moves are possible (FIDE 9.2.3), so a pawn
    /// pinned to its royal king does not make the en passant square count.
    #[inline]
    fn ep_capture_possible(&self, ep: Square) -> bool {
        let takers = G::pawn_attacks(!self.turn, ep)
            & self.piece_set(Piece {
                color: self.turn,
                role: Role::Pawn,
            });
        if !self.rules.royal_king || takers.is_empty() {
            return takers.any();
        }
        takers
            .squares()
            .any(|from| self.ep_capture_keeps_king_safe(from, ep))
    }

    /// Whether the en passant capture `from`×`ep` leaves the royal king of
    /// the side to move unattacked. Worked out on bitboards rather than by
    /// playing the move, because playing a move updates this very hash.
    fn ep_capture_keeps_king_safe(&self, from: Square, ep: Square) -> bool {
        let us = self.turn;
        let Some(king) = self.king_square(us) else {
            return true;
        };
        // The taken pawn stands beside the taker, on the file of `ep`.
        let victim = Square::from_coords(ep.file(G::WIDTH), from.rank(G::WIDTH), G::WIDTH);
        let occupied = (self.occupied() & !G::Bb::from_square(from) & !G::Bb::from_square(victim))
            | G::Bb::from_square(ep);
        (self.attackers(king, !us, occupied) & occupied).is_empty()
    }

    /// Counts the leaf nodes of the legal move tree to `depth` plies (no
    /// game-end rule is applied beyond the Norochess family's extinction).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        if depth == 1 {
            return list.len() as u64;
        }
        let mut nodes = 0;
        for &m in &list {
            let mut child = *self;
            child.play_unchecked(m);
            nodes += child.perft(depth - 1);
        }
        nodes
    }

    /// Per root move, the leaf count below it (perft `--divide`).
    pub fn divide(&self, depth: u32) -> Vec<(Move, u64)> {
        let depth = depth.max(1);
        self.legal_moves()
            .into_iter()
            .map(|m| {
                let mut child = *self;
                child.play_unchecked(m);
                (m, child.perft(depth - 1))
            })
            .collect()
    }

    /// Captured-piece values a side has, from scratch: the value of the
    /// material on the board (promoted pieces at their new value).
    pub fn material_points(&self, color: Color) -> u32 {
        Role::ALL
            .into_iter()
            .map(|role| {
                self.piece_set(Piece { color, role }).count() * u32::from(role.capture_points())
            })
            .sum()
    }

    /// Whether neither side can ever give checkmate: only kings, plus at
    /// most one knight or any number of bishops all on squares of one colour.
    pub fn insufficient_material(&self) -> bool {
        let heavy = self.by_role[Role::Pawn.index()]
            | self.by_role[Role::Rook.index()]
            | self.by_role[Role::Queen.index()];
        if heavy.any() {
            return false;
        }
        let knights = self.by_role[Role::Knight.index()];
        let bishops = self.by_role[Role::Bishop.index()];
        if knights.any() {
            return knights.count() == 1 && bishops.is_empty();
        }
        let mut light = G::Bb::EMPTY;
        for sq in (0..G::square_count()).map(Square) {
            if (sq.file(G::WIDTH) + sq.rank(G::WIDTH)) % 2 == 1 {
                light |= G::Bb::from_square(sq);
            }
        }
        (bishops & light).is_empty() || (bishops & !light).is_empty()
    }

    /// Whether `color` has nothing but its king (it can never checkmate).
    pub fn has_only_king(&self, color: Color) -> bool {
        (self.by_color[color.index()] & !self.by_role[Role::King.index()]).is_empty()
    }

    /// Every piece with its square, lowest square first.
    pub fn pieces(&self) -> Vec<(Square, Piece)> {
        self.occupied()
            .squares()
            .filter_map(|sq| self.piece_at(sq).map(|p| (sq, p)))
            .collect()
    }

    /// Number of pieces of `color` with `role`.
    #[inline]
    pub fn count(&self, color: Color, role: Role) -> u32 {
        self.piece_set(Piece { color, role }).count()
    }

    // --- mutation helpers shared by text parsing and move making ---

    #[inline(always)]
    fn put(&mut self, piece: Piece, sq: Square) {
        let bit = G::Bb::from_square(sq);
        self.by_color[piece.color.index()] |= bit;
        self.by_role[piece.role.index()] |= bit;
        if let Some(slot) = self.roles.as_mut().get_mut(sq.index()) {
            *slot = Some(piece.role);
        }
        self.hash ^= zobrist::piece(piece, sq);
    }

    #[inline(always)]
    fn remove(&mut self, piece: Piece, sq: Square) {
        let bit = G::Bb::from_square(sq);
        self.by_color[piece.color.index()] ^= bit;
        self.by_role[piece.role.index()] ^= bit;
        if let Some(slot) = self.roles.as_mut().get_mut(sq.index()) {
            *slot = None;
        }
        self.hash ^= zobrist::piece(piece, sq);
    }
}
