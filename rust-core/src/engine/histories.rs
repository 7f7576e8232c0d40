//! The move-ordering memory a search learns: which quiet moves caused
//! cutoffs (history), which reply refuted each move (counter moves) and how
//! quiet moves fared after the moves before them (continuation history).
//!
//! The engine keeps it from one search to the next of the same game, so a
//! short search (a phone's or a match's 100 ms) starts with the ordering the
//! previous moves' searches learned instead of from nothing; the gravity of
//! the updates fades what no longer applies. [`MoveHistories::clear`]
//! forgets it for a new game.

use crate::moves::Move;

/// Pieces the continuation table distinguishes (six roles of two
/// colours): the searcher indexes it by piece and square with the same
/// count it is sized by here.
pub(crate) const PIECE_KINDS: usize = 12;

/// History, counter-move and continuation tables for a board of a given
/// number of squares, flattened.
#[derive(Debug, Default)]
pub(crate) struct MoveHistories {
    /// The board size the tables are laid out for (0: not allocated).
    squares: usize,
    /// `history[color][from][to]`: how often a quiet move caused a
    /// cutoff, kept within ± the search's history bound by gravity.
    pub(crate) history: Vec<i32>,
    /// `counter_moves[from][to]` of the opponent's last move: the quiet
    /// reply that last refuted it.
    pub(crate) counter_moves: Vec<Option<Move>>,
    /// `continuation[earlier piece-square][piece-square]`: how often a
    /// quiet move caused a cutoff one or two plies after the earlier move
    /// (same gravity as `history`).
    pub(crate) continuation: Vec<i16>,
}

impl MoveHistories {
    /// Empty tables for a board of `squares` squares.
    pub(crate) fn new(squares: usize) -> MoveHistories {
        let piece_squares = PIECE_KINDS * squares;
        MoveHistories {
            squares,
            history: vec![0; 2 * squares * squares],
            counter_moves: vec![None; squares * squares],
            continuation: vec![0; piece_squares * piece_squares],
        }
    }

    /// These tables if they are laid out for `squares` squares, else empty
    /// ones that are (a search on the other board size).
    pub(crate) fn for_squares(self, squares: usize) -> MoveHistories {
        if self.squares == squares {
            self
        } else {
            MoveHistories::new(squares)
        }
    }

    /// Forgets everything learned, keeping the memory.
    pub(crate) fn clear(&mut self) {
        self.history.fill(0);
        self.counter_moves.fill(None);
        self.continuation.fill(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_kept_for_the_same_board_and_replaced_for_another() {
        let mut tables = MoveHistories::new(64);
        tables.history[5] = 300;
        tables.continuation[7] = -40;
        let kept = MoveHistories::new(64).for_squares(64);
        assert_eq!(kept.history.len(), 2 * 64 * 64);
        let same = tables.for_squares(64);
        assert_eq!((same.history[5], same.continuation[7]), (300, -40));
        let other = same.for_squares(100);
        assert_eq!(other.history.len(), 2 * 100 * 100);
        assert_eq!(other.continuation.len(), (12 * 100) * (12 * 100));
        assert!(other.history.iter().all(|&h| h == 0));
    }

    #[test]
    fn clear_forgets_every_table() {
        let mut tables = MoveHistories::new(64);
        tables.history[1] = 9;
        tables.continuation[2] = 9;
        tables.clear();
        assert!(tables.history.iter().all(|&h| h == 0));
        assert!(tables.continuation.iter().all(|&h| h == 0));
        assert!(tables.counter_moves.iter().all(Option::is_none));
    }
}
