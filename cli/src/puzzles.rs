//! `norochess puzzles generate|verify`: finds puzzles by self-play and
//! re-proves puzzle files.

use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand};
use norochess_core::puzzle::{
    builtin_pack, generate_puzzles, parse_puzzles, verify_puzzle, write_puzzles, GeneratorOptions,
};
use norochess_core::{SolveLimits, Solver};
use std::time::{Duration, Instant};

/// Options of `norochess puzzles`.
#[derive(Args, Debug)]
pub struct PuzzlesArgs {
    #[command(subcommand)]
    command: PuzzlesCommand,
}

#[derive(Subcommand, Debug)]
enum PuzzlesCommand {
    /// Find new puzzles in self-play games and print them in the puzzle format.
    Generate {
        /// How many puzzles.
        #[arg(long, default_value_t = 10)]
        count: usize,
        /// Seed of the self-play games.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Id prefix.
        #[arg(long, default_value = "np")]
        prefix: String,
        /// Number of the first id.
        #[arg(long, default_value_t = 1)]
        first: usize,
        /// Solver node budget per question.
        #[arg(long, default_value_t = 2_000_000)]
        nodes: u64,
    },
    /// Re-prove every puzzle of a file (`builtin` for the built-in pack).
    Verify {
        /// The puzzle file, or `builtin`.
        file: String,
        /// Solver node budget per question.
        #[arg(long, default_value_t = 20_000_000)]
        nodes: u64,
    },
}

/// Runs `norochess puzzles`.
pub fn run(args: &PuzzlesArgs) -> Result<()> {
    match &args.command {
        PuzzlesCommand::Generate {
            count,
            seed,
            prefix,
            first,
            nodes,
        } => {
            let options = GeneratorOptions {
                count: *count,
                seed: *seed,
                id_prefix: prefix.clone(),
                first_number: *first,
                solve_nodes: *nodes,
                ..GeneratorOptions::default()
            };
            let started = Instant::now();
            let puzzles = generate_puzzles(&options, &mut |p| {
                eprintln!(
                    "[{:>6.1} s] {} {} {}",
                    started.elapsed().as_secs_f64(),
                    p.id,
                    p.objective.text(),
                    p.themes.join(",")
                );
            });
            print!("{}", write_puzzles(&puzzles));
            Ok(())
        }
        PuzzlesCommand::Verify { file, nodes } => {
            let puzzles = if file == "builtin" {
                builtin_pack()?
            } else {
                let text =
                    std::fs::read_to_string(file).with_context(|| format!("cannot read {file}"))?;
                parse_puzzles(&text).with_context(|| file.to_string())?
            };
            let limits = SolveLimits { nodes: *nodes };
            let mut solver = Solver::default();
            let started = Instant::now();
            let mut times: Vec<(Duration, &str)> = Vec::new();
            let mut failures = 0;
            for puzzle in &puzzles {
                let report = verify_puzzle(puzzle, &mut solver, limits);
                times.push((report.elapsed, &puzzle.id));
                if !report.ok() {
                    failures += 1;
                    for problem in &report.problems {
                        println!("{}: {problem}", report.id);
                    }
                }
            }
            times.sort();
            let median = times.get(times.len() / 2).map(|t| t.0).unwrap_or_default();
            let (slowest, slowest_id) = times.last().copied().unwrap_or_default();
            println!(
                "{} puzzles, {} failed; total {:.1} s, median {:.3} s, slowest {:.3} s ({slowest_id})",
                puzzles.len(),
                failures,
                started.elapsed().as_secs_f64(),
                median.as_secs_f64(),
                slowest.as_secs_f64()
            );
            if failures > 0 {
                bail!("{failures} puzzle(s) failed verification");
            }
            Ok(())
        }
    }
}
