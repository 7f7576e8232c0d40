//! Small value types shared by the game, clock and engine interfaces.

use std::sync::{Mutex, MutexGuard};

/// One of the two sides: the core's `Color`, declared for UniFFI by the
/// app layer (`Side` in Kotlin and Swift).
pub use norochess_core::Color as Side;

uniffi::use_remote_type!(norochess_app::norochess_core::Color);

/// The kind of a piece: the core's `Role`, declared for UniFFI by the
/// app layer (`PieceKind` in Kotlin and Swift).
pub use norochess_core::Role as PieceKind;

uniffi::use_remote_type!(norochess_app::norochess_core::Role);

/// A piece of one side: the core's `Piece`, declared for UniFFI by the
/// app layer.
pub use norochess_core::Piece;

uniffi::use_remote_type!(norochess_app::norochess_core::Piece);

/// What a move does beyond carrying a piece: the core's `MoveKind`,
/// declared for UniFFI by the app layer.
pub use norochess_core::MoveKind;

uniffi::use_remote_type!(norochess_app::norochess_core::MoveKind);

/// A piece on its square, and a move in every notation: the app layer's
/// records.
pub use norochess_app::{MoveInfo, PlacedPiece};

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
