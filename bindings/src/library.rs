//! The library: one SQLite database in the app's folder with every game
//! (saved after every move), settings, puzzle attempts and statistics
//! (`norochess-app`'s `Library`).
//!
//! A phone app opens it once at start (`LibraryHandle.open(filesDir)`),
//! shows its [`LibraryNotice`]s, offers `current()` as "Continue", and hands
//! it to every `GameSessionHandle` so each move is saved in the same call.
//! Killing the app loses nothing saved: reopen the library and continue.

use crate::error::{guard, NorochessError, Result};
use crate::puzzles::PuzzleInfo;
use crate::types::lock;
use norochess_app as app;
use std::path::Path;
use std::sync::{Arc, Mutex};

// The app layer's records and enums, derived for UniFFI where they are
// defined (feature `uniffi` of norochess-app): no copy, no conversion.
pub use app::library::{
    LibraryNotice, NoticeKind, OpponentFilter, Orientation, PieceStyle, PuzzleTierStats, StatsRow,
};
pub use app::{
    GameFilter, GameSummary, Opponent as SavedOpponent, PuzzleAttempt, PuzzleStats, RatingPoint,
    Settings, Stats,
};

/// The library of games, settings, puzzle progress and statistics.
/// Thread-safe (one connection behind a lock; every call is a few
/// milliseconds of SQLite).
#[derive(uniffi::Object)]
pub struct LibraryHandle {
    library: Mutex<app::Library>,
}

impl LibraryHandle {
    /// Runs `body` on the library, holding its lock only that long.
    pub(crate) fn with_library<T>(&self, body: impl FnOnce(&mut app::Library) -> T) -> T {
        body(&mut lock(&self.library))
    }

    fn wrap(library: app::Library) -> Arc<LibraryHandle> {
        Arc::new(LibraryHandle {
            library: Mutex::new(library),
        })
    }

    /// Saves a session (the autosave of a game session).
    pub(crate) fn save_session(
        &self,
        session: &mut app::GameSession,
        now: u64,
    ) -> std::result::Result<app::SaveReceipt, app::LibraryError> {
        lock(&self.library).save(session, now)
    }

    /// The settings as the app layer has them (defaults of new sessions).
    pub(crate) fn settings_now(&self) -> Result<app::Settings> {
        Ok(lock(&self.library).settings()?)
    }
}

#[uniffi::export]
impl LibraryHandle {
    /// Opens (or creates) the library in the folder `folder_path` (the
    /// app's files directory), importing the terminal app's earlier files
    /// found there once. A damaged database is moved aside, never deleted
    /// (see [`LibraryHandle::notices`]).
    #[uniffi::constructor]
    pub fn open(folder_path: String) -> Result<Arc<LibraryHandle>> {
        guard("LibraryHandle.open", || {
            let library = app::Library::open(Path::new(&folder_path))?;
            log::debug!("library opened in {folder_path}");
            Ok(LibraryHandle::wrap(library))
        })
    }

    /// A library in memory, gone when dropped (previews and tests).
    #[uniffi::constructor]
    pub fn in_memory() -> Result<Arc<LibraryHandle>> {
        guard("LibraryHandle.in_memory", || {
            Ok(LibraryHandle::wrap(app::Library::in_memory()?))
        })
    }

    /// What the player should be told after opening (a recovery, an import).
    pub fn notices(&self) -> Vec<LibraryNotice> {
        lock(&self.library)
            .notices()
            .iter()
            .map(LibraryNotice::from)
            .collect()
    }

    /// The database file (`None` in memory).
    pub fn path(&self) -> Option<String> {
        lock(&self.library).path().map(|p| p.display().to_string())
    }

    /// The latest games first, as `filter` says, at most `limit`.
    pub fn list(&self, filter: GameFilter, limit: u32) -> Result<Vec<GameSummary>> {
        guard("LibraryHandle.list", || {
            Ok(lock(&self.library)
                .list(&filter, limit)?
                .into_iter()
                .collect())
        })
    }

    /// The summary of one game.
    pub fn summary(&self, game_id: i64) -> Result<GameSummary> {
        guard("LibraryHandle.summary", || {
            Ok(lock(&self.library).summary(game_id)?)
        })
    }

    /// Deletes a game (the player chose it in the list). A window playing
    /// it is told at its next save and keeps its copy.
    pub fn delete(&self, game_id: i64) -> Result<()> {
        guard("LibraryHandle.delete", || {
            let mut library = lock(&self.library);
            let revision = library.summary(game_id)?.revision;
            Ok(library.delete(game_id, revision)?)
        })
    }

    /// A game's record (PGN-style text), for sharing.
    pub fn record(&self, game_id: i64) -> Result<String> {
        guard("LibraryHandle.record", || {
            Ok(lock(&self.library).record(game_id)?)
        })
    }

    /// The settings.
    pub fn settings(&self) -> Result<Settings> {
        guard("LibraryHandle.settings", || self.settings_now())
    }

    /// Stores the settings a screen changed: every key whose value differs
    /// between `before` (what the screen showed) and `after` (what it shows
    /// now), each checked as the terminal's `set` command checks it, in one write transaction.
    /// Keys it did not change are not written, so two windows of the app
    /// never revert each other's settings. Returns all settings as stored.
    pub fn update_settings(&self, before: Settings, after: Settings) -> Result<Settings> {
        guard("LibraryHandle.update_settings", || {
            let before: app::Settings = before;
            let after: app::Settings = after;
            let changed: Vec<(&str, String)> = app::library::SETTING_KEYS
                .iter()
                .filter_map(|(key, _)| {
                    let value = after.get(key)?;
                    (before.get(key).as_ref() != Some(&value)).then_some((*key, value))
                })
                .collect();
            Ok(lock(&self.library).set_settings(&changed)?)
        })
    }

    /// The daily puzzle of the date `year`-`month`-`day` (the device's
    /// local date) from the built-in pack: the same for the whole day,
    /// picked by the date among the puzzles nearest the player's rating at
    /// the start of that day. `None` only for an empty pack; a date that
    /// does not exist is `NorochessError.InvalidArgument`.
    pub fn daily_puzzle(&self, year: i32, month: u32, day: u32) -> Result<Option<PuzzleInfo>> {
        guard("LibraryHandle.daily_puzzle", || {
            let day = app::ratings::Day::new(year, month, day)
                .map_err(|e| NorochessError::invalid_argument(e.to_string()))?;
            let pack = crate::puzzles::pack()?;
            lock(&self.library)
                .daily_puzzle(pack, day)?
                .as_ref()
                .map(|p| Ok(PuzzleInfo::of(p)?))
                .transpose()
        })
    }

    /// The best attempt at a puzzle so far (`None`: never tried).
    pub fn puzzle_status(&self, puzzle_id: String) -> Result<Option<PuzzleAttempt>> {
        guard("LibraryHandle.puzzle_status", || {
            Ok(lock(&self.library).puzzle_status(&puzzle_id)?)
        })
    }

    /// Puzzle progress: counts, streaks, tiers.
    pub fn puzzle_stats(&self) -> Result<PuzzleStats> {
        guard("LibraryHandle.puzzle_stats", || {
            Ok(lock(&self.library).puzzle_stats()?)
        })
    }

    /// The statistics screen: per game and level, the totals, best wins,
    /// best win, worst loss, puzzles.
    pub fn stats(&self) -> Result<Stats> {
        guard("LibraryHandle.stats", || {
            let s = lock(&self.library).stats()?;
            Ok(Stats {
                rows: s.rows.into_iter().collect(),
                against_computer: s.against_computer,
                pass_and_play: s.pass_and_play,
                best_win: s.best_win,
                worst_loss: s.worst_loss,
                best_wins: s.best_wins,
                puzzles: s.puzzles,
            })
        })
    }
}
