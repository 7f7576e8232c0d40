//! Re-proving a puzzle, strictly: at every step of the line the player's
//! move is the *only* move that keeps the objective (an alternative that
//! also keeps it, or that the solver cannot settle, is a failure), every
//! reply of the defender is a best defence, and the scores can have come
//! from a game.

use super::scores::score_problems;
use super::Puzzle;
use crate::any::AnyPosition;
use crate::engine::solver::{Objective, SolveLimits, Solver};
use crate::moves::Move;
use std::time::{Duration, Instant};

/// The result of verifying one puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyReport {
    /// The puzzle's id.
    pub id: String,
    /// What is wrong; empty when the puzzle is sound.
    pub problems: Vec<String>,
    /// Solver nodes used.
    pub nodes: u64,
    /// Time used.
    pub elapsed: Duration,
}

impl VerifyReport {
    /// Whether the puzzle is sound.
    pub fn ok(&self) -> bool {
        self.problems.is_empty()
    }
}

/// Re-proves `puzzle` with `solver` within `limits` per question: the
/// scores are reachable, every player move of the line is the only move
/// that keeps the objective, and every defender reply is a best defence.
pub fn verify_puzzle(puzzle: &Puzzle, solver: &mut Solver, limits: SolveLimits) -> VerifyReport {
    let started = Instant::now();
    let mut report = VerifyReport {
        id: puzzle.id.clone(),
        problems: Vec::new(),
        nodes: 0,
        elapsed: Duration::ZERO,
    };
    let (start, solution) = match (puzzle.start(), puzzle.solution_moves()) {
        (Ok(start), Ok(solution)) => (start, solution),
        (Err(e), _) => {
            report.problems.push(format!("position: {e}"));
            report.elapsed = started.elapsed();
            return report;
        }
        (_, Err(e)) => {
            report.problems.push(e);
            report.elapsed = started.elapsed();
            return report;
        }
    };
    if solution.is_empty() {
        report.problems.push("the solution is empty".to_string());
    }
    for problem in score_problems(&start) {
        report.problems.push(format!("impossible score: {problem}"));
    }
    let goal = match puzzle.goal() {
        Ok(goal) => goal,
        Err(e) => {
            report.problems.push(e);
            report.elapsed = started.elapsed();
            return report;
        }
    };
    let limits = goal.limits(limits);
    let mut position = start;
    let mut history = puzzle.start_history();
    for (i, &m) in solution.iter().enumerate() {
        let step = Step {
            position: &position,
            history: &history,
            index: i,
            intended: m,
        };
        if i % 2 == 0 {
            check_player_move(puzzle, goal.objective, &step, solver, limits, &mut report);
        } else {
            check_defence(&step, solver, limits, &mut report);
        }
        history.push(position.hash());
        match position.play(m) {
            Ok(next) => position = next,
            Err(e) => {
                report.problems.push(e.to_string());
                break;
            }
        }
    }
    report.elapsed = started.elapsed();
    report
}

/// One step of the line being checked.
struct Step<'a> {
    position: &'a AnyPosition,
    /// Hashes of the positions before `position`.
    history: &'a [u64],
    /// Index of the move in the solution, from 0.
    index: usize,
    /// The solution's move here.
    intended: Move,
}

impl Step<'_> {
    /// "solution move 3 (Rxa1)".
    fn name(&self) -> String {
        format!(
            "solution move {} ({})",
            self.index + 1,
            self.position.to_san(self.intended)
        )
    }
}

/// The intended move must keep the objective and every other move must be
/// proven to fail it.
fn check_player_move(
    puzzle: &Puzzle,
    proven: Objective,
    step: &Step,
    solver: &mut Solver,
    limits: SolveLimits,
    report: &mut VerifyReport,
) {
    let objective = puzzle.objective.text();
    let classified = solver.classify_moves(step.position, step.history, proven, limits);
    report.nodes += solver.nodes();
    let what = if step.index == 0 {
        "the first move".to_string()
    } else {
        step.name()
    };
    for (m, verdict) in classified {
        let san = step.position.to_san(m);
        match (m == step.intended, verdict) {
            (true, Some(true)) | (false, Some(false)) => {}
            (true, Some(false)) => {
                let refutation = refutation_text(step, m, solver, limits);
                report.problems.push(format!(
                    "{} does not achieve `{objective}`; refutation: {refutation}",
                    step.name()
                ));
            }
            (false, Some(true)) => report.problems.push(format!(
                "{san} also achieves `{objective}`: {what} is not unique"
            )),
            (true, None) => report.problems.push(format!(
                "{}: not proven to achieve `{objective}` within {} nodes",
                step.name(),
                limits.nodes
            )),
            (false, None) => report.problems.push(format!(
                "{san} instead of {}: not proven to fail within {} nodes, so {what} is not proven unique",
                step.name(),
                limits.nodes
            )),
        }
    }
}

/// The defender's reply must be a best defence: no other reply is proven
/// or even possibly better for the defender.
fn check_defence(step: &Step, solver: &mut Solver, limits: SolveLimits, report: &mut VerifyReport) {
    let compared = solver.better_moves_than(step.position, step.history, step.intended, limits);
    report.nodes += solver.nodes();
    let Some(compared) = compared else {
        report.problems.push(format!(
            "{}: the defence's value is not proven within {} nodes",
            step.name(),
            limits.nodes
        ));
        return;
    };
    for (m, verdict) in compared {
        let san = step.position.to_san(m);
        match verdict {
            Some(false) => {}
            Some(true) => report.problems.push(format!(
                "{san} defends better than {}: the reply is not a best defence",
                step.name()
            )),
            None => report.problems.push(format!(
                "{san}: not proven within {} nodes whether it defends better than {}",
                limits.nodes,
                step.name()
            )),
        }
    }
}

/// The best defence against `m` and what follows, in SAN.
fn refutation_text(step: &Step, m: Move, solver: &mut Solver, limits: SolveLimits) -> String {
    let Ok(after) = step.position.play(m) else {
        return String::new();
    };
    let mut history = step.history.to_vec();
    history.push(step.position.hash());
    let line = solver.principal_line(&after, &history, 4, limits);
    let mut position = after;
    let mut words = Vec::new();
    for reply in line {
        words.push(position.to_san(reply));
        match position.play(reply) {
            Ok(next) => position = next,
            Err(_) => break,
        }
    }
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::scores::{max_reachable_score, ScoreProblem};
    use crate::types::Color;
    use crate::variant::Variant;

    fn position(text: &str) -> AnyPosition {
        AnyPosition::from_text(Variant::Norochess, text).expect("test position")
    }

    /// Black to play its 59th move, level at 10–10 (a capture now would
    /// end the game at once, but there is none). 59... Rd1 attacks both
    /// knights along the first rank; White saves one, Black takes the other
    /// with its last move: Black wins by 3. Moving the b1 knight uncovers
    /// the queen, which costs 9 instead.
    const FORK: &str = "2k5/8/8/8/3r4/8/8/QN5N b - - 0 59 score=34-34";

    fn puzzle(text: &str, objective: Objective, solution: &[&str]) -> Puzzle {
        Puzzle {
            id: "t".to_string(),
            variant: Variant::Norochess,
            position: text.to_string(),
            setup: None,
            objective,
            solution: solution.iter().map(|s| s.to_string()).collect(),
            rating: 1000,
            themes: Vec::new(),
        }
    }

    fn verify(p: &Puzzle) -> VerifyReport {
        verify_puzzle(p, &mut Solver::new(4), SolveLimits::with_nodes(2_000_000))
    }

    fn has(report: &VerifyReport, words: &[&str]) -> bool {
        report
            .problems
            .iter()
            .any(|m| words.iter().all(|w| m.contains(w)))
    }

    #[test]
    fn a_gain_after_the_opponents_move_is_proven_and_a_second_way_fails_it() {
        let line =
            "t|norochess|4k3/8/8/8/3q4/4N3/8/4K3 b - - 0 30 score=39-36|d4d5|gain 9 in 1|e3d5|900|";
        let p = Puzzle::from_line(line, 1).expect("puzzle");
        let report = verify(&p);
        assert!(report.ok(), "{:?}", report.problems);
        // Asking for one point more than the queen is impossible.
        let greedy = Puzzle::from_line(&line.replace("gain 9", "gain 10"), 1).expect("puzzle");
        let report = verify(&greedy);
        assert!(
            report.problems[0].contains("does not achieve `gain 10 in 1`"),
            "{:?}",
            report.problems
        );
        // Only the knight's capture gains anything, so a smaller gain still
        // has one way.
        let small = Puzzle::from_line(&line.replace("gain 9", "gain 1"), 1).expect("puzzle");
        assert!(verify(&small).ok());
    }

    #[test]
    fn the_start_position_allows_no_score() {
        let start = AnyPosition::start(Variant::Norochess, None).expect("start");
        assert_eq!(max_reachable_score(&start, Color::White), 0);
        assert_eq!(max_reachable_score(&start, Color::Black), 0);
    }

    #[test]
    fn missing_material_bounds_the_score() {
        // Black lost a queen, a rook and two pawns (9 + 5 + 2 × 9, as each
        // pawn may have promoted to a queen before it was taken); White lost
        // only a knight.
        let p = position("rnb1kbn1/pppppp2/8/8/8/8/PPPPPPPP/R1BQKBNR w - - 0 30 score=30-3");
        assert_eq!(max_reachable_score(&p, Color::White), 32);
        assert_eq!(max_reachable_score(&p, Color::Black), 3);
        assert!(score_problems(&p).is_empty());
        // Its level-score copy: Black's 30 points are impossible.
        let level = position("rnb1kbn1/pppppp2/8/8/8/8/PPPPPPPP/R1BQKBNR w - - 0 30 score=30-30");
        let problems = score_problems(&level);
        assert!(problems.contains(&ScoreProblem::TooHigh {
            color: Color::Black,
            score: 30,
            max: 3
        }));
        assert_eq!(
            problems[0].to_string(),
            "Black has 30 points, but the White material missing from the board is worth at most 3"
        );
    }

    #[test]
    fn promoted_pieces_use_up_missing_pawns() {
        // White has a second queen, a promoted pawn: of its two missing
        // pawns only one can have been taken (at most as a queen), so with
        // the missing rook Black scored at most 5 + 9.
        let p = position("4k3/8/8/8/8/8/PPPPPP2/RNBQKBNQ w - - 0 40 score=39-14");
        assert_eq!(max_reachable_score(&p, Color::Black), 14);
        assert!(score_problems(&p).is_empty());
        let over = position("4k3/8/8/8/8/8/PPPPPP2/RNBQKBNQ w - - 0 40 score=39-15");
        assert!(matches!(
            score_problems(&over).as_slice(),
            [ScoreProblem::TooHigh { max: 14, .. }]
        ));
    }

    #[test]
    fn verify_reports_an_impossible_score() {
        // Black has all its material, so White cannot have scored.
        let p = puzzle(
            "rnbqkbnr/pppppppp/8/8/8/8/8/7R b - - 0 60 score=5-5",
            Objective::Save,
            &["a7a6"],
        );
        let report = verify(&p);
        assert!(
            has(
                &report,
                &["impossible score: White has 5 points", "at most 0"]
            ),
            "{:?}",
            report.problems
        );
    }

    #[test]
    fn a_sound_line_passes() {
        for objective in [Objective::Win, Objective::WinBy(3)] {
            let p = puzzle(FORK, objective, &["d4d1", "h1g3", "d1b1"]);
            let report = verify(&p);
            assert!(report.ok(), "{objective:?}: {:?}", report.problems);
        }
    }

    #[test]
    fn a_second_winning_move_later_in_the_line_fails() {
        // After 60. Qa2 both knights hang: Rxh1 wins as well as Rxb1.
        let p = puzzle(FORK, Objective::Win, &["d4d1", "a1a2", "d1b1"]);
        let report = verify(&p);
        assert!(
            has(
                &report,
                &[
                    "Rxh1 also achieves `win`",
                    "solution move 3 (Rxb1) is not unique"
                ]
            ),
            "{:?}",
            report.problems
        );
        assert!(!has(&report, &["the first move is not unique"]));
        assert!(!has(&report, &["defends better"]), "{:?}", report.problems);
    }

    #[test]
    fn a_reply_that_is_not_the_best_defence_fails() {
        // 60. Nc3 uncovers the queen (9 points); Ng3 loses only a knight.
        let p = puzzle(FORK, Objective::WinBy(3), &["d4d1", "b1c3", "d1a1"]);
        let report = verify(&p);
        assert!(
            has(
                &report,
                &[
                    "Ng3 defends better than solution move 2 (Nc3)",
                    "not a best defence"
                ]
            ),
            "{:?}",
            report.problems
        );
    }

    #[test]
    fn an_unproven_alternative_is_a_failure() {
        // A budget too small to settle anything: nothing is proven unique.
        let p = puzzle(FORK, Objective::Win, &["d4d1", "h1g3", "d1b1"]);
        let report = verify_puzzle(&p, &mut Solver::new(1), SolveLimits::with_nodes(1));
        assert!(
            has(&report, &["not proven to fail within 1 nodes"]),
            "{:?}",
            report.problems
        );
    }
}
