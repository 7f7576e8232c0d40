//! Composing a puzzle: a position (with its move number and scores) and an
//! objective, proven by the exact solver. The composer finds the line the
//! generator would (the only move at each step, the best defence in
//! between), refuses a position where the objective has several first
//! moves or none, and re-proves the result as strictly as
//! `puzzles verify` does before it is called a puzzle.

use super::scores::score_problems;
use super::verify::{verify_puzzle, VerifyReport};
use super::{generate::analyse::solution_line, Puzzle};
use crate::any::AnyPosition;
use crate::engine::solver::{Objective, SolveLimits, Solver};
use crate::engine::Engine;
use crate::game::Game;
use crate::moves::Move;
use thiserror::Error;

/// The longest line a composed puzzle gets, in plies.
pub const MAX_COMPOSED_LINE: usize = 15;

/// Why a position and an objective do not make a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ComposeError {
    /// The position text cannot be read.
    #[error("the position cannot be read: {0}")]
    Position(String),
    /// A score no game can have reached.
    #[error("impossible score: {0}")]
    ImpossibleScore(String),
    /// The game is already over in the position.
    #[error("the game is already over in this position")]
    GameOver,
    /// Not every move could be settled within the solver's budget.
    #[error("the solver could not settle {} within its budget (try a position nearer the end)", .moves.join(", "))]
    Unproven {
        /// The moves left unsettled, in SAN.
        moves: Vec<String>,
    },
    /// No move meets the objective.
    #[error("no move meets the objective: {best}")]
    NotAchievable {
        /// What best play gives instead, in words, when the solver knows.
        best: String,
    },
    /// Several first moves meet the objective: a puzzle has one answer.
    #[error("{} first moves meet the objective ({}): a puzzle needs exactly one", .moves.len(), .moves.join(", "))]
    SeveralFirstMoves {
        /// The moves that do, in SAN.
        moves: Vec<String>,
    },
    /// The line found does not pass the strict verification.
    #[error("the line does not pass verification: {}", .problems.join("; "))]
    NotSound {
        /// What the verification found.
        problems: Vec<String>,
    },
}

/// A composed puzzle with the proof of it.
#[derive(Debug, Clone)]
pub struct Composition {
    /// The puzzle (id as given, rated, themes tagged).
    pub puzzle: Puzzle,
    /// The strict re-proof, as `puzzles verify` gives it.
    pub report: VerifyReport,
}

/// Composes the puzzle `objective` from `position` for the side to move,
/// with `solver` (and `engine` for its rating) within `limits` per
/// question.
pub fn compose(
    id: &str,
    position: &AnyPosition,
    objective: Objective,
    solver: &mut Solver,
    engine: &mut Engine,
    limits: SolveLimits,
) -> Result<Composition, ComposeError> {
    if let Some(problem) = score_problems(position).first() {
        return Err(ComposeError::ImpossibleScore(problem.to_string()));
    }
    let game = Game::from_position(position.variant(), &position.to_text())
        .map_err(|e| ComposeError::Position(e.to_string()))?;
    if game.outcome().is_some() {
        return Err(ComposeError::GameOver);
    }
    let base = limits;
    let goal = objective.anchored(position);
    let limits = goal.limits(base);
    let classified = solver.classify_moves(position, &[], goal.objective, limits);
    let unproven: Vec<String> = classified
        .iter()
        .filter(|(_, v)| v.is_none())
        .map(|(m, _)| position.to_san(*m))
        .collect();
    let achieving: Vec<Move> = classified
        .iter()
        .filter(|(_, v)| *v == Some(true))
        .map(|(m, _)| *m)
        .collect();
    match achieving.as_slice() {
        [] if !unproven.is_empty() => return Err(ComposeError::Unproven { moves: unproven }),
        [] => {
            let best = solver.value(position, &[], limits).map_or_else(
                || "the solver could not find what best play gives".to_string(),
                |v| format!("with best play {}", v.describe(position.turn())),
            );
            return Err(ComposeError::NotAchievable { best });
        }
        [_, _, ..] => {
            return Err(ComposeError::SeveralFirstMoves {
                moves: achieving.iter().map(|&m| position.to_san(m)).collect(),
            })
        }
        [_] if !unproven.is_empty() => return Err(ComposeError::Unproven { moves: unproven }),
        [_] => {}
    }
    let first = achieving[0];
    let line = solution_line(
        position,
        &[],
        first,
        goal.objective,
        solver,
        limits,
        MAX_COMPOSED_LINE,
    )
    .ok_or_else(|| ComposeError::NotSound {
        problems: vec!["the line could not be played".to_string()],
    })?;
    let width = position.width();
    let mut puzzle = Puzzle {
        id: id.to_string(),
        variant: position.variant(),
        position: position.to_text(),
        setup: None,
        objective,
        solution: line.iter().map(|m| m.uci(width)).collect(),
        rating: 1500,
        themes: Vec::new(),
    };
    solver.clear();
    let report = verify_puzzle(&puzzle, solver, base);
    if !report.ok() {
        return Err(ComposeError::NotSound {
            problems: report.problems,
        });
    }
    puzzle.themes = super::tag_themes(&puzzle);
    puzzle.rating = super::starting_rating(&puzzle, engine);
    Ok(Composition { puzzle, report })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::builtin_pack;
    use crate::variant::Variant;

    fn tools() -> (Solver, Engine) {
        (Solver::new(16), Engine::new(4))
    }

    #[test]
    fn puzzles_of_the_builtin_pack_are_composed_again_from_their_start() {
        let (mut solver, mut engine) = tools();
        let pack = builtin_pack().expect("the pack reads");
        for puzzle in pack.iter().take(4) {
            let start = puzzle.start().expect("start");
            let composed = compose(
                "mine",
                &start,
                puzzle.objective,
                &mut solver,
                &mut engine,
                SolveLimits::with_nodes(2_000_000),
            )
            .unwrap_or_else(|e| panic!("{}: {e}", puzzle.id));
            assert!(composed.report.ok());
            assert_eq!(
                composed.puzzle.solution.first(),
                puzzle.solution.first(),
                "{}",
                puzzle.id
            );
            assert_eq!(composed.puzzle.objective, puzzle.objective);
            let line = composed.puzzle.to_line();
            let read = Puzzle::from_line(&line, 1).expect("round trip");
            assert_eq!(read, composed.puzzle);
        }
    }

    #[test]
    fn two_winning_first_moves_are_refused_and_named() {
        let (mut solver, mut engine) = tools();
        // Move 48, two points behind: the queen wins by taking either knight.
        let position = AnyPosition::from_text(
            Variant::Norochess,
            "7k/8/8/3n4/n7/8/8/3Q3K w - - 0 48 score=33-35",
        )
        .expect("position");
        let error = compose(
            "two",
            &position,
            Objective::Win,
            &mut solver,
            &mut engine,
            SolveLimits::with_nodes(1_000_000),
        )
        .expect_err("two answers");
        match &error {
            ComposeError::SeveralFirstMoves { moves } => {
                let mut moves = moves.clone();
                moves.sort();
                assert_eq!(moves, ["Qxa4", "Qxd5"]);
            }
            other => panic!("{other}"),
        }
        assert!(error.to_string().contains("2 first moves"), "{error}");
    }

    #[test]
    fn an_objective_no_move_meets_says_what_best_play_gives() {
        let (mut solver, mut engine) = tools();
        let position = AnyPosition::from_text(
            Variant::Norochess,
            "7k/8/8/3n4/n7/8/8/3Q3K w - - 0 48 score=33-35",
        )
        .expect("position");
        let error = compose(
            "far",
            &position,
            Objective::WinBy(10),
            &mut solver,
            &mut engine,
            SolveLimits::with_nodes(1_000_000),
        )
        .expect_err("not achievable");
        assert!(
            matches!(error, ComposeError::NotAchievable { .. }),
            "{error}"
        );
        assert!(error.to_string().contains("White wins by 1"), "{error}");
    }

    #[test]
    fn impossible_scores_and_finished_games_are_refused() {
        let (mut solver, mut engine) = tools();
        let limits = SolveLimits::with_nodes(10_000);
        let rich = AnyPosition::from_text(
            Variant::Norochess,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 10 score=5-0",
        )
        .expect("position");
        let error = compose("x", &rich, Objective::Win, &mut solver, &mut engine, limits)
            .expect_err("impossible");
        assert!(matches!(error, ComposeError::ImpossibleScore(_)), "{error}");
        // Below the material taken: every piece but a knight and the
        // queens is gone, yet White has 18 points.
        let poor = AnyPosition::from_text(
            Variant::Norochess,
            "7k/8/8/3n4/8/8/8/3Q3K w - - 0 48 score=18-20",
        )
        .expect("position");
        let error = compose("x", &poor, Objective::Win, &mut solver, &mut engine, limits)
            .expect_err("impossible");
        assert!(error.to_string().contains("must have captured"), "{error}");
        let over = AnyPosition::from_text(
            Variant::Norochess,
            "7k/8/8/8/8/8/8/7K w - - 0 49 score=40-39",
        )
        .expect("position");
        let error = compose("x", &over, Objective::Win, &mut solver, &mut engine, limits)
            .expect_err("over");
        assert_eq!(error, ComposeError::GameOver);
    }
}
