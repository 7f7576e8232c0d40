//! `norochess solve`: the exact solver on one question about a Norochess
//! position.
//!
//! With an objective (or a puzzle of the pack), it asks the question the
//! way `puzzles verify` and the composer do, with the same proof: every
//! legal move classified against the objective (anchored at the position,
//! so `gain N in M` stops counting after M moves), then the line of the
//! player's only moves and the defender's best replies. The exact value of
//! the position to the end of the game, which can take minutes near the
//! overtime, is computed only without an objective or with `--value`.

use anyhow::{bail, Context, Result};
use clap::Args;
use norochess_core::puzzle::{builtin_pack, proof_line};
use norochess_core::{AnyPosition, Move, Objective, SolveLimits, Solver, Variant};
use std::time::Instant;

/// Options of `norochess solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The position text (FEN with move number and `score=W-B`); not with
    /// `--puzzle`.
    position: Option<String>,
    /// Game id (the Norochess family).
    #[arg(long, default_value = "norochess")]
    variant: String,
    /// `win`, `win-by K`, `save` or `gain N in M`; without it the exact
    /// value decides which objective the moves are listed for.
    #[arg(long)]
    objective: Option<String>,
    /// A puzzle of the built-in pack (`np1197`): its start, the history
    /// before it and its objective, the question `puzzles verify` asks.
    #[arg(long, conflicts_with_all = ["position", "variant"])]
    puzzle: Option<String>,
    /// Also prove the exact value to the end of the game (slow near the
    /// overtime) when an objective is given.
    #[arg(long)]
    value: bool,
    /// Node budget per question; beyond it the answer is "not proven".
    #[arg(long, default_value_t = 50_000_000)]
    nodes: u64,
    /// Longest line to print, in plies.
    #[arg(long, default_value_t = 12)]
    line: usize,
}

/// The question: a position, the positions before it and the objective.
struct Question {
    position: AnyPosition,
    history: Vec<u64>,
    objective: Option<Objective>,
}

impl Question {
    fn of(args: &SolveArgs) -> Result<Question> {
        let objective = args
            .objective
            .as_deref()
            .map(|text| {
                Objective::parse(text).with_context(|| {
                    format!(
                        "unknown objective `{text}` (expected win, win-by K, save or gain N in M)"
                    )
                })
            })
            .transpose()?;
        if let Some(id) = &args.puzzle {
            let pack = builtin_pack()?;
            let Some(puzzle) = pack.iter().find(|p| p.id == id.trim()) else {
                bail!("there is no puzzle `{id}` in the built-in pack");
            };
            let position = puzzle
                .start()
                .map_err(|e| anyhow::anyhow!("puzzle {id}: {e}"))?;
            println!("{}: {}", puzzle.id, puzzle.describe());
            println!("position: {}", position.to_text());
            return Ok(Question {
                position,
                history: puzzle.start_history(),
                objective: Some(objective.unwrap_or(puzzle.objective)),
            });
        }
        let Some(text) = &args.position else {
            bail!("give a position text or --puzzle ID");
        };
        let variant = Variant::parse(&args.variant, None, None)?;
        if !variant.is_norochess_family() {
            bail!("the exact solver works on the Norochess family (norochess, norochess960)");
        }
        Ok(Question {
            position: AnyPosition::from_text(variant, text)?,
            history: Vec::new(),
            objective,
        })
    }
}

/// Runs the solver and prints what it proved.
pub fn run(args: &SolveArgs) -> Result<()> {
    let question = Question::of(args)?;
    let position = question.position;
    let history = question.history.as_slice();
    let base = SolveLimits::with_nodes(args.nodes);
    let mut solver = Solver::default();
    let started = Instant::now();
    let side = position.turn();
    let objective = match question.objective {
        Some(objective) => {
            if args.value {
                print_value(&mut solver, &position, history, base, args.nodes);
            }
            objective
        }
        None => {
            let Some(value) = solver.value(&position, history, base) else {
                println!("not proven within {} nodes", args.nodes);
                return Ok(());
            };
            println!("{}", value.describe(side));
            match value {
                norochess_core::GameValue::Win(_) => Objective::Win,
                _ => Objective::Save,
            }
        }
    };
    let goal = objective.anchored(&position);
    let limits = goal.limits(base);
    let classified = solver.classify_moves(&position, history, goal.objective, limits);
    let achieving: Vec<Move> = classified
        .iter()
        .filter(|(_, ok)| *ok == Some(true))
        .map(|(m, _)| *m)
        .collect();
    let unproven = classified.iter().filter(|(_, ok)| ok.is_none()).count();
    let verdict = match (achieving.is_empty(), unproven) {
        (false, _) => "achievable",
        (true, 0) => "not achievable",
        (true, _) => "not proven",
    };
    println!("objective {}: {verdict}", objective.text());
    let names: Vec<String> = achieving.iter().map(|m| position.to_san(*m)).collect();
    println!(
        "moves: {}",
        if names.is_empty() {
            "(none)".to_string()
        } else {
            names.join(" ")
        }
    );
    if unproven > 0 {
        println!("unproven moves: {unproven}");
    }
    if let Some(&first) = achieving.first() {
        let line = proof_line(
            &position,
            history,
            first,
            goal.objective,
            &mut solver,
            limits,
            args.line.max(1),
        )
        .unwrap_or_else(|| vec![first]);
        println!("line: {}", san_line(&position, &line)?);
    }
    eprintln!("solved in {:.3} s", started.elapsed().as_secs_f64());
    Ok(())
}

/// Proves and prints the exact value of `position`.
fn print_value(
    solver: &mut Solver,
    position: &AnyPosition,
    history: &[u64],
    limits: SolveLimits,
    nodes: u64,
) {
    match solver.value(position, history, limits) {
        Some(value) => println!("{}", value.describe(position.turn())),
        None => println!("exact value: not proven within {nodes} nodes"),
    }
}

/// `line` from `position` in SAN.
fn san_line(position: &AnyPosition, line: &[Move]) -> Result<String> {
    let mut current = *position;
    let mut words = Vec::new();
    for &m in line {
        words.push(current.to_san(m));
        current = current.play(m)?;
    }
    Ok(words.join(" "))
}
