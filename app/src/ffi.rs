//! The core's types that cross the UniFFI boundary inside the app layer's
//! records (feature `uniffi`). `rust-core` stays free of FFI: each is
//! declared here with `#[uniffi::remote]`, which checks the declaration
//! against the real type, and the bindings borrow the converters with
//! `uniffi::use_remote_type!`.

use norochess_core::puzzle::Difficulty;
use norochess_core::{
    ClockLimits, Color, EndReason, MoveKind, Objective, Overtime, Piece, Role, TimeControl,
};

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

/// Why a game ended (the core's `EndReason`).
#[uniffi::remote(Enum)]
pub enum EndReason {
    /// Norochess: a side has no pieces left and loses at once.
    NoPiecesLeft,
    /// Norochess: the player whose move created a threefold repetition loses.
    RepetitionLoss,
    /// Norochess: the side to move has pieces but no legal move; the score decides.
    Blocked,
    /// Norochess: after Black's 48th move or an overtime move the scores differ.
    MoveLimit,
    /// Norochess: the scores are still equal after Black's 60th move: a draw.
    OvertimeExhausted,
    /// Royal games: checkmate.
    Checkmate,
    /// Royal games: stalemate.
    Stalemate,
    /// Royal games: threefold repetition.
    Repetition,
    /// Royal games: fifty moves each without a capture or pawn move.
    FiftyMoves,
    /// Royal games: neither side can checkmate.
    InsufficientMaterial,
    /// A player resigned.
    Resignation,
    /// The players agreed to a draw.
    Agreement,
    /// A player's time ran out.
    TimeForfeit,
    /// A player's time ran out but the opponent could never win (royal games).
    TimeoutVsInsufficientMaterial,
}

/// How hard a puzzle is: its rating's tier (the core's `Difficulty`).
#[uniffi::remote(Enum)]
#[uniffi(name = "PuzzleDifficulty")]
pub enum Difficulty {
    /// Rating below 1300 (`easy`).
    Easy,
    /// Rating 1300 to 1699 (`medium`).
    Medium,
    /// Rating 1700 and above (`hard`).
    Hard,
}

/// The engine's clock in a game with a clock (the core's `ClockLimits`;
/// `EngineClock` in Kotlin and Swift).
#[uniffi::remote(Record)]
#[uniffi(name = "EngineClock")]
pub struct ClockLimits {
    /// The engine's time left, in milliseconds.
    pub remaining_ms: u64,
    /// Its increment per move, in milliseconds.
    pub increment_ms: u64,
    /// Moves to the next time control, if known.
    #[uniffi(default = None)]
    pub moves_to_go: Option<u32>,
}

/// A piece of one side (the core's `Piece`).
#[uniffi::remote(Record)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

/// What a move does beyond carrying a piece from one square to another
/// (the core's `MoveKind`).
#[uniffi::remote(Enum)]
pub enum MoveKind {
    /// A piece moves, capturing whatever stands on the target.
    Normal,
    /// A pawn steps two squares.
    DoubleStep,
    /// A pawn takes the pawn that just passed it (8×8 games).
    EnPassant,
    /// A pawn reaches the last rank and becomes this piece (in Ram and
    /// Frontal chess a resurrection of a lost piece).
    Promotion(Role),
    /// Chess castling; `from` and `to` are the king's squares.
    Castle,
    /// Ram chess: the pawn rams the enemy pawn in front; both leave the board.
    Ram,
    /// Frontal chess: the two facing pawns swap squares.
    Swap,
    /// Frontal chess: the pawn reaches the last rank; it, anything it
    /// captured there and the opponent's queen leave the board.
    Dethrone,
}

/// Overtime in a Norochess game: "Overtime 52 / 60" (the core's `Overtime`).
#[uniffi::remote(Record)]
pub struct Overtime {
    /// The current move (49–60).
    pub move_number: u32,
    /// The last possible move (60).
    pub last_move: u32,
}

/// What the player of a puzzle (the side to move at the start) must
/// achieve (the core's `Objective`; `PuzzleObjective` in Kotlin and Swift).
/// The numbers of the tuple variants are named for the shells.
#[uniffi::remote(Enum)]
#[uniffi(name = "PuzzleObjective")]
pub enum Objective {
    /// Force a win (`win`).
    Win,
    /// Force a win with a final margin of at least `margin` points
    /// (`win-by K`).
    WinBy(#[uniffi(name = "margin")] u16),
    /// Avoid losing: force a draw or better (`save`).
    Save,
    /// Gain at least `points` more than the opponent within `moves` of the
    /// player's moves and the opponent's answers (`gain 5 in 2`): a
    /// middlegame puzzle, where captured points are kept for good.
    Gain {
        /// Points to gain over the opponent.
        points: u16,
        /// The player's moves to do it in.
        moves: u8,
    },
    /// The solver's form of a gain: be at least `points` ahead (negative:
    /// at most that many behind) where play stops. Never written in a
    /// puzzle file, so a puzzle's objective is never this one.
    Lead(#[uniffi(name = "points")] i16),
    /// Checkmate within `moves` of the player's moves (`mate in 2`): a
    /// puzzle of a game with a royal king (Ram chess, Frontal chess).
    Mate {
        /// The player's moves, the mating move included.
        moves: u8,
    },
}
