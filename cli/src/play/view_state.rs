//! What the views that keep state of their own keep: the puzzle being
//! solved and the saved game being replayed. The [`View`] on screen holds
//! one of them, so they live apart from the screens that show them and
//! take their commands: the app's state imports this module and no screen.
//!
//! [`View`]: super::app::View

use norochess_app::PuzzleRun;
use norochess_core::puzzle::Difficulty;
use norochess_core::Game;

/// A puzzle on the screen: the attempt (the app layer's [`PuzzleRun`],
/// which decides how it counts and records it) and what only this screen
/// keeps.
pub struct PuzzleView {
    /// The attempt: the puzzle, the moves so far and how it counts.
    pub run: PuzzleRun,
    /// Where it is in the pack (`None` for a puzzle of your own).
    pub index: Option<usize>,
    /// The tier `next` keeps to.
    pub tier: Option<Difficulty>,
    /// Whether the end of the attempt has been announced.
    pub announced: bool,
    /// The board turned: the opponent of the solver at the bottom.
    pub flipped: bool,
}

impl PuzzleView {
    /// The screen's title: `Puzzle np1042 · 42 of 640 · easy (1090)`.
    pub fn title(&self, pack_len: usize) -> String {
        let puzzle = self.run.puzzle();
        match self.index {
            Some(i) => format!(
                "Puzzle {} · {} of {pack_len} · {} ({})",
                puzzle.id,
                i + 1,
                puzzle.difficulty().id(),
                puzzle.rating
            ),
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
