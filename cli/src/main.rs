//! The `norochess` command-line program.

mod bench;
mod closed_output;
mod engines;
mod game_options;
mod matches;
mod perft;
mod play;
mod puzzles;
mod replay;
mod solve;
mod sprt;
mod tune;
mod uci;

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
    /// Play in the terminal: the computer, pass and play, puzzles, saved games.
    Play(play::PlayArgs),
    /// Count the leaves of the legal move tree (move-generation check and speed).
    Perft(perft::PerftArgs),
    /// Search a fixed set of positions; print total nodes and nodes/second.
    Bench(bench::BenchArgs),
    /// Replay a game record move by move with the scores and the outcome.
    Replay(replay::ReplayArgs),
    /// Speak the UCI protocol on standard input and output (for GUIs).
    Uci(uci::UciArgs),
    /// Play games between two engines and estimate their Elo difference.
    Match(matches::MatchArgs),
    /// Prove the value of a Norochess position to the end of the game.
    Solve(solve::SolveArgs),
    /// Generate or verify puzzles.
    Puzzles(puzzles::PuzzlesArgs),
    /// Generate tuning data by self-play, or fit the evaluation weights to it.
    Tune(tune::TuneArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // The commands that print with `println!`; `play`, `uci` and `match`
    // handle a failed write themselves (see `closed_output`).
    if matches!(
        cli.command,
        Command::Perft(_)
            | Command::Bench(_)
            | Command::Replay(_)
            | Command::Solve(_)
            | Command::Puzzles(_)
            | Command::Tune(_)
    ) {
        closed_output::end_quietly_when_output_closes();
    }
    let result = match cli.command {
        Command::Play(args) => play::run(&args),
        Command::Perft(args) => perft::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Solve(args) => solve::run(&args),
        Command::Puzzles(args) => puzzles::run(&args),
        Command::Replay(args) => replay::run(&args),
        Command::Uci(args) => uci::run(&args),
        Command::Match(args) => matches::run(&args),
        Command::Tune(args) => tune::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            // A match that ran but is invalid is told apart from one that
            // could not run, for scripts that repeat matches.
            if err.is::<matches::InvalidMatch>() {
                ExitCode::from(1)
            } else {
                ExitCode::from(2)
            }
        }
    }
}
