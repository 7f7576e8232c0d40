//! Typed errors that several parts of the core share (positions, moves and
//! game ids are read in many places). Each says what was wrong and where, in
//! words a player or a developer can act on. Errors of one part live beside
//! it: [`crate::GameError`] and [`crate::RecordError`] in `game`,
//! [`crate::ClockError`] beside the clock.

use crate::types::{Role, Square};
use crate::variant::VariantError;
use thiserror::Error;

/// A position text that cannot be read, or that describes an impossible
/// position for its game.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    /// Nothing but white space.
    #[error("the position text is empty")]
    Empty,
    /// A required field is missing.
    #[error("the {0} field is missing")]
    MissingField(&'static str),
    /// A field is malformed; `column` counts characters of the whole text from 1.
    #[error("{field} field, character {column}: {problem}")]
    Syntax {
        /// Which field.
        field: &'static str,
        /// Where, counting characters of the whole text from 1.
        column: usize,
        /// What is wrong.
        problem: String,
    },
    /// The text is well formed but the position cannot occur in this game.
    #[error("impossible position: {0}")]
    Illegal(String),
}

/// A move that cannot be read or may not be played.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The text is not a move in any accepted notation.
    #[error("cannot read move `{text}`: {problem}")]
    Unreadable {
        /// The text given.
        text: String,
        /// What is wrong with it.
        problem: String,
    },
    /// The move is well formed but not legal here.
    #[error("{text} is not a legal move here: {reason}")]
    Illegal {
        /// The move as given.
        text: String,
        /// Why it is not legal.
        reason: String,
    },
    /// A pawn move to the last rank that does not say what the pawn
    /// becomes, where there is a choice: ask for one of `choices`.
    #[error("{text} is not a legal move here: {reason}")]
    PromotionRequired {
        /// The move as given.
        text: String,
        /// The pawn's square.
        from: Square,
        /// The last-rank square it goes to.
        to: Square,
        /// The pieces it may become, in the order of [`Role::PROMOTIONS`].
        choices: Vec<Role>,
        /// The question in words, with the choices written out.
        reason: String,
    },
}

/// Any error of the core, for callers that do not care which part failed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// A game id or option problem.
    #[error(transparent)]
    Variant(#[from] VariantError),
    /// A position text problem.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// A move problem.
    #[error(transparent)]
    Move(#[from] MoveError),
}
