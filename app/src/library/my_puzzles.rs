//! "My puzzles": the puzzles the player composed or imported, kept as
//! lines of the puzzle file format. Their attempts are recorded like the
//! built-in ones' (by puzzle id), so progress works the same.

use super::{Library, LibraryError, PuzzleAttempt};
use crate::composer::ComposedPuzzle;
use norochess_core::puzzle::Puzzle;

/// Where a puzzle in "My puzzles" came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum PuzzleOrigin {
    /// Composed on this device.
    Composed,
    /// Pasted from another.
    Imported,
}

impl PuzzleOrigin {
    /// The word stored in the library.
    const fn id(self) -> &'static str {
        match self {
            PuzzleOrigin::Composed => "composed",
            PuzzleOrigin::Imported => "imported",
        }
    }

    /// [`PuzzleOrigin::id`] read back; an unknown word reads as imported
    /// (the table's check allows only the two).
    fn from_id(id: &str) -> PuzzleOrigin {
        if id == PuzzleOrigin::Composed.id() {
            PuzzleOrigin::Composed
        } else {
            PuzzleOrigin::Imported
        }
    }
}

/// One puzzle of "My puzzles" as the list shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct MyPuzzle {
    /// The puzzle: its id, description, solution and the line to share.
    pub puzzle: ComposedPuzzle,
    /// Composed here or imported.
    pub origin: PuzzleOrigin,
    /// The best attempt so far (clean beats solved beats shown beats
    /// failed), `None` when it was never tried.
    pub best_attempt: Option<PuzzleAttempt>,
    /// The list's second line: `Composed · solved cleanly`.
    pub status_text: String,
}

/// "My puzzles" as a screen lists them.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct MyPuzzleList {
    /// The puzzles, oldest first.
    pub puzzles: Vec<MyPuzzle>,
    /// Lines that can no longer be read (`my-1a2b3c4d: …`), to be said,
    /// never dropped in silence.
    pub unreadable: Vec<String>,
}

/// The table's readable puzzles with their origin, and the lines that can
/// no longer be read.
type StoredPuzzles = (Vec<(Puzzle, PuzzleOrigin)>, Vec<String>);

/// How far the player got with a puzzle, in words.
fn attempt_text(attempt: Option<PuzzleAttempt>) -> &'static str {
    match attempt {
        None => "not tried yet",
        Some(PuzzleAttempt::Clean) => "solved cleanly",
        Some(PuzzleAttempt::Solved) => "solved with help",
        Some(PuzzleAttempt::Shown) => "solution shown",
        Some(PuzzleAttempt::Failed) => "not solved yet",
    }
}

impl Library {
    /// Keeps `puzzle` in "My puzzles"; `false` when a puzzle with its id
    /// is already there (the same question: nothing is written).
    pub fn save_my_puzzle(
        &mut self,
        puzzle: &Puzzle,
        origin: PuzzleOrigin,
    ) -> Result<bool, LibraryError> {
        let origin = origin.id();
        let changed = self.conn.execute(
            "INSERT INTO my_puzzles (id, line, origin, created_at) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (id) DO NOTHING",
            rusqlite::params![
                puzzle.id,
                puzzle.to_line(),
                origin,
                crate::unix_time::unix_now()
            ],
        )?;
        Ok(changed == 1)
    }

    /// "My puzzles", oldest first; a line that can no longer be read is
    /// skipped and named in the second list.
    pub fn my_puzzles(&self) -> Result<(Vec<Puzzle>, Vec<String>), LibraryError> {
        let (kept, unreadable) = self.read_my_puzzles()?;
        Ok((
            kept.into_iter().map(|(puzzle, _)| puzzle).collect(),
            unreadable,
        ))
    }

    /// "My puzzles" with each one's origin and progress, oldest first; a
    /// line that can no longer be read is named in
    /// [`MyPuzzleList::unreadable`].
    pub fn my_puzzle_list(&self) -> Result<MyPuzzleList, LibraryError> {
        let (kept, unreadable) = self.read_my_puzzles()?;
        let mut list = MyPuzzleList {
            puzzles: Vec::with_capacity(kept.len()),
            unreadable,
        };
        for (puzzle, origin) in kept {
            let best_attempt = self.puzzle_status(&puzzle.id)?;
            let made = match origin {
                PuzzleOrigin::Composed => "Composed",
                PuzzleOrigin::Imported => "Imported",
            };
            list.puzzles.push(MyPuzzle {
                puzzle: ComposedPuzzle::of(&puzzle),
                origin,
                best_attempt,
                status_text: format!("{made} · {}", attempt_text(best_attempt)),
            });
        }
        Ok(list)
    }

    /// The table's puzzles with their origin, oldest first, and the lines
    /// that can no longer be read (`my-1a2b3c4d: …`).
    fn read_my_puzzles(&self) -> Result<StoredPuzzles, LibraryError> {
        let mut statement = self
            .conn
            .prepare_cached("SELECT id, line, origin FROM my_puzzles ORDER BY created_at, id")?;
        let rows = statement.query_map([], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
            ))
        })?;
        let mut kept = Vec::new();
        let mut unreadable = Vec::new();
        for row in rows {
            let (id, line, origin) = row?;
            match Puzzle::from_line(&line, 1) {
                Ok(puzzle) => kept.push((puzzle, PuzzleOrigin::from_id(&origin))),
                Err(e) => unreadable.push(format!("{id}: {e}")),
            }
        }
        Ok((kept, unreadable))
    }

    /// Removes puzzle `id` from "My puzzles" (its attempts stay in the
    /// history); `false` when it was not there.
    pub fn delete_my_puzzle(&mut self, id: &str) -> Result<bool, LibraryError> {
        Ok(self
            .conn
            .execute("DELETE FROM my_puzzles WHERE id = ?1", [id])?
            == 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_that_cannot_be_read_is_named_not_dropped() {
        let library = Library::in_memory().expect("library");
        library
            .conn
            .execute(
                "INSERT INTO my_puzzles (id, line, origin, created_at)
                 VALUES ('my-00000000', 'not a puzzle', 'imported', 1)",
                [],
            )
            .expect("insert");
        let list = library.my_puzzle_list().expect("list");
        assert!(list.puzzles.is_empty());
        assert_eq!(list.unreadable.len(), 1);
        assert!(
            list.unreadable[0].starts_with("my-00000000: "),
            "{:?}",
            list.unreadable
        );
    }
}
