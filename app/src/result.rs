//! How a game ended: the result as data (for translations and statistics)
//! and the one English sentence every shell shows for it.

use norochess_core::{Color, EndReason, Game, Outcome};

/// How a game ended, as data (for translations) with the numbers a sentence
/// needs; the sentences are its methods (exported too, so no shell writes
/// its own).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct GameResult {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why it ended.
    pub reason: EndReason,
    /// Final scores in the Norochess family.
    pub scores: Option<Scores>,
    /// The move number of the last move played ("after move 48").
    pub decided_at_move: Option<u32>,
    /// The side to move in the final position (the one that cannot move,
    /// or ran out of pieces).
    pub side_to_move: Color,
    /// The side that made the last move (the creator of a repetition).
    pub last_mover: Option<Color>,
}

impl GameResult {
    /// The result of `game`, if it has ended.
    pub fn of(game: &Game) -> Option<GameResult> {
        let outcome: Outcome = game.outcome()?;
        let positions = game.positions();
        let mover = positions
            .len()
            .checked_sub(2)
            .and_then(|i| positions.get(i))
            .map(|p| (p.turn(), p.fullmove_number()));
        Some(GameResult {
            winner: outcome.winner,
            reason: outcome.reason,
            scores: Scores::from_pair(outcome.scores),
            decided_at_move: mover.map(|(_, number)| number),
            side_to_move: game.position().turn(),
            last_mover: mover.map(|(color, _)| color),
        })
    }
}

#[cfg_attr(feature = "uniffi", uniffi::export)]
impl GameResult {
    /// `White wins 38–33 — higher score after move 48`.
    pub fn sentence(&self) -> String {
        sentence(self)
    }

    /// `White wins 38–33`.
    pub fn headline(&self) -> String {
        headline(self)
    }

    /// `higher score after move 48`.
    pub fn reason_text(&self) -> String {
        reason(self)
    }

    /// The reason's stable id for saved games and translations (`move-limit`).
    pub fn reason_id(&self) -> String {
        self.reason.id().to_string()
    }

    /// The record's result token: `1-0`, `0-1`, `1/2-1/2`.
    pub fn result_token(&self) -> String {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
        .to_string()
    }
}

/// Both capture scores of a Norochess-family game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct Scores {
    /// White's capture points.
    pub white: u32,
    /// Black's capture points.
    pub black: u32,
}

impl Scores {
    /// The scores of a `(white, black)` pair as the core gives them.
    pub fn from_pair(pair: Option<(u16, u16)>) -> Option<Scores> {
        pair.map(|(white, black)| Scores {
            white: u32::from(white),
            black: u32::from(black),
        })
    }

    /// The `(white, black)` pair, as [`scores_text`] takes it.
    pub fn pair(self) -> (u16, u16) {
        let narrow = |points: u32| u16::try_from(points).unwrap_or(u16::MAX);
        (narrow(self.white), narrow(self.black))
    }
}

/// The scores as a result reads them: the winner's first (`Black wins
/// 39–38`), White's first in a draw or an unfinished game.
pub fn scores_text(winner: Option<Color>, (white, black): (u16, u16)) -> String {
    match winner {
        Some(Color::Black) => format!("{black}–{white}"),
        _ => format!("{white}–{black}"),
    }
}

/// The result without the reason: `White wins 38–33`, `Draw 20–20`,
/// `Black wins 39–38`, `Black wins`.
fn headline(result: &GameResult) -> String {
    let who = match result.winner {
        Some(color) => format!("{color} wins"),
        None => "Draw".to_string(),
    };
    match result.scores {
        Some(scores) => format!("{who} {}", scores_text(result.winner, scores.pair())),
        None => who,
    }
}

/// Why the game ended, in words: `higher score after move 48`, `Black
/// resigned`, `White repeated the position a third time`.
fn reason(result: &GameResult) -> String {
    let loser = result.winner.map_or(result.side_to_move, |w| !w);
    match result.reason {
        EndReason::MoveLimit => format!(
            "higher score after move {}",
            result.decided_at_move.unwrap_or(48)
        ),
        EndReason::NoPiecesLeft => format!("{loser} has no pieces left"),
        EndReason::RepetitionLoss => format!(
            "{} repeated the position a third time",
            result.last_mover.unwrap_or(loser)
        ),
        EndReason::Blocked => {
            let stuck = result.side_to_move;
            if result.winner.is_some() {
                format!("{stuck} cannot move; the higher score wins")
            } else {
                format!("{stuck} cannot move and the scores are equal")
            }
        }
        EndReason::OvertimeExhausted => "scores still equal after move 60".to_string(),
        EndReason::Checkmate => "checkmate".to_string(),
        EndReason::Stalemate => "stalemate".to_string(),
        EndReason::Repetition => "threefold repetition".to_string(),
        EndReason::FiftyMoves => "fifty moves without a capture or pawn move".to_string(),
        EndReason::InsufficientMaterial => "neither side can checkmate".to_string(),
        EndReason::Resignation => format!("{loser} resigned"),
        EndReason::Agreement => "draw agreed".to_string(),
        EndReason::TimeForfeit => format!("{loser} ran out of time"),
        EndReason::TimeoutVsInsufficientMaterial => {
            let flagged = result.winner.map_or(result.side_to_move, |w| !w);
            format!("{flagged} ran out of time, but the opponent cannot checkmate")
        }
    }
}

/// The whole sentence of a result dialog: `White wins 38–33 — higher score
/// after move 48`, `Draw — stalemate`.
fn sentence(result: &GameResult) -> String {
    format!("{} — {}", headline(result), reason(result))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(winner: Option<Color>, reason: EndReason, scores: Option<(u16, u16)>) -> GameResult {
        GameResult {
            winner,
            reason,
            scores: Scores::from_pair(scores),
            decided_at_move: Some(48),
            side_to_move: Color::White,
            last_mover: Some(Color::Black),
        }
    }

    #[test]
    fn results_read_as_the_apps_show_them() {
        let r = result(Some(Color::White), EndReason::MoveLimit, Some((38, 33)));
        assert_eq!(
            sentence(&r),
            "White wins 38–33 — higher score after move 48"
        );
        let r = result(None, EndReason::Stalemate, None);
        assert_eq!(sentence(&r), "Draw — stalemate");
        let r = result(Some(Color::White), EndReason::Resignation, Some((3, 1)));
        assert_eq!(sentence(&r), "White wins 3–1 — Black resigned");
        let r = result(Some(Color::White), EndReason::RepetitionLoss, Some((0, 0)));
        assert_eq!(reason(&r), "Black repeated the position a third time");
    }

    #[test]
    fn the_winners_score_comes_first() {
        let r = result(Some(Color::Black), EndReason::MoveLimit, Some((38, 39)));
        assert_eq!(headline(&r), "Black wins 39–38");
        let r = result(None, EndReason::OvertimeExhausted, Some((20, 20)));
        assert_eq!(headline(&r), "Draw 20–20");
        assert_eq!(scores_text(None, (5, 3)), "5–3");
    }
}
