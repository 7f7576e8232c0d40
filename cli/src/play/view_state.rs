//! What the views that keep state of their own keep: the puzzle being
//! solved, the saved game being replayed, a game review, the analysis
//! board and the position editor. The [`View`] on screen holds
//! one of them, so they live apart from the screens that show them and
//! take their commands: the app's state imports this module and no screen.
//!
//! [`View`]: super::app::View

use norochess_app::{
    AnalysisBoard, ExactResult, GameReview, LiveLines, MoveReview, PositionEditor, PuzzleFilter,
    PuzzleRun, ReviewReport,
};
use norochess_core::Game;

/// A puzzle on the screen: the attempt (the app layer's [`PuzzleRun`],
/// which decides how it counts and records it) and what only this screen
/// keeps.
pub struct PuzzleView {
    /// The attempt: the puzzle, the moves so far and how it counts.
    pub run: PuzzleRun,
    /// Where it is in the pack (`None` for a puzzle of your own).
    pub index: Option<usize>,
    /// The player's choice (tier, theme) that `next` keeps to.
    pub filter: PuzzleFilter,
    /// Whether the end of the attempt has been announced.
    pub announced: bool,
    /// The board turned: the opponent of the solver at the bottom.
    pub flipped: bool,
    /// One of "My puzzles" (composed or imported).
    pub mine: bool,
}

impl PuzzleView {
    /// The screen's title: `Puzzle np1042 · 42 of 640 · easy (1090)`,
    /// with the theme `next` keeps to: `… · fork puzzles`.
    pub fn title(&self, pack_len: usize) -> String {
        let puzzle = self.run.puzzle();
        let choice = match self.filter.theme {
            Some(_) => format!(" · next: {}", self.filter.describe()),
            None => String::new(),
        };
        match self.index {
            Some(i) => format!(
                "Puzzle {} · {} of {pack_len} · {} ({}){choice}",
                puzzle.id,
                i + 1,
                puzzle.difficulty().id(),
                puzzle.rating
            ),
            None if self.mine => format!("My puzzle {}", puzzle.id),
            None => "Your puzzle".to_string(),
        }
    }
}

/// A saved game opened from the games list.
pub struct ArchiveView {
    /// Its row in the library.
    pub id: i64,
    /// The game as saved.
    pub game: Game,
    /// Plies shown.
    pub shown: usize,
    /// Black at the bottom.
    pub flipped: bool,
}

impl ArchiveView {
    /// The game as it stood at the move shown.
    pub fn shown_game(&self) -> Game {
        let mut game = self.game.clone();
        while game.plies().len() > self.shown {
            if !game.undo() {
                break;
            }
        }
        game
    }

    /// White's and Black's names from the record.
    pub fn names(&self) -> (&str, &str) {
        (
            self.game.tag("White").unwrap_or("White"),
            self.game.tag("Black").unwrap_or("Black"),
        )
    }
}

/// A game review on the screen: the app layer's [`GameReview`] of a game
/// in the library, its latest report, and which position is shown.
pub struct ReviewScreen {
    /// The game's row in the library (where the review is saved).
    pub game_id: i64,
    /// The review: the game and the evaluations so far.
    pub review: GameReview,
    /// The report of the evaluations so far (made again after each one).
    pub report: ReviewReport,
    /// The budget's label (`Standard`), for the screen.
    pub budget: String,
    /// The position shown: `None` for the summary, else plies played.
    pub shown: Option<usize>,
    /// Black at the bottom.
    pub flipped: bool,
    /// Positions evaluated since the review was last saved.
    pub unsaved: u32,
}

impl ReviewScreen {
    /// The review of the move that led to the position after `ply`
    /// plies, once both its positions are evaluated.
    pub fn move_at(&self, ply: usize) -> Option<&MoveReview> {
        self.report
            .moves
            .iter()
            .find(|m| m.review_ply as usize == ply)
    }

    /// White's and Black's names from the record.
    pub fn names(&self) -> (&str, &str) {
        let game = self.review.game();
        (
            game.tag("White").unwrap_or("White"),
            game.tag("Black").unwrap_or("Black"),
        )
    }
}

/// Where the analysis board or the editor was opened from, to say so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The game on screen, a replayed game or a review.
    Game(String),
    /// The position editor.
    Editor,
}

/// The analysis board on the screen: the app layer's [`AnalysisBoard`]
/// (variations that never change the game) and the engine's latest lines.
pub struct AnalysisScreen {
    /// The board and its variation.
    pub board: AnalysisBoard,
    /// The engine's lines for the position on the board, as they deepen.
    pub lines: Option<LiveLines>,
    /// The depth last printed (line mode prints each new depth once).
    pub printed_depth: u32,
    /// The exact solver's result for the position on the board.
    pub exact: Option<ExactResult>,
    /// How many lines the engine shows (1–16).
    pub line_count: u32,
    /// Where it was opened from.
    pub origin: Origin,
    /// Black at the bottom.
    pub flipped: bool,
}

/// The position editor on the screen.
pub struct EditorScreen {
    /// The app layer's editor: whatever was set up, possible or not.
    pub editor: PositionEditor,
    /// Black at the bottom.
    pub flipped: bool,
}
