//! The move list's rows and the column where Black's move starts, in a
//! module of their own: the drawing lays the list out by them and the
//! shell finds the move under the mouse by them, so neither of those two
//! imports the other.

use super::picture::ListedMove;

/// The column of a move list row where Black's move starts.
pub const BLACK_COLUMN: u16 = 15;

/// The rows of the move list: White's and Black's ply of each full move.
pub fn move_rows(moves: &[ListedMove]) -> Vec<(Option<usize>, Option<usize>)> {
    let mut rows: Vec<(Option<usize>, Option<usize>)> = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        match (m.color, rows.last_mut()) {
            (norochess_core::Color::Black, Some((_, black @ None))) => *black = Some(i),
            (norochess_core::Color::Black, _) => rows.push((None, Some(i))),
            (norochess_core::Color::White, _) => rows.push((Some(i), None)),
        }
    }
    rows
}
