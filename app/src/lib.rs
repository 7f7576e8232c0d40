//! # norochess-app
//!
//! Everything a screen needs beyond drawing, written once for the terminal
//! app and both phone apps:
//!
//! - [`GameSession`]: one game on screen with the policies a player expects
//!   (the computer's turn with stale answers dropped, takeback, resign, draw
//!   offers, the clock, review, rematch), drawn from one
//!   [`SessionSnapshot`];
//! - [`PuzzleRun`]: one puzzle attempt with the one rule of how it counts
//!   (clean, with help, solution shown, failed), recorded once, and the
//!   next and daily puzzle policies ([`session::puzzle_run::policy`]);
//! - [`analysis`]: what a screen shows of an engine search (limits,
//!   scores, lines, progress, the answer);
//! - [`board_input`]: what a tap or a drag on the board means (selection,
//!   targets, the promotion picker, the repetition question);
//! - [`game_menu`]: the new-game menu as data from the core's table, and
//!   the [`GameSetup`] a menu hands back;
//! - [`Library`]: the SQLite database of games (saved after every move),
//!   puzzle progress, settings and statistics;
//! - [`ratings`]: Glicko-2 puzzle ratings of the player and of each
//!   puzzle, and the daily puzzle;
//! - [`texts`]: the English sentences a screen shows about a game (why it
//!   ended, clock names), so no shell writes its own.
//!
//! The layer has no threads of its own and reads no game clock: game time
//! is passed in as milliseconds of the caller's monotonic clock, and the
//! engine runs wherever the caller runs [`ComputerRequest::think`]. Only
//! the library's dates (saved games, puzzle attempts, the rating's day) read
//! the wall clock, in one place (`unix_time`).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "uniffi")]
uniffi::setup_scaffolding!("norochess_app");

pub mod analysis;
pub mod analysis_board;
pub mod board_colours;
pub mod board_input;
pub mod board_view;
pub mod composer;
pub mod editor;
#[cfg(feature = "uniffi")]
mod ffi;
pub mod game_menu;
pub mod library;
pub mod piece_art;
mod players;
pub mod ratings;
mod result;
pub mod review;
pub mod review_marks;
mod save_state;
pub mod session;
pub mod spoken;
pub mod texts;
mod unix_time;

pub use analysis::{
    hint_limits, EngineLine, EngineScore, ScoreKind, SearchLimits, SearchLimitsError,
    SearchOutcome, SearchProgress, HINT_MOVE_TIME_MS,
};
pub use analysis_board::{
    AnalysisBoard, AnalysisBoardError, AnalysisRequest, AnalysisView, ExactRequest, ExactResult,
    LiveLines,
};
pub use board_colours::{board_colours, board_themes, BoardColours};
pub use board_input::{BoardInput, BoardInputView, InputContext, InputStep, PiecePicker};
pub use board_view::{BoardView, MoveInfo, PlacedPiece};
pub use composer::{compose_puzzle, import_puzzle, ComposedPuzzle, ComposerError};
pub use editor::{
    CastlingRights, EditError, EditorProblem, EditorView, PositionEditor, ProblemView,
};
pub use game_menu::{GameSetup, OptionSetting, SetupError, TimeControlPreset, VariantInfo};
pub use library::{
    GameFilter, GameSummary, Library, LibraryError, MyPuzzle, MyPuzzleList, OpenNotice,
    OpenedReview, PuzzleAttempt, PuzzleOrigin, PuzzleStats, PuzzleTierStats, RatedAttempt,
    RatingPoint, ReviewStats, SaveReceipt, SaveState, Settings, SettingsError, Stats, StatsRow,
};
pub use piece_art::{piece_drawing, piece_palette, PathStep, PiecePalette, PieceShape};
pub use players::{
    computer_levels, BoardMode, GameSpec, Opponent, Orientation, Player, PlayerKind,
    COMPUTER_LEVELS,
};
pub use result::{scores_text, GameResult, Scores};
pub use review::{
    review_budgets, GameReview, GraphPoint, Judgement, Moment, MomentKind, MoveReview,
    ReviewBudget, ReviewBudgetChoice, ReviewError, ReviewProgress, ReviewReport, ReviewRequest,
    SideSummary,
};
pub use session::{
    theme_choices, AttemptEnd, AttemptLog, Help, Keeping, MoveAnswer, NextPuzzleInfo,
    PuzzleFeedback, PuzzleFilter, PuzzleFilterError, PuzzleHint, PuzzleInfo, PuzzlePhase,
    PuzzleRun, PuzzleRunError, PuzzleThemeChoice,
};
pub use session::{
    ClockView, ColourChoice, ComputerAnswer, ComputerRequest, EngineSettings, GameSession,
    HintAnswer, HintRequest, MoveListEntry, NewGame, NewGameError, OpponentChoice,
    PracticeFeedback, PracticeRequest, PracticeThought, Refusal, SessionError, SessionSnapshot,
    Ticket,
};
