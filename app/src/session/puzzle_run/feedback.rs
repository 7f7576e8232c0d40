//! What a puzzle screen shows after the player's move and for a hint: the
//! run's judgement of a move ([`MoveAnswer`]) and the core's [`Hint`], with
//! their moves described in every notation, made once here for every
//! phone shell.

use crate::board_view::MoveInfo;
use norochess_core::puzzle::Hint;
use norochess_core::{AnyPosition, Game, Role};

/// The run's judgement of the player's move. The moves themselves are on
/// the board: the player's move is ply `ply` of the run's game, followed by
/// the opponent's answer (a right move) or the refutation (a wrong one);
/// [`PuzzleFeedback::of`] describes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveAnswer {
    /// Whether the move keeps the objective within reach (the intended move,
    /// or another the solver proves just as good).
    pub right: bool,
    /// Whether the puzzle is solved now.
    pub solved: bool,
    /// The index of the player's move among the game's plies.
    pub ply: usize,
}

/// The answer to the player's move, with the moves it put on the board.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum PuzzleFeedback {
    /// The move keeps the objective (the intended move, or another the
    /// solver proves just as good).
    Correct {
        /// The player's move.
        played: MoveInfo,
        /// The opponent's answer, already on the board (`None` when the
        /// puzzle is solved or the game ended with the move).
        reply: Option<MoveInfo>,
        /// Whether the puzzle is now solved (and the attempt recorded).
        solved: bool,
    },
    /// The move lets the objective slip: the refutation is on the board and
    /// the run is [`PuzzlePhase::Wrong`](super::PuzzlePhase::Wrong).
    Wrong {
        /// The player's move.
        played: MoveInfo,
        /// The refuting line, starting with the opponent's answer.
        refutation: Vec<MoveInfo>,
    },
}

impl PuzzleFeedback {
    /// The feedback of `answer`, the run's judgement of the move that is
    /// ply `answer.ply` of `game`; `None` if `game` has no such ply (the
    /// answer is of another run's game).
    pub fn of(game: &Game, answer: MoveAnswer) -> Option<PuzzleFeedback> {
        let mut moves = played_since(game, answer.ply).into_iter();
        let played = moves.next()?;
        Some(if answer.right {
            PuzzleFeedback::Correct {
                played,
                reply: moves.next(),
                solved: answer.solved,
            }
        } else {
            PuzzleFeedback::Wrong {
                played,
                refutation: moves.collect(),
            }
        })
    }
}

/// A hint: the first shows the piece to move, the next the move. Either
/// makes the attempt one with help.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum PuzzleHint {
    /// Move the piece on `square` (highlight it).
    Piece {
        /// The piece's square (`c2`).
        square: String,
        /// What kind of piece it is ("move your queen").
        kind: Role,
    },
    /// Play this move.
    Move {
        /// The move to play.
        suggested: MoveInfo,
    },
}

impl PuzzleHint {
    /// The run's `hint` in `position`, the position it was given for;
    /// `None` for a piece hint on an empty square (a hint of another
    /// position).
    pub fn of(position: &AnyPosition, hint: Hint) -> Option<PuzzleHint> {
        Some(match hint {
            Hint::Piece(square) => PuzzleHint::Piece {
                square: square.name(position.width()),
                kind: position.piece_at(square)?.role,
            },
            Hint::Move(m) => PuzzleHint::Move {
                suggested: MoveInfo::of(position, m),
            },
        })
    }
}

/// The moves played in `game` from ply `start` on, each described in the
/// position it was played in (what "show solution" and a judged move put
/// on the board).
pub fn played_since(game: &Game, start: usize) -> Vec<MoveInfo> {
    let positions = game.positions();
    game.plies()
        .iter()
        .enumerate()
        .skip(start)
        .filter_map(|(i, ply)| positions.get(i).map(|p| MoveInfo::of(p, ply.mv)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use norochess_core::Variant;

    fn game_after(moves: &[&str]) -> Game {
        let mut game = Game::new(Variant::Norochess, None).expect("Norochess starts");
        for text in moves {
            let mv = game
                .position()
                .parse_move(text)
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            game.play(mv).unwrap_or_else(|e| panic!("{text}: {e}"));
        }
        game
    }

    #[test]
    fn a_right_move_shows_the_reply_and_a_wrong_one_its_refutation() {
        let game = game_after(&["e4", "d5", "exd5"]);
        let right = MoveAnswer {
            right: true,
            solved: false,
            ply: 1,
        };
        match PuzzleFeedback::of(&game, right) {
            Some(PuzzleFeedback::Correct { played, reply, .. }) => {
                assert_eq!(played.san, "d5");
                assert_eq!(reply.map(|m| m.san), Some("exd5".to_string()));
            }
            other => panic!("expected a correct move, got {other:?}"),
        }
        let wrong = MoveAnswer {
            right: false,
            ..right
        };
        match PuzzleFeedback::of(&game, wrong) {
            Some(PuzzleFeedback::Wrong { played, refutation }) => {
                assert_eq!(played.san, "d5");
                assert_eq!(refutation.len(), 1);
            }
            other => panic!("expected a wrong move, got {other:?}"),
        }
        let beyond = MoveAnswer { ply: 3, ..right };
        assert_eq!(PuzzleFeedback::of(&game, beyond), None);
    }

    #[test]
    fn a_piece_hint_names_its_square_and_kind_and_an_empty_square_none() {
        let game = game_after(&[]);
        let position = game.position();
        let g1 = position.parse_square("g1").expect("g1");
        assert_eq!(
            PuzzleHint::of(position, Hint::Piece(g1)),
            Some(PuzzleHint::Piece {
                square: "g1".to_string(),
                kind: Role::Knight
            })
        );
        let e4 = position.parse_square("e4").expect("e4");
        assert_eq!(PuzzleHint::of(position, Hint::Piece(e4)), None);
        let nf3 = position.parse_move("Nf3").expect("Nf3");
        match PuzzleHint::of(position, Hint::Move(nf3)) {
            Some(PuzzleHint::Move { suggested }) => assert_eq!(suggested.uci, "g1f3"),
            other => panic!("expected a move hint, got {other:?}"),
        }
        assert_eq!(played_since(&game, 0), Vec::new());
    }
}
