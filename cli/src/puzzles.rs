//! `norochess puzzles generate|deepen|verify|rate|stats`: finds puzzles in
//! self-play games, asks old ones for deeper lines, re-proves and re-rates
//! puzzle files and counts what a pack holds.

use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand};
use norochess_core::puzzle::{
    board_key, builtin_pack, deepen_puzzle, engine_rating_estimate, fit_panel_levels,
    generate_puzzles, idea_key, level_solves, panel_rating, parse_puzzles, tag_themes,
    verify_puzzle, write_puzzles, Difficulty, GeneratorOptions, PackStats, PanelRecord, Puzzle,
    VerifyReport, PANEL_LEVELS, PANEL_LEVEL_RATINGS,
};
use norochess_core::{Engine, Level};
use norochess_core::{SolveLimits, Solver, Variant};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
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
        /// The game of the source games (norochess, norochess960).
        #[arg(long, default_value = "norochess")]
        variant: String,
        /// Threads playing and analysing source games (the result does not
        /// depend on it).
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Most source games to play.
        #[arg(long, default_value_t = 100_000)]
        games: usize,
        /// Most solver nodes a kept puzzle may take to verify (nodes, not
        /// time, so a run is the same under any load; 1,200,000 take about
        /// 0.6 s on one core).
        #[arg(long, default_value_t = 1_200_000)]
        max_verify_nodes: u64,
        /// Only puzzles set at these move numbers, `FIRST-LAST` (`49-52`).
        #[arg(long, value_parser = parse_move_range)]
        moves: Option<(u32, u32)>,
        /// Only puzzles from deep overtime (move 53 on).
        #[arg(long)]
        deep_overtime_only: bool,
        /// Only puzzles of at least this many moves of the player (3: the
        /// middlegame's three-move gains and the longer exact lines).
        #[arg(long, default_value_t = 1)]
        min_moves: u8,
        /// Only lines in which a later move of the player (the second,
        /// third, ...) is not the biggest capture on the board.
        #[arg(long)]
        ask_later_move: bool,
        /// A puzzle file (or `builtin`) whose start boards this run must not
        /// repeat, and whose ideas (pawn skeleton and piece set) count
        /// toward the cap of 3 puzzles per idea: to add a run to a pack.
        #[arg(long)]
        avoid: Option<String>,
    },
    /// Re-prove every puzzle of a file (`builtin` for the built-in pack).
    Verify {
        /// The puzzle file, or `builtin`.
        file: String,
        /// Solver node budget per question.
        #[arg(long, default_value_t = 20_000_000)]
        nodes: u64,
        /// Threads (each puzzle is proven alone, with its own solver).
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Rate and tag every puzzle of a file again with today's rating and
    /// theme rules (what `generate` gives them), printing the file.
    Rate {
        /// The puzzle file, or `builtin`.
        file: String,
        /// Threads (each puzzle is rated alone; the result does not depend
        /// on it).
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Fit the panel levels' ratings jointly with the file's puzzles
        /// and rate with them (printing them on stderr), instead of the
        /// fixed ratings the generator uses.
        #[arg(long)]
        calibrate: bool,
    },
    /// Ask today's generator for a deeper line from each puzzle's own board
    /// and opponent's move (mates aside): a longer one (at least
    /// `--min-moves` player moves), or one as long whose later move is not
    /// the biggest capture; prints them with new ids in the puzzle format,
    /// and stderr names the puzzle each one would replace.
    Deepen {
        /// The puzzle file, or `builtin`.
        file: String,
        /// Player moves the new line must have at least.
        #[arg(long, default_value_t = 3)]
        min_moves: u8,
        /// Id prefix of the new puzzles.
        #[arg(long, default_value = "np")]
        prefix: String,
        /// Number of the first new puzzle.
        #[arg(long, default_value_t = 1)]
        first: usize,
        /// Threads (each puzzle is analysed alone; the result does not
        /// depend on it).
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Count what a pack holds: tiers, phases, objectives, trivial and
    /// repeated puzzles, themes.
    Stats {
        /// The puzzle file, or `builtin`.
        file: String,
        /// Also check the tiers against the playing levels: the share of
        /// each tier levels 2, 3 and 4 solve (three seeds each) must fall
        /// from easy to hard.
        #[arg(long)]
        solvers: bool,
    },
}

fn read_pack(file: &str) -> Result<Vec<Puzzle>> {
    if file == "builtin" {
        Ok(builtin_pack()?)
    } else {
        let text = std::fs::read_to_string(file).with_context(|| format!("cannot read {file}"))?;
        parse_puzzles(&text).with_context(|| file.to_string())
    }
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
            variant,
            threads,
            games,
            max_verify_nodes,
            moves,
            deep_overtime_only,
            min_moves,
            ask_later_move,
            avoid,
        } => {
            let avoided = match avoid {
                Some(file) => read_pack(file)?,
                None => Vec::new(),
            };
            let avoid_boards = avoided.iter().map(board_key).collect();
            let avoid_ideas = avoided.iter().map(idea_key).collect();
            let variant = Variant::parse(variant, None, None)?;
            let options = GeneratorOptions {
                count: *count,
                seed: *seed,
                id_prefix: prefix.clone(),
                first_number: *first,
                solve_nodes: *nodes,
                variant,
                threads: *threads,
                max_games: *games,
                max_verify_nodes: *max_verify_nodes,
                moves: *moves,
                deep_overtime_only: *deep_overtime_only,
                min_moves: *min_moves,
                ask_later_move: *ask_later_move,
                avoid_boards,
                avoid_ideas,
                ..GeneratorOptions::default()
            };
            let started = Instant::now();
            // The pack is printed as it is found, so a run can be cut short
            // (`| head -n K`): its first puzzles are the run of that many.
            print!("{}", write_puzzles(&[]));
            let puzzles = generate_puzzles(&options, &mut |p| {
                println!("{}", p.to_line());
                eprintln!("[{:>6.1} s] {}", started.elapsed().as_secs_f64(), p.id);
            });
            eprintln!(
                "{} puzzles in {:.1} s",
                puzzles.len(),
                started.elapsed().as_secs_f64()
            );
            Ok(())
        }
        PuzzlesCommand::Verify {
            file,
            nodes,
            threads,
        } => {
            let puzzles = read_pack(file)?;
            let limits = SolveLimits::with_nodes(*nodes);
            let started = Instant::now();
            let reports = verify_all(&puzzles, limits, *threads)?;
            let mut times: Vec<(Duration, &str)> = Vec::new();
            let mut failures = 0;
            for report in &reports {
                times.push((report.elapsed, &report.id));
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
            // Nodes, unlike times, are the same on every machine and under
            // any load: the generator's cap is in nodes.
            let mut nodes: Vec<(u64, &str)> =
                reports.iter().map(|r| (r.nodes, r.id.as_str())).collect();
            nodes.sort();
            let median_nodes = nodes.get(nodes.len() / 2).map_or(0, |n| n.0);
            let (most_nodes, most_nodes_id) = nodes.last().copied().unwrap_or_default();
            println!(
                "{} puzzles, {} failed; total {:.1} s, median {:.3} s, slowest {:.3} s ({slowest_id}); nodes: median {median_nodes}, most {most_nodes} ({most_nodes_id})",
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
        PuzzlesCommand::Rate {
            file,
            threads,
            calibrate,
        } => {
            let mut puzzles = read_pack(file)?;
            let started = Instant::now();
            let looks = panel_looks(&puzzles, *threads)?;
            let priors: Vec<f64> = looks.iter().map(|l| l.0).collect();
            let records: Vec<PanelRecord> = looks.iter().map(|l| l.1).collect();
            let levels = if *calibrate {
                let levels = fit_panel_levels(&priors, &records);
                for (level, rating) in PANEL_LEVELS.iter().zip(levels) {
                    eprintln!("level {level}: {rating:.0}");
                }
                levels
            } else {
                PANEL_LEVEL_RATINGS
            };
            for ((puzzle, prior), record) in puzzles.iter_mut().zip(&priors).zip(&records) {
                puzzle.themes = tag_themes(puzzle);
                puzzle.rating = panel_rating(*prior, record, &levels).round() as u16;
            }
            eprintln!(
                "{} puzzles rated in {:.1} s",
                puzzles.len(),
                started.elapsed().as_secs_f64()
            );
            print!("{}", write_puzzles(&puzzles));
            Ok(())
        }
        PuzzlesCommand::Deepen {
            file,
            min_moves,
            prefix,
            first,
            threads,
        } => {
            let puzzles = read_pack(file)?;
            let options = GeneratorOptions {
                min_moves: *min_moves,
                ..GeneratorOptions::default()
            };
            let started = Instant::now();
            let deeper = for_each_puzzle(
                &puzzles,
                *threads,
                || (Engine::new(8), Solver::new(4)),
                |(engine, solver), puzzle| deepen_puzzle(puzzle, &options, engine, solver),
            )?;
            let mut deeper_puzzles = Vec::new();
            for (old, new) in puzzles.iter().zip(deeper) {
                if let Some(mut new) = new {
                    new.id = format!("{prefix}{:04}", first + deeper_puzzles.len());
                    eprintln!(
                        "{} replaces {} ({} -> {})",
                        new.id,
                        old.id,
                        old.objective.text(),
                        new.objective.text()
                    );
                    deeper_puzzles.push(new);
                }
            }
            eprintln!(
                "{} of {} puzzles deepened in {:.1} s",
                deeper_puzzles.len(),
                puzzles.len(),
                started.elapsed().as_secs_f64()
            );
            print!("{}", write_puzzles(&deeper_puzzles));
            Ok(())
        }
        PuzzlesCommand::Stats { file, solvers } => {
            let puzzles = read_pack(file)?;
            print!("{}", PackStats::of(&puzzles).report());
            if *solvers {
                print!("{}", solver_table(&puzzles)?);
            }
            Ok(())
        }
    }
}

/// `work` applied to every puzzle on `threads` threads, each thread with a
/// tool of its own from `tool` (a solver, an engine), the answers in pack
/// order. An error when any puzzle has no answer (a thread failed), so a
/// pack is never reported on in part.
fn for_each_puzzle<T, R>(
    puzzles: &[Puzzle],
    threads: usize,
    tool: impl Fn() -> T + Sync,
    work: impl Fn(&mut T, &Puzzle) -> R + Sync,
) -> Result<Vec<R>>
where
    R: Send + Clone,
{
    let answers: Mutex<Vec<Option<R>>> = Mutex::new(vec![None; puzzles.len()]);
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                let mut tool = tool();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(puzzle) = puzzles.get(i) else { break };
                    let answer = work(&mut tool, puzzle);
                    if let Ok(mut answers) = answers.lock() {
                        answers[i] = Some(answer);
                    }
                }
            });
        }
    });
    let answers = answers
        .into_inner()
        .map_err(|_| anyhow::anyhow!("a worker thread failed"))?;
    let done = answers.iter().filter(|a| a.is_some()).count();
    if done != puzzles.len() {
        bail!(
            "{done} of {} puzzles done: a worker thread failed",
            puzzles.len()
        );
    }
    Ok(answers.into_iter().flatten().collect())
}

/// Verifies every puzzle on `threads` threads, each with its own solver
/// cleared per puzzle (so a report does not depend on the order); the
/// reports come back in pack order.
fn verify_all(
    puzzles: &[Puzzle],
    limits: SolveLimits,
    threads: usize,
) -> Result<Vec<VerifyReport>> {
    for_each_puzzle(puzzles, threads, Solver::default, |solver, puzzle| {
        solver.clear();
        verify_puzzle(puzzle, solver, limits)
    })
}

/// Each puzzle's engine estimate (the prior of its rating) and panel
/// record, on `threads` threads (each puzzle with a cleared engine, so the
/// answer does not depend on the order), in pack order.
fn panel_looks(puzzles: &[Puzzle], threads: usize) -> Result<Vec<(f64, PanelRecord)>> {
    for_each_puzzle(
        puzzles,
        threads,
        || Engine::new(8),
        |engine, puzzle| {
            (
                engine_rating_estimate(puzzle, engine),
                PanelRecord::of(puzzle, engine),
            )
        },
    )
}

/// The share of each tier that playing levels 2, 3 and 4 solve
/// (each puzzle tried with three fixed seeds; level 1 plays 30 % random
/// moves, which measures nothing), which must fall from easy to
/// hard for the tiers to mean something.
fn solver_table(puzzles: &[Puzzle]) -> Result<String> {
    let tiers = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];
    let mut out = String::from("solved by the playing levels (share of the tier):\n");
    let mut engine = Engine::new(8);
    let mut monotone = true;
    const SEEDS: [u64; 3] = [7, 8, 9];
    for level in [2u8, 3, 4] {
        let mut shares = Vec::new();
        for tier in tiers {
            let members: Vec<&Puzzle> = puzzles.iter().filter(|p| p.difficulty() == tier).collect();
            let solved: usize = members
                .iter()
                .map(|p| {
                    SEEDS
                        .iter()
                        .filter(|&&seed| level_solves(p, &mut engine, Level::new(level), seed))
                        .count()
                })
                .sum();
            let tries = members.len() * SEEDS.len();
            let share = (tries > 0).then(|| 100.0 * solved as f64 / tries as f64);
            shares.push((tier, solved, tries, share));
        }
        let present: Vec<f64> = shares.iter().filter_map(|s| s.3).collect();
        if present.windows(2).any(|w| w[1] > w[0]) {
            monotone = false;
        }
        out.push_str(&format!(
            "  level {level}: {}\n",
            shares
                .iter()
                .map(|(tier, solved, n, share)| match share {
                    Some(s) => format!("{} {solved}/{n} ({s:.0} %)", tier.id()),
                    None => format!("{} -", tier.id()),
                })
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    out.push_str(if monotone {
        "tiers are monotone: every level solves a smaller share of each harder tier\n"
    } else {
        "tiers are NOT monotone for some level\n"
    });
    if !monotone {
        print!("{out}");
        bail!("the tiers are not monotone");
    }
    Ok(out)
}

/// `49-52` as `(49, 52)`: a range of move numbers, first not after last.
fn parse_move_range(text: &str) -> std::result::Result<(u32, u32), String> {
    let bad = || format!("`{text}` is not a range of move numbers like 49-52");
    let (first, last) = text.split_once('-').ok_or_else(bad)?;
    let first: u32 = first.trim().parse().map_err(|_| bad())?;
    let last: u32 = last.trim().parse().map_err(|_| bad())?;
    if first == 0 || first > last {
        return Err(bad());
    }
    Ok((first, last))
}

#[cfg(test)]
mod tests {
    use super::parse_move_range;

    #[test]
    fn a_move_range_reads_and_refuses_what_is_not_one() {
        assert_eq!(parse_move_range("49-52"), Ok((49, 52)));
        assert_eq!(parse_move_range(" 15 - 60 "), Ok((15, 60)));
        for bad in ["52-49", "49", "a-b", "0-3", ""] {
            let refused = parse_move_range(bad).expect_err(bad);
            assert!(
                refused.contains("is not a range of move numbers"),
                "{refused}"
            );
        }
    }
}
