//! What the puzzle menu and the puzzle screen's title show of one puzzle:
//! a view of a core [`Puzzle`] with its positions as text, the opponent's
//! setting move and the solution in SAN worked out once, here.

use super::policy::NextPuzzle;
use super::PuzzleRunError;
use crate::board_view::MoveInfo;
use norochess_core::puzzle::{Difficulty, Puzzle};
use norochess_core::{Color, Objective};

/// One puzzle, for the puzzle menu and the puzzle screen's title.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
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
    pub player: Color,
    /// What the player must achieve.
    pub objective: Objective,
    /// The objective as the puzzle file writes it: `win`, `win-by 3`,
    /// `save`, `gain 5 in 2`.
    pub objective_id: String,
    /// The objective in words, with move number and score: `White to play
    /// and win — move 46, score 30–31`, `White to play and gain 5 points
    /// in 2 moves — move 33, score 23–27`.
    pub objective_text: String,
    /// The difficulty tier.
    pub difficulty: Difficulty,
    /// The tier's id: `easy`, `medium` or `hard`.
    pub difficulty_id: String,
    /// The difficulty rating (400–4000; most between 500 and 2,500).
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
    /// The same line as board moves (squares, promotion, kind), so a shell
    /// or a test plays it by its squares without reading coordinates (a
    /// 10×10 square such as `f10` has three characters).
    pub solution_moves: Vec<MoveInfo>,
}

impl PuzzleInfo {
    /// The view of `puzzle`, or why it cannot be played (its position,
    /// opponent's move or solution does not read: a puzzle from a shared
    /// line is checked here, not trusted).
    pub fn of(puzzle: &Puzzle) -> Result<PuzzleInfo, PuzzleRunError> {
        let unplayable = |problem: String| PuzzleRunError::Unplayable {
            id: puzzle.id.clone(),
            problem: format!("puzzle {}: {problem}", puzzle.id),
        };
        let before = puzzle.before().map_err(|e| unplayable(e.to_string()))?;
        let opponent_move = puzzle
            .setup_move()
            .map_err(unplayable)?
            .map(|m| MoveInfo::of(&before, m));
        let start = puzzle.start().map_err(unplayable)?;
        let moves = puzzle.solution_moves().map_err(unplayable)?;
        let mut solution_san = Vec::with_capacity(moves.len());
        let mut solution_moves = Vec::with_capacity(moves.len());
        let mut position = start;
        for &m in &moves {
            solution_san.push(position.to_san(m));
            solution_moves.push(MoveInfo::of(&position, m));
            position = position.play(m).map_err(|e| unplayable(e.to_string()))?;
        }
        let difficulty = puzzle.difficulty();
        Ok(PuzzleInfo {
            id: puzzle.id.clone(),
            variant_id: puzzle.variant.id().to_string(),
            position_text: start.to_text(),
            position_before_text: before.to_text(),
            opponent_move,
            player: start.turn(),
            objective: puzzle.objective,
            objective_id: puzzle.objective.text(),
            objective_text: puzzle.describe(),
            difficulty,
            difficulty_id: difficulty.id().to_string(),
            rating: u32::from(puzzle.rating),
            themes: puzzle.themes.clone(),
            player_moves: u32::try_from(puzzle.solution.len().div_ceil(2)).unwrap_or(u32::MAX),
            solution: puzzle.solution.clone(),
            solution_san,
            solution_moves,
        })
    }
}

/// The puzzle that comes next, as the menu shows it (`NextPuzzle` in
/// Kotlin and Swift; the policy's [`NextPuzzle`] names it by its index).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
#[cfg_attr(feature = "uniffi", uniffi(name = "NextPuzzle"))]
pub struct NextPuzzleInfo {
    /// The puzzle.
    pub puzzle: PuzzleInfo,
    /// Whether every puzzle of the player's choice (tier, theme) is already
    /// solved cleanly (so this one comes again).
    pub all_solved_cleanly: bool,
}

impl NextPuzzleInfo {
    /// The view of the policy's choice `next` among `pack`; `None` if the
    /// index is not the pack's (a pack other than the one it was chosen
    /// from).
    pub fn of(pack: &[Puzzle], next: NextPuzzle) -> Result<Option<NextPuzzleInfo>, PuzzleRunError> {
        let Some(puzzle) = pack.get(next.index) else {
            return Ok(None);
        };
        Ok(Some(NextPuzzleInfo {
            puzzle: PuzzleInfo::of(puzzle)?,
            all_solved_cleanly: next.all_solved_cleanly,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use norochess_core::puzzle::builtin_pack;

    #[test]
    fn every_pack_puzzle_has_a_view_with_its_solution_in_san() {
        let pack = builtin_pack().expect("the built-in pack reads");
        for puzzle in &pack {
            let info = PuzzleInfo::of(puzzle).unwrap_or_else(|e| panic!("{}: {e}", puzzle.id));
            assert_eq!(info.solution_san.len(), info.solution.len(), "{}", info.id);
            assert_eq!(info.objective, puzzle.objective);
            assert_eq!(info.difficulty_id, info.difficulty.id());
            assert!(info.player_moves >= 1, "{}", info.id);
            if info.opponent_move.is_none() {
                assert_eq!(info.position_text, info.position_before_text);
            }
        }
    }

    #[test]
    fn a_puzzle_whose_solution_does_not_play_is_unplayable_by_name() {
        let pack = builtin_pack().expect("the built-in pack reads");
        let mut broken = pack.first().expect("a puzzle").clone();
        broken.solution = vec!["a1a1".to_string()];
        match PuzzleInfo::of(&broken) {
            Err(PuzzleRunError::Unplayable { id, problem }) => {
                assert_eq!(id, broken.id);
                assert!(problem.starts_with(&format!("puzzle {id}: ")), "{problem}");
            }
            other => panic!("expected an unplayable puzzle, got {other:?}"),
        }
    }

    #[test]
    fn the_next_puzzle_is_viewed_from_its_index() {
        let pack = builtin_pack().expect("the built-in pack reads");
        let next = NextPuzzle {
            index: 1,
            all_solved_cleanly: true,
        };
        let info = NextPuzzleInfo::of(&pack, next)
            .expect("the pack's puzzles read")
            .expect("index 1 is in the pack");
        assert_eq!(info.puzzle.id, pack[1].id);
        assert!(info.all_solved_cleanly);
        let past = NextPuzzle {
            index: pack.len(),
            all_solved_cleanly: false,
        };
        assert_eq!(NextPuzzleInfo::of(&pack, past), Ok(None));
    }
}
