//! Moves and the fixed-capacity move list the generator fills.

use crate::types::{Role, Square};
use arrayvec::ArrayVec;

/// What a move does beyond carrying a piece from one square to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A piece moves (capturing whatever stands on the target).
    Normal,
    /// A pawn steps two squares (it may create an en passant chance).
    DoubleStep,
    /// A pawn takes the pawn that just double-stepped past it.
    EnPassant,
    /// A pawn reaches the last rank and becomes `Role` (in Ram and Frontal
    /// chess a resurrection of a lost piece).
    Promotion(Role),
    /// Chess castling; `from` and `to` are the king's squares.
    Castle,
    /// Ram chess: the pawn on `from` rams the enemy pawn on `to`; both leave
    /// the board.
    Ram,
    /// Frontal chess: the pawns on `from` and `to` swap squares.
    Swap,
    /// Frontal chess: the pawn reaches `to` on the last rank; it, whatever it
    /// captured there and the opponent's queen leave the board.
    Dethrone,
}

/// A move. Squares are indices on the board of the position it belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the moving piece stands.
    pub from: Square,
    /// Where it goes (for rams and swaps: the enemy pawn's square).
    pub to: Square,
    /// What kind of move it is.
    pub kind: MoveKind,
}

impl Move {
    /// The promotion role, if this move promotes.
    #[inline]
    pub const fn promotion(self) -> Option<Role> {
        match self.kind {
            MoveKind::Promotion(role) => Some(role),
            _ => None,
        }
    }

    /// The move in coordinate notation (`e2e4`, `e7e8q`) on a board `width`
    /// files wide. Rams, swaps and dethronements are written as plain
    /// from-to pairs: no other move joins those squares.
    pub fn uci(self, width: u8) -> String {
        let mut text = self.from.name(width);
        text.push_str(&self.to.name(width));
        if let Some(role) = self.promotion() {
            text.push(role.char());
        }
        text
    }
}

impl Move {
    /// Packs the move into 32 bits (for hash tables and bindings).
    pub const fn pack(self) -> u32 {
        let kind = match self.kind {
            MoveKind::Normal => 0,
            MoveKind::DoubleStep => 1,
            MoveKind::EnPassant => 2,
            MoveKind::Castle => 3,
            MoveKind::Ram => 4,
            MoveKind::Swap => 5,
            MoveKind::Dethrone => 6,
            MoveKind::Promotion(role) => 8 + role as u32,
        };
        (self.from.0 as u32) | ((self.to.0 as u32) << 8) | (kind << 16) | (1 << 24)
    }

    /// Unpacks [`Move::pack`]; `None` for 0 (no move) or a malformed value.
    pub const fn unpack(packed: u32) -> Option<Move> {
        if packed >> 24 != 1 {
            return None;
        }
        let from = Square((packed & 0xff) as u8);
        let to = Square(((packed >> 8) & 0xff) as u8);
        let kind = match (packed >> 16) & 0xff {
            0 => MoveKind::Normal,
            1 => MoveKind::DoubleStep,
            2 => MoveKind::EnPassant,
            3 => MoveKind::Castle,
            4 => MoveKind::Ram,
            5 => MoveKind::Swap,
            6 => MoveKind::Dethrone,
            9 => MoveKind::Promotion(Role::Knight),
            10 => MoveKind::Promotion(Role::Bishop),
            11 => MoveKind::Promotion(Role::Rook),
            12 => MoveKind::Promotion(Role::Queen),
            _ => return None,
        };
        Some(Move { from, to, kind })
    }
}

/// Room for every legal move of any reachable position on either board (a
/// 10×10 position has at most 20 pieces, each with at most 36 targets).
pub const MAX_MOVES: usize = 768;

/// A move list on the stack: generation never allocates.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;
