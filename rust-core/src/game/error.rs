//! What can go wrong when a game is played: the errors of [`Game`](super::Game)'s
//! actions, beside the code that produces them.

use super::Outcome;
use crate::error::{MoveError, PositionError};
use crate::variant::VariantError;
use thiserror::Error;

/// A game action that cannot be carried out.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GameError {
    /// The game has ended; undo to continue from an earlier point.
    #[error("the game is over ({0}); no more moves can be played")]
    GameOver(Outcome),
    /// The move is unreadable or illegal.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// The start position is unreadable or impossible.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// The game id or an option is wrong.
    #[error(transparent)]
    Variant(#[from] VariantError),
}
