//! `norochess solve`: proves the value of a Norochess position to the real
//! end of the game and lists the moves that meet the objective.

use anyhow::{bail, Result};
use clap::Args;
use norochess_core::{AnyPosition, Objective, Proof, SolveLimits, Solver, Variant};
use std::time::Instant;

/// Options of `norochess solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The position text (FEN with move number and `score=W-B`).
    position: String,
    /// Game id (the Norochess family).
    #[arg(long, default_value = "norochess")]
    variant: String,
    /// `win`, `win-by K` or `save`; without it the exact value decides.
    #[arg(long)]
    objective: Option<String>,
    /// Node budget; beyond it the answer is "not proven".
    #[arg(long, default_value_t = 50_000_000)]
    nodes: u64,
    /// Longest principal line to print, in plies.
    #[arg(long, default_value_t = 12)]
    line: usize,
}

/// Runs the solver and prints value, achieving moves and a line.
pub fn run(args: &SolveArgs) -> Result<()> {
    let variant = Variant::parse(&args.variant, None, None)?;
    if !variant.is_norochess_family() {
        bail!("the exact solver works on the Norochess family (norochess, norochess960)");
    }
    let position = AnyPosition::from_text(variant, &args.position)?;
    let limits = SolveLimits::with_nodes(args.nodes);
    let mut solver = Solver::default();
    let started = Instant::now();
    let side = position.turn();
    let Some(value) = solver.value(&position, &[], limits) else {
        println!("not proven within {} nodes", args.nodes);
        return Ok(());
    };
    println!("{}", value.describe(side));
    let objective = match &args.objective {
        Some(text) => Objective::parse(text).ok_or_else(|| {
            anyhow::anyhow!("unknown objective `{text}` (expected win, win-by K or save)")
        })?,
        None => match value {
            norochess_core::GameValue::Win(_) => Objective::Win,
            _ => Objective::Save,
        },
    };
    let proof = solver.prove(&position, &[], objective, limits);
    let verdict = match proof {
        Proof::Yes => "achievable",
        Proof::No => "not achievable",
        Proof::Unknown => "not proven",
    };
    println!("objective {}: {verdict}", objective.text());
    let classified = solver.classify_moves(&position, &[], objective, limits);
    let achieving: Vec<String> = classified
        .iter()
        .filter(|(_, ok)| *ok == Some(true))
        .map(|(m, _)| position.to_san(*m))
        .collect();
    let unproven = classified.iter().filter(|(_, ok)| ok.is_none()).count();
    println!(
        "moves: {}",
        if achieving.is_empty() {
            "(none)".to_string()
        } else {
            achieving.join(" ")
        }
    );
    if unproven > 0 {
        println!("unproven moves: {unproven}");
    }
    let line = solver.principal_line(&position, &[], args.line, limits);
    let mut current = position;
    let mut words = Vec::new();
    for m in line {
        words.push(current.to_san(m));
        current = current.play(m)?;
    }
    println!("line: {}", words.join(" "));
    eprintln!("solved in {:.3} s", started.elapsed().as_secs_f64());
    Ok(())
}
