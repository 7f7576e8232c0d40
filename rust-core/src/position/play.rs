//! Making moves: board, hash, castling rights, scores, counters and the
//! opening restriction are all updated incrementally.

use super::{Position, BLACK_KING_SIDE, BLACK_QUEEN_SIDE, WHITE_KING_SIDE, WHITE_QUEEN_SIDE};
use crate::bitboard::Bitboard;
use crate::error::MoveError;
use crate::geometry::Geometry;
use crate::moves::{Move, MoveKind};
use crate::types::{Color, Piece, Role, Square};
use crate::variant::OpeningRule;
use crate::zobrist;

impl<G: Geometry> Position<G> {
    /// Plays `m` if it is legal here, returning the new position.
    pub fn play(&self, m: Move) -> Result<Self, MoveError> {
        if !self.is_legal(m) {
            return Err(MoveError::Illegal {
                text: m.uci(G::WIDTH),
                reason: "it is not among the legal moves of this position".to_string(),
            });
        }
        let mut next = *self;
        next.play_unchecked(m);
        Ok(next)
    }

    /// Plays `m`, which must be one of [`Position::legal_moves`]; anything
    /// else leaves an unspecified (but memory-safe) position.
    pub fn play_unchecked(&mut self, m: Move) {
        let us = self.turn;
        let them = !us;
        let Some(moved) = self.role_at(m.from) else {
            return;
        };
        if let Some(ep) = self.ep_square.take() {
            if self.ep_capture_possible(ep) {
                self.hash ^= zobrist::en_passant(ep.file(G::WIDTH));
            }
        }
        let up = if us == Color::White {
            i32::from(G::WIDTH)
        } else {
            -i32::from(G::WIDTH)
        };
        let mover = Piece {
            color: us,
            role: moved,
        };
        let mut points = 0u16;
        let mut resets_clock = moved == Role::Pawn;
        match m.kind {
            MoveKind::Normal | MoveKind::DoubleStep => {
                if let Some(victim) = self.capture_at(m.to, them) {
                    points += victim.capture_points();
                    resets_clock = true;
                }
                self.remove(mover, m.from);
                self.put(mover, m.to);
                if m.kind == MoveKind::DoubleStep && self.rules.en_passant {
                    self.ep_square = Some(step(m.from, up));
                }
            }
            MoveKind::EnPassant => {
                let victim = step(m.to, -up);
                self.remove(
                    Piece {
                        color: them,
                        role: Role::Pawn,
                    },
                    victim,
                );
                points += Role::Pawn.capture_points();
                self.remove(mover, m.from);
                self.put(mover, m.to);
            }
            MoveKind::Promotion(role) => {
                if let Some(victim) = self.capture_at(m.to, them) {
                    points += victim.capture_points();
                }
                self.remove(mover, m.from);
                self.put(Piece { color: us, role }, m.to);
            }
            MoveKind::Castle => {
                let rank = m.from.rank(G::WIDTH);
                let (rook_from, rook_to) = if m.to.0 > m.from.0 {
                    (
                        Square::from_coords(G::WIDTH - 1, rank, G::WIDTH),
                        step(m.to, -1),
                    )
                } else {
                    (Square::from_coords(0, rank, G::WIDTH), step(m.to, 1))
                };
                let rook = Piece {
                    color: us,
                    role: Role::Rook,
                };
                self.remove(mover, m.from);
                self.remove(rook, rook_from);
                self.put(mover, m.to);
                self.put(rook, rook_to);
            }
            MoveKind::Ram => {
                self.remove(mover, m.from);
                if let Some(victim) = self.capture_at(m.to, them) {
                    points += victim.capture_points();
                }
            }
            MoveKind::Swap => {
                let theirs = Piece {
                    color: them,
                    role: Role::Pawn,
                };
                self.remove(mover, m.from);
                self.remove(theirs, m.to);
                self.put(mover, m.to);
                self.put(theirs, m.from);
            }
            MoveKind::Dethrone => {
                self.remove(mover, m.from);
                if let Some(victim) = self.capture_at(m.to, them) {
                    points += victim.capture_points();
                }
                let queen = Piece {
                    color: them,
                    role: Role::Queen,
                };
                for sq in self.piece_set(queen).squares() {
                    self.remove(queen, sq);
                    points += Role::Queen.capture_points();
                }
            }
        }
        if self.rules.castling && self.castling != 0 {
            let before = self.castling;
            self.castling &=
                !(castling_rights_touched::<G>(m.from) | castling_rights_touched::<G>(m.to));
            self.hash ^= zobrist::castling(before) ^ zobrist::castling(self.castling);
        }
        if self.rules.capture_points {
            self.scores[us.index()] =
                (self.scores[us.index()] + points).min(super::text::MAX_SCORE);
        }
        self.halfmove_clock = if resets_clock {
            0
        } else {
            (self.halfmove_clock + 1).min(super::text::MAX_COUNTER)
        };
        if self.opening_pending && us == Color::White {
            let used_up = match self.rules.opening {
                OpeningRule::None => true,
                OpeningRule::FirstMoveSinglePawnStep => true,
                OpeningRule::FirstPawnMoveNotDouble => moved == Role::Pawn,
            };
            if used_up {
                self.opening_pending = false;
                self.hash ^= zobrist::opening_pending();
            }
        }
        if us == Color::Black {
            self.fullmove_number = (self.fullmove_number + 1).min(super::text::MAX_COUNTER);
        }
        self.turn = them;
        self.hash ^= zobrist::black_to_move();
        if let Some(ep) = self.ep_square {
            if self.ep_capture_possible(ep) {
                self.hash ^= zobrist::en_passant(ep.file(G::WIDTH));
            }
        }
    }

    /// Passes the turn without moving (the search's null move): the side to
    /// move and the move counters change as after a quiet ply.
    pub fn play_null(&mut self) {
        if let Some(ep) = self.ep_square.take() {
            if self.ep_capture_possible(ep) {
                self.hash ^= zobrist::en_passant(ep.file(G::WIDTH));
            }
        }
        self.halfmove_clock = (self.halfmove_clock + 1).min(super::text::MAX_COUNTER);
        if self.turn == Color::Black {
            self.fullmove_number = (self.fullmove_number + 1).min(super::text::MAX_COUNTER);
        }
        self.turn = !self.turn;
        self.hash ^= zobrist::black_to_move();
    }

    /// Removes `color`'s piece on `sq`, if any, and returns its role.
    #[inline(always)]
    fn capture_at(&mut self, sq: Square, color: Color) -> Option<Role> {
        if !self.by_color[color.index()].has(sq) {
            return None;
        }
        let role = self.role_at(sq)?;
        self.remove(Piece { color, role }, sq);
        Some(role)
    }
}

#[inline(always)]
fn step(sq: Square, delta: i32) -> Square {
    Square((i32::from(sq.0) + delta) as u8)
}

/// Castling rights lost when a piece leaves or arrives on `sq` (standard
/// chess squares: kings on e1/e8, rooks in the corners).
#[inline(always)]
fn castling_rights_touched<G: Geometry>(sq: Square) -> u8 {
    let last = G::square_count() - G::WIDTH;
    match sq.0 {
        0 => WHITE_QUEEN_SIDE,
        4 => WHITE_KING_SIDE | WHITE_QUEEN_SIDE,
        7 => WHITE_KING_SIDE,
        s if s == last => BLACK_QUEEN_SIDE,
        s if s == last + 4 => BLACK_KING_SIDE | BLACK_QUEEN_SIDE,
        s if s == last + 7 => BLACK_KING_SIDE,
        _ => 0,
    }
}
