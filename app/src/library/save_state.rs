//! Whether the last change of a game on screen reached the library: the
//! autosave policy's answer, which every shell shows the same way (a
//! NOT SAVED mark, a conflict sentence).

use super::{LibraryError, SaveReceipt};

/// Whether the last change reached the library.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum SaveState {
    /// No library is attached: nothing is saved.
    NoLibrary,
    /// Nothing has changed since the game was started: not saved yet.
    NotSavedYet,
    /// Saved: the game's id and revision in the library.
    Saved {
        /// The game's id.
        game_id: i64,
        /// Its revision.
        revision: i64,
    },
    /// The last save failed (the change is kept in memory; the next change
    /// or `saveNow` tries again).
    Failed {
        /// Why, in words.
        detail: String,
    },
    /// Another window saved this game since this copy was read: nothing
    /// was overwritten. Reopen the game from the library to continue there.
    Conflict {
        /// The game's id.
        game_id: i64,
        /// The sentence to show.
        detail: String,
    },
}

impl SaveState {
    /// The state of a session just opened: `library_id` is its row, if it
    /// was read from the library (at `revision`).
    pub fn opened(has_library: bool, library_id: Option<i64>, revision: i64) -> SaveState {
        match (has_library, library_id) {
            (false, _) => SaveState::NoLibrary,
            (true, None) => SaveState::NotSavedYet,
            (true, Some(game_id)) => SaveState::Saved { game_id, revision },
        }
    }

    /// What a save's answer means for the screen. A failure never undoes
    /// the change in memory; it is reported here every time.
    pub fn after(saved: Result<SaveReceipt, LibraryError>) -> SaveState {
        match saved {
            Ok(receipt) => SaveState::Saved {
                game_id: receipt.id,
                revision: receipt.revision,
            },
            Err(LibraryError::Conflict { id, .. }) => SaveState::Conflict {
                game_id: id,
                detail: format!(
                    "This game was changed in another window; reopen it to continue (game {id})."
                ),
            },
            Err(e) => SaveState::Failed {
                detail: e.to_string(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_save_answer_reads_as_the_screen_shows_it() {
        assert_eq!(SaveState::opened(false, Some(3), 2), SaveState::NoLibrary);
        assert_eq!(SaveState::opened(true, None, 0), SaveState::NotSavedYet);
        assert_eq!(
            SaveState::opened(true, Some(3), 2),
            SaveState::Saved {
                game_id: 3,
                revision: 2
            }
        );
        let receipt = SaveReceipt {
            id: 7,
            revision: 4,
            created: false,
            written: true,
        };
        assert_eq!(
            SaveState::after(Ok(receipt)),
            SaveState::Saved {
                game_id: 7,
                revision: 4
            }
        );
        let failed = SaveState::after(Err(LibraryError::NoSuchGame(9)));
        assert!(matches!(failed, SaveState::Failed { detail } if detail.contains('9')));
    }
}
