//! Which scores a Norochess game can have reached with the pieces left on
//! the board at a move number: the one check the puzzle verifier, the
//! generator, the composer and the position editor all make.
//!
//! Every capture scores the captured piece's value and a piece only leaves
//! the board by being captured, so a side's score is the value of what the
//! opponent lost: at least the value of the opponent's pieces missing from
//! the board, at most that with every missing pawn promoted to a queen
//! first, and never more than 9 points a move.

use crate::any::AnyPosition;
use crate::types::{Color, Role};
use thiserror::Error;

/// The roles a pawn may promote to in the Norochess family (RULES.md:
/// queen, rook, bishop or knight, never a king).
const PROMOTIONS: [Role; 4] = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

/// The pieces counted against the start set (pawns apart).
const PIECES: [Role; 5] = [
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
];

/// A score that no game can have reached.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ScoreProblem {
    /// More points than the opponent's material missing from the board is
    /// worth.
    #[error("{color} has {score} points, but the {opponent} material missing from the board is worth at most {max}", opponent = !*color)]
    TooHigh {
        /// The side whose score is too high.
        color: Color,
        /// Its score.
        score: u16,
        /// The most it can have scored.
        max: u16,
    },
    /// Fewer points than the opponent's pieces missing from the board are
    /// worth: each of them was captured, and every capture scored.
    #[error("{color} has {score} points, but it must have captured the {opponent} pieces missing from the board, worth at least {min}", opponent = !*color)]
    TooLow {
        /// The side whose score is too low.
        color: Color,
        /// Its score.
        score: u16,
        /// The least it can have scored.
        min: u16,
    },
    /// More points than its moves so far can have made: a move scores at
    /// most a queen's 9.
    #[error("{color} has {score} points after {moves} moves, but a move scores at most 9 points")]
    TooEarly {
        /// The side.
        color: Color,
        /// Its score.
        score: u16,
        /// The moves it has made by the position's move number.
        moves: u32,
    },
}

impl ScoreProblem {
    /// The side whose score is wrong.
    pub fn color(&self) -> Color {
        match self {
            ScoreProblem::TooHigh { color, .. }
            | ScoreProblem::TooLow { color, .. }
            | ScoreProblem::TooEarly { color, .. } => *color,
        }
    }
}

/// What a side can have scored, from the opponent's pieces on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoreBounds {
    /// The fewest points: the opponent's pieces missing from the board,
    /// each missing pawn taken as a pawn.
    pub least: u16,
    /// The most points: the same with every missing pawn promoted to a
    /// queen before it was taken.
    pub most: u16,
}

/// The bounds of a side's score in a game whose start had `start_counts`
/// of each role (the rules' start set) when the opponent has
/// `on_board(role)` pieces of each role left. Pieces beyond the start's
/// count of a kind are promoted pawns, each using up one missing pawn;
/// counting as few promotions as possible gives the largest bound (a
/// promoted piece on the board spends a pawn worth up to 9 to spare an
/// original worth at most 9). A board with more promoted pieces than
/// missing pawns is the caller's to refuse.
pub fn score_bounds(start_counts: &[u8; 6], on_board: impl Fn(Role) -> u32) -> ScoreBounds {
    let mut pieces = 0u32;
    let mut promoted = 0u32;
    for role in PIECES {
        let at_start = u32::from(start_counts[role.index()]);
        let now = on_board(role);
        pieces += at_start.saturating_sub(now) * u32::from(role.capture_points());
        promoted += now.saturating_sub(at_start);
    }
    let pawns = u32::from(start_counts[Role::Pawn.index()])
        .saturating_sub(on_board(Role::Pawn))
        .saturating_sub(promoted);
    let best_promotion = PROMOTIONS
        .iter()
        .map(|r| u32::from(r.capture_points()))
        .max()
        .unwrap_or(0);
    let pawn = u32::from(Role::Pawn.capture_points());
    let clamp = |n: u32| u16::try_from(n).unwrap_or(u16::MAX);
    ScoreBounds {
        least: clamp(pieces + pawns * pawn),
        most: clamp(pieces + pawns * best_promotion),
    }
}

/// The bounds of `color`'s score in a game that reached `position`.
fn bounds(position: &AnyPosition, color: Color) -> ScoreBounds {
    score_bounds(&position.variant().rules().start_counts, |role| {
        position.count(!color, role)
    })
}

/// The most capture points `color` can have scored in a game that reached
/// `position` ([`ScoreBounds::most`]).
pub fn max_reachable_score(position: &AnyPosition, color: Color) -> u16 {
    bounds(position, color).most
}

/// The fewest capture points `color` can have scored in a game that
/// reached `position` ([`ScoreBounds::least`]).
pub fn least_reachable_score(position: &AnyPosition, color: Color) -> u16 {
    bounds(position, color).least
}

/// The most points `moves` moves can have scored: a capture takes one
/// piece, worth at most a queen (a promoted queen is worth 9 too).
pub fn most_points_in(moves: u32) -> u32 {
    moves.saturating_mul(u32::from(Role::Queen.capture_points()))
}

/// The moves `color` has made by move `number` with `turn` to move.
pub fn moves_made(number: u32, turn: Color, color: Color) -> u32 {
    let before = number.saturating_sub(1);
    match (color, turn) {
        (Color::White, Color::Black) => before + 1,
        _ => before,
    }
}

/// The scores of `position` that no game can have reached, for both
/// sides: above the material the opponent lost, below it, or more than 9
/// points a move. Empty in games without capture points.
pub fn score_problems(position: &AnyPosition) -> Vec<ScoreProblem> {
    if !position.variant().rules().capture_points {
        return Vec::new();
    }
    let mut problems = Vec::new();
    for color in [Color::White, Color::Black] {
        let score = position.score(color);
        let ScoreBounds { least, most } = bounds(position, color);
        if score > most {
            problems.push(ScoreProblem::TooHigh {
                color,
                score,
                max: most,
            });
        }
        if score < least {
            problems.push(ScoreProblem::TooLow {
                color,
                score,
                min: least,
            });
        }
        let moves = moves_made(position.fullmove_number(), position.turn(), color);
        if u32::from(score) > most_points_in(moves) {
            problems.push(ScoreProblem::TooEarly {
                color,
                score,
                moves,
            });
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    fn position(text: &str) -> AnyPosition {
        AnyPosition::from_text(Variant::Norochess, text).expect("test position")
    }

    #[test]
    fn the_start_and_a_real_middlegame_have_no_problem() {
        let start = position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 score=0-0");
        assert!(score_problems(&start).is_empty());
        // White took a knight and a pawn (4), Black a bishop (3).
        let middle = position("r1bqkbnr/ppp1pppp/8/8/8/8/PPPPPPPP/RN1QKBNR w - - 0 6 score=4-3");
        assert_eq!(score_problems(&middle), []);
    }

    #[test]
    fn a_score_below_the_material_captured_is_refused() {
        // Every piece but the queens and kings is gone: each side took at
        // least 8 + 10 + 6 + 6 = 30 of the other's.
        let bare = position("7k/8/8/3n4/8/8/8/3Q3K w - - 0 48 score=18-20");
        let problems = score_problems(&bare);
        assert!(problems.contains(&ScoreProblem::TooLow {
            color: Color::White,
            score: 18,
            min: 36
        }));
        assert!(problems.contains(&ScoreProblem::TooLow {
            color: Color::Black,
            score: 20,
            min: 30
        }));
        assert_eq!(
            problems[0].to_string(),
            "White has 18 points, but it must have captured the Black pieces missing from the board, worth at least 36"
        );
        let legal = position("7k/pppppppp/8/3n4/8/8/8/3Q3K w - - 0 48 score=28-30");
        assert_eq!(score_problems(&legal), []);
    }

    #[test]
    fn a_score_above_the_material_or_the_moves_is_refused() {
        let early = position("r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 2 score=12-0");
        let problems = score_problems(&early);
        assert!(problems.contains(&ScoreProblem::TooHigh {
            color: Color::White,
            score: 12,
            max: 3
        }));
        assert!(problems.contains(&ScoreProblem::TooEarly {
            color: Color::White,
            score: 12,
            moves: 1
        }));
        assert!(problems.iter().all(|p| p.color() == Color::White));
    }

    #[test]
    fn games_without_points_have_no_score_problems() {
        let chess = AnyPosition::from_text(Variant::Chess, "4k3/8/8/8/8/8/8/4K3 w - - 0 40")
            .expect("a chess ending");
        assert!(score_problems(&chess).is_empty());
    }
}
