//! Puzzles: the extension point for the core's puzzle pack (not in the core
//! yet).
//!
//! When the core gains puzzles, they cross the boundary here, in the same
//! shape as the rest of this crate:
//!
//! - a `PuzzleInfo` record (id, difficulty, objective in words such as
//!   "White to play and win — move 46, score 30–31", the position text) and
//!   `fn puzzles() -> Vec<PuzzleInfo>` listing the built-in pack;
//! - a `PuzzleHandle` object (`uniffi::Object`, state behind a `Mutex`)
//!   with `fn try_move(from, to, promotion) -> Result<PuzzleStep>` (right or
//!   wrong, the opponent's automatic answer, the refutation of a wrong
//!   move), `hint()` (piece, then move) and `solution()`;
//! - new failures as new [`crate::NorochessError`] variants (for example
//!   `InvalidPuzzle`), never as panics.
//!
//! Until then a puzzle position (with its move number and both scores) can
//! already be played with [`crate::GameHandle::from_position`] and checked
//! with the engine.
