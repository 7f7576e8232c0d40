//! Puzzles: the built-in pack as [`PuzzleInfo`] records, for the puzzle
//! menu (docs/puzzles.md). One attempt at a puzzle is a
//! [`crate::puzzle_run::PuzzleRun`].
//!
//! - [`builtin_puzzles`] lists the pack embedded in the core.

use crate::error::{guard, NorochessError, Result};
use crate::types::{MoveInfo, Side};
use norochess_core::puzzle::{builtin_pack, Puzzle, PuzzleError};
use norochess_core::Objective;
use once_cell::sync::Lazy;

/// How hard a puzzle is: the core's `Difficulty`, declared for UniFFI by
/// the app layer (`PuzzleDifficulty` in Kotlin and Swift).
pub use norochess_core::puzzle::Difficulty as PuzzleDifficulty;

uniffi::use_remote_type!(norochess_app::norochess_core::puzzle::Difficulty);

/// What the player (the side to move at the start) must achieve.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum PuzzleObjective {
    /// Force a win (`win`).
    Win,
    /// Force a win with a final margin of at least `margin` points (`win-by K`).
    WinBy {
        /// The smallest final margin that counts, in points.
        margin: u32,
    },
    /// Avoid losing: force a draw or better (`save`).
    Save,
    /// Gain at least `points` more than the opponent within `moves` of the
    /// player's moves and the opponent's answers (`gain 5 in 2`): a
    /// middlegame puzzle, where captured points are kept for good.
    Gain {
        /// Points to gain over the opponent.
        points: u32,
        /// The player's moves to do it in.
        moves: u32,
    },
}

impl From<Objective> for PuzzleObjective {
    fn from(o: Objective) -> Self {
        match o {
            Objective::Win => PuzzleObjective::Win,
            Objective::WinBy(k) => PuzzleObjective::WinBy {
                margin: u32::from(k),
            },
            Objective::Save => PuzzleObjective::Save,
            Objective::Gain { points, moves } => PuzzleObjective::Gain {
                points: u32::from(points),
                moves: u32::from(moves),
            },
            // The solver's form of a gain, never written in a puzzle file:
            // a lead to keep is shown as the nearest objective, never a panic.
            Objective::Lead(k) if k > 0 => PuzzleObjective::Win,
            Objective::Lead(_) => PuzzleObjective::Save,
        }
    }
}

/// One puzzle, for the puzzle menu and the puzzle screen's title.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct PuzzleInfo {
    /// Stable identifier (`np1042`): what progress is kept under.
    pub id: String,
    /// The game's id (`norochess`, `norochess960`).
    pub variant_id: String,
    /// The player's start position as text, with move number and both
    /// scores (docs/position-format.md): after the opponent's move, if the
    /// puzzle has one. A session's first snapshot shows this position.
    pub position_text: String,
    /// The position before the opponent's move (the same as
    /// `position_text` when the puzzle has no opponent's move).
    pub position_before_text: String,
    /// The opponent's move that sets the puzzle (its mistake), played from
    /// `position_before_text` before the player's turn, as lichess puzzles
    /// begin: a session's first snapshot has it as its last move. `None`
    /// when the puzzle starts with the player to move.
    pub opponent_move: Option<MoveInfo>,
    /// The side the player plays: the side to move at the start (orient
    /// the board for it).
    pub player: Side,
    /// What the player must achieve.
    pub objective: PuzzleObjective,
    /// The objective as the puzzle file writes it: `win`, `win-by 3`,
    /// `save`, `gain 5 in 2`.
    pub objective_id: String,
    /// The objective in words, with move number and score: `White to play
    /// and win — move 46, score 30–31`, `White to play and gain 5 points
    /// in 2 moves — move 33, score 23–27`.
    pub objective_text: String,
    /// The difficulty tier.
    pub difficulty: PuzzleDifficulty,
    /// The tier's id: `easy`, `medium` or `hard`.
    pub difficulty_id: String,
    /// The difficulty rating (about 600–2400).
    pub rating: u32,
    /// Themes such as `overtime`, `last-move-capture`, `king-hunt`
    /// (docs/puzzles.md lists them).
    pub themes: Vec<String>,
    /// How many moves the player has to find (the length of the solution
    /// in the player's moves).
    pub player_moves: u32,
    /// The intended line in coordinates (`c2f5`, `e7e8q`): the player's
    /// moves and the best defence, alternating, starting with the player.
    /// A spoiler: for reviews after solving, not for the puzzle screen.
    pub solution: Vec<String>,
    /// The same line in SAN (`Qf5`, `Bxh2`), for showing the solution.
    pub solution_san: Vec<String>,
}

/// The record of one puzzle (its solution in SAN is worked out here).
pub(crate) fn info_of(puzzle: &Puzzle) -> Result<PuzzleInfo> {
    let invalid = |problem: String| {
        NorochessError::invalid_puzzle(format!("puzzle {}: {problem}", puzzle.id))
    };
    let before = puzzle.before().map_err(|e| invalid(e.to_string()))?;
    let opponent_move = puzzle
        .setup_move()
        .map_err(invalid)?
        .map(|m| MoveInfo::of(&before, m));
    let start = puzzle.start().map_err(invalid)?;
    let moves = puzzle.solution_moves().map_err(invalid)?;
    let mut solution_san = Vec::with_capacity(moves.len());
    let mut position = start;
    for &m in &moves {
        solution_san.push(position.to_san(m));
        position = position.play(m).map_err(|e| invalid(e.to_string()))?;
    }
    let difficulty = puzzle.difficulty();
    Ok(PuzzleInfo {
        id: puzzle.id.clone(),
        variant_id: puzzle.variant.id().to_string(),
        position_text: start.to_text(),
        position_before_text: before.to_text(),
        opponent_move,
        player: start.turn(),
        objective: puzzle.objective.into(),
        objective_id: puzzle.objective.text(),
        objective_text: puzzle.describe(),
        difficulty,
        difficulty_id: difficulty.id().to_string(),
        rating: u32::from(puzzle.rating),
        themes: puzzle.themes.clone(),
        player_moves: puzzle.solution.len().div_ceil(2) as u32,
        solution: puzzle.solution.clone(),
        solution_san,
    })
}

/// The built-in pack, read once (the text is embedded in the library).
static PACK: Lazy<std::result::Result<Vec<Puzzle>, PuzzleError>> = Lazy::new(builtin_pack);

/// The built-in pack, or why it cannot be read.
pub(crate) fn pack() -> Result<&'static [Puzzle]> {
    PACK.as_ref().map(Vec::as_slice).map_err(|e| {
        NorochessError::invalid_puzzle(format!("the built-in puzzle pack cannot be read: {e}"))
    })
}

/// The built-in puzzles, in pack order (easy and hard mixed; the app
/// sorts or filters). Reads the pack
/// once and proves nothing: quick enough for the main thread.
#[uniffi::export]
pub fn builtin_puzzles() -> Result<Vec<PuzzleInfo>> {
    guard("builtin_puzzles", || pack()?.iter().map(info_of).collect())
}
