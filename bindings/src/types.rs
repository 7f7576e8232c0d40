//! Small value types shared by the game, clock and engine interfaces.

use norochess_core as core;
use norochess_core::AnyPosition;
use std::sync::{Mutex, MutexGuard};

/// One of the two sides: the core's `Color`, declared for UniFFI by the
/// app layer (`Side` in Kotlin and Swift).
pub use norochess_core::Color as Side;

uniffi::use_remote_type!(norochess_app::norochess_core::Color);

/// The kind of a piece: the core's `Role`, declared for UniFFI by the
/// app layer (`PieceKind` in Kotlin and Swift).
pub use norochess_core::Role as PieceKind;

uniffi::use_remote_type!(norochess_app::norochess_core::Role);

/// A piece of one side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Record)]
pub struct Piece {
    /// Whose piece it is.
    pub side: Side,
    /// What kind of piece it is.
    pub kind: PieceKind,
    /// Its capture points in the Norochess family (Q9 R5 B3 N3 K2 P1).
    pub points: u32,
}

impl From<core::Piece> for Piece {
    fn from(p: core::Piece) -> Self {
        Piece {
            side: p.color,
            kind: p.role,
            points: u32::from(p.role.capture_points()),
        }
    }
}

/// A piece on its square, ready to be drawn.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct PlacedPiece {
    /// The square's name (`e4`, `j10`).
    pub square: String,
    /// File from 0 (`a`) to width − 1.
    pub file: u32,
    /// Rank from 0 (rank 1) to height − 1.
    pub rank: u32,
    /// The piece.
    pub piece: Piece,
}

/// What a move does beyond carrying a piece from one square to another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum MoveKind {
    /// A piece moves, capturing whatever stands on the target.
    Normal,
    /// A pawn steps two squares.
    DoubleStep,
    /// A pawn takes the pawn that just passed it (8×8 games).
    EnPassant,
    /// A pawn reaches the last rank and becomes the `promotion` piece (in
    /// Ram and Frontal chess a resurrection of a lost piece).
    Promotion,
    /// Chess castling; `from` and `to` are the king's squares.
    Castle,
    /// Ram chess: the pawn rams the enemy pawn in front; both leave the board.
    Ram,
    /// Frontal chess: the two facing pawns swap squares.
    Swap,
    /// Frontal chess: the pawn reaches the last rank; it, anything it
    /// captured there and the opponent's queen leave the board.
    Dethronement,
}

impl From<core::MoveKind> for MoveKind {
    fn from(k: core::MoveKind) -> Self {
        match k {
            core::MoveKind::Normal => MoveKind::Normal,
            core::MoveKind::DoubleStep => MoveKind::DoubleStep,
            core::MoveKind::EnPassant => MoveKind::EnPassant,
            core::MoveKind::Promotion(_) => MoveKind::Promotion,
            core::MoveKind::Castle => MoveKind::Castle,
            core::MoveKind::Ram => MoveKind::Ram,
            core::MoveKind::Swap => MoveKind::Swap,
            core::MoveKind::Dethrone => MoveKind::Dethronement,
        }
    }
}

/// A move of a particular position, in every notation the apps show.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct MoveInfo {
    /// The square the piece leaves (`e2`).
    pub from: String,
    /// The square it goes to (for rams and swaps the enemy pawn's square).
    pub to: String,
    /// The piece a promotion or resurrection creates.
    pub promotion: Option<PieceKind>,
    /// What kind of move it is.
    pub kind: MoveKind,
    /// Whether it removes enemy material (capture, en passant, ram,
    /// dethronement): for the capture sound.
    pub is_capture: bool,
    /// Standard algebraic notation (`Nf3`, `exe5` for a ram, `e~e5` for a
    /// swap, `e10^` for a dethronement).
    pub san: String,
    /// Long algebraic notation (`Ng1-f3`).
    pub long: String,
    /// Coordinates (`g1f3`, `e7e8q`): stable text for saving and replaying.
    pub uci: String,
}

impl MoveInfo {
    /// Describes the legal move `m` of `position`.
    pub(crate) fn of(position: &AnyPosition, m: core::Move) -> MoveInfo {
        let width = position.width();
        let target = position.piece_at(m.to);
        let is_capture = match m.kind {
            core::MoveKind::EnPassant | core::MoveKind::Ram | core::MoveKind::Dethrone => true,
            core::MoveKind::Castle | core::MoveKind::Swap => false,
            _ => target.is_some_and(|p| p.color != position.turn()),
        };
        MoveInfo {
            from: m.from.name(width),
            to: m.to.name(width),
            promotion: m.promotion(),
            kind: m.kind.into(),
            is_capture,
            san: position.to_san(m),
            long: position.to_long(m),
            uci: m.uci(width),
        }
    }
}

/// Both scores of a Norochess-family game (the app layer's record).
pub use norochess_app::Scores;

/// Locks `mutex`, recovering the data if an earlier call panicked while
/// holding it (that panic was already reported as an internal error; the
/// objects' state changes are single assignments, so the data is usable).
pub(crate) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|poisoned| {
        log::warn!("recovering a lock poisoned by an earlier internal error");
        poisoned.into_inner()
    })
}
