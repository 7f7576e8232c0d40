//! The one public error type of the bindings, and the guard that keeps
//! panics on this side of the boundary.
//!
//! The core and the app layer have detailed error types (`VariantError`,
//! `MoveError`, `GameError`, `SessionError`, `LibraryError`…); the apps need
//! to know *which kind* of thing went wrong, the sentence to show or log,
//! and the few facts a screen acts on (the square, the move, the game that
//! conflicted, the setting refused). So every failure crosses the boundary
//! as a [`NorochessError`] variant with named fields: `detail` is always
//! the English sentence, the other fields are data. Kotlin:
//! `NorochessException.IllegalMove` with `.moveText` and `.detail`; Swift:
//! `NorochessError.IllegalMove(moveText:detail:)`.
//!
//! (The sentence is not called `message`: UniFFI's Kotlin errors derive
//! `Throwable.message` from the fields, and a field of that name would
//! clash with it.)

use crate::types::PieceKind;
use norochess_app as app;
use norochess_core as core;
use std::any::Any;
use std::panic::{self, AssertUnwindSafe};

/// What the app layer refused to do, as data: the app layer's `Refusal`.
pub use norochess_app::Refusal;

/// Everything that can go wrong in a call into the Norochess core.
///
/// Every variant carries `detail`, a sentence saying what was wrong in
/// words a player or a developer can act on (for example `e2e5 is not a
/// legal move here: no legal move joins those squares`), and beside it the
/// facts a screen may act on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, uniffi::Error)]
pub enum NorochessError {
    /// An unknown game id, a game option that does not exist or does not
    /// apply, or a Norochess960 start number outside 0–959.
    #[error("{detail}")]
    InvalidVariant {
        /// The sentence to show.
        detail: String,
    },
    /// A position text that cannot be read or cannot occur in its game.
    #[error("{detail}")]
    InvalidPosition {
        /// The sentence to show.
        detail: String,
    },
    /// A square name that is not on this board (`k1` on 8×8, `e11`).
    #[error("{detail}")]
    InvalidSquare {
        /// The square name as given.
        square: String,
        /// The sentence to show.
        detail: String,
    },
    /// A move that cannot be read, or is not legal in the current position.
    #[error("{detail}")]
    IllegalMove {
        /// The move as given (`e2e5`, `Qh9`).
        move_text: String,
        /// The sentence to show.
        detail: String,
    },
    /// The move reaches the last rank with more than one piece to choose
    /// from: ask the player (a board's taps open the picker of
    /// `snapshot.input`) and play it again with the choice.
    #[error("{detail}")]
    PromotionRequired {
        /// The move as given (`a7-a8`).
        move_text: String,
        /// The pieces to choose from, strongest first.
        choices: Vec<PieceKind>,
        /// The sentence to show.
        detail: String,
    },
    /// The game has ended: no more moves (undo to go on from earlier). In a
    /// puzzle: the puzzle is solved, or the last move was wrong and
    /// `retry` must take it back first.
    #[error("{detail}")]
    GameOver {
        /// The sentence to show.
        detail: String,
    },
    /// A puzzle that does not exist (an unknown id) or cannot be read (a
    /// malformed puzzle line, docs/puzzles.md).
    #[error("{detail}")]
    InvalidPuzzle {
        /// The sentence to show.
        detail: String,
    },
    /// An argument outside its range (a level of 9, zero lines of analysis,
    /// a review beyond the game…).
    #[error("{detail}")]
    InvalidArgument {
        /// The sentence to show.
        detail: String,
    },
    /// A game session refused an action by its policies (see [`Refusal`]).
    #[error("{detail}")]
    Refused {
        /// What was refused.
        refusal: Refusal,
        /// The sentence to show.
        detail: String,
    },
    /// The library could not be opened, read or written (permissions, a
    /// full disk, a database written by a newer version, a stored record
    /// that cannot be read).
    #[error("{detail}")]
    Storage {
        /// The sentence to show.
        detail: String,
    },
    /// Another writer (a second window) saved this game since this copy
    /// was read: nothing was overwritten. Reopen the game to continue.
    #[error("{detail}")]
    Conflict {
        /// The game's id in the library.
        game_id: i64,
        /// The revision this copy was read at.
        expected_revision: i64,
        /// The revision in the library.
        found_revision: i64,
        /// The sentence to show.
        detail: String,
    },
    /// There is no game with this id in the library (deleted, or never saved).
    #[error("{detail}")]
    NoSuchGame {
        /// The id asked for.
        game_id: i64,
        /// The sentence to show.
        detail: String,
    },
    /// A setting that does not exist, or a value it does not take.
    #[error("{detail}")]
    Setting {
        /// The setting's name as given (or its canonical name for a bad value).
        key: String,
        /// The value refused (`None` for an unknown key).
        value: Option<String>,
        /// The closest setting name for an unknown key, if one is close.
        suggestion: Option<String>,
        /// The sentence to show.
        detail: String,
    },
    /// A bug in the core or the bindings, caught before it could cross into
    /// the app. Please report it with the detail.
    #[error("{detail}")]
    Internal {
        /// What happened.
        detail: String,
    },
}

/// Short alias for results of the bindings.
pub type Result<T, E = NorochessError> = std::result::Result<T, E>;

impl NorochessError {
    /// The English sentence of any variant.
    pub fn detail(&self) -> &str {
        match self {
            NorochessError::InvalidVariant { detail }
            | NorochessError::InvalidPosition { detail }
            | NorochessError::InvalidSquare { detail, .. }
            | NorochessError::IllegalMove { detail, .. }
            | NorochessError::PromotionRequired { detail, .. }
            | NorochessError::GameOver { detail }
            | NorochessError::InvalidPuzzle { detail }
            | NorochessError::InvalidArgument { detail }
            | NorochessError::Refused { detail, .. }
            | NorochessError::Storage { detail }
            | NorochessError::Conflict { detail, .. }
            | NorochessError::NoSuchGame { detail, .. }
            | NorochessError::Setting { detail, .. }
            | NorochessError::Internal { detail } => detail,
        }
    }

    pub(crate) fn invalid_variant(detail: impl Into<String>) -> Self {
        NorochessError::InvalidVariant {
            detail: detail.into(),
        }
    }

    pub(crate) fn invalid_square(square: &str, detail: impl Into<String>) -> Self {
        NorochessError::InvalidSquare {
            square: square.to_string(),
            detail: detail.into(),
        }
    }

    pub(crate) fn illegal_move(move_text: impl Into<String>, detail: impl Into<String>) -> Self {
        NorochessError::IllegalMove {
            move_text: move_text.into(),
            detail: detail.into(),
        }
    }

    pub(crate) fn game_over(detail: impl Into<String>) -> Self {
        NorochessError::GameOver {
            detail: detail.into(),
        }
    }

    pub(crate) fn invalid_puzzle(detail: impl Into<String>) -> Self {
        NorochessError::InvalidPuzzle {
            detail: detail.into(),
        }
    }

    pub(crate) fn invalid_argument(detail: impl Into<String>) -> Self {
        NorochessError::InvalidArgument {
            detail: detail.into(),
        }
    }

    pub(crate) fn storage(detail: impl Into<String>) -> Self {
        NorochessError::Storage {
            detail: detail.into(),
        }
    }

    pub(crate) fn internal(detail: impl Into<String>) -> Self {
        NorochessError::Internal {
            detail: detail.into(),
        }
    }
}

impl From<norochess_app::SetupError> for NorochessError {
    fn from(e: norochess_app::SetupError) -> Self {
        NorochessError::invalid_variant(e.to_string())
    }
}

impl From<core::VariantError> for NorochessError {
    fn from(e: core::VariantError) -> Self {
        NorochessError::invalid_variant(e.to_string())
    }
}

impl From<core::PositionError> for NorochessError {
    fn from(e: core::PositionError) -> Self {
        NorochessError::InvalidPosition {
            detail: e.to_string(),
        }
    }
}

impl From<core::MoveError> for NorochessError {
    fn from(e: core::MoveError) -> Self {
        let detail = e.to_string();
        match e {
            core::MoveError::Unreadable { text, .. } | core::MoveError::Illegal { text, .. } => {
                NorochessError::illegal_move(text, detail)
            }
            core::MoveError::PromotionRequired { text, choices, .. } => {
                NorochessError::PromotionRequired {
                    move_text: text,
                    choices: choices.into_iter().collect(),
                    detail,
                }
            }
        }
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
            core::GameError::GameOver(_) => NorochessError::game_over(e.to_string()),
            core::GameError::Move(e) => e.into(),
            core::GameError::Position(e) => e.into(),
            core::GameError::Variant(e) => e.into(),
        }
    }
}

impl From<app::SearchLimitsError> for NorochessError {
    fn from(e: app::SearchLimitsError) -> Self {
        NorochessError::invalid_argument(e.to_string())
    }
}

impl From<app::NewGameError> for NorochessError {
    fn from(e: app::NewGameError) -> Self {
        match e {
            app::NewGameError::Core(e) => e.into(),
            app::NewGameError::Setup(e) => e.into(),
            both @ app::NewGameError::StartAndPosition => {
                NorochessError::invalid_variant(both.to_string())
            }
            level @ app::NewGameError::NoSuchLevel { .. } => {
                NorochessError::invalid_argument(level.to_string())
            }
            // A decided or unreachable start is a position that cannot
            // begin a game: the phones show it like any bad position.
            refused => NorochessError::InvalidPosition {
                detail: refused.to_string(),
            },
        }
    }
}

impl From<app::SessionError> for NorochessError {
    fn from(e: app::SessionError) -> Self {
        use app::SessionError as S;
        let detail = e.to_string();
        let refused = |refusal| NorochessError::Refused {
            refusal,
            detail: detail.clone(),
        };
        match e {
            S::Game(e) => e.into(),
            S::Refused(refusal) => refused(refusal),
            S::NoSuchPly { .. } => NorochessError::invalid_argument(detail),
        }
    }
}

impl From<app::SettingsError> for NorochessError {
    fn from(e: app::SettingsError) -> Self {
        let detail = e.to_string();
        match e {
            app::SettingsError::UnknownKey { key, suggestion } => NorochessError::Setting {
                key,
                value: None,
                suggestion,
                detail,
            },
            app::SettingsError::BadValue { key, value, .. } => NorochessError::Setting {
                key,
                value: Some(value),
                suggestion: None,
                detail,
            },
        }
    }
}

impl From<app::LibraryError> for NorochessError {
    fn from(e: app::LibraryError) -> Self {
        let detail = e.to_string();
        match e {
            app::LibraryError::Conflict {
                id,
                expected,
                found,
            } => NorochessError::Conflict {
                game_id: id,
                expected_revision: expected,
                found_revision: found,
                detail,
            },
            app::LibraryError::NoSuchGame(game_id) => {
                NorochessError::NoSuchGame { game_id, detail }
            }
            app::LibraryError::Settings(e) => e.into(),
            _ => NorochessError::storage(detail),
        }
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
            Err(NorochessError::internal(message))
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
            Err(NorochessError::internal("internal error in test: boom"))
        );
        let result: Result<()> = guard("test", || {
            let n: Option<u8> = None;
            n.map(|_| ()).ok_or(NorochessError::invalid_argument("no"))
        });
        assert_eq!(result, Err(NorochessError::invalid_argument("no")));
    }

    #[test]
    fn core_errors_map_to_their_kind() {
        let e: NorochessError = core::Variant::parse("xiangqi", None, None)
            .unwrap_err()
            .into();
        assert!(
            matches!(e, NorochessError::InvalidVariant { ref detail } if detail.contains("xiangqi"))
        );
    }
}
