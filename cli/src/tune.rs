//! `norochess tune generate|fit`: tuning data from seeded self-play, and a
//! Texel fit of the evaluation weights to it (see docs/tuning.md).

use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand};
use norochess_core::tune::{
    fit, game_seeds, play_game, FitConfig, GenerateConfig, Sample, TuneDataError, TuneRecord,
};
use norochess_core::{AnyPosition, Engine, EvalParams, Variant, PARAMS};
use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Options of `norochess tune`.
#[derive(Args, Debug)]
pub struct TuneArgs {
    #[command(subcommand)]
    command: TuneCommand,
}

#[derive(Subcommand, Debug)]
enum TuneCommand {
    /// Play seeded self-play games on one thread and write their quiet
    /// positions, one line each: `position;result;score difference;game`.
    Generate(GenerateArgs),
    /// Fit the evaluation weights to a data file and print the new set.
    Fit(FitArgs),
}

/// Options of `norochess tune generate`.
#[derive(Args, Debug)]
struct GenerateArgs {
    /// The game (norochess, norochess960, ...).
    #[arg(long, default_value = "norochess")]
    variant: String,
    /// Games to play.
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Seed of the run (game i is played from the i-th seed it draws).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Node budget of each engine move.
    #[arg(long, default_value_t = 5_000)]
    nodes: u64,
    /// Random plies at the start of each game.
    #[arg(long, default_value_t = 8)]
    opening_plies: usize,
    /// Transposition table size in MB.
    #[arg(long, default_value_t = 16)]
    hash: usize,
    /// The data file to write.
    #[arg(long)]
    out: PathBuf,
}

/// Options of `norochess tune fit`.
#[derive(Args, Debug)]
struct FitArgs {
    /// The data file.
    file: PathBuf,
    /// The game of the data (its default weights are the start).
    #[arg(long, default_value = "norochess")]
    variant: String,
    /// Hold out every N-th game (game number divisible by N) for the
    /// held-out error; 0 holds out nothing.
    #[arg(long, default_value_t = 10)]
    hold_out: u32,
    /// Only these weights (comma-separated names); all by default.
    #[arg(long, value_delimiter = ',')]
    only: Vec<String>,
    /// Leave these weights as they are (comma-separated names).
    #[arg(long, value_delimiter = ',')]
    skip: Vec<String>,
    /// Most passes over the weights.
    #[arg(long, default_value_t = 200)]
    max_passes: usize,
    /// Stop after this many seconds of fitting.
    #[arg(long, default_value_t = 1_100)]
    max_seconds: u64,
    /// A fixed sigmoid scale instead of fitting it.
    #[arg(long)]
    scale: Option<f64>,
}

/// Runs `norochess tune`.
pub fn run(args: &TuneArgs) -> Result<()> {
    match &args.command {
        TuneCommand::Generate(args) => generate(args),
        TuneCommand::Fit(args) => fit_file(args),
    }
}

fn generate(args: &GenerateArgs) -> Result<()> {
    let variant = Variant::parse(&args.variant, None, None)?;
    let config = GenerateConfig {
        variant,
        opening_plies: args.opening_plies,
        nodes: args.nodes,
    };
    let file =
        File::create(&args.out).with_context(|| format!("cannot create {}", args.out.display()))?;
    let mut out = BufWriter::new(file);
    let mut engine = Engine::new(args.hash);
    let started = Instant::now();
    let mut positions = 0usize;
    for (game, seed) in game_seeds(args.seed, args.games).enumerate() {
        let game = u32::try_from(game).context("too many games")?;
        let records = play_game(&config, &mut engine, game, seed)?;
        for record in &records {
            writeln!(out, "{record}")?;
        }
        positions += records.len();
        let done = game as usize + 1;
        if done % 100 == 0 || done == args.games {
            eprintln!(
                "{done}/{} games, {positions} positions, {:.0} s",
                args.games,
                started.elapsed().as_secs_f64()
            );
        }
    }
    out.flush()?;
    println!(
        "{positions} positions from {} games in {:.1} s",
        args.games,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Reads a data file into (training, held-out) samples.
fn read_samples(args: &FitArgs, variant: Variant) -> Result<(Vec<Sample>, Vec<Sample>)> {
    let file =
        File::open(&args.file).with_context(|| format!("cannot open {}", args.file.display()))?;
    let (mut train, mut held_out) = (Vec::new(), Vec::new());
    for (index, line) in BufReader::new(file).lines().enumerate() {
        let number = index + 1;
        let line = line.with_context(|| format!("line {number}"))?;
        if line.trim().is_empty() {
            continue;
        }
        let record = TuneRecord::parse(number, &line)?;
        let position = AnyPosition::from_text(variant, &record.position).map_err(|source| {
            TuneDataError::Position {
                line: number,
                source,
            }
        })?;
        let sample = Sample {
            position,
            result: record.result(),
        };
        if args.hold_out > 0 && record.game % args.hold_out == 0 {
            held_out.push(sample);
        } else {
            train.push(sample);
        }
    }
    Ok((train, held_out))
}

/// The indices of the weights to fit.
fn tuned_indices(args: &FitArgs) -> Result<Vec<usize>> {
    for name in args.only.iter().chain(&args.skip) {
        if EvalParams::index_of(name).is_none() {
            let names: Vec<&str> = PARAMS.iter().map(|p| p.name).collect();
            bail!("no weight `{name}`; the weights: {}", names.join(", "));
        }
    }
    Ok(PARAMS
        .iter()
        .enumerate()
        .filter(|(_, p)| args.only.is_empty() || args.only.iter().any(|n| n == p.name))
        .filter(|(_, p)| !args.skip.iter().any(|n| n == p.name))
        .map(|(i, _)| i)
        .collect())
}

fn fit_file(args: &FitArgs) -> Result<()> {
    let variant = Variant::parse(&args.variant, None, None)?;
    let start = *EvalParams::for_variant(variant);
    let loading = Instant::now();
    let (train, held_out) = read_samples(args, variant)?;
    if train.is_empty() {
        bail!("{}: no training positions", args.file.display());
    }
    eprintln!(
        "{} training and {} held-out positions read in {:.1} s",
        train.len(),
        held_out.len(),
        loading.elapsed().as_secs_f64()
    );
    let started = Instant::now();
    let config = FitConfig {
        tuned: tuned_indices(args)?,
        scale: args.scale,
        max_passes: args.max_passes,
        deadline: Some(started + Duration::from_secs(args.max_seconds)),
    };
    let report = fit(&train, &held_out, &start, &config, &mut |p| {
        eprintln!(
            "pass {:>3}: train error {:.6}, {} weights changed, {} evaluations, {:.0} s",
            p.pass,
            p.train_error,
            p.changed,
            p.evaluations,
            started.elapsed().as_secs_f64()
        );
    });
    println!("scale K = {:.6} per centipoint", report.scale);
    println!(
        "train error    {:.6} -> {:.6}",
        report.train_before, report.train_after
    );
    println!(
        "held-out error {:.6} -> {:.6}",
        report.held_before, report.held_after
    );
    println!(
        "{} passes, {} evaluations, {}, {:.0} s",
        report.passes,
        report.evaluations,
        if report.converged {
            "converged"
        } else {
            "stopped before converging"
        },
        started.elapsed().as_secs_f64()
    );
    println!("\n{:<26} {:>7} {:>7}", "weight", "before", "after");
    for ((info, before), after) in PARAMS
        .iter()
        .zip(start.values())
        .zip(report.params.values())
    {
        if before != after {
            println!("{:<26} {before:>7} {after:>7}", info.name);
        }
    }
    println!("\n{}", report.params.to_rust_literal());
    Ok(())
}
