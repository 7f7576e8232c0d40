//! A puzzle being solved: the player's moves are checked against the
//! objective (any move that achieves it as well as the intended one is
//! right), the opponent answers with the solver's best defence, and hints,
//! the solution and retries work as on a good puzzle site.

use super::{Puzzle, PuzzleError};
use crate::engine::solver::{GameValue, SolveLimits, Solver};
use crate::game::GameError;
use crate::game::{Game, Outcome};
use crate::moves::Move;
use crate::types::{Color, Square};

/// Where a session stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SessionState {
    /// Waiting for the player's move.
    Solving,
    /// The last move was wrong; the refutation is on the board. Retry to go on.
    Wrong,
    /// The objective is achieved.
    Solved,
}

/// The answer to a player's move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveFeedback {
    /// The move achieves the objective.
    Correct {
        /// The opponent's answer, already played.
        reply: Option<Move>,
        /// Whether the puzzle is now solved.
        solved: bool,
    },
    /// The move fails; the refutation (best defence and what follows) has
    /// been played on the board.
    Wrong {
        /// The refuting line, starting with the opponent's reply.
        refutation: Vec<Move>,
    },
}

/// A hint: first the piece to move, then the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hint {
    /// The square of the piece to move.
    Piece(Square),
    /// The move to play.
    Move(Move),
}

/// A puzzle in progress.
#[derive(Debug)]
pub struct PuzzleSession {
    puzzle: Puzzle,
    game: Game,
    solution: Vec<Move>,
    solver: Solver,
    limits: SolveLimits,
    player: Color,
    state: SessionState,
    /// Player moves the intended solution takes.
    moves_needed: usize,
    /// Correct player moves made so far.
    moves_made: usize,
    /// Whether play still follows the intended line.
    on_line: bool,
    /// Plies played before the last wrong move (to retry from).
    retry_point: usize,
    hint_level: u8,
    /// Whether the player erred, used a move hint or was shown the solution.
    clean: bool,
}

impl PuzzleSession {
    /// Starts `puzzle`.
    pub fn new(puzzle: Puzzle) -> Result<PuzzleSession, PuzzleError> {
        let invalid = |problem: String| PuzzleError::Line {
            line: 0,
            problem: format!("puzzle {}: {problem}", puzzle.id),
        };
        let game = Game::from_position(puzzle.variant, &puzzle.position)
            .map_err(|e| invalid(e.to_string()))?;
        let solution = puzzle.solution_moves().map_err(invalid)?;
        let player = game.position().turn();
        let moves_needed = solution.len().div_ceil(2);
        Ok(PuzzleSession {
            puzzle,
            game,
            solution,
            solver: Solver::new(16),
            limits: SolveLimits { nodes: 5_000_000 },
            player,
            state: SessionState::Solving,
            moves_needed,
            moves_made: 0,
            on_line: true,
            retry_point: 0,
            hint_level: 0,
            clean: true,
        })
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The game on the board (snapshot it to draw).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The side the player plays (the board is oriented for it).
    pub fn player(&self) -> Color {
        self.player
    }

    /// Where the session stands.
    pub fn state(&self) -> SessionState {
        self.state
    }

    /// Whether it was solved without a wrong move, a move hint or the solution shown.
    pub fn solved_cleanly(&self) -> bool {
        self.state == SessionState::Solved && self.clean
    }

    fn history(&self) -> Vec<u64> {
        let positions = self.game.positions();
        positions[..positions.len().saturating_sub(1)]
            .iter()
            .map(|p| p.hash())
            .collect()
    }

    fn step(&self) -> usize {
        self.game.plies().len()
    }

    /// Whether the game's end (if it ended) meets the objective.
    fn outcome_meets(&self, outcome: Outcome) -> bool {
        let value = match outcome.winner {
            None => GameValue::Draw,
            Some(w) => {
                let (white, black) = outcome.scores.unwrap_or((0, 0));
                let margin = i32::from(white) - i32::from(black);
                let margin = if self.player == Color::White {
                    margin
                } else {
                    -margin
                };
                if w == self.player {
                    GameValue::Win(margin)
                } else {
                    GameValue::Loss(margin)
                }
            }
        };
        value.meets(self.puzzle.objective)
    }

    /// Whether `m`, played now by the player, keeps the objective within reach.
    fn achieves(&mut self, m: Move) -> bool {
        if self.on_line && self.solution.get(self.step()) == Some(&m) {
            return true;
        }
        let history = self.history();
        let position = *self.game.position();
        self.solver
            .move_meets(&position, &history, m, self.puzzle.objective, self.limits)
            == Some(true)
    }

    /// The solver's best defence in the current position (opponent to move).
    fn best_defence(&mut self) -> Option<Move> {
        if self.on_line {
            if let Some(&m) = self.solution.get(self.step()) {
                return Some(m);
            }
        }
        let history = self.history();
        let position = *self.game.position();
        let values = self.solver.move_values(&position, &history, self.limits);
        values
            .into_iter()
            .filter_map(|(m, v)| v.map(|v| (m, v)))
            .max_by_key(|(_, v)| match v {
                GameValue::Win(x) => 1_000_000 + i64::from(*x),
                GameValue::Draw => 0,
                GameValue::Loss(x) => -1_000_000 + i64::from(*x),
            })
            .map(|(m, _)| m)
            .or_else(|| position.legal_moves().first().copied())
    }

    /// A move that achieves the objective now (the intended one when on line).
    fn good_move(&mut self) -> Option<Move> {
        if self.on_line {
            if let Some(&m) = self.solution.get(self.step()) {
                return Some(m);
            }
        }
        let history = self.history();
        let position = *self.game.position();
        self.solver
            .classify_moves(&position, &history, self.puzzle.objective, self.limits)
            .into_iter()
            .find(|(_, ok)| *ok == Some(true))
            .map(|(m, _)| m)
    }

    /// Plays the player's move and answers it.
    pub fn play(&mut self, m: Move) -> Result<MoveFeedback, GameError> {
        if self.state != SessionState::Solving {
            if let Some(outcome) = self.game.outcome() {
                return Err(GameError::GameOver(outcome));
            }
        }
        if !self.game.position().legal_moves().contains(&m) {
            return Err(GameError::Move(crate::MoveError::Illegal {
                text: m.uci(self.game.position().width()),
                reason: "it is not a legal move here".to_string(),
            }));
        }
        let correct = self.achieves(m);
        let was_on_line = self.on_line && self.solution.get(self.step()) == Some(&m);
        self.retry_point = self.step();
        self.game.play(m)?;
        self.hint_level = 0;
        if !correct {
            self.clean = false;
            self.state = SessionState::Wrong;
            let refutation = self.play_refutation();
            return Ok(MoveFeedback::Wrong { refutation });
        }
        self.on_line = was_on_line;
        self.moves_made += 1;
        if let Some(outcome) = self.game.outcome() {
            let solved = self.outcome_meets(outcome);
            self.state = if solved {
                SessionState::Solved
            } else {
                SessionState::Wrong
            };
            return Ok(MoveFeedback::Correct {
                reply: None,
                solved,
            });
        }
        if self.moves_made >= self.moves_needed {
            self.state = SessionState::Solved;
            return Ok(MoveFeedback::Correct {
                reply: None,
                solved: true,
            });
        }
        let reply = self.best_defence();
        if let Some(r) = reply {
            self.on_line = self.on_line && self.solution.get(self.step()) == Some(&r);
            self.game.play(r)?;
        }
        let solved = match self.game.outcome() {
            Some(outcome) => self.outcome_meets(outcome),
            None => false,
        };
        if solved {
            self.state = SessionState::Solved;
        }
        Ok(MoveFeedback::Correct { reply, solved })
    }

    /// Plays the defence and a few more moves after a wrong move.
    fn play_refutation(&mut self) -> Vec<Move> {
        let mut line = Vec::new();
        for _ in 0..3 {
            if self.game.outcome().is_some() {
                break;
            }
            let history = self.history();
            let position = *self.game.position();
            let next = self
                .solver
                .principal_line(&position, &history, 1, self.limits)
                .first()
                .copied()
                .or_else(|| position.legal_moves().first().copied());
            let Some(m) = next else { break };
            if self.game.play(m).is_err() {
                break;
            }
            line.push(m);
        }
        line
    }

    /// Takes back the wrong move and its refutation to try again.
    pub fn retry(&mut self) -> bool {
        if self.state != SessionState::Wrong {
            return false;
        }
        while self.step() > self.retry_point {
            if !self.game.undo() {
                break;
            }
        }
        self.state = SessionState::Solving;
        true
    }

    /// The next hint: first the piece to move, then the move itself.
    pub fn hint(&mut self) -> Option<Hint> {
        if self.state != SessionState::Solving {
            return None;
        }
        let m = self.good_move()?;
        self.hint_level = (self.hint_level + 1).min(2);
        Some(if self.hint_level == 1 {
            Hint::Piece(m.from)
        } else {
            self.clean = false;
            Hint::Move(m)
        })
    }

    /// Shows the solution one step at a time: plays the next correct move
    /// and the opponent's answer. Returns the moves played.
    pub fn show_next(&mut self) -> Vec<Move> {
        if self.state == SessionState::Wrong {
            self.retry();
        }
        if self.state != SessionState::Solving {
            return Vec::new();
        }
        self.clean = false;
        let Some(m) = self.good_move() else {
            return Vec::new();
        };
        let mut played = vec![m];
        if let Ok(MoveFeedback::Correct { reply: Some(r), .. }) = self.play(m) {
            played.push(r);
        }
        played
    }
}
