//! When a game ends, and what it is worth to the side to move: shared by the
//! search and the exact solver so both score game ends exactly alike.

use crate::bitboard::Bitboard;
use crate::geometry::Geometry;
use crate::position::Position;
use crate::types::Color;

/// A royal-game checkmate at the root; mates further away score less.
pub(crate) const MATE: i32 = 200_000;
/// A decided Norochess result before the final margin is added.
pub(crate) const WIN: i32 = 120_000;
/// Values at least this large are decided results, not estimates.
pub(crate) const DECIDED: i32 = 60_000;

/// The value of a decided Norochess game for the side to move: a win beats
/// any draw, which beats any loss; then the final margin counts.
pub(crate) fn decided<G: Geometry>(pos: &Position<G>, winner: Option<Color>) -> i32 {
    let margin = pos.lead();
    match winner {
        None => 0,
        Some(w) if w == pos.turn() => WIN + 100 * margin.clamp(-500, 500),
        Some(_) => -WIN + 100 * margin.clamp(-500, 500),
    }
}

/// The side with the higher score, if any.
pub(crate) fn winner_by_score<G: Geometry>(pos: &Position<G>) -> Option<Color> {
    match pos.score(Color::White).cmp(&pos.score(Color::Black)) {
        std::cmp::Ordering::Greater => Some(Color::White),
        std::cmp::Ordering::Less => Some(Color::Black),
        std::cmp::Ordering::Equal => None,
    }
}

/// Whether the game ended with the move that led to `pos` (every rule but
/// "no legal move", found when generating moves). `hashes` holds the game's
/// positions up to and including `pos`; `root_index` is where the search
/// began (royal games count a repetition inside the search as a draw).
pub(crate) fn game_end<G: Geometry>(
    pos: &Position<G>,
    hashes: &[u64],
    root_index: usize,
) -> Option<i32> {
    if pos.rules().capture_points {
        if pos.pieces_of(Color::White).is_empty() {
            return Some(decided(pos, Some(Color::Black)));
        }
        if pos.pieces_of(Color::Black).is_empty() {
            return Some(decided(pos, Some(Color::White)));
        }
        if earlier_occurrences(pos, hashes).0 >= 2 {
            // The mover created the third occurrence and loses.
            return Some(decided(pos, Some(pos.turn())));
        }
        if let Some(limit) = pos.rules().move_limit {
            if pos.turn() == Color::White {
                let black_moves = pos.fullmove_number().saturating_sub(1);
                if black_moves >= limit.regular_moves {
                    if let Some(winner) = winner_by_score(pos) {
                        return Some(decided(pos, Some(winner)));
                    }
                }
                if black_moves >= limit.last_move {
                    return Some(0);
                }
            }
        }
        None
    } else {
        if pos.halfmove_clock() >= 100 || pos.insufficient_material() {
            return Some(0);
        }
        let (earlier, latest) = earlier_occurrences(pos, hashes);
        if earlier >= 2 || (earlier == 1 && latest.is_some_and(|i| i >= root_index)) {
            return Some(0);
        }
        None
    }
}

/// How many earlier positions (same side to move, since the last
/// irreversible move) equal `pos`, whose hash is last in `hashes`, and the
/// index of the latest of them.
pub(crate) fn earlier_occurrences<G: Geometry>(
    pos: &Position<G>,
    hashes: &[u64],
) -> (usize, Option<usize>) {
    let len = hashes.len();
    let hash = pos.hash();
    let window = (pos.halfmove_clock() as usize).min(len.saturating_sub(1));
    let mut count = 0;
    let mut latest = None;
    for back in (2..=window).step_by(2) {
        let index = len - 1 - back;
        if hashes.get(index) == Some(&hash) {
            count += 1;
            latest = latest.or(Some(index));
        }
    }
    (count, latest)
}

/// The value when the side to move has no legal move: the score decides in
/// the Norochess family; checkmate or stalemate in royal games.
pub(crate) fn no_moves<G: Geometry>(pos: &Position<G>, ply: usize, in_check: bool) -> i32 {
    if pos.rules().capture_points {
        decided(pos, winner_by_score(pos))
    } else if in_check {
        -(MATE - ply as i32)
    } else {
        0
    }
}
