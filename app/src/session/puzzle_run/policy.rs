//! Which puzzle comes next and which is the day's puzzle: one meaning for
//! every shell (docs/puzzles.md, "Next and daily").
//!
//! - **Next**: the first puzzle after the current one, in pack order and
//!   wrapping round to the start, of the player's choice (a tier, a theme,
//!   both or neither: [`PuzzleFilter`]) that is not yet solved cleanly.
//!   With no current puzzle the search starts at the top of the pack. When
//!   every puzzle of the choice is solved cleanly, the one after the
//!   current comes again (and the answer says so).
//! - **Daily**: the shell passes the player's local calendar date; the
//!   puzzle is [`Library::daily_puzzle`] of that date (near the player's
//!   rating as it stood at the start of the day), so it is the same all day
//!   and on every device that shows the same date.

use super::filter::PuzzleFilter;
use crate::library::{Library, LibraryError, PuzzleAttempt};
use crate::ratings::Day;
use norochess_core::puzzle::Puzzle;

/// The puzzle that comes next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NextPuzzle {
    /// Its index in the pack.
    pub index: usize,
    /// Whether every puzzle of the choice is already solved cleanly (so
    /// this one comes again).
    pub all_solved_cleanly: bool,
}

/// The next puzzle of `pack` after the one with id `current` (`None`: from
/// the top) that `filter` keeps; `solved_cleanly` tells whether a puzzle is
/// done and is asked in search order, stopping at the first that is not.
/// `None` when the pack has no puzzle of the choice.
pub fn next_puzzle<E>(
    pack: &[Puzzle],
    filter: &PuzzleFilter,
    current: Option<&str>,
    mut solved_cleanly: impl FnMut(&Puzzle) -> Result<bool, E>,
) -> Result<Option<NextPuzzle>, E> {
    let n = pack.len();
    let start = current
        .and_then(|id| pack.iter().position(|p| p.id == id))
        .map_or(0, |i| i + 1);
    let mut first_fit = None;
    for index in (0..n).map(|k| (start + k) % n) {
        let Some(puzzle) = pack.get(index) else {
            continue;
        };
        if !filter.fits(puzzle) {
            continue;
        }
        first_fit.get_or_insert(index);
        if !solved_cleanly(puzzle)? {
            return Ok(Some(NextPuzzle {
                index,
                all_solved_cleanly: false,
            }));
        }
    }
    Ok(first_fit.map(|index| NextPuzzle {
        index,
        all_solved_cleanly: true,
    }))
}

/// [`next_puzzle`] with the library's progress: a puzzle is done once it
/// was solved cleanly at least once ([`Library::puzzle_status`]).
pub fn next_puzzle_in_library(
    library: &Library,
    pack: &[Puzzle],
    filter: &PuzzleFilter,
    current: Option<&str>,
) -> Result<Option<NextPuzzle>, LibraryError> {
    next_puzzle(pack, filter, current, |p| {
        Ok(library.puzzle_status(&p.id)? == Some(PuzzleAttempt::Clean))
    })
}

/// The daily puzzle of the player's local calendar date `day` (the shell
/// reads the date; the library picks the puzzle): its index in `pack`.
/// `None` for an empty pack.
pub fn daily_puzzle_index(
    library: &Library,
    pack: &[Puzzle],
    day: Day,
) -> Result<Option<usize>, LibraryError> {
    let chosen = library.daily_puzzle(pack, day)?;
    Ok(chosen.and_then(|p| pack.iter().position(|q| q.id == p.id)))
}
