//! Whether the last change of a game on screen reached the library: the
//! autosave policy's answer, which every shell shows the same way (a
//! NOT SAVED mark, a conflict sentence). The answer to a save is read in
//! `library::save_state`; this module needs nothing of the library, so the
//! session can hold the state without importing it.

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
}
