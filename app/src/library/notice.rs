//! What the player is told after the library opens (a recovery, an
//! import, an empty file), as a screen shows it.

use super::OpenNotice;

/// What kind of notice the library gives after opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum NoticeKind {
    /// The database was damaged: it was moved aside (not deleted) and a
    /// new, empty library was started.
    Recovered,
    /// The terminal app's earlier files were imported once (and left in place).
    Imported,
    /// The database file was empty (0 bytes): a new library was started in it.
    EmptyFile,
}

/// Something the player should be told after opening the library.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct LibraryNotice {
    /// What happened.
    pub kind: NoticeKind,
    /// The message to show.
    pub message: String,
    /// Where the damaged database was moved (`Recovered`).
    pub backup_path: Option<String>,
    /// Games imported (`Imported`).
    pub games_imported: Option<u32>,
    /// Files that could not be read and were skipped (`Imported`).
    pub skipped: Vec<String>,
}

impl From<&OpenNotice> for LibraryNotice {
    fn from(n: &OpenNotice) -> Self {
        let message = n.message();
        match n {
            OpenNotice::Recovered { backup, .. } => LibraryNotice {
                kind: NoticeKind::Recovered,
                message,
                backup_path: Some(backup.display().to_string()),
                games_imported: None,
                skipped: Vec::new(),
            },
            OpenNotice::EmptyFile { .. } => LibraryNotice {
                kind: NoticeKind::EmptyFile,
                message,
                backup_path: None,
                games_imported: None,
                skipped: Vec::new(),
            },
            OpenNotice::Imported { games, skipped, .. } => LibraryNotice {
                kind: NoticeKind::Imported,
                message,
                backup_path: None,
                games_imported: Some(u32::try_from(*games).unwrap_or(u32::MAX)),
                skipped: skipped.clone(),
            },
        }
    }
}
