//! The library: one SQLite database (`norochess.db`) with every game,
//! puzzle progress, settings and statistics.
//!
//! What it promises:
//! - **Saved after every move.** [`Library::save`] writes a game in one
//!   transaction; when it returns `Ok` the move survives the app being
//!   killed (WAL journal, `synchronous=NORMAL`: a process crash loses
//!   nothing committed; a power cut may lose the last transactions but
//!   never corrupts the file).
//! - **No silent overwrite.** Every game row has a revision; a writer that
//!   read an older revision (a second window on the same database) gets
//!   [`LibraryError::Conflict`] and keeps its own copy to save elsewhere.
//! - **Never deletes a damaged database.** A file that is not a database or
//!   fails SQLite's integrity check is moved aside to
//!   `norochess.db.damaged-<date>` and a new library is started; the
//!   [`OpenNotice`] says so.
//! - **One-time import** of the terminal app's earlier file store
//!   (`current.pgn`, `games/`, `puzzles.txt`, `settings.txt`), which is left
//!   in place.

mod games;
mod import;
mod my_puzzles;
mod notice;
mod puzzles;
mod reviews;
mod save_state;
mod schema;
mod settings;
mod stats;

pub use crate::save_state::SaveState;
pub use games::{GameFilter, GameList, GameSummary, OpponentFilter, SaveReceipt};
pub use my_puzzles::{MyPuzzle, MyPuzzleList, PuzzleOrigin};
pub use notice::{LibraryNotice, NoticeKind};
pub use puzzles::{
    PuzzleAttempt, PuzzleStats, PuzzleTierStats, RatedAttempt, RatingPoint, STATS_HISTORY,
};
pub use reviews::{OpenedReview, ReviewStats};
pub use schema::MigrationError;
pub use settings::{
    default_settings, Orientation, PieceStyle, Settings, SettingsError, SETTING_KEYS,
};
pub use stats::{Stats, StatsRow};

use rusqlite::{Connection, ErrorCode, OpenFlags};
use std::path::{Path, PathBuf};
use std::time::Duration;
use thiserror::Error;

/// The database's file name inside its folder.
pub const DATABASE_FILE: &str = "norochess.db";

/// What went wrong with the library.
#[derive(Debug, Error)]
pub enum LibraryError {
    /// The folder for the database could not be made.
    #[error("cannot create the folder {path}: {source}")]
    Folder {
        /// The folder.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The database could not be opened (permissions, locked, full disk…).
    #[error("cannot open the library {path}: {}", sqlite_text(source))]
    Open {
        /// The database file.
        path: PathBuf,
        /// Why.
        source: rusqlite::Error,
    },
    /// The database was written by a newer version of the app.
    #[error("the library {path} was written by a newer version of Norochess (schema {found}; this version knows {known}); update the app")]
    NewerSchema {
        /// The database file.
        path: PathBuf,
        /// Its schema version.
        found: i64,
        /// The newest this version knows.
        known: i64,
    },
    /// A damaged database could not be moved aside.
    #[error("the library {path} is damaged and could not be moved aside: {source}")]
    Backup {
        /// The database file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// Reading or writing failed.
    #[error("the library could not be read or written: {}", sqlite_text(.0))]
    Sqlite(#[from] rusqlite::Error),
    /// The schema could not be brought up to date.
    #[error("the library's schema could not be updated: {0}")]
    Migration(#[from] MigrationError),
    /// Another writer saved the game since this copy was read.
    #[error("game {id} was changed by another window (now at revision {found}, this copy was read at {expected}); reopen it to continue")]
    Conflict {
        /// The game.
        id: i64,
        /// The revision this copy was read at.
        expected: i64,
        /// The revision in the library.
        found: i64,
    },
    /// There is no such game (it was deleted, or never saved).
    #[error("there is no game {0} in the library")]
    NoSuchGame(i64),
    /// A stored record cannot be read back.
    #[error("game {id}'s record cannot be read: {source}")]
    BadRecord {
        /// The game.
        id: i64,
        /// Why.
        source: norochess_core::RecordError,
    },
    /// A setting was refused.
    #[error(transparent)]
    Settings(#[from] SettingsError),
    /// A review could not be made (its budget).
    #[error("the review cannot start: {0}")]
    Review(crate::review::ReviewError),
}

impl LibraryError {
    /// Whether the disk (or the database's size limit) is full: freeing
    /// space is what helps.
    pub fn is_disk_full(&self) -> bool {
        let sqlite = match self {
            LibraryError::Open { source, .. } | LibraryError::Sqlite(source) => Some(source),
            LibraryError::Migration(e) => e.sqlite(),
            _ => None,
        };
        sqlite.is_some_and(is_full)
    }
}

fn is_full(e: &rusqlite::Error) -> bool {
    e.sqlite_error_code() == Some(ErrorCode::DiskFull)
}

/// SQLite's error as one line: a full disk said as such, no SQL, no
/// line breaks.
pub(crate) fn sqlite_text(e: &rusqlite::Error) -> String {
    if is_full(e) {
        return "the disk is full".to_string();
    }
    let text = match e {
        rusqlite::Error::SqliteFailure(_, Some(message)) => message.clone(),
        other => other.to_string(),
    };
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Something the player should be told after opening the library.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpenNotice {
    /// The database was damaged: it was moved aside and a new one started.
    Recovered {
        /// Where the damaged file now is.
        backup: PathBuf,
        /// What was wrong with it.
        problem: String,
    },
    /// The terminal app's earlier files were imported.
    Imported {
        /// Games imported.
        games: usize,
        /// Whether a settings file was imported.
        settings: bool,
        /// Whether a puzzle progress file was imported.
        puzzle_progress: bool,
        /// Files that could not be read (left in place).
        skipped: Vec<String>,
    },
    /// The database file was empty (0 bytes): there was nothing in it to
    /// keep, and a new library was started in it.
    EmptyFile {
        /// The file.
        path: PathBuf,
    },
}

impl OpenNotice {
    /// The message to show.
    pub fn message(&self) -> String {
        match self {
            OpenNotice::Recovered { backup, problem } => format!(
                "The library could not be read ({problem}). It was moved to {} and a new, empty library was started; nothing was deleted.",
                backup.display()
            ),
            OpenNotice::Imported {
                games,
                settings,
                puzzle_progress,
                skipped,
            } => {
                let mut parts = vec![format!("{games} game{}", if *games == 1 { "" } else { "s" })];
                if *settings {
                    parts.push("your settings".to_string());
                }
                if *puzzle_progress {
                    parts.push("your puzzle progress".to_string());
                }
                let found = match parts.as_slice() {
                    [one] => one.clone(),
                    [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
                    [] => String::new(),
                };
                let mut text = format!(
                    "Imported {found} from the earlier files (they were left in place)."
                );
                if !skipped.is_empty() {
                    text.push_str(&format!(" Not readable, skipped: {}.", skipped.join(", ")));
                }
                text
            }
            OpenNotice::EmptyFile { path } => format!(
                "The library file {} was empty (0 bytes), so there was nothing in it to keep; a new library was started in it.",
                path.display()
            ),
        }
    }
}

/// The library of games, progress, settings and statistics.
#[derive(Debug)]
pub struct Library {
    conn: Connection,
    path: Option<PathBuf>,
    notices: Vec<OpenNotice>,
}

impl Library {
    /// Opens (or creates) the library in `folder`, importing the terminal
    /// app's earlier files found there once.
    pub fn open(folder: &Path) -> Result<Library, LibraryError> {
        std::fs::create_dir_all(folder).map_err(|source| LibraryError::Folder {
            path: folder.to_path_buf(),
            source,
        })?;
        let mut library = Library::open_file(&folder.join(DATABASE_FILE))?;
        if let Some(notice) = import::import_file_store(&mut library, folder)? {
            library.notices.push(notice);
        }
        Ok(library)
    }

    /// Opens (or creates) the database file `path`. A damaged file is moved
    /// aside and a new library started ([`Library::notices`] says so).
    pub fn open_file(path: &Path) -> Result<Library, LibraryError> {
        let was_empty = is_stale_empty_file(path);
        let mut library = Library::open_or_recover(path)?;
        if was_empty {
            library.notices.push(OpenNotice::EmptyFile {
                path: path.to_path_buf(),
            });
        }
        Ok(library)
    }

    fn open_or_recover(path: &Path) -> Result<Library, LibraryError> {
        match Library::try_open_patiently(path) {
            Ok(library) => Ok(library),
            Err(problem) if problem.is_damage() => {
                let backup = move_aside(path)?;
                let mut library = Library::try_open(path).map_err(|e| e.into_error(path))?;
                library.notices.push(OpenNotice::Recovered {
                    backup,
                    problem: problem.describe(),
                });
                Ok(library)
            }
            Err(problem) => Err(problem.into_error(path)),
        }
    }

    /// A library in memory (tests, or when no folder can be written).
    pub fn in_memory() -> Result<Library, LibraryError> {
        let mut conn = Connection::open_in_memory()?;
        schema::migrate(&mut conn)?;
        Ok(Library {
            conn,
            path: None,
            notices: Vec::new(),
        })
    }

    /// [`Library::try_open`], tried again while another window holds the
    /// database locked (two windows opening a new library at once: the
    /// busy timeout covers most waits, not every step of creating a file).
    fn try_open_patiently(path: &Path) -> Result<Library, OpenProblem> {
        let mut tries = 0;
        loop {
            match Library::try_open(path) {
                Err(problem) if problem.is_busy() && tries < OPEN_TRIES => {
                    tries += 1;
                    std::thread::sleep(Duration::from_millis(50 * tries));
                }
                other => return other,
            }
        }
    }

    fn try_open(path: &Path) -> Result<Library, OpenProblem> {
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let mut conn = Connection::open_with_flags(path, flags).map_err(OpenProblem::Sqlite)?;
        conn.busy_timeout(Duration::from_secs(5))
            .map_err(OpenProblem::Sqlite)?;
        // The journal mode is checked on the answer: a file that is not a
        // database fails here first.
        let mode: String = conn
            .query_row("PRAGMA journal_mode = WAL", [], |row| row.get(0))
            .map_err(OpenProblem::Sqlite)?;
        if !mode.eq_ignore_ascii_case("wal") {
            return Err(OpenProblem::Damaged(format!("journal mode {mode}")));
        }
        conn.execute_batch("PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;")
            .map_err(OpenProblem::Sqlite)?;
        let check: String = conn
            .query_row("PRAGMA quick_check(1)", [], |row| row.get(0))
            .map_err(OpenProblem::Sqlite)?;
        if check != "ok" {
            return Err(OpenProblem::Damaged(check));
        }
        schema::migrate(&mut conn).map_err(|e| match e {
            MigrationError::Newer { found, known } => OpenProblem::Newer { found, known },
            e => OpenProblem::Migration(e),
        })?;
        Ok(Library {
            conn,
            path: Some(path.to_path_buf()),
            notices: Vec::new(),
        })
    }

    /// The database file (`None` in memory).
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// What the player should be told after opening (a recovery, an import).
    pub fn notices(&self) -> &[OpenNotice] {
        &self.notices
    }

    /// SQLite's full integrity check: `Ok(())` or the problems found.
    pub fn integrity_check(&self) -> Result<Result<(), Vec<String>>, LibraryError> {
        let mut statement = self.conn.prepare("PRAGMA integrity_check")?;
        let lines: Vec<String> = statement
            .query_map([], |row| row.get(0))?
            .collect::<Result<_, _>>()?;
        if lines.len() == 1 && lines[0] == "ok" {
            Ok(Ok(()))
        } else {
            Ok(Err(lines))
        }
    }
}

/// How many times opening is tried again while the database is locked.
const OPEN_TRIES: u64 = 10;

/// Whether `path` is an empty file that no other window is just creating
/// (SQLite writes a new database's first page within moments).
fn is_stale_empty_file(path: &Path) -> bool {
    let Ok(meta) = std::fs::metadata(path) else {
        return false;
    };
    let old = meta
        .modified()
        .ok()
        .and_then(|m| m.elapsed().ok())
        .is_some_and(|age| age > Duration::from_secs(2));
    meta.is_file() && meta.len() == 0 && old
}

/// Why opening failed, before it is decided whether the file is damaged.
enum OpenProblem {
    Sqlite(rusqlite::Error),
    Migration(MigrationError),
    Damaged(String),
    Newer { found: i64, known: i64 },
}

impl OpenProblem {
    /// Whether the file itself is damaged (as opposed to locked, not
    /// permitted or newer): only then is it moved aside.
    fn is_damage(&self) -> bool {
        match self {
            OpenProblem::Damaged(_) => true,
            OpenProblem::Sqlite(e) => is_damage_code(e),
            OpenProblem::Migration(e) => e.sqlite().is_some_and(is_damage_code),
            _ => false,
        }
    }

    /// Whether another connection holds the database locked.
    fn is_busy(&self) -> bool {
        let sqlite = match self {
            OpenProblem::Sqlite(e) => Some(e),
            OpenProblem::Migration(e) => e.sqlite(),
            _ => None,
        };
        sqlite.is_some_and(|e| {
            matches!(
                e.sqlite_error_code(),
                Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked)
            )
        })
    }

    fn describe(&self) -> String {
        match self {
            OpenProblem::Sqlite(e) => sqlite_text(e),
            OpenProblem::Migration(e) => e.to_string(),
            OpenProblem::Damaged(check) => format!("integrity check: {check}"),
            OpenProblem::Newer { found, .. } => format!("schema {found}"),
        }
    }

    fn into_error(self, path: &Path) -> LibraryError {
        match self {
            OpenProblem::Sqlite(source) => LibraryError::Open {
                path: path.to_path_buf(),
                source,
            },
            OpenProblem::Migration(e) => LibraryError::Migration(e),
            OpenProblem::Damaged(check) => LibraryError::Open {
                path: path.to_path_buf(),
                source: rusqlite::Error::SqliteFailure(
                    rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_CORRUPT),
                    Some(check),
                ),
            },
            OpenProblem::Newer { found, known } => LibraryError::NewerSchema {
                path: path.to_path_buf(),
                found,
                known,
            },
        }
    }
}

fn is_damage_code(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt)
    )
}

/// Moves a damaged database (and its journal files) to a dated backup name
/// that does not exist yet. Returns the backup's path.
fn move_aside(path: &Path) -> Result<PathBuf, LibraryError> {
    let stamp = crate::texts::today()
        .unwrap_or_else(|| "unknown-date".to_string())
        .replace('.', "-");
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| DATABASE_FILE.to_string());
    let mut n = 1;
    let backup = loop {
        let candidate = path.with_file_name(format!("{name}.damaged-{stamp}-{n}"));
        if !candidate.exists() {
            break candidate;
        }
        n += 1;
    };
    std::fs::rename(path, &backup).map_err(|source| LibraryError::Backup {
        path: path.to_path_buf(),
        source,
    })?;
    for suffix in ["-wal", "-shm"] {
        let side = PathBuf::from(format!("{}{suffix}", path.display()));
        if side.exists() {
            let target = PathBuf::from(format!("{}{suffix}", backup.display()));
            std::fs::rename(&side, &target).map_err(|source| LibraryError::Backup {
                path: side.clone(),
                source,
            })?;
        }
    }
    Ok(backup)
}

#[cfg(test)]
mod tests;
