//! The one public error type of the bindings, and the guard that keeps
//! panics on this side of the boundary.
//!
//! The core has detailed error types (`VariantError`, `PositionError`,
//! `MoveError`, `GameError`, `RecordError`, `ClockError`); the apps need to
//! know only *which kind* of thing went wrong and a sentence to show or log.
//! So every failure crosses the boundary as a [`NorochessError`] variant
//! carrying the core's message (UniFFI "flat" error: Kotlin
//! `NorochessException.IllegalMove` with `message`, Swift
//! `NorochessError.IllegalMove(message:)`).

use norochess_core as core;
use std::any::Any;
use std::panic::{self, AssertUnwindSafe};

/// Everything that can go wrong in a call into the Norochess core.
///
/// Each variant's message says what was wrong in words a player or a
/// developer can act on (for example `e2e5 is not a legal move here: no
/// legal move joins those squares`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, uniffi::Error)]
#[uniffi(flat_error)]
pub enum NorochessError {
    /// An unknown game id, a game option that does not exist or does not
    /// apply, or a Norochess960 start number outside 0–959.
    #[error("{0}")]
    InvalidVariant(String),
    /// A position text that cannot be read or cannot occur in its game.
    #[error("{0}")]
    InvalidPosition(String),
    /// A square name that is not on this board (`k1` on 8×8, `e11`).
    #[error("{0}")]
    InvalidSquare(String),
    /// A move that cannot be read, or is not legal in the current position.
    #[error("{0}")]
    IllegalMove(String),
    /// The move reaches the last rank with more than one piece to choose
    /// from: ask the player (see `GameHandle.promotionChoices`) and play it
    /// again with the choice.
    #[error("{0}")]
    PromotionRequired(String),
    /// The game has ended: no more moves (undo to go on from earlier). In a
    /// puzzle: the puzzle is solved, or the last move was wrong and
    /// `retry` must take it back first.
    #[error("{0}")]
    GameOver(String),
    /// A game record that cannot be imported.
    #[error("{0}")]
    InvalidRecord(String),
    /// A clock action that is not possible now (not started, paused, flag fallen).
    #[error("{0}")]
    Clock(String),
    /// A puzzle that does not exist (an unknown id) or cannot be read (a
    /// malformed puzzle line, docs/puzzles.md).
    #[error("{0}")]
    InvalidPuzzle(String),
    /// Saved puzzle progress that cannot be read.
    #[error("{0}")]
    InvalidProgress(String),
    /// An argument outside its range (a level of 9, zero lines of analysis…).
    #[error("{0}")]
    InvalidArgument(String),
    /// A bug in the core or the bindings, caught before it could cross into
    /// the app. Please report it with the message.
    #[error("{0}")]
    Internal(String),
}

/// Short alias for results of the bindings.
pub type Result<T, E = NorochessError> = std::result::Result<T, E>;

impl From<core::VariantError> for NorochessError {
    fn from(e: core::VariantError) -> Self {
        NorochessError::InvalidVariant(e.to_string())
    }
}

impl From<core::PositionError> for NorochessError {
    fn from(e: core::PositionError) -> Self {
        NorochessError::InvalidPosition(e.to_string())
    }
}

impl From<core::MoveError> for NorochessError {
    fn from(e: core::MoveError) -> Self {
        NorochessError::IllegalMove(e.to_string())
    }
}

impl From<core::Error> for NorochessError {
    fn from(e: core::Error) -> Self {
        match e {
            core::Error::Variant(e) => e.into(),
            core::Error::Position(e) => e.into(),
            core::Error::Move(e) => e.into(),
        }
    }
}

impl From<core::GameError> for NorochessError {
    fn from(e: core::GameError) -> Self {
        match e {
            core::GameError::GameOver(_) => NorochessError::GameOver(e.to_string()),
            core::GameError::Move(e) => e.into(),
            core::GameError::Position(e) => e.into(),
            core::GameError::Variant(e) => e.into(),
        }
    }
}

impl From<core::RecordError> for NorochessError {
    fn from(e: core::RecordError) -> Self {
        NorochessError::InvalidRecord(e.to_string())
    }
}

impl From<core::ClockError> for NorochessError {
    fn from(e: core::ClockError) -> Self {
        NorochessError::Clock(e.to_string())
    }
}

/// Runs `body`, turning a panic into [`NorochessError::Internal`].
///
/// UniFFI already stops panics at the boundary, but reports them as its own
/// internal error (which a Swift `try!` in generated code turns into a
/// crash). Every exported call goes through this guard, so a bug shows up as
/// a typed, catchable error with the panic's message, and is logged.
pub(crate) fn guard<T>(what: &str, body: impl FnOnce() -> Result<T>) -> Result<T> {
    match panic::catch_unwind(AssertUnwindSafe(body)) {
        Ok(result) => {
            if let Err(e) = &result {
                log::debug!("{what}: {e}");
            }
            result
        }
        Err(payload) => {
            let message = format!("internal error in {what}: {}", panic_message(&*payload));
            log::error!("{message}");
            Err(NorochessError::Internal(message))
        }
    }
}

fn panic_message(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "unknown panic".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_an_internal_error_with_its_message() {
        // Keep the test output clean: the default hook would print the panic.
        let hook = panic::take_hook();
        panic::set_hook(Box::new(|_| {}));
        let result: Result<()> = guard("test", || panic!("boom"));
        panic::set_hook(hook);
        assert_eq!(
            result,
            Err(NorochessError::Internal(
                "internal error in test: boom".to_string()
            ))
        );
        let result: Result<()> = guard("test", || {
            let n: Option<u8> = None;
            n.map(|_| ())
                .ok_or(NorochessError::InvalidArgument("no".into()))
        });
        assert_eq!(result, Err(NorochessError::InvalidArgument("no".into())));
    }

    #[test]
    fn core_errors_map_to_their_kind() {
        let e: NorochessError = core::Variant::parse("xiangqi", None, None)
            .unwrap_err()
            .into();
        assert!(matches!(e, NorochessError::InvalidVariant(ref m) if m.contains("xiangqi")));
    }
}
