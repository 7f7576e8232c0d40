//! Perft benchmarks (bulk counting at the leaves), reported in leaves per
//! second, and a side-by-side comparison with shakmaty on standard chess.
//!
//! Run with `cargo bench -p norochess-core --bench perft` (about a minute and
//! a half on two cores). Groups:
//!
//! - `perft8`: chess start (depth 5), Kiwipete (depth 4), Norochess start
//!   (depth 5);
//! - `perft10`: Ram, Frontal and Plain10 start positions at depths 4 and 5;
//! - `vs_shakmaty`: the same chess positions counted by this crate and by
//!   shakmaty, side by side.
//!
//! After criterion, unless a filter excludes `vs_shakmaty`, a best-of-5
//! wall-clock loop at larger depths prints the ratio of our speed to
//! shakmaty's.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, BenchmarkId, Criterion, SamplingMode, Throughput};
use norochess_core::{AnyPosition, Variant};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

/// Kiwipete, the classic castling / en passant / promotion stress position.
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Reference leaf counts (chess start depth 5 and 6, Kiwipete depth 4 and 5).
const CHESS_START_D5: u64 = 4_865_609;
const CHESS_START_D6: u64 = 119_060_324;
const KIWIPETE_D4: u64 = 4_085_603;
const KIWIPETE_D5: u64 = 193_690_690;

/// Iterations of the wall-clock comparison; the best one is kept.
const COMPARE_RUNS: usize = 5;

/// Our start position of `variant`.
fn ours_start(variant: Variant) -> AnyPosition {
    AnyPosition::start(variant, None).expect("start position")
}

/// Our Kiwipete.
fn ours_kiwipete() -> AnyPosition {
    AnyPosition::from_text(Variant::Chess, KIWIPETE).expect("Kiwipete")
}

/// shakmaty's Kiwipete.
fn shakmaty_kiwipete() -> Chess {
    let fen: Fen = KIWIPETE.parse().expect("Kiwipete FEN");
    fen.into_position(CastlingMode::Standard)
        .expect("legal Kiwipete")
}

/// A group with few samples of one or a few iterations each: every
/// benchmark here takes milliseconds to a fraction of a second.
fn quick_group<'a>(c: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, WallTime> {
    let mut group = c.benchmark_group(name);
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    group
}

/// Benchmarks our perft of `position` to `depth` as `name/depth`, with the
/// leaf count as throughput.
fn bench_ours(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    position: &AnyPosition,
    depth: u32,
    expected: Option<u64>,
) {
    let leaves = position.perft(depth);
    if let Some(expected) = expected {
        assert_eq!(leaves, expected, "{name} depth {depth}");
    }
    group.throughput(Throughput::Elements(leaves));
    group.bench_with_input(BenchmarkId::new(name, depth), position, |b, p| {
        b.iter(|| black_box(p).perft(black_box(depth)))
    });
}

/// 8×8 games.
fn perft8(c: &mut Criterion) {
    let mut group = quick_group(c, "perft8");
    let chess = ours_start(Variant::Chess);
    bench_ours(&mut group, "chess_start", &chess, 5, Some(CHESS_START_D5));
    bench_ours(
        &mut group,
        "kiwipete",
        &ours_kiwipete(),
        4,
        Some(KIWIPETE_D4),
    );
    let norochess = ours_start(Variant::Norochess);
    bench_ours(
        &mut group,
        "norochess_start",
        &norochess,
        5,
        Some(4_897_256),
    );
    group.finish();
}

/// 10×10 games.
fn perft10(c: &mut Criterion) {
    let mut group = quick_group(c, "perft10");
    for (name, variant) in [
        ("ram_start", Variant::Ram),
        ("frontal_start", Variant::Frontal),
        ("plain10_start", Variant::Plain10),
    ] {
        let start = ours_start(variant);
        for depth in [4, 5] {
            bench_ours(&mut group, name, &start, depth, None);
        }
    }
    group.finish();
}

/// Our perft and shakmaty's on the same chess positions.
fn vs_shakmaty(c: &mut Criterion) {
    let mut group = quick_group(c, "vs_shakmaty");
    let cases = [
        (
            "chess_start",
            ours_start(Variant::Chess),
            Chess::default(),
            5,
        ),
        ("kiwipete", ours_kiwipete(), shakmaty_kiwipete(), 4),
    ];
    for (name, ours, theirs, depth) in cases {
        let leaves = ours.perft(depth);
        assert_eq!(
            leaves,
            shakmaty::perft(&theirs, depth),
            "{name} depth {depth}: norochess-core and shakmaty disagree"
        );
        group.throughput(Throughput::Elements(leaves));
        group.bench_with_input(
            BenchmarkId::new(format!("{name}/ours"), depth),
            &ours,
            |b, p| b.iter(|| black_box(p).perft(black_box(depth))),
        );
        group.bench_with_input(
            BenchmarkId::new(format!("{name}/shakmaty"), depth),
            &theirs,
            |b, p| b.iter(|| shakmaty::perft(black_box(p), black_box(depth))),
        );
    }
    group.finish();
}

/// Best-of-`COMPARE_RUNS` wall-clock speed of `count`, in leaves per second,
/// and the leaf count.
fn best_speed(count: impl Fn() -> u64) -> (f64, u64) {
    let mut best = f64::INFINITY;
    let mut leaves = 0;
    for _ in 0..COMPARE_RUNS {
        let started = Instant::now();
        leaves = black_box(count());
        best = best.min(started.elapsed().as_secs_f64());
    }
    (leaves as f64 / best.max(1e-9), leaves)
}

/// Prints our speed, shakmaty's and their ratio on deeper searches.
fn compare_with_shakmaty() {
    println!("\nBest of {COMPARE_RUNS} wall-clock runs, bulk-counting perft (M leaves/s):");
    let ours_chess = ours_start(Variant::Chess);
    let theirs_chess = Chess::default();
    let ours_kiwi = ours_kiwipete();
    let theirs_kiwi = shakmaty_kiwipete();
    let cases: [(&str, &AnyPosition, &Chess, u32, u64); 2] = [
        (
            "chess start d6",
            &ours_chess,
            &theirs_chess,
            6,
            CHESS_START_D6,
        ),
        ("kiwipete d5", &ours_kiwi, &theirs_kiwi, 5, KIWIPETE_D5),
    ];
    for (label, ours, theirs, depth, expected) in cases {
        let (ours_speed, ours_leaves) = best_speed(|| black_box(ours).perft(depth));
        let (theirs_speed, theirs_leaves) =
            best_speed(|| shakmaty::perft(black_box(theirs), depth));
        assert_eq!(ours_leaves, expected, "{label}: norochess-core count");
        assert_eq!(theirs_leaves, expected, "{label}: shakmaty count");
        println!(
            "{label}: ours {:.1} M/s, shakmaty {:.1} M/s, ratio {:.2}",
            ours_speed / 1e6,
            theirs_speed / 1e6,
            ours_speed / theirs_speed
        );
    }
}

/// Whether the command line asks for a real benchmark run whose filter (if
/// any) lets `vs_shakmaty` through: not `cargo test --benches` (no `--bench`),
/// not `--test`, `--list` or `--profile-time`.
fn comparison_wanted() -> bool {
    // Criterion options that take a separate value.
    const WITH_VALUE: &[&str] = &[
        "-c",
        "--color",
        "--colour",
        "-s",
        "--save-baseline",
        "-b",
        "--baseline",
        "--baseline-lenient",
        "--load-baseline",
        "--sample-size",
        "--warm-up-time",
        "--measurement-time",
        "--nresamples",
        "--noise-threshold",
        "--confidence-level",
        "--significance-level",
        "--profile-time",
        "--plotting-backend",
        "--output-format",
        "--format",
    ];
    let args: Vec<String> = std::env::args().skip(1).collect();
    let has = |flag: &str| {
        args.iter()
            .any(|a| a == flag || a.starts_with(&format!("{flag}=")))
    };
    if !has("--bench") || has("--test") || has("--list") || has("--profile-time") {
        return false;
    }
    let mut filter = None;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        if WITH_VALUE.contains(&arg.as_str()) {
            iter.next();
        } else if !arg.starts_with('-') {
            filter = Some(arg.as_str());
        }
    }
    match filter {
        None => true,
        Some(f) => "vs_shakmaty".contains(f) || f.contains("vs_shakmaty"),
    }
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    perft8(&mut criterion);
    perft10(&mut criterion);
    vs_shakmaty(&mut criterion);
    criterion.final_summary();
    if comparison_wanted() {
        compare_with_shakmaty();
    }
}
