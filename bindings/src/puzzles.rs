//! Puzzles: the built-in pack as [`PuzzleInfo`] records, for the puzzle
//! menu (docs/puzzles.md). One attempt at a puzzle is a
//! [`crate::puzzle_run::PuzzleRun`].
//!
//! - [`builtin_puzzles`] lists the pack embedded in the core.

use crate::error::{guard, NorochessError, Result};
use norochess_core::puzzle::{builtin_pack, Puzzle, PuzzleError};
use once_cell::sync::Lazy;

/// How hard a puzzle is: the core's `Difficulty`, declared for UniFFI by
/// the app layer (`PuzzleDifficulty` in Kotlin and Swift).
pub use norochess_core::puzzle::Difficulty as PuzzleDifficulty;

uniffi::use_remote_type!(norochess_app::norochess_core::puzzle::Difficulty);

/// What the player (the side to move at the start) must achieve: the
/// core's `Objective`, declared for UniFFI by the app layer
/// (`PuzzleObjective` in Kotlin and Swift).
pub use norochess_core::Objective as PuzzleObjective;

uniffi::use_remote_type!(norochess_app::norochess_core::Objective);

/// One puzzle, for the puzzle menu and the puzzle screen's title: the app
/// layer's record.
pub use norochess_app::PuzzleInfo;

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
    guard("builtin_puzzles", || {
        pack()?.iter().map(|p| Ok(PuzzleInfo::of(p)?)).collect()
    })
}
