//! "My puzzles": the puzzles the player composed or imported, kept as
//! lines of the puzzle file format. Their attempts are recorded like the
//! built-in ones' (by puzzle id), so progress works the same.

use super::{Library, LibraryError};
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

impl Library {
    /// Keeps `puzzle` in "My puzzles"; `false` when a puzzle with its id
    /// is already there (the same question: nothing is written).
    pub fn save_my_puzzle(
        &mut self,
        puzzle: &Puzzle,
        origin: PuzzleOrigin,
    ) -> Result<bool, LibraryError> {
        let origin = match origin {
            PuzzleOrigin::Composed => "composed",
            PuzzleOrigin::Imported => "imported",
        };
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
        let mut statement = self
            .conn
            .prepare_cached("SELECT id, line FROM my_puzzles ORDER BY created_at, id")?;
        let rows =
            statement.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))?;
        let mut puzzles = Vec::new();
        let mut unreadable = Vec::new();
        for row in rows {
            let (id, line) = row?;
            match Puzzle::from_line(&line, 1) {
                Ok(puzzle) => puzzles.push(puzzle),
                Err(e) => unreadable.push(format!("{id}: {e}")),
            }
        }
        Ok((puzzles, unreadable))
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
