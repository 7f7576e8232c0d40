//! How a game ended: the winner (or a draw), the reason, and in the
//! Norochess family both final scores.

use crate::types::Color;
use std::fmt;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// Norochess: a side has no pieces left and loses at once.
    NoPiecesLeft,
    /// Norochess: the player whose move created a threefold repetition loses.
    RepetitionLoss,
    /// Norochess: the side to move has pieces but no legal move; the score decides.
    Blocked,
    /// Norochess: after Black's 48th move or an overtime move, the scores differ.
    MoveLimit,
    /// Norochess: the scores are still equal after Black's 60th move.
    OvertimeExhausted,
    /// Royal games: checkmate.
    Checkmate,
    /// Royal games: stalemate.
    Stalemate,
    /// Royal games: threefold repetition.
    Repetition,
    /// Royal games: fifty moves by each side without capture or pawn move.
    FiftyMoves,
    /// Royal games: neither side can checkmate.
    InsufficientMaterial,
    /// A player resigned.
    Resignation,
    /// The players agreed to a draw.
    Agreement,
    /// A player's time ran out.
    TimeForfeit,
    /// A player's time ran out but the opponent cannot possibly win (royal games).
    TimeoutVsInsufficientMaterial,
}

impl EndReason {
    /// A short description for result lines and records (`move limit`).
    pub const fn description(self) -> &'static str {
        match self {
            EndReason::NoPiecesLeft => "no pieces left",
            EndReason::RepetitionLoss => "threefold repetition created",
            EndReason::Blocked => "no legal move",
            EndReason::MoveLimit => "move limit",
            EndReason::OvertimeExhausted => "overtime exhausted",
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::Repetition => "threefold repetition",
            EndReason::FiftyMoves => "fifty-move rule",
            EndReason::InsufficientMaterial => "insufficient material",
            EndReason::Resignation => "resignation",
            EndReason::Agreement => "agreement",
            EndReason::TimeForfeit => "time forfeit",
            EndReason::TimeoutVsInsufficientMaterial => "timeout vs insufficient material",
        }
    }

    /// A stable identifier for saved games and bindings (`move-limit`).
    pub const fn id(self) -> &'static str {
        match self {
            EndReason::NoPiecesLeft => "no-pieces-left",
            EndReason::RepetitionLoss => "repetition-loss",
            EndReason::Blocked => "blocked",
            EndReason::MoveLimit => "move-limit",
            EndReason::OvertimeExhausted => "overtime-exhausted",
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::Repetition => "repetition",
            EndReason::FiftyMoves => "fifty-moves",
            EndReason::InsufficientMaterial => "insufficient-material",
            EndReason::Resignation => "resignation",
            EndReason::Agreement => "agreement",
            EndReason::TimeForfeit => "time-forfeit",
            EndReason::TimeoutVsInsufficientMaterial => "timeout-vs-insufficient-material",
        }
    }

    /// Parses [`EndReason::id`].
    pub fn from_id(id: &str) -> Option<EndReason> {
        ALL_REASONS.into_iter().find(|r| r.id() == id)
    }
}

const ALL_REASONS: [EndReason; 14] = [
    EndReason::NoPiecesLeft,
    EndReason::RepetitionLoss,
    EndReason::Blocked,
    EndReason::MoveLimit,
    EndReason::OvertimeExhausted,
    EndReason::Checkmate,
    EndReason::Stalemate,
    EndReason::Repetition,
    EndReason::FiftyMoves,
    EndReason::InsufficientMaterial,
    EndReason::Resignation,
    EndReason::Agreement,
    EndReason::TimeForfeit,
    EndReason::TimeoutVsInsufficientMaterial,
];

/// The end of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: EndReason,
    /// Final scores (White, Black) in the Norochess family.
    pub scores: Option<(u16, u16)>,
}

impl Outcome {
    /// The PGN result token: `1-0`, `0-1` or `1/2-1/2`.
    pub const fn result_token(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// The result without the reason: `White wins 38-33`, `Draw 20-20`,
    /// `White wins`.
    pub fn headline(&self) -> String {
        let who = match self.winner {
            Some(color) => format!("{color} wins"),
            None => "Draw".to_string(),
        };
        match self.scores {
            Some((white, black)) => format!("{who} {white}-{black}"),
            None => who,
        }
    }
}

impl fmt::Display for Outcome {
    /// `White wins 38-33 (move limit)`, `Draw (stalemate)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.headline(), self.reason.description())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn displays_as_the_rule_book_writes_results() {
        let o = Outcome {
            winner: Some(Color::White),
            reason: EndReason::MoveLimit,
            scores: Some((38, 33)),
        };
        assert_eq!(o.to_string(), "White wins 38-33 (move limit)");
        let d = Outcome {
            winner: None,
            reason: EndReason::Stalemate,
            scores: None,
        };
        assert_eq!(d.to_string(), "Draw (stalemate)");
        assert_eq!(d.result_token(), "1/2-1/2");
        for r in ALL_REASONS {
            assert_eq!(EndReason::from_id(r.id()), Some(r));
        }
    }
}
