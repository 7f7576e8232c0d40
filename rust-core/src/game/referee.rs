//! The referee: decides after every ply whether the game has ended, in the
//! order the rule book gives.

use super::{EndReason, Game, Outcome};
use crate::any::AnyPosition;
use crate::types::Color;

impl Game {
    /// The verdict on the last position of the game.
    pub(super) fn judge_last(&self) -> Option<Outcome> {
        let position = self.position();
        let rules = self.variant.rules();
        let mover = (!self.plies.is_empty()).then(|| !position.turn());
        if rules.capture_points {
            self.judge_scored(position, mover)
        } else {
            self.judge_royal(position)
        }
    }

    /// How often the last position has occurred (same pieces, side to move,
    /// castling rights, en passant possibility and opening restriction).
    fn occurrences(&self) -> usize {
        let hash = self.position().hash();
        self.positions.iter().filter(|p| p.hash() == hash).count()
    }

    fn judge_scored(&self, position: &AnyPosition, mover: Option<Color>) -> Option<Outcome> {
        let scores = (position.score(Color::White), position.score(Color::Black));
        let decided = |winner: Option<Color>, reason: EndReason| {
            Some(Outcome {
                winner,
                reason,
                scores: Some(scores),
            })
        };
        let by_score = || match scores.0.cmp(&scores.1) {
            std::cmp::Ordering::Greater => Some(Color::White),
            std::cmp::Ordering::Less => Some(Color::Black),
            std::cmp::Ordering::Equal => None,
        };
        // 1. No pieces left.
        for color in Color::ALL {
            if position.has_no_pieces(color) {
                return decided(Some(!color), EndReason::NoPiecesLeft);
            }
        }
        // 2. Repetition: the player who created it loses.
        if let Some(mover) = mover {
            if self.occurrences() >= 3 {
                return decided(Some(!mover), EndReason::RepetitionLoss);
            }
        }
        // 3. Blocked.
        if position.legal_moves().is_empty() {
            return decided(by_score(), EndReason::Blocked);
        }
        // 4 and 5. Move limit and overtime, judged after Black's moves (or
        // on a set-up position that lies past them).
        let limit = self.variant.rules().move_limit?;
        if position.turn() == Color::White {
            let black_moves_made = position.fullmove_number().saturating_sub(1);
            if black_moves_made >= limit.regular_moves && by_score().is_some() {
                return decided(by_score(), EndReason::MoveLimit);
            }
            if black_moves_made >= limit.last_move {
                return decided(None, EndReason::OvertimeExhausted);
            }
        }
        None
    }

    fn judge_royal(&self, position: &AnyPosition) -> Option<Outcome> {
        let decided = |winner: Option<Color>, reason: EndReason| {
            Some(Outcome {
                winner,
                reason,
                scores: None,
            })
        };
        if position.legal_moves().is_empty() {
            return if position.is_check() {
                decided(Some(!position.turn()), EndReason::Checkmate)
            } else {
                decided(None, EndReason::Stalemate)
            };
        }
        if position.insufficient_material() {
            return decided(None, EndReason::InsufficientMaterial);
        }
        if self.occurrences() >= 3 {
            return decided(None, EndReason::Repetition);
        }
        if position.halfmove_clock() >= 100 {
            return decided(None, EndReason::FiftyMoves);
        }
        None
    }
}
