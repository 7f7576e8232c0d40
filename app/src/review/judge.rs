//! How a move is judged in points: the thresholds of inaccuracies,
//! mistakes and blunders, the accuracy of a side, and the moments that
//! decided a Norochess game. Pure functions of the positions' evaluations,
//! so the review, practice mode and their tests share one definition.
//!
//! Everything is in points of the expected final score difference, the
//! unit in which a Norochess game is decided (docs/review.md explains the
//! choices):
//!
//! - a move that gives away less than [`INACCURACY_POINTS`] (a pawn) is
//!   within the engine's own noise at the review's budget and is not
//!   marked;
//! - [`MISTAKE_POINTS`] is just under a knight or a bishop (3), more than
//!   the king (2): handing over a minor piece is a mistake;
//! - [`BLUNDER_POINTS`] is a rook (5): a rook or the queen left to be
//!   taken is a blunder;
//! - a move that turns an expected win into an expected loss is at least
//!   a mistake, whatever it costs in points: one point decides the game at
//!   move 48.

use norochess_core::Score;

/// Points lost from which a move is an inaccuracy (a pawn).
pub const INACCURACY_POINTS: f64 = 1.0;
/// Points lost from which a move is a mistake (just under a minor piece).
pub const MISTAKE_POINTS: f64 = 2.5;
/// Points lost from which a move is a blunder (a rook).
pub const BLUNDER_POINTS: f64 = 5.0;
/// An expectation this far from zero is a result: a win for one side.
pub const RESULT_POINTS: f64 = 0.5;
/// The most a royal game's mate counts, in points (pawns), so that one
/// mate does not swamp a side's average.
pub const MATE_POINTS: f64 = 30.0;
/// The largest loss one move counts for in a side's average and accuracy,
/// and the graph's range either side of zero.
pub const LOSS_CAP: f64 = 20.0;
/// The accuracy of a move falls by a factor e for every this many points
/// lost: 100 for the best move, about 67 for a pawn, 37 for a mistake and
/// 14 for a blunder.
pub const ACCURACY_SCALE: f64 = 2.5;

/// How good a move was, in points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum Judgement {
    /// The engine's own choice.
    Best,
    /// Lost less than an inaccuracy.
    Good,
    /// Lost a pawn's worth or more (`?!`).
    Inaccuracy,
    /// Lost most of a minor piece or turned the expected result (`?`).
    Mistake,
    /// Lost a rook's worth or more (`??`).
    Blunder,
}

impl Judgement {
    /// The mark printed after a move: `?!`, `?`, `??`, or nothing.
    pub fn symbol(self) -> &'static str {
        match self {
            Judgement::Best | Judgement::Good => "",
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }

    /// The word a screen shows: `Best move`, `Inaccuracy`, …
    pub fn word(self) -> &'static str {
        match self {
            Judgement::Best => "Best move",
            Judgement::Good => "Good move",
            Judgement::Inaccuracy => "Inaccuracy",
            Judgement::Mistake => "Mistake",
            Judgement::Blunder => "Blunder",
        }
    }

    /// Whether the move is marked (an inaccuracy or worse).
    pub fn is_marked(self) -> bool {
        self >= Judgement::Inaccuracy
    }
}

/// A search score as the expected final score difference, in points, for
/// the side to move: an estimate as it is, a proven result as its margin
/// but at least one point won or lost (a win while behind on points, by
/// capturing everything or by a repetition, is still a win), a royal
/// game's mate as [`MATE_POINTS`].
pub fn points_of(score: Score) -> f64 {
    match score {
        Score::Centi(cp) => f64::from(cp) / 100.0,
        Score::Won { margin } => f64::from(margin.max(1)),
        Score::Lost { margin } => f64::from(margin.min(-1)),
        Score::Mate(n) if n > 0 => MATE_POINTS,
        Score::Mate(_) => -MATE_POINTS,
    }
}

/// Whether a score is proven (a result, not an estimate).
pub fn is_proven(score: Score) -> bool {
    !matches!(score, Score::Centi(_))
}

/// The judgement of a move that was the engine's choice (`best`) or lost
/// `loss` points, going from `before` to `after` (the mover's expected
/// final difference, in points).
pub fn judge(best: bool, before: f64, after: f64) -> Judgement {
    if best {
        return Judgement::Best;
    }
    let loss = (before - after).max(0.0);
    let by_points = if loss >= BLUNDER_POINTS {
        Judgement::Blunder
    } else if loss >= MISTAKE_POINTS {
        Judgement::Mistake
    } else if loss >= INACCURACY_POINTS {
        Judgement::Inaccuracy
    } else {
        Judgement::Good
    };
    if turned_result(before, after) {
        by_points.max(Judgement::Mistake)
    } else {
        by_points
    }
}

/// Whether a move turned an expected win of the mover into an expected
/// loss.
pub fn turned_result(before: f64, after: f64) -> bool {
    before >= RESULT_POINTS && after <= -RESULT_POINTS
}

/// The accuracy of one move, 0–100, from the points it lost.
pub fn move_accuracy(loss: f64) -> f64 {
    100.0 * (-loss.clamp(0.0, LOSS_CAP) / ACCURACY_SCALE).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_thresholds_follow_the_pieces_values() {
        assert_eq!(judge(false, 0.0, -0.4), Judgement::Good);
        assert_eq!(judge(false, 0.0, -1.0), Judgement::Inaccuracy);
        assert_eq!(judge(false, 0.0, -2.0), Judgement::Inaccuracy);
        assert_eq!(judge(false, 3.0, 0.0), Judgement::Mistake);
        assert_eq!(judge(false, 2.0, -7.0), Judgement::Blunder);
        assert_eq!(judge(true, 2.0, -7.0), Judgement::Best);
    }

    #[test]
    fn turning_a_win_into_a_loss_is_a_mistake_even_for_one_point() {
        assert_eq!(judge(false, 0.6, -0.6), Judgement::Mistake);
        assert_eq!(judge(false, 0.4, -0.6), Judgement::Inaccuracy);
    }

    #[test]
    fn proven_results_count_at_least_one_point() {
        assert_eq!(points_of(Score::Won { margin: -3 }), 1.0);
        assert_eq!(points_of(Score::Lost { margin: 2 }), -1.0);
        assert_eq!(points_of(Score::Won { margin: 7 }), 7.0);
        assert_eq!(points_of(Score::Centi(-250)), -2.5);
        assert_eq!(points_of(Score::Mate(-3)), -MATE_POINTS);
    }

    #[test]
    fn accuracy_falls_with_the_points_lost() {
        assert!((move_accuracy(0.0) - 100.0).abs() < 1e-9);
        assert!(move_accuracy(1.0) > move_accuracy(2.5));
        assert!(move_accuracy(5.0) < 15.0);
        assert!((move_accuracy(-1.0) - 100.0).abs() < 1e-9);
        assert_eq!(move_accuracy(1000.0), move_accuracy(LOSS_CAP));
    }
}
