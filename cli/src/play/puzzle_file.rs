//! `--puzzles FILE`: a puzzle file read and checked before play starts, so
//! a file with no playable puzzle is an error naming the file and the line
//! instead of an empty pack.

use norochess_core::puzzle::{parse_puzzles, Puzzle, PuzzleError};
use norochess_core::Game;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Why a puzzle file cannot be played.
#[derive(Debug, Error)]
pub enum PuzzleFileError {
    /// The file cannot be read.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A line does not follow the format (the error names the line).
    #[error("{}: {source}", path.display())]
    Format {
        /// The file.
        path: PathBuf,
        /// What is wrong, and where.
        source: PuzzleError,
    },
    /// A puzzle reads but cannot be played.
    #[error("{}: line {line}: puzzle {id} cannot be played: {problem}", path.display())]
    Unplayable {
        /// The file.
        path: PathBuf,
        /// Its line, from 1.
        line: usize,
        /// The puzzle's id.
        id: String,
        /// What is wrong.
        problem: String,
    },
    /// The file has its header but no puzzle.
    #[error("{}: line {lines}: the file ends without a puzzle (one per line after the header: id|variant|position|opponent-move|objective|solution|rating|themes, see docs/puzzles.md)", path.display())]
    Empty {
        /// The file.
        path: PathBuf,
        /// Its number of lines.
        lines: usize,
    },
}

/// Reads `path` and checks that each puzzle can be played: its position
/// reads, its opponent's move (if any) is legal, the player's start is not
/// already over, and its solution is legal.
pub fn read(path: &Path) -> Result<Vec<Puzzle>, PuzzleFileError> {
    let text = std::fs::read_to_string(path).map_err(|source| PuzzleFileError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let pack = parse_puzzles(&text).map_err(|source| PuzzleFileError::Format {
        path: path.to_path_buf(),
        source,
    })?;
    for puzzle in &pack {
        if let Err(problem) = playable(puzzle) {
            return Err(PuzzleFileError::Unplayable {
                path: path.to_path_buf(),
                line: line_of(&text, &puzzle.id),
                id: puzzle.id.clone(),
                problem,
            });
        }
    }
    if pack.is_empty() {
        return Err(PuzzleFileError::Empty {
            path: path.to_path_buf(),
            lines: text.lines().count().max(1),
        });
    }
    Ok(pack)
}

fn playable(puzzle: &Puzzle) -> Result<(), String> {
    // The player's start: after the opponent's move, if there is one.
    let mut game =
        Game::from_position(puzzle.variant, &puzzle.position).map_err(|e| e.to_string())?;
    if let Some(m) = puzzle.setup_move()? {
        if let Some(outcome) = game.outcome() {
            return Err(format!(
                "the position is already over before the opponent's move ({})",
                outcome.reason.description()
            ));
        }
        game.play(m).map_err(|e| e.to_string())?;
    }
    if let Some(outcome) = game.outcome() {
        return Err(format!(
            "the position is already over ({})",
            outcome.reason.description()
        ));
    }
    puzzle.solution_moves().map(|_| ())
}

/// The line (from 1) where the puzzle `id` is written.
fn line_of(text: &str, id: &str) -> usize {
    text.lines()
        .position(|l| l.trim().split('|').next() == Some(id))
        .map_or(0, |i| i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(name: &str, text: &str) -> PathBuf {
        let path = std::env::temp_dir().join(format!(
            "norochess-puzzle-file-{}-{name}.txt",
            std::process::id()
        ));
        std::fs::write(&path, text).unwrap();
        path
    }

    #[test]
    fn files_without_a_playable_puzzle_name_the_file_and_line() {
        let empty = file("empty", "# norochess-puzzles 1\n# nothing yet\n");
        let e = read(&empty).unwrap_err().to_string();
        assert!(
            e.starts_with(&format!("{}: line 2: ", empty.display())),
            "{e}"
        );
        let over = file(
            "over",
            "# norochess-puzzles 1\n\nx1|norochess|4k3/8/8/8/8/8/8/4K3 w - - 0 61 score=0-30|win|e1e2|1200|\n",
        );
        let e = read(&over).unwrap_err().to_string();
        assert!(
            e.starts_with(&format!(
                "{}: line 3: puzzle x1 cannot be played",
                over.display()
            )),
            "{e}"
        );
        // The opponent's move ends the game: nothing is left to find.
        let ended = file(
            "ended",
            "# norochess-puzzles 2\nx2|norochess|4k3/8/8/8/8/8/8/4K3 b - - 0 60 score=30-30|e8e7|win|e1e2|1200|\n",
        );
        let e = read(&ended).unwrap_err().to_string();
        assert!(
            e.starts_with(&format!(
                "{}: line 2: puzzle x2 cannot be played: the position is already over (",
                ended.display()
            )),
            "{e}"
        );
        let bad = file("bad", "# norochess-puzzles 1\nnot a puzzle\n");
        let e = read(&bad).unwrap_err().to_string();
        assert!(
            e.starts_with(&format!("{}: line 2: ", bad.display())),
            "{e}"
        );
        for path in [empty, over, ended, bad] {
            let _ = std::fs::remove_file(path);
        }
    }
}
