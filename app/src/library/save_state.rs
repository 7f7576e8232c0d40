//! What a save's answer means for the screen: [`SaveState::after`], the
//! autosave policy's reading of the library's answer.

use super::{LibraryError, SaveReceipt};
use crate::save_state::SaveState;

impl SaveState {
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
