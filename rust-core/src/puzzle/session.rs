//! A puzzle being solved: the player's moves are checked against the
//! objective (any move that achieves it as well as the intended one is
//! right, and a move the solver cannot refute is never called wrong), the
//! opponent answers with the solver's best defence, and hints, the solution
//! and retries work as on a good puzzle site.

use super::{Puzzle, PuzzleError};
use crate::engine::solver::{GameValue, Goal, SolveLimits, Solver};
use crate::engine::{Engine, Limits, SearchRequest};
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
    /// The move achieves the objective, or the solver could not refute it
    /// within its limits (then `proven` is false: it may be an alternative
    /// solution, and the session goes on with the engine's line).
    Correct {
        /// The opponent's answer, already played.
        reply: Option<Move>,
        /// Whether the puzzle is now solved.
        solved: bool,
        /// Whether the move is proven to keep the objective (the intended
        /// move on the line counts as proven: the pack is verified).
        proven: bool,
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
    /// Answers the opponent's moves where the solver proves nothing (after
    /// an unproven move); made when first needed.
    engine: Option<Engine>,
    limits: SolveLimits,
    /// The objective as the solver proves it.
    goal: Goal,
    /// Plies on the board before the player's first move: the opponent's
    /// setting move, if any.
    setup_plies: usize,
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
    /// The solver's budget per question in a session.
    pub const DEFAULT_LIMITS: SolveLimits = SolveLimits::with_nodes(5_000_000);

    /// Starts `puzzle`.
    pub fn new(puzzle: Puzzle) -> Result<PuzzleSession, PuzzleError> {
        PuzzleSession::with_limits(puzzle, PuzzleSession::DEFAULT_LIMITS)
    }

    /// Starts `puzzle` with the solver limited to `limits` per question
    /// (a smaller budget answers sooner but proves less: moves it cannot
    /// settle are accepted, never called wrong).
    pub fn with_limits(puzzle: Puzzle, limits: SolveLimits) -> Result<PuzzleSession, PuzzleError> {
        let invalid = |problem: String| PuzzleError::Line {
            line: 0,
            problem: format!("puzzle {}: {problem}", puzzle.id),
        };
        let mut game = Game::from_position(puzzle.variant, &puzzle.position)
            .map_err(|e| invalid(e.to_string()))?;
        let setup = puzzle.setup_move().map_err(invalid)?;
        if let Some(m) = setup {
            game.play(m).map_err(|e| invalid(e.to_string()))?;
        }
        let goal = puzzle.goal().map_err(invalid)?;
        let solution = puzzle.solution_moves().map_err(invalid)?;
        let player = game.position().turn();
        let moves_needed = solution.len().div_ceil(2);
        Ok(PuzzleSession {
            puzzle,
            game,
            solution,
            solver: Solver::new(16),
            engine: None,
            limits: goal.limits(limits),
            goal,
            setup_plies: usize::from(setup.is_some()),
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

    /// Plies played since the player's start.
    fn step(&self) -> usize {
        self.game.plies().len().saturating_sub(self.setup_plies)
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
        value.meets(self.goal.objective)
    }

    /// Whether `m`, played now by the player, keeps the objective within
    /// reach: `Some(true)` proven, `Some(false)` refuted, `None` when the
    /// solver cannot tell within its limits.
    fn achieves(&mut self, m: Move) -> Option<bool> {
        if self.on_line && self.solution.get(self.step()) == Some(&m) {
            return Some(true);
        }
        let history = self.history();
        let position = *self.game.position();
        self.solver
            .move_meets(&position, &history, m, self.goal.objective, self.limits)
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
        let all_proven = values.iter().all(|(_, v)| v.is_some());
        let best = values
            .into_iter()
            .filter_map(|(m, v)| v.map(|v| (m, v)))
            .max_by_key(|(_, v)| v.rank());
        // The best proven value is the best defence when every move is
        // proven, and a proven win for the defender is a refutation worth
        // showing; otherwise an unproven move may defend better, and the
        // engine's choice is the better guess.
        if let Some((m, v)) = best {
            if all_proven || matches!(v, GameValue::Win(_)) {
                return Some(m);
            }
        }
        self.engine_move()
            .or_else(|| position.legal_moves().first().copied())
    }

    /// The engine's move in the current position, searched within the
    /// session's node budget.
    fn engine_move(&mut self) -> Option<Move> {
        let request = SearchRequest::for_game(
            &self.game,
            Limits {
                nodes: Some(self.limits.nodes.clamp(1, 1_000_000)),
                ..Limits::default()
            },
        );
        self.engine
            .get_or_insert_with(|| Engine::new(4))
            .search(&request, &mut |_| {})
            .best_move
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
            .classify_moves(&position, &history, self.goal.objective, self.limits)
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
        let verdict = self.achieves(m);
        // Only a refuted move is wrong: one the solver cannot settle may be
        // an alternative solution, and calling it wrong would punish the
        // player for the solver's limits.
        let proven = verdict == Some(true);
        let was_on_line = self.on_line && self.solution.get(self.step()) == Some(&m);
        self.retry_point = self.step();
        self.game.play(m)?;
        self.hint_level = 0;
        if verdict == Some(false) {
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
                proven,
            });
        }
        if self.moves_made >= self.moves_needed {
            self.state = SessionState::Solved;
            return Ok(MoveFeedback::Correct {
                reply: None,
                solved: true,
                proven,
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
        Ok(MoveFeedback::Correct {
            reply,
            solved,
            proven,
        })
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

#[cfg(test)]
mod tests {
    use super::*;

    /// np0162 of the first pack (removed: 13 alternatives to its second
    /// move are unproven). After 1. Rd1 a1=N the line goes on 2. Rxa1, but
    /// 2. Rc1 is a move the solver cannot refute.
    const NP0162: &str = "np0162|norochess|8/8/1p5p/1P3P1P/8/6p1/p2R2P1/8 w - - 0 46 score=37-37|-|win-by 3|d2d1 a2a1n d1a1|1909|margin,quiet-move,blockade";

    /// Black to play its 59th move, level at 10–10: 59... Rd1 forks the
    /// knights on the first rank and the last move takes one of them.
    const FORK: &str =
        "t|norochess|2k5/8/8/8/3r4/8/8/QN5N b - - 0 59 score=10-10|-|win|d4d1 a1a2 d1b1|1000|";

    /// Black's queen steps into the knight's reach; White gains 9 in one.
    const SETUP: &str =
        "t|norochess|4k3/8/8/8/3q4/4N3/8/4K3 b - - 0 30 score=4-1|d4d5|gain 9 in 1|e3d5|900|";

    fn session(line: &str, limits: SolveLimits) -> PuzzleSession {
        let puzzle = Puzzle::from_line(line, 1).expect("puzzle line");
        PuzzleSession::with_limits(puzzle, limits).expect("session")
    }

    #[test]
    fn the_opponents_move_is_on_the_board_and_retry_keeps_it() {
        let mut s = session(SETUP, PuzzleSession::DEFAULT_LIMITS);
        assert_eq!(s.game().plies().len(), 1);
        assert_eq!(s.player(), Color::White);
        // A king move gains nothing: refuted, and retry returns to the
        // position after the opponent's move, not before it.
        let wrong = uci(&s, "e1d1");
        assert!(matches!(s.play(wrong), Ok(MoveFeedback::Wrong { .. })));
        assert!(s.retry());
        assert_eq!(s.game().plies().len(), 1);
        let right = uci(&s, "e3d5");
        assert!(matches!(
            s.play(right),
            Ok(MoveFeedback::Correct {
                solved: true,
                proven: true,
                ..
            })
        ));
        assert!(!s.solved_cleanly());
        assert_eq!(s.state(), SessionState::Solved);
    }

    #[test]
    fn a_mate_puzzle_is_solved_by_the_mate_and_failed_by_a_slower_move() {
        use crate::puzzle::tests::RAM_MATE;
        let mut s = session(RAM_MATE, PuzzleSession::DEFAULT_LIMITS);
        assert_eq!(s.player(), Color::White);
        let key = uci(&s, "g5i5");
        assert!(matches!(
            s.play(key),
            Ok(MoveFeedback::Correct { solved: false, .. })
        ));
        let mate = uci(&s, "e6j6");
        assert!(matches!(
            s.play(mate),
            Ok(MoveFeedback::Correct { solved: true, .. })
        ));
        assert_eq!(s.state(), SessionState::Solved);
        assert!(s.solved_cleanly());
        // A rook check that lets the king out is refuted: no mate in two.
        let mut s = session(RAM_MATE, PuzzleSession::DEFAULT_LIMITS);
        let check = uci(&s, "e6j6");
        assert!(matches!(s.play(check), Ok(MoveFeedback::Wrong { .. })));
    }

    fn uci(session: &PuzzleSession, text: &str) -> Move {
        session
            .game()
            .position()
            .parse_uci(text)
            .expect("legal move")
    }

    #[test]
    fn an_unrefuted_move_is_never_wrong() {
        // The budget of a phone that gives up early: Rc1 is not settled.
        let mut s = session(NP0162, SolveLimits::with_nodes(20_000));
        let feedback = s.play(uci(&s, "d2d1"));
        assert!(
            matches!(
                feedback,
                Ok(MoveFeedback::Correct { reply: Some(r), solved: false, proven: true }) if r.uci(8) == "a2a1n"
            ),
            "{feedback:?}"
        );
        let feedback = s.play(uci(&s, "d1c1"));
        assert!(
            matches!(
                feedback,
                Ok(MoveFeedback::Correct {
                    proven: false,
                    solved: true,
                    ..
                })
            ),
            "{feedback:?}"
        );
        assert_eq!(s.state(), SessionState::Solved);
        assert!(s.solved_cleanly());
    }

    #[test]
    fn after_an_unrefuted_move_the_session_goes_on_with_the_engines_line() {
        // Off the line at the first move, with nothing provable: the
        // opponent still answers and the player moves again.
        let mut s = session(NP0162, SolveLimits::with_nodes(1));
        let feedback = s.play(uci(&s, "d2d8"));
        assert!(
            matches!(
                feedback,
                Ok(MoveFeedback::Correct {
                    reply: Some(_),
                    solved: false,
                    proven: false
                })
            ),
            "{feedback:?}"
        );
        assert_eq!(s.state(), SessionState::Solving);
        assert_eq!(s.game().plies().len(), 2);
    }

    #[test]
    fn a_proven_move_off_the_line_is_correct_and_a_refuted_one_wrong() {
        let mut s = session(FORK, PuzzleSession::DEFAULT_LIMITS);
        // 59... Ra4 attacks only the queen, which takes the rook.
        let feedback = s.play(uci(&s, "d4a4"));
        assert!(
            matches!(feedback, Ok(MoveFeedback::Wrong { .. })),
            "{feedback:?}"
        );
        assert!(s.retry());
        let feedback = s.play(uci(&s, "d4d1"));
        assert!(
            matches!(
                feedback,
                Ok(MoveFeedback::Correct {
                    reply: Some(r),
                    proven: true,
                    solved: false,
                }) if r.uci(8) == "a1a2"
            ),
            "{feedback:?}"
        );
        // The line goes on 60... Rxb1, but Rxh1 wins as well.
        let feedback = s.play(uci(&s, "d1h1"));
        assert!(
            matches!(
                feedback,
                Ok(MoveFeedback::Correct {
                    proven: true,
                    solved: true,
                    ..
                })
            ),
            "{feedback:?}"
        );
        assert_eq!(s.state(), SessionState::Solved);
        assert!(!s.solved_cleanly());
    }
}
