//! `norochess bench`: searches a fixed set of positions from every game to a
//! fixed depth and prints the total node count (a signature of the search:
//! quote it in commits that change the search) and the speed. With
//! `--threads N` it measures Lazy SMP instead: the time to reach the depth
//! (the node count then varies from run to run).

use anyhow::Result;
use clap::Args;
use norochess_core::{AnyPosition, Engine, Limits, SearchRequest, Variant};
use std::time::Instant;

/// Options of `norochess bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Search depth for every position.
    #[arg(long, default_value_t = 8)]
    depth: u32,
    /// Transposition table size in MB.
    #[arg(long, default_value_t = 16)]
    hash: usize,
    /// Only the positions of this game id.
    #[arg(long)]
    variant: Option<String>,
    /// Search threads (Lazy SMP; with more than 1 the node count is no
    /// signature).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=norochess_core::MAX_THREADS as i64))]
    threads: u32,
}

/// The bench positions: (game, position text or `None` for the start).
pub const POSITIONS: &[(&str, Option<&str>)] = &[
    ("norochess", None),
    (
        "norochess",
        Some("rnbqkbn1/ppp1pppp/8/K1Pp3r/8/8/PP1PPPPP/RNBQ1BNR w - d6 0 5 score=0-0"),
    ),
    (
        "norochess",
        Some("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w - - 2 12 score=4-4"),
    ),
    (
        "norochess",
        Some("6k1/5ppp/4p3/3pP3/1r1P4/5N2/5PPP/2R3K1 w - - 0 44 score=21-19"),
    ),
    // The fourth position a move later: the decision 8 plies away, within
    // the depth, so the exact last plies and the pruning before them count.
    (
        "norochess",
        Some("6k1/5ppp/4p3/3pP3/1r1P4/5N2/5PPP/2R3K1 w - - 0 45 score=21-19"),
    ),
    (
        "norochess",
        Some("2r3k1/5pp1/p3p2p/1p6/3n4/P3B1P1/1P3P1P/2R3K1 b - - 0 47 score=25-26"),
    ),
    (
        "norochess960",
        Some("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w - - 0 1 score=0-0"),
    ),
    ("ram", None),
    (
        "ram",
        Some("1rnbqkbnr1/pp1ppp1ppp/2p3p3/10/3PP5/10/10/2N6N/PP3PPPPP/1R1BQKB1R1 b - - 0 5"),
    ),
    ("frontal", None),
    (
        "frontal",
        Some("1r1bqkbnr1/ppp1pp1ppp/2n3p3/3p6/4P5/3P6/10/5N4/PPP2PPPPP/1RNBQKB1R1 w - - 0 5"),
    ),
    (
        "improved",
        Some("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"),
    ),
    ("crab", None),
    (
        "chess",
        Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    ),
];

/// Runs the bench.
pub fn run(args: &BenchArgs) -> Result<()> {
    let mut engine = Engine::new(args.hash);
    let mut total_nodes = 0u64;
    let started = Instant::now();
    for (id, text) in POSITIONS {
        if args.variant.as_deref().is_some_and(|v| v != *id) {
            continue;
        }
        let variant = Variant::parse(id, None, None)?;
        let position = match text {
            Some(text) => AnyPosition::from_text(variant, text)?,
            None => AnyPosition::start(variant, None)?,
        };
        engine.clear();
        let request = SearchRequest::new(
            position,
            Limits {
                depth: Some(args.depth),
                threads: args.threads as usize,
                ..Limits::default()
            },
        );
        let result = engine.search(&request, &mut |_| {});
        total_nodes += result.nodes;
        let best = result
            .best_move
            .map_or("(none)".to_string(), |m| position.to_san(m));
        let score = result.score().map_or("-".to_string(), |s| s.to_string());
        eprintln!(
            "{id:<13} {:>10} nodes {:>8.0} knps {:>7.0} ms  best {best:<8} {score}",
            result.nodes,
            result.nodes as f64 / result.elapsed.as_secs_f64().max(1e-9) / 1e3,
            result.elapsed.as_secs_f64() * 1e3
        );
    }
    let seconds = started.elapsed().as_secs_f64();
    println!("Nodes searched: {total_nodes}");
    println!(
        "Nodes/second: {:.0}",
        total_nodes as f64 / seconds.max(1e-9)
    );
    if args.threads > 1 {
        println!("Threads: {}, time: {:.0} ms", args.threads, seconds * 1e3);
    }
    Ok(())
}
