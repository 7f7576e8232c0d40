//! Read-only queries on [`AnyPosition`] that game logic and user interfaces
//! need, forwarded to the board-specific position.

use crate::any::{with_position, AnyPosition};
use crate::moves::{Move, MoveKind};
use crate::types::{Color, Piece, Role, Square};

impl AnyPosition {
    /// The side to move.
    pub fn turn(&self) -> Color {
        with_position!(self, p => p.turn())
    }

    /// Capture points of `color` (0 outside the Norochess family).
    pub fn score(&self, color: Color) -> u16 {
        with_position!(self, p => p.score(color))
    }

    /// How many points the side to move is ahead of its opponent (negative:
    /// behind).
    pub fn lead(&self) -> i32 {
        with_position!(self, p => p.lead())
    }

    /// The full-move number.
    pub fn fullmove_number(&self) -> u32 {
        with_position!(self, p => p.fullmove_number())
    }

    /// Plies since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u32 {
        with_position!(self, p => p.halfmove_clock())
    }

    /// The repetition hash (see [`crate::Position::hash`]).
    pub fn hash(&self) -> u64 {
        with_position!(self, p => p.hash())
    }

    /// Whether the side to move's royal king is attacked.
    pub fn is_check(&self) -> bool {
        with_position!(self, p => p.is_check())
    }

    /// The square of `color`'s king, if it has one.
    pub fn king_square(&self, color: Color) -> Option<Square> {
        with_position!(self, p => p.king_square(color))
    }

    /// Number of pieces of `color` with `role`.
    pub fn count(&self, color: Color, role: Role) -> u32 {
        with_position!(self, p => p.count(color, role))
    }

    /// Whether a side has no pieces at all.
    pub fn has_extinct_side(&self) -> bool {
        with_position!(self, p => p.has_extinct_side())
    }

    /// Whether `color` has no pieces at all.
    pub fn has_no_pieces(&self, color: Color) -> bool {
        Role::ALL
            .into_iter()
            .all(|role| self.count(color, role) == 0)
    }

    /// Whether `color` has nothing but its king.
    pub fn has_only_king(&self, color: Color) -> bool {
        with_position!(self, p => p.has_only_king(color))
    }

    /// Whether neither side can ever give checkmate.
    pub fn insufficient_material(&self) -> bool {
        with_position!(self, p => p.insufficient_material())
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        with_position!(self, p => p.piece_at(sq))
    }

    /// Whether the legal move `m` takes something of the opponent's off
    /// the board: en passant, a ram, a dethronement (the enemy queen
    /// leaves), or a move onto an enemy piece. A castle or a frontal swap
    /// takes nothing.
    pub fn is_capture(&self, m: Move) -> bool {
        match m.kind {
            MoveKind::EnPassant | MoveKind::Ram | MoveKind::Dethrone => true,
            MoveKind::Castle | MoveKind::Swap => false,
            _ => self.piece_at(m.to).is_some_and(|p| p.color != self.turn()),
        }
    }

    /// Every piece with its square.
    pub fn pieces(&self) -> Vec<(Square, Piece)> {
        with_position!(self, p => p.pieces())
    }

    /// Whether the Ram/Frontal opening restriction still applies.
    pub fn opening_pending(&self) -> bool {
        with_position!(self, p => p.opening_pending())
    }

    /// Names a square of this board (`e4`, `j10`).
    pub fn square_name(&self, sq: Square) -> String {
        sq.name(self.width())
    }

    /// Parses a square name of this board.
    pub fn parse_square(&self, text: &str) -> Option<Square> {
        Square::parse(text, self.width(), self.height())
    }
}
