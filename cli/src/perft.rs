//! `norochess perft`: leaf counts of the legal move tree.

use crate::game_options::GameOptionArgs;
use anyhow::Result;
use clap::Args;
use norochess_core::AnyPosition;
use std::time::Instant;

/// Options of `norochess perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    /// Game id: norochess, norochess960, ram, frontal, improved, crab, chess or plain10.
    #[arg(long, default_value = "norochess")]
    variant: String,
    #[command(flatten)]
    options: GameOptionArgs,
    /// Norochess960 start position number (0-959, 518 = standard).
    #[arg(long)]
    start: Option<u16>,
    /// Position text (FEN plus optional score=W-B / opening=pending).
    #[arg(long)]
    fen: Option<String>,
    /// Depth in plies.
    #[arg(long)]
    depth: u32,
    /// Print the count below each root move first.
    #[arg(long)]
    divide: bool,
}

/// Runs perft and prints the leaf count as the last line; speed goes to stderr.
pub fn run(args: &PerftArgs) -> Result<()> {
    let variant = args.options.variant(&args.variant)?;
    if args.start.is_some() && variant.start_numbering().is_none() {
        anyhow::bail!("--start applies only to norochess960");
    }
    let position = match &args.fen {
        Some(text) => AnyPosition::from_text(variant, text)?,
        None => AnyPosition::start(variant, args.start)?,
    };
    let started = Instant::now();
    let nodes = if args.divide {
        let mut total = 0;
        let mut rows = position.divide(args.depth);
        rows.sort();
        for (mv, count) in rows {
            println!("{mv}: {count}");
            total += count;
        }
        total
    } else {
        position.perft(args.depth)
    };
    let seconds = started.elapsed().as_secs_f64();
    println!("{nodes}");
    eprintln!(
        "{} depth {}: {} leaves in {:.3} s ({:.1} M leaves/s)",
        variant,
        args.depth,
        nodes,
        seconds,
        nodes as f64 / seconds.max(1e-9) / 1e6
    );
    Ok(())
}
