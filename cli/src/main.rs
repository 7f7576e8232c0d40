//! The `norochess` command-line program.

mod bench;
mod perft;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Norochess and its related games from the command line.
#[derive(Parser)]
#[command(name = "norochess", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the legal move tree (move-generation check and speed).
    Perft(perft::PerftArgs),
    /// Search a fixed set of positions; print total nodes and nodes/second.
    Bench(bench::BenchArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Perft(args) => perft::run(&args),
        Command::Bench(args) => bench::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::from(2)
        }
    }
}
