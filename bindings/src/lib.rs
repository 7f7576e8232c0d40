//! # norochess-bindings
//!
//! The interface through which the Android and iOS apps use the Norochess
//! core, generated for Kotlin and Swift by UniFFI (proc-macros, library
//! mode: `scripts/generate-bindings.sh`). The apps keep only screen state;
//! rules, scores, outcomes, clocks and the engine all come from here.
//!
//! | Rust | Kotlin | Swift |
//! |---|---|---|
//! | [`variants`], [`GameSetup`] | `variants()`, `GameSetup("ram")` | `variants()`, `GameSetup(game: "ram")` |
//! | [`builtin_puzzles`], [`PuzzleRun`], [`next_puzzle`] | `PuzzleRun("np1042", library).play("c2", "f5", null)` | `try PuzzleRun(puzzleId: "np1042", library: library).play(from: "c2", to: "f5", promotion: nil)` |
//! | [`GameSessionHandle`] (the app's way to play: policies, clock, autosave) | `GameSessionHandle(NewGame(...), library)`, `session.computerMove(nowMs)` (`suspend`) | `try GameSessionHandle(game:library:)`, `try await session.computerMove(nowMs:)` |
//! | [`LibraryHandle`] (games, settings, puzzle attempts, statistics) | `LibraryHandle.open(filesDir.path)` | `try LibraryHandle.open(folderPath:)` |
//! | [`NorochessError`] | `NorochessException.IllegalMove` with `.moveText`, `.detail` … | `NorochessError.IllegalMove(moveText:detail:)` … |
//!
//! **Safety rules of this layer.**
//! - Every object is `Send + Sync` (state behind a `Mutex`, shared as `Arc`):
//!   any thread may call any method.
//! - Session and library calls are quick. The session's engine calls
//!   ([`GameSessionHandle::computer_move`], `hint`, `analyse`) are
//!   `async`: they search on a thread of their own and stop when the
//!   caller's coroutine or task is cancelled. Puzzle moves and hints
//!   (which may run the exact solver) block their thread and are meant
//!   for a background thread.
//! - No panic crosses the boundary: every call that does real work returns
//!   `Result<_, NorochessError>` and runs under a guard that turns a panic
//!   into [`NorochessError::Internal`] (and logs it).
//! - Squares are names (`e4`, `j10`); files and ranks count from 0 where
//!   numbers are given; time is in milliseconds of the app's monotonic clock.

#![warn(missing_docs)]

uniffi::setup_scaffolding!("norochess");

mod background;
mod clock;
mod editor;
mod engine;
mod error;
mod game;
mod library;
mod logging;
pub mod puzzle_run;
pub mod puzzles;
mod review;
mod rule_pages;
mod session;
mod types;
mod variants;

pub use clock::{time_control_presets, TimeControl, TimeControlPreset};
pub use editor::{CastlingRights, EditorProblem, EditorView, PositionEditorHandle, ProblemView};
pub use engine::{
    EngineClock, EngineLine, EngineScore, ListenerError, ScoreKind, SearchLimits, SearchListener,
    SearchOutcome, SearchProgress,
};
pub use error::{NorochessError, Refusal, Result};
pub use game::{BoardView, EndReason, GameResult, Overtime};
pub use library::{
    GameFilter, GameSummary, LibraryHandle, LibraryNotice, NoticeKind, OpponentFilter, Orientation,
    PieceStyle, PuzzleAttempt, PuzzleStats, PuzzleTierStats, RatingPoint, SavedOpponent, Settings,
    Stats, StatsRow,
};
pub use logging::{set_log_level, LogLevel};
pub use norochess_app::board_input::{PieceChoice, PiecePicker, RepetitionQuestion};
pub use norochess_app::{AttemptEnd, BoardInputView, PuzzlePhase};
pub use norochess_app::{ClockView, Player, PlayerKind};
pub use puzzle_run::{
    chosen_builtin_puzzles, next_puzzle, puzzle_filter_all_solved_text, puzzle_filter_none_text,
    puzzle_filter_text, puzzle_filter_with_tier, puzzle_theme_choices, NextPuzzle, PuzzleFeedback,
    PuzzleFilter, PuzzleHint, PuzzleRun, PuzzleThemeChoice,
};
pub use puzzles::{builtin_puzzles, PuzzleDifficulty, PuzzleInfo, PuzzleObjective};
pub use review::{
    compose_puzzle, import_puzzle, AnalysisBoardHandle, AnalysisListener, AnalysisView,
    ComposedPuzzle, ExactResult, GameReviewHandle, GraphPoint, Judgement, LiveLines, Moment,
    MomentKind, MoveReview, MyPuzzle, MyPuzzleList, PuzzleOrigin, ReviewBudget, ReviewListener,
    ReviewProgress, ReviewReport, ReviewStats, SideSummary,
};
pub use rule_pages::{rule_page, RuleBlock, RulePage, RuleSection};
pub use session::{
    BoardMode, ColourChoice, ComputerMove, GameSessionHandle, MoveListEntry, NewGame,
    OpponentChoice, SaveState, SessionHint, SessionSnapshot,
};
pub use types::{MoveInfo, MoveKind, Piece, PieceKind, PlacedPiece, Scores, Side};
pub use variants::{variants, GameSetup, OptionChoice, OptionSetting, VariantInfo, VariantOption};

/// The name of the square on `file` and `rank` (both from 0): `square_name(4, 3)` is `e4`.
#[uniffi::export]
pub fn square_name(file: u32, rank: u32) -> String {
    let file = char::from_u32(u32::from('a') + file.min(25)).unwrap_or('?');
    format!("{file}{}", rank.saturating_add(1))
}
