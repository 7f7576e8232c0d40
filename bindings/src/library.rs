//! The library: one SQLite database in the app's folder with every game
//! (saved after every move), settings, puzzle attempts and statistics
//! (`norochess-app`'s `Library`).
//!
//! A phone app opens it once at start (`LibraryHandle.open(filesDir)`),
//! shows its [`LibraryNotice`]s, offers `current()` as "Continue", and hands
//! it to every [`GameSessionHandle`] so each move is saved in the same call.
//! Killing the app loses nothing saved: reopen the library and continue.

use crate::clock::TimeControl;
use crate::error::{guard, NorochessError, Result};
use crate::puzzles::PuzzleInfo;
use crate::session::{BoardMode, GameSessionHandle};
use crate::types::{lock, Scores, Side};
use norochess_app as app;
use norochess_core as core;
use std::path::Path;
use std::sync::{Arc, Mutex};

/// What kind of notice the library gives after opening.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
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
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
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

impl From<&app::OpenNotice> for LibraryNotice {
    fn from(n: &app::OpenNotice) -> Self {
        let message = n.message();
        match n {
            app::OpenNotice::Recovered { backup, .. } => LibraryNotice {
                kind: NoticeKind::Recovered,
                message,
                backup_path: Some(backup.display().to_string()),
                games_imported: None,
                skipped: Vec::new(),
            },
            app::OpenNotice::EmptyFile { .. } => LibraryNotice {
                kind: NoticeKind::EmptyFile,
                message,
                backup_path: None,
                games_imported: None,
                skipped: Vec::new(),
            },
            app::OpenNotice::Imported { games, skipped, .. } => LibraryNotice {
                kind: NoticeKind::Imported,
                message,
                backup_path: None,
                games_imported: Some(u32::try_from(*games).unwrap_or(u32::MAX)),
                skipped: skipped.clone(),
            },
        }
    }
}

/// Who the other side was in a saved game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum SavedOpponent {
    /// The computer at `level`; the person played `person`.
    Computer {
        /// 1–8.
        level: u8,
        /// The person's side.
        person: Side,
    },
    /// Pass and play.
    Friend,
}

impl From<app::Opponent> for SavedOpponent {
    fn from(o: app::Opponent) -> Self {
        match o {
            app::Opponent::Computer { human, level } => SavedOpponent::Computer {
                level,
                person: human.into(),
            },
            app::Opponent::Friend => SavedOpponent::Friend,
        }
    }
}

/// Which opponent a game list shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum OpponentFilter {
    /// Games against the computer, at any level (`None`) or at `level`.
    Computer {
        /// Only this level.
        level: Option<u8>,
    },
    /// Pass-and-play games.
    Friend,
}

/// Which games a list shows (every field `None`: all).
#[derive(Debug, Clone, PartialEq, Eq, Default, uniffi::Record)]
pub struct GameFilter {
    /// Finished (`true`) or unfinished (`false`) games only.
    #[uniffi(default = None)]
    pub finished: Option<bool>,
    /// Only this game (a variant id such as `ram`, see `GameVariant`'s ids).
    #[uniffi(default = None)]
    pub variant: Option<String>,
    /// Only this opponent.
    #[uniffi(default = None)]
    pub opponent: Option<OpponentFilter>,
}

impl From<GameFilter> for app::GameFilter {
    fn from(f: GameFilter) -> Self {
        app::GameFilter {
            finished: f.finished,
            variant: f.variant,
            opponent: f.opponent.map(|o| match o {
                OpponentFilter::Computer { level } => {
                    app::library::OpponentFilter::Computer { level }
                }
                OpponentFilter::Friend => app::library::OpponentFilter::Friend,
            }),
        }
    }
}

/// A saved game as a list shows it.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct GameSummary {
    /// The game's id in the library.
    pub id: i64,
    /// Variant id (`norochess`).
    pub variant: String,
    /// The set-up id (`norochess960:518`, `improved:far-half:enemy`, `ram`),
    /// as `parseGameSetup` reads it.
    pub setup: String,
    /// Who the other side was.
    pub opponent: SavedOpponent,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The time control's id, if any (`norochess-10`).
    pub time_control: Option<String>,
    /// Moves played (plies).
    pub plies: u32,
    /// The move number reached.
    pub move_number: u32,
    /// Scores in the Norochess family.
    pub scores: Option<Scores>,
    /// Whether the game has ended.
    pub finished: bool,
    /// `1-0`, `0-1`, `1/2-1/2` once finished.
    pub result: Option<String>,
    /// The end reason's id (`move-limit`) once finished.
    pub end_reason: Option<String>,
    /// When it was started (seconds since 1970).
    pub created_at: i64,
    /// When it was last saved (seconds since 1970).
    pub updated_at: i64,
    /// Its revision (one more with every save).
    pub revision: i64,
    /// One line for menus: `Norochess vs the computer (level 4, you play
    /// white), move 12, 5–3, unfinished`.
    pub description: String,
}

impl From<app::GameSummary> for GameSummary {
    fn from(g: app::GameSummary) -> Self {
        GameSummary {
            description: g.describe(),
            id: g.id,
            opponent: g.opponent.into(),
            scores: Scores::from_pair(g.scores),
            variant: g.variant,
            setup: g.setup,
            white: g.white,
            black: g.black,
            time_control: g.time_control,
            plies: g.plies,
            move_number: g.move_number,
            finished: g.finished,
            result: g.result,
            end_reason: g.end_reason,
            created_at: g.created_at,
            updated_at: g.updated_at,
            revision: g.revision,
        }
    }
}

/// How pieces are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum PieceStyle {
    /// Chess figures.
    Classic,
    /// Letters (K Q R B N P).
    Letters,
}

/// Which side is at the bottom against the computer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum Orientation {
    /// The person's side.
    MySide,
    /// Always White.
    White,
}

/// Every setting, typed. `setSetting(key, value)` changes one by name
/// (the keys of `settingKeys()`); `updateSettings` stores the keys a
/// settings screen changed.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct Settings {
    /// Board colours: `brown`, `green`, `blue` or `grey`.
    pub board_theme: String,
    /// How pieces are drawn.
    pub piece_style: PieceStyle,
    /// Coordinates on the board's edge.
    pub coordinates: bool,
    /// Dots on the legal targets of a selected piece.
    pub legal_dots: bool,
    /// How a pass-and-play board turns.
    pub pass_and_play_board: BoardMode,
    /// Which side is at the bottom against the computer.
    pub orientation: Orientation,
    /// Ask before resigning.
    pub confirm_resign: bool,
    /// Ask before a move that repeats a position a third time, which
    /// loses in the Norochess family (see
    /// `GameSessionHandle.moveLosesByRepetition`).
    #[uniffi(default = true)]
    pub confirm_repetition: bool,
    /// Sounds on move, capture and game end.
    pub sounds: bool,
    /// Haptics on move, capture and game end.
    pub haptics: bool,
    /// Hints allowed in games.
    pub hints: bool,
    /// Takebacks allowed in games.
    pub takeback: bool,
    /// Default level against the computer (1–8).
    pub default_level: u8,
    /// Default clock (`None`: untimed).
    pub default_clock: Option<TimeControl>,
    /// The player's name in records.
    pub player_name: String,
    /// Colours in a terminal (the terminal app).
    pub terminal_colour: bool,
}

impl From<app::Settings> for Settings {
    fn from(s: app::Settings) -> Self {
        Settings {
            board_theme: s.board_theme,
            piece_style: match s.piece_style {
                app::library::PieceStyle::Classic => PieceStyle::Classic,
                app::library::PieceStyle::Letters => PieceStyle::Letters,
            },
            coordinates: s.coordinates,
            legal_dots: s.legal_dots,
            pass_and_play_board: s.pass_and_play_board.into(),
            orientation: match s.orientation {
                app::library::Orientation::MySide => Orientation::MySide,
                app::library::Orientation::White => Orientation::White,
            },
            confirm_resign: s.confirm_resign,
            confirm_repetition: s.confirm_repetition,
            sounds: s.sounds,
            haptics: s.haptics,
            hints: s.hints,
            takeback: s.takeback,
            default_level: s.default_level,
            default_clock: s.default_clock.map(TimeControl::from),
            player_name: s.player_name,
            terminal_colour: s.terminal_colour,
        }
    }
}

impl From<Settings> for app::Settings {
    fn from(s: Settings) -> Self {
        app::Settings {
            board_theme: s.board_theme,
            piece_style: match s.piece_style {
                PieceStyle::Classic => app::library::PieceStyle::Classic,
                PieceStyle::Letters => app::library::PieceStyle::Letters,
            },
            coordinates: s.coordinates,
            legal_dots: s.legal_dots,
            pass_and_play_board: s.pass_and_play_board.into(),
            orientation: match s.orientation {
                Orientation::MySide => app::library::Orientation::MySide,
                Orientation::White => app::library::Orientation::White,
            },
            confirm_resign: s.confirm_resign,
            confirm_repetition: s.confirm_repetition,
            sounds: s.sounds,
            haptics: s.haptics,
            hints: s.hints,
            takeback: s.takeback,
            default_level: s.default_level,
            default_clock: s.default_clock.map(core::TimeControl::from),
            player_name: s.player_name,
            terminal_colour: s.terminal_colour,
        }
    }
}

pub use app::PuzzleAttempt;

/// How one puzzle attempt ended (the app layer's type, declared here: the
/// macro checks the variants against it). docs/puzzles.md defines each.
#[uniffi::remote(Enum)]
pub enum PuzzleAttempt {
    /// Solved with no wrong move, no hint of any kind, the solution not shown.
    Clean,
    /// Solved with help: after a wrong move or a hint.
    Solved,
    /// The solution was shown.
    Shown,
    /// Left unsolved after a wrong move or a hint.
    Failed,
}

/// Puzzle counts of one difficulty tier.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct PuzzleTierStats {
    /// The tier: `easy`, `medium`, `hard`.
    pub tier: String,
    /// Puzzles tried.
    pub attempted: u32,
    /// Puzzles solved.
    pub solved: u32,
    /// Puzzles solved without a mistake or hint.
    pub solved_cleanly: u32,
}

/// Puzzle progress: counts, streaks and tiers.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct PuzzleStats {
    /// Puzzles tried.
    pub attempted: u32,
    /// Puzzles solved.
    pub solved: u32,
    /// Puzzles solved without a mistake or hint.
    pub solved_cleanly: u32,
    /// Puzzles whose solution was shown and never solved.
    pub shown: u32,
    /// Clean solves in a row, up to now.
    pub streak: u32,
    /// The longest such run.
    pub best_streak: u32,
    /// Per tier, easy first.
    pub tiers: Vec<PuzzleTierStats>,
    /// The player's puzzle rating (Glicko-2), rounded: 1500 before any
    /// attempt.
    pub rating: i32,
    /// Its deviation, rounded: 350 before any attempt; the smaller, the
    /// surer (show `rating ± deviation`).
    pub deviation: i32,
    /// Rated attempts so far.
    pub rated_attempts: u32,
    /// The latest 100 rated attempts, oldest first: the statistics
    /// screen's rating chart (`LibraryHandle.ratingHistory(limit)` gives
    /// more).
    pub rating_history: Vec<RatingPoint>,
}

/// One rated puzzle attempt: the player's rating after it.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct RatingPoint {
    /// When, in seconds since 1970.
    pub at_unix_seconds: i64,
    /// The puzzle.
    pub puzzle_id: String,
    /// How the attempt ended (only `Clean` is a win).
    pub outcome: PuzzleAttempt,
    /// The player's rating after it, rounded.
    pub rating: i32,
    /// Its deviation after it, rounded.
    pub deviation: i32,
}

impl From<app::RatingPoint> for RatingPoint {
    fn from(p: app::RatingPoint) -> Self {
        RatingPoint {
            at_unix_seconds: p.at,
            puzzle_id: p.puzzle_id,
            outcome: p.outcome,
            rating: p.rating,
            deviation: p.deviation,
        }
    }
}

/// A Glicko-2 rating (the player's or a puzzle's).
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct PuzzleRating {
    /// The rating.
    pub rating: f64,
    /// The rating deviation: the true strength is within two deviations of
    /// the rating about 95% of the time.
    pub deviation: f64,
    /// The volatility: how erratic the results have been.
    pub volatility: f64,
    /// `1512 ± 87`, rounded as a screen shows it.
    pub text: String,
}

impl From<app::ratings::Rating> for PuzzleRating {
    fn from(r: app::ratings::Rating) -> Self {
        PuzzleRating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
            text: r.text(),
        }
    }
}

impl From<app::PuzzleStats> for PuzzleStats {
    fn from(p: app::PuzzleStats) -> Self {
        PuzzleStats {
            attempted: p.attempted,
            solved: p.solved,
            solved_cleanly: p.solved_cleanly,
            shown: p.shown,
            streak: p.streak,
            best_streak: p.best_streak,
            tiers: p
                .tiers
                .into_iter()
                .map(|t| PuzzleTierStats {
                    tier: t.tier,
                    attempted: t.attempted,
                    solved: t.solved,
                    solved_cleanly: t.solved_cleanly,
                })
                .collect(),
            rating: p.rating,
            deviation: p.deviation,
            rated_attempts: p.rated_attempts,
            rating_history: p
                .rating_history
                .into_iter()
                .map(RatingPoint::from)
                .collect(),
        }
    }
}

/// Finished games of one game (and one computer level).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct StatsRow {
    /// The variant id (`norochess`), or `all`.
    pub variant: String,
    /// The computer's level, or `None` for pass and play.
    pub level: Option<u8>,
    /// Games.
    pub games: u32,
    /// Wins (of the person against the computer; of White in pass and play).
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// Losses.
    pub losses: u32,
    /// The Norochess tie-break: own minus the opponent's final points, summed.
    pub score_differential: i64,
}

impl From<app::StatsRow> for StatsRow {
    fn from(r: app::StatsRow) -> Self {
        StatsRow {
            variant: r.variant,
            level: r.level,
            games: r.games,
            wins: r.wins,
            draws: r.draws,
            losses: r.losses,
            score_differential: r.score_differential,
        }
    }
}

/// The statistics screen.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct Stats {
    /// Per game and computer level, most played first.
    pub rows: Vec<StatsRow>,
    /// All games against the computer together.
    pub against_computer: StatsRow,
    /// The best win against the computer (highest margin, then level).
    pub best_win: Option<GameSummary>,
    /// The worst loss against the computer.
    pub worst_loss: Option<GameSummary>,
    /// Puzzle progress.
    pub puzzles: PuzzleStats,
}

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

    /// Saves a session (autosave of [`GameSessionHandle`]).
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

    fn session(self: &Arc<Self>, session: app::GameSession) -> Result<Arc<GameSessionHandle>> {
        let settings = self.settings_now()?;
        let mut session = session;
        session.set_policies(settings.takeback, settings.hints);
        session.set_orientation(settings.orientation);
        let clock = session.time_control().is_some();
        Ok(GameSessionHandle::wrap(
            session,
            Some(self.clone()),
            None,
            app::EngineSettings {
                level8_nodes: None,
                use_clock: clock,
            },
        ))
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
                .list(&filter.into(), limit)?
                .into_iter()
                .map(GameSummary::from)
                .collect())
        })
    }

    /// The game `game_id` as a session to continue or review (its clock
    /// paused as after the background), saving into this library.
    pub fn load(self: Arc<Self>, game_id: i64, now_ms: u64) -> Result<Arc<GameSessionHandle>> {
        guard("LibraryHandle.load", || {
            let session = lock(&self.library).load(game_id, now_ms)?;
            self.session(session)
        })
    }

    /// The unfinished game to continue ("Continue" on the home screen), if any.
    pub fn current(self: Arc<Self>, now_ms: u64) -> Result<Option<Arc<GameSessionHandle>>> {
        guard("LibraryHandle.current", || {
            let session = lock(&self.library).current(now_ms)?;
            session.map(|s| self.session(s)).transpose()
        })
    }

    /// The summary of one game.
    pub fn summary(&self, game_id: i64) -> Result<GameSummary> {
        guard("LibraryHandle.summary", || {
            Ok(lock(&self.library).summary(game_id)?.into())
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
        guard("LibraryHandle.settings", || Ok(self.settings_now()?.into()))
    }

    /// Stores the settings a screen changed: every key whose value differs
    /// between `before` (what the screen showed) and `after` (what it shows
    /// now), each checked as the terminal's `set` command checks it, in one write transaction.
    /// Keys it did not change are not written, so two windows of the app
    /// never revert each other's settings. Returns all settings as stored.
    pub fn update_settings(&self, before: Settings, after: Settings) -> Result<Settings> {
        guard("LibraryHandle.update_settings", || {
            let before: app::Settings = before.into();
            let after: app::Settings = after.into();
            let changed: Vec<(&str, String)> = app::library::SETTING_KEYS
                .iter()
                .filter_map(|(key, _)| {
                    let value = after.get(key)?;
                    (before.get(key).as_ref() != Some(&value)).then_some((*key, value))
                })
                .collect();
            Ok(lock(&self.library).set_settings(&changed)?.into())
        })
    }

    /// The player's puzzle rating now (1500 ± 350 before any attempt).
    pub fn puzzle_rating(&self) -> Result<PuzzleRating> {
        guard("LibraryHandle.puzzle_rating", || {
            Ok(lock(&self.library).puzzle_rating()?.into())
        })
    }

    /// The latest `limit` rated attempts, oldest first (a chart's order).
    pub fn rating_history(&self, limit: u32) -> Result<Vec<RatingPoint>> {
        guard("LibraryHandle.rating_history", || {
            Ok(lock(&self.library)
                .rating_history(limit)?
                .into_iter()
                .map(RatingPoint::from)
                .collect())
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
                .map(crate::puzzles::info_of)
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
            Ok(lock(&self.library).puzzle_stats()?.into())
        })
    }

    /// The statistics screen: per game and level, best win, worst loss,
    /// puzzles.
    pub fn stats(&self) -> Result<Stats> {
        guard("LibraryHandle.stats", || {
            let s = lock(&self.library).stats()?;
            Ok(Stats {
                rows: s.rows.into_iter().map(StatsRow::from).collect(),
                against_computer: s.against_computer.into(),
                best_win: s.best_win.map(GameSummary::from),
                worst_loss: s.worst_loss.map(GameSummary::from),
                puzzles: s.puzzles.into(),
            })
        })
    }
}
