//! The puzzle composer: a position from the editor or a game, an
//! objective, and the exact solver's proof that it is a puzzle (one first
//! move, only moves at every step, the best defence in between). A
//! composed puzzle is shared as one line of the puzzle file format (the
//! built-in pack's), which any copy of the app imports by paste; imports
//! are proven again, so a pasted line is never taken on trust.

use norochess_core::puzzle::{
    builtin_pack, compose, verify_puzzle, ComposeError, Puzzle, PuzzleError, FORMAT_HEADER,
    FORMAT_HEADER_V1, FORMAT_HEADER_V2,
};
use norochess_core::{AnyPosition, Engine, Objective, SolveLimits, Solver};
use thiserror::Error;

mod objectives;
pub use objectives::{composer_objectives, ObjectiveChoice, MAX_GAIN_MOVES};

/// Solver nodes per question when composing or importing: what `puzzles
/// verify` uses for the pack, so a composed puzzle is proven as strictly.
pub const COMPOSE_NODES: u64 = 2_000_000;

/// The prefix of a composed puzzle's id.
pub const MY_PUZZLE_PREFIX: &str = "my-";

/// Why a puzzle could not be composed or imported.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ComposerError {
    /// The position and objective do not make a puzzle (the solver's
    /// reason: several first moves, none, unsettled, impossible scores).
    #[error("{0}")]
    NotAPuzzle(String),
    /// Pasted text that is not a puzzle line.
    #[error("not a Norochess puzzle: {0}")]
    Unreadable(String),
    /// A pasted puzzle that the solver does not prove.
    #[error("the puzzle does not hold: {0}")]
    Unsound(String),
    /// A pasted puzzle already in the built-in pack.
    #[error("puzzle {0} is already in the built-in pack")]
    BuiltIn(String),
}

impl From<ComposeError> for ComposerError {
    fn from(e: ComposeError) -> ComposerError {
        ComposerError::NotAPuzzle(e.to_string())
    }
}

/// A composed or imported puzzle as a screen shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct ComposedPuzzle {
    /// Its id (`my-3f2a9c01`).
    pub id: String,
    /// `White to play and win — move 46, score 30–31`.
    pub description: String,
    /// The solution in SAN, the player's moves and the defence alternating.
    pub solution: Vec<String>,
    /// Its starting rating.
    pub rating: u16,
    /// Its themes.
    pub themes: Vec<String>,
    /// The one line to share (the puzzle file format).
    pub share_text: String,
}

impl ComposedPuzzle {
    /// The screen's view of `puzzle`.
    pub fn of(puzzle: &Puzzle) -> ComposedPuzzle {
        let solution = match (puzzle.start(), puzzle.solution_moves()) {
            (Ok(start), Ok(moves)) => crate::review::san_line(&start, &moves),
            _ => puzzle.solution.clone(),
        };
        ComposedPuzzle {
            id: puzzle.id.clone(),
            description: puzzle.describe(),
            solution,
            rating: puzzle.rating,
            themes: puzzle.themes.clone(),
            share_text: puzzle.to_line(),
        }
    }
}

/// A stable id for a puzzle composed from `position` with `objective`: the
/// same question gets the same id on every device, so sharing it back
/// does not make a copy.
pub fn composed_id(position: &AnyPosition, objective: Objective) -> String {
    // FNV-1a over the position text and the objective: stable across
    // versions, unlike the standard library's hasher.
    let mut hash: u32 = 0x811c_9dc5;
    let text = format!(
        "{}|{}|{}",
        position.variant().id(),
        position.to_text(),
        objective.text()
    );
    for byte in text.bytes() {
        hash ^= u32::from(byte);
        hash = hash.wrapping_mul(0x0100_0193);
    }
    format!("{MY_PUZZLE_PREFIX}{hash:08x}")
}

/// Composes the puzzle `objective` from `position` (blocking: seconds on
/// a phone for a position near the end; run it off the screen's thread).
pub fn compose_puzzle(
    position: &AnyPosition,
    objective: Objective,
) -> Result<Puzzle, ComposerError> {
    let mut solver = Solver::new(16);
    let mut engine = Engine::new(4);
    let id = composed_id(position, objective);
    let composition = compose(
        &id,
        position,
        objective,
        &mut solver,
        &mut engine,
        SolveLimits::with_nodes(COMPOSE_NODES),
    )?;
    Ok(composition.puzzle)
}

/// The puzzle in `text`, a shared line (or a puzzle file holding one
/// puzzle), proven again (blocking, like [`compose_puzzle`]).
pub fn import_puzzle(text: &str) -> Result<Puzzle, ComposerError> {
    let mut lines = text
        .lines()
        .map(str::trim)
        // A file of version 2 holds the same line as one of version 3.
        .filter(|l| !l.is_empty() && *l != FORMAT_HEADER && *l != FORMAT_HEADER_V2);
    let Some(line) = lines.next() else {
        return Err(ComposerError::Unreadable("the text is empty".to_string()));
    };
    if line == FORMAT_HEADER_V1 {
        return Err(ComposerError::Unreadable(
            "a version 1 puzzle file: share one puzzle line instead".to_string(),
        ));
    }
    if lines.next().is_some() {
        return Err(ComposerError::Unreadable(
            "more than one line: paste one puzzle at a time".to_string(),
        ));
    }
    let puzzle = Puzzle::from_line(line, 1).map_err(|e| match e {
        PuzzleError::Line { problem, .. } => ComposerError::Unreadable(problem),
        other => ComposerError::Unreadable(other.to_string()),
    })?;
    if builtin_pack().is_ok_and(|pack| pack.iter().any(|p| p.id == puzzle.id)) {
        return Err(ComposerError::BuiltIn(puzzle.id));
    }
    let mut solver = Solver::new(16);
    let report = verify_puzzle(&puzzle, &mut solver, SolveLimits::with_nodes(COMPOSE_NODES));
    if !report.ok() {
        return Err(ComposerError::Unsound(report.problems.join("; ")));
    }
    Ok(puzzle)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::library::{Library, PuzzleOrigin};
    use norochess_core::Variant;

    /// Move 48, White two points behind (each side has taken everything
    /// the other lost, and Black a little more): only Qxd5 wins.
    const ONE_ANSWER: &str = "7k/8/8/3n4/8/8/8/3Q3K w - - 0 48 score=36-38";

    fn position(text: &str) -> AnyPosition {
        AnyPosition::from_text(Variant::Norochess, text).expect("position")
    }

    #[test]
    fn a_composed_puzzle_is_shared_as_one_line_and_imported_back() {
        let puzzle = compose_puzzle(&position(ONE_ANSWER), Objective::Win).expect("a puzzle");
        assert!(puzzle.id.starts_with(MY_PUZZLE_PREFIX));
        let view = ComposedPuzzle::of(&puzzle);
        assert_eq!(view.solution.first().map(String::as_str), Some("Qxd5"));
        assert!(
            view.description.starts_with("White to play and win"),
            "{}",
            view.description
        );
        assert!(!view.share_text.contains('\n'));
        let imported = import_puzzle(&format!("  {}  \n", view.share_text)).expect("import");
        assert_eq!(imported, puzzle);
        let with_header = format!("{FORMAT_HEADER}\n{}\n", view.share_text);
        assert_eq!(import_puzzle(&with_header).expect("import"), puzzle);
    }

    #[test]
    fn the_same_question_gets_the_same_id() {
        let a = composed_id(&position(ONE_ANSWER), Objective::Win);
        assert_eq!(a, composed_id(&position(ONE_ANSWER), Objective::Win));
        assert_ne!(a, composed_id(&position(ONE_ANSWER), Objective::Save));
    }

    #[test]
    fn pasted_text_that_is_not_a_sound_puzzle_is_refused_with_why() {
        assert!(matches!(
            import_puzzle(""),
            Err(ComposerError::Unreadable(_))
        ));
        assert!(matches!(
            import_puzzle("hello"),
            Err(ComposerError::Unreadable(_))
        ));
        let puzzle = compose_puzzle(&position(ONE_ANSWER), Objective::Win).expect("a puzzle");
        let two = format!("{}\n{}", puzzle.to_line(), puzzle.to_line());
        let error = import_puzzle(&two).expect_err("two lines");
        assert!(
            error.to_string().contains("one puzzle at a time"),
            "{error}"
        );
        // A wrong answer: the king's move does not win.
        let mut wrong = puzzle.clone();
        wrong.solution = vec!["h1g1".to_string()];
        let error = import_puzzle(&wrong.to_line()).expect_err("unsound");
        assert!(matches!(error, ComposerError::Unsound(_)), "{error}");
        let pack = builtin_pack().expect("pack");
        let error = import_puzzle(&pack[0].to_line()).expect_err("built in");
        assert_eq!(error, ComposerError::BuiltIn(pack[0].id.clone()));
    }

    #[test]
    fn my_puzzles_are_kept_once_and_can_be_removed() {
        let mut library = Library::in_memory().expect("library");
        let puzzle = compose_puzzle(&position(ONE_ANSWER), Objective::Win).expect("a puzzle");
        assert!(library
            .save_my_puzzle(&puzzle, PuzzleOrigin::Composed)
            .expect("save"));
        assert!(!library
            .save_my_puzzle(&puzzle, PuzzleOrigin::Imported)
            .expect("save"));
        let (mine, unreadable) = library.my_puzzles().expect("list");
        assert_eq!(mine, vec![puzzle.clone()]);
        assert!(unreadable.is_empty());
        let list = library.my_puzzle_list().expect("list");
        assert_eq!(list.puzzles.len(), 1);
        assert_eq!(list.puzzles[0].origin, PuzzleOrigin::Composed);
        assert_eq!(list.puzzles[0].best_attempt, None);
        assert_eq!(list.puzzles[0].status_text, "Composed · not tried yet");
        library
            .record_puzzle_attempt(&puzzle.id, "medium", crate::library::PuzzleAttempt::Clean)
            .expect("attempt");
        let list = library.my_puzzle_list().expect("list");
        assert_eq!(list.puzzles[0].status_text, "Composed · solved cleanly");
        assert!(library.delete_my_puzzle(&puzzle.id).expect("delete"));
        assert!(!library.delete_my_puzzle(&puzzle.id).expect("delete"));
        assert!(library.my_puzzles().expect("list").0.is_empty());
    }
}
