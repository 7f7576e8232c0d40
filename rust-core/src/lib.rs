//! # norochess-core
//!
//! The rules of Norochess and its related games (Norochess960, Ram chess,
//! Frontal chess, Improved and Crab chess, standard chess), with exact and
//! fast legal move generation on 8×8 and 10×10 boards.
//!
//! Each game is data: one record in [`GAMES`] (names, board, start, options
//! and [`Rules`], see [`Variant::record`]); one move generator, compiled once
//! per board size ([`Board8`] with `u64` bitboards, [`Board10`] with `u128`),
//! plays them all. [`AnyPosition`] picks the board at run time.
//!
//! ```
//! use norochess_core::{AnyPosition, Variant};
//! let start = AnyPosition::start(Variant::Norochess, None).unwrap();
//! assert_eq!(start.perft(2), 400);
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod any;
mod any_state;
mod bitboard;
mod board_move;
mod engine;
mod error;
mod game;
mod geometry;
mod moves;
mod notation;
mod position;
pub mod puzzle;
mod rng;
pub mod tune;
mod types;
mod variant;
mod zobrist;

pub use any::AnyPosition;
pub use bitboard::{Bitboard, Squares};
pub use engine::baseline;
pub use engine::eval_params::{EvalParams, ParamInfo, PARAMS, PARAM_COUNT};
pub use engine::solver::{GameValue, Objective, Proof, SolveLimits, Solver};
pub use engine::{
    ClockLimits, Engine, HashAllocError, Level, Limits, Line, Score, SearchInfo, SearchRequest,
    SearchResult, StopHandle, DEFAULT_HASH_MB, MAX_THREADS,
};
pub use error::{Error, MoveError, PositionError};
pub use game::{
    Clock, ClockError, EndReason, Game, GameError, Outcome, Overtime, Ply, RecordError, Snapshot,
    TimeControl,
};
pub use geometry::{Board10, Board8, Geometry};
pub use moves::{Move, MoveKind, MoveList, MAX_MOVES};
pub use notation::{parse_move, to_long, to_san, to_uci, write_move, Notation};
pub use position::{board_field, Position};
pub use rng::SplitMix64;
pub use types::{Color, Piece, Role, Square};
pub use variant::back_rank as chess960_back_rank;
pub use variant::{
    Blockage, BoardSize, DoubleStep, GameOption, GameRecord, MoveLimit, ObliqueStep, OpeningRule,
    OptionValue, PromotionRule, RuleBlock, RulePage, RuleSection, Rules, Start, StartNumbering,
    Variant, VariantError, Zone, CHESS960, GAMES,
};
