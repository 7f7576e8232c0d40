//! Whether a position may start a new game: one already decided (a side
//! without pieces, a move past the last one, a game over before its first
//! move) or with scores no game can reach is refused with the reason, the
//! same in every shell.

use crate::game_menu::SetupError;
use crate::result::GameResult;
use norochess_core::puzzle::{score_problems, ScoreProblem};
use norochess_core::Game;
use thiserror::Error;

/// Why a new game could not start.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NewGameError {
    /// The menu's game or one of its options is not the table's.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// The variant, its options or the position text are wrong.
    #[error(transparent)]
    Core(#[from] norochess_core::Error),
    /// The position is decided before its first move.
    #[error("that position is already over ({result}): a new game needs a move to play")]
    AlreadyOver {
        /// The result, as the game screen would say it.
        result: String,
    },
    /// The move number lies past the game's last move.
    #[error("move {number} is past the last move of the game ({last})")]
    PastTheLastMove {
        /// The position's move number.
        number: u32,
        /// The last move a game can reach (60 in the Norochess family).
        last: u32,
    },
    /// Both a start number and a position text were given: a game starts
    /// from one or the other.
    #[error("a start number and a position text cannot both be given")]
    StartAndPosition,
    /// The computer has no such level.
    #[error("level {level} does not exist (1 to 8)")]
    NoSuchLevel {
        /// The level asked for.
        level: u8,
    },
    /// A score no game can have reached with the pieces on the board at
    /// this move (the core's rule: above or below the material captured,
    /// or more than 9 points a move).
    #[error(transparent)]
    ImpossibleScore(ScoreProblem),
}

/// Refuses `game` as the start of a new game if it is decided or cannot
/// occur (see [`NewGameError`]).
pub fn check_start(game: &Game) -> Result<(), NewGameError> {
    let position = game.position();
    if let Some(limit) = game.variant().rules().move_limit {
        let number = position.fullmove_number();
        if number > limit.last_move {
            return Err(NewGameError::PastTheLastMove {
                number,
                last: limit.last_move,
            });
        }
    }
    if let Some(result) = GameResult::of(game) {
        return Err(NewGameError::AlreadyOver {
            result: result.sentence(),
        });
    }
    // The core's rule, the one the editor, the composer and the puzzle
    // tools apply, but for scores below the material captured: a game may
    // start from a study position whose scores a player set by hand ("level
    // at move 40") although more was captured. A score no capturing can
    // make (above the material captured, or more than 9 points a move) is
    // refused. Puzzles and the editor, whose positions must come from a
    // game, refuse low scores too.
    let impossible = score_problems(position)
        .into_iter()
        .find(|p| !matches!(p, ScoreProblem::TooLow { .. }));
    if let Some(problem) = impossible {
        return Err(NewGameError::ImpossibleScore(problem));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use norochess_core::{Color, Variant};

    fn game(text: &str) -> Game {
        Game::from_position(Variant::Norochess, text).expect("the position reads")
    }

    #[test]
    fn positions_that_can_start_a_game_pass() {
        let start = Game::new(Variant::Norochess, None).unwrap();
        assert_eq!(check_start(&start), Ok(()));
        let late = game("r3k2r/ppp2ppp/8/8/8/8/PPP2PPP/R3K2R w - - 0 47 score=20-19");
        assert_eq!(check_start(&late), Ok(()));
    }

    #[test]
    fn an_empty_side_is_already_over() {
        let empty = game("8/8/8/8/8/8/8/4K3 w - - 0 1 score=0-0");
        assert!(
            matches!(check_start(&empty), Err(NewGameError::AlreadyOver { ref result }) if result.starts_with("White wins")),
            "{:?}",
            check_start(&empty)
        );
    }

    #[test]
    fn a_move_past_the_last_one_is_refused() {
        let past = game("r3k2r/ppp2ppp/8/8/8/8/PPP2PPP/R3K2R b - - 0 70 score=20-19");
        assert_eq!(
            check_start(&past),
            Err(NewGameError::PastTheLastMove {
                number: 70,
                last: 60
            })
        );
    }

    #[test]
    fn a_score_no_captures_could_reach_is_refused() {
        let impossible = game("r3k2r/ppp2ppp/8/8/8/8/PPP2PPP/R3K2R w - - 0 20 score=999-0");
        let refusal = check_start(&impossible);
        assert!(
            matches!(
                refusal,
                Err(NewGameError::ImpossibleScore(ScoreProblem::TooHigh {
                    color: Color::White,
                    score: 999,
                    max: 39
                }))
            ),
            "{refusal:?}"
        );
    }
}
