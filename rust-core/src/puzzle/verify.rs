//! Re-proving a puzzle: the intended first move achieves the objective, no
//! other first move does, and each later move of the solver's side keeps it.

use super::Puzzle;
use crate::engine::solver::{SolveLimits, Solver};
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

/// Re-proves `puzzle` with `solver` within `limits` per question.
pub fn verify_puzzle(puzzle: &Puzzle, solver: &mut Solver, limits: SolveLimits) -> VerifyReport {
    let started = Instant::now();
    let mut report = VerifyReport {
        id: puzzle.id.clone(),
        problems: Vec::new(),
        nodes: 0,
        elapsed: Duration::ZERO,
    };
    let finish = |mut report: VerifyReport| {
        report.elapsed = started.elapsed();
        report
    };
    let (start, solution) = match (puzzle.start(), puzzle.solution_moves()) {
        (Ok(start), Ok(solution)) => (start, solution),
        (Err(e), _) => {
            report.problems.push(format!("position: {e}"));
            return finish(report);
        }
        (_, Err(e)) => {
            report.problems.push(e);
            return finish(report);
        }
    };
    let Some(&first) = solution.first() else {
        report.problems.push("the solution is empty".to_string());
        return finish(report);
    };
    // Every first move, classified: exactly the intended one must work.
    for (m, verdict) in solver.classify_moves(&start, &[], puzzle.objective, limits) {
        report.nodes += solver.nodes();
        let san = start.to_san(m);
        match (m == first, verdict) {
            (true, Some(true)) | (false, Some(false)) => {}
            (true, Some(false)) => {
                let refutation = start
                    .play(m)
                    .map(|after| {
                        let line = solver.principal_line(&after, &[start.hash()], 4, limits);
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
                    })
                    .unwrap_or_default();
                report.problems.push(format!(
                    "the solution's first move {san} does not achieve `{}`; refutation: {refutation}",
                    puzzle.objective.text()
                ));
            }
            (false, Some(true)) => report.problems.push(format!(
                "{san} also achieves `{}`: the first move is not unique",
                puzzle.objective.text()
            )),
            (_, None) => report
                .problems
                .push(format!("{san}: not proven within {} nodes", limits.nodes)),
        }
    }
    // Later moves of the solver's side keep the objective.
    let mut position = start;
    let mut history = Vec::new();
    for (i, &m) in solution.iter().enumerate() {
        if i > 0
            && i % 2 == 0
            && solver.move_meets(&position, &history, m, puzzle.objective, limits) != Some(true)
        {
            report.problems.push(format!(
                "solution move {} ({}) does not keep the objective",
                i + 1,
                position.to_san(m)
            ));
        }
        report.nodes += solver.nodes();
        history.push(position.hash());
        match position.play(m) {
            Ok(next) => position = next,
            Err(e) => {
                report.problems.push(e.to_string());
                break;
            }
        }
    }
    finish(report)
}
