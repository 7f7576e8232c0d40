//! The core's types that cross the UniFFI boundary inside the app layer's
//! records (feature `uniffi`). `rust-core` stays free of FFI: each is
//! declared here with `#[uniffi::remote]`, which checks the declaration
//! against the real type, and the bindings borrow the converters with
//! `uniffi::use_remote_type!`.

use norochess_core::{Color, Role, TimeControl};

/// One of the two sides (the core's `Color`; `Side` in Kotlin and Swift,
/// where `Color` is the drawing type).
#[uniffi::remote(Enum)]
#[uniffi(name = "Side")]
pub enum Color {
    /// The side that moves first.
    White,
    /// The side that moves second.
    Black,
}

/// The kind of a piece (the core's `Role`; `PieceKind` in Kotlin and Swift).
#[uniffi::remote(Enum)]
#[uniffi(name = "PieceKind")]
pub enum Role {
    /// Pawn (1 point in the Norochess family).
    Pawn,
    /// Knight (3 points).
    Knight,
    /// Bishop (3 points).
    Bishop,
    /// Rook (5 points).
    Rook,
    /// Queen (9 points).
    Queen,
    /// King (2 points in the Norochess family, where it is not royal).
    King,
}

/// How much time each player gets (the core's `TimeControl`).
#[uniffi::remote(Enum)]
pub enum TimeControl {
    /// A fixed amount for the whole game.
    SuddenDeath {
        /// Time per player, in milliseconds.
        base_ms: u64,
    },
    /// A base time plus an increment after each move.
    Fischer {
        /// Time per player at the start.
        base_ms: u64,
        /// Added after each move.
        increment_ms: u64,
    },
    /// A base time; each move the clock starts only after a delay.
    Delay {
        /// Time per player at the start.
        base_ms: u64,
        /// Free thinking time at the start of each move.
        delay_ms: u64,
    },
    /// The Norochess tournament shape, scaled as the app likes: a base time
    /// for the regular moves with an increment, then a fixed allowance per
    /// overtime move.
    Norochess {
        /// Time per player at the start.
        base_ms: u64,
        /// Added after each regular move.
        increment_ms: u64,
        /// Number of regular moves (48).
        regular_moves: u32,
        /// Added after each overtime move.
        overtime_ms: u64,
    },
}
