//! The built-in puzzle pack, embedded in the library so both apps read it
//! from the core.

use super::{parse_puzzles, Puzzle, PuzzleError};

const PACK: &str = include_str!("../../puzzles/pack.txt");

/// The built-in puzzles, in pack order.
pub fn builtin_pack() -> Result<Vec<Puzzle>, PuzzleError> {
    parse_puzzles(PACK)
}
