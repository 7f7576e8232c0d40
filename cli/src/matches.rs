//! `norochess match`: plays games between two engines from varied openings
//! and reports the result from the first engine's point of view, with an Elo
//! estimate. Games are judged by the project's own rules (the core's
//! [`Game`]), whatever the engines think.

use crate::engines::{EngineSpec, Forfeit, Player};
use crate::game_options::GameOptionArgs;
use anyhow::{bail, Context, Result};
use clap::Args;
use norochess_core::{Color, Game, Move, SplitMix64, Variant};
use std::fmt::Write as _;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// Options of `norochess match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    /// Game id: norochess, norochess960, ram, frontal, improved, crab or chess.
    #[arg(long, default_value = "norochess")]
    variant: String,
    #[command(flatten)]
    options: GameOptionArgs,
    /// Number of games (each opening is played twice, colours swapped).
    #[arg(long, default_value_t = 2)]
    games: usize,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// The first engine: self:level=N, self:nodes=N, self:depth=N,
    /// self:movetime=MS, or uci:cmd=PATH[,arg=A][,variant=NAME][,option.NAME=VALUE][,movetime=MS]...
    #[arg(long)]
    engine1: String,
    /// The second engine (same syntax as --engine1).
    #[arg(long)]
    engine2: String,
    /// Time per move in milliseconds for engines whose SPEC sets no limit.
    #[arg(long, default_value_t = 100)]
    movetime: u64,
    /// Seed for the openings and for the levels' choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Random legal plies played from the start to vary the openings
    /// (Norochess960 also draws a random start position per opening).
    #[arg(long, default_value_t = 4)]
    openings_plies: usize,
    /// Games with a royal king still running after this many plies are
    /// adjudicated drawn.
    #[arg(long, default_value_t = 300)]
    max_plies: usize,
    /// Write all games to this file as PGN-style records.
    #[arg(long)]
    pgn: Option<String>,
}

/// One game to play.
#[derive(Clone, Debug)]
struct Job {
    index: usize,
    start_number: Option<u16>,
    opening: Vec<Move>,
    engine1_white: bool,
}

/// A finished game.
struct Played {
    job: Job,
    game: Game,
    /// Why the match ended the game itself, if it did.
    note: Option<String>,
}

/// Runs the match.
pub fn run(args: &MatchArgs) -> Result<()> {
    let variant = args.options.variant(&args.variant.to_ascii_lowercase())?;
    let specs = [
        EngineSpec::parse(&args.engine1)?,
        EngineSpec::parse(&args.engine2)?,
    ];
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    let concurrency = args.concurrency.clamp(1, args.games);
    let jobs = make_jobs(variant, args.games, args.openings_plies, args.seed)?;
    let names = [specs[0].name().to_string(), specs[1].name().to_string()];
    let next_job = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel::<Result<Played>>();
    let mut played: Vec<Played> = Vec::new();
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..concurrency {
            let worker_sender = sender.clone();
            let (jobs, specs, next_job, names) = (&jobs, &specs, &next_job, &names);
            let spawned = std::thread::Builder::new()
                .name("match worker".to_string())
                .stack_size(16 << 20)
                .spawn_scoped(scope, move || {
                    worker(jobs, specs, next_job, names, variant, args, &worker_sender);
                });
            if let Err(e) = spawned {
                let _ = sender.send(Err(anyhow::anyhow!("cannot start a worker thread: {e}")));
            }
        }
        drop(sender);
        for result in receiver {
            match result {
                Ok(game) => {
                    println!("{}", game_line(&game, &names, args.games));
                    played.push(game);
                }
                Err(e) => {
                    // Stop handing out games; the running ones finish.
                    next_job.store(usize::MAX / 2, Ordering::Relaxed);
                    failure.get_or_insert(e);
                }
            }
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    played.sort_by_key(|p| p.job.index);
    if let Some(path) = &args.pgn {
        let mut text = String::new();
        for p in &played {
            text.push_str(&p.game.to_pgn());
            text.push('\n');
        }
        std::fs::write(path, text).with_context(|| format!("cannot write {path}"))?;
    }
    print!("{}", summary(&played, &names, variant));
    Ok(())
}

/// Plays games until none are left, with its own players (so its own
/// engine processes), sending each finished game back.
fn worker(
    jobs: &[Job],
    specs: &[EngineSpec; 2],
    next_job: &AtomicUsize,
    names: &[String; 2],
    variant: Variant,
    args: &MatchArgs,
    sender: &mpsc::Sender<Result<Played>>,
) {
    let players = specs
        .iter()
        .map(|spec| Player::new(spec, variant, args.movetime))
        .collect::<Result<Vec<Player>>>();
    let mut players = match players {
        Ok(players) => players,
        Err(e) => {
            let _ = sender.send(Err(e));
            return;
        }
    };
    loop {
        let i = next_job.fetch_add(1, Ordering::Relaxed);
        let Some(job) = jobs.get(i) else { break };
        let result = play_game(job, variant, &mut players, names, args);
        let failed = result.is_err();
        if sender.send(result).is_err() || failed {
            break;
        }
    }
}

/// The games: openings of random legal plies, each played twice with the
/// colours swapped.
fn make_jobs(variant: Variant, games: usize, plies: usize, seed: u64) -> Result<Vec<Job>> {
    let mut rng = SplitMix64::new(seed);
    let mut jobs = Vec::with_capacity(games);
    for pair in 0..games.div_ceil(2) {
        let start_number = variant
            .start_numbering()
            .map(|numbering| rng.below(u64::from(numbering.count)) as u16);
        let mut opening = Vec::new();
        // Redraw openings that end the game (a rare sequence of random moves).
        for _ in 0..100 {
            let mut game = Game::new(variant, start_number)?;
            opening.clear();
            while opening.len() < plies && !game.is_over() {
                let moves = game.position().legal_moves();
                let Some(&mv) = moves.get(rng.below(moves.len() as u64) as usize) else {
                    break;
                };
                game.play(mv)?;
                opening.push(mv);
            }
            if !game.is_over() {
                break;
            }
        }
        for engine1_white in [true, false] {
            if jobs.len() < games {
                jobs.push(Job {
                    index: pair * 2 + usize::from(!engine1_white),
                    start_number,
                    opening: opening.clone(),
                    engine1_white,
                });
            }
        }
    }
    Ok(jobs)
}

/// Plays one game to its end by the rules (or the ply cap, or a forfeit).
/// `players[0]` is engine 1.
fn play_game(
    job: &Job,
    variant: Variant,
    players: &mut [Player],
    names: &[String; 2],
    args: &MatchArgs,
) -> Result<Played> {
    let mut game = Game::new(variant, job.start_number)?;
    let (white, black) = if job.engine1_white { (0, 1) } else { (1, 0) };
    game.set_tag("Event", "norochess match");
    game.set_tag("Round", &(job.index + 1).to_string());
    game.set_tag("White", &names[white]);
    game.set_tag("Black", &names[black]);
    for mv in &job.opening {
        game.play(*mv)?;
    }
    if !job.opening.is_empty() {
        game.set_comment(Some("end of opening".to_string()));
    }
    for player in players.iter_mut() {
        player.new_game()?;
    }
    let royal = variant.rules().royal_king;
    let mut note = None;
    while !game.is_over() {
        if royal && game.plies().len() >= args.max_plies {
            game.agree_draw()?;
            let text = format!("adjudicated after {} plies", args.max_plies);
            game.set_tag("Adjudication", &text);
            note = Some(text);
            break;
        }
        let mover = game.position().turn();
        let index = if mover == Color::White { white } else { black };
        let seed = args.seed
            ^ (job.index as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ (game.plies().len() as u64).wrapping_mul(0xd6e8_feb8_6659_fd93);
        match players[index].choose(&game, seed) {
            Ok(mv) => {
                if let Err(e) = game.play(mv) {
                    let text = format!("{} forfeits: {e}", mover.name());
                    forfeit_illegal(&mut game, job, mover, &text)?;
                    note = Some(text);
                }
            }
            Err(Forfeit::Time(reason)) => {
                let text = format!("{} forfeits on time: {reason}", mover.name());
                eprintln!("warning: game {}: {text}", job.index + 1);
                game.flag_fall(mover)?;
                game.set_tag("Forfeit", &text);
                note = Some(text);
            }
            Err(Forfeit::Illegal(reason)) => {
                let text = format!("{} forfeits: {reason}", mover.name());
                forfeit_illegal(&mut game, job, mover, &text)?;
                note = Some(text);
            }
        }
    }
    Ok(Played {
        job: job.clone(),
        game,
        note,
    })
}

fn forfeit_illegal(game: &mut Game, job: &Job, mover: Color, text: &str) -> Result<()> {
    eprintln!("warning: game {}: {text}", job.index + 1);
    game.resign(mover)?;
    game.set_tag("Forfeit", text);
    Ok(())
}

/// Engine 1's result in a game: 1, ½ or 0 (as 2, 1, 0 half-points), and
/// its score minus engine 2's in the Norochess family.
fn engine1_result(p: &Played) -> (u32, Option<i64>) {
    let outcome = p.game.outcome();
    let engine1 = if p.job.engine1_white {
        Color::White
    } else {
        Color::Black
    };
    let half_points = match outcome.and_then(|o| o.winner) {
        Some(winner) if winner == engine1 => 2,
        Some(_) => 0,
        None => 1,
    };
    let differential = p.game.scores().map(|(white, black)| {
        let diff = i64::from(white) - i64::from(black);
        if engine1 == Color::White {
            diff
        } else {
            -diff
        }
    });
    (half_points, differential)
}

fn game_line(p: &Played, names: &[String; 2], games: usize) -> String {
    let (white, black) = if p.job.engine1_white {
        (&names[0], &names[1])
    } else {
        (&names[1], &names[0])
    };
    let result = match (p.game.outcome(), &p.note) {
        (Some(outcome), Some(note)) => format!("{} ({note})", outcome.headline()),
        (Some(outcome), None) => outcome.to_string(),
        (None, _) => "unfinished".to_string(),
    };
    let mut opening = Game::new(p.game.variant(), p.job.start_number)
        .ok()
        .map(|mut g| {
            for mv in &p.job.opening {
                let _ = g.play(*mv);
            }
            g.san_moves().join(" ")
        })
        .unwrap_or_default();
    if let Some(n) = p.job.start_number {
        opening = format!("start {n}; {opening}");
    }
    format!(
        "Game {}/{games} [{opening}] {white} (White) vs {black} (Black): {result}, {} plies",
        p.job.index + 1,
        p.game.plies().len()
    )
}

/// Elo difference for a score fraction (infinite at 0 and 1).
fn elo(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// The Elo estimate and the half-width of its 95% interval.
pub fn elo_estimate(wins: usize, draws: usize, losses: usize) -> Option<(f64, f64)> {
    let n = (wins + draws + losses) as f64;
    if n == 0.0 {
        return None;
    }
    let (w, d, l) = (wins as f64 / n, draws as f64 / n, losses as f64 / n);
    let score = w + d / 2.0;
    let variance = w * (1.0 - score).powi(2) + d * (0.5 - score).powi(2) + l * score.powi(2);
    let error = (variance / n).sqrt();
    let margin = (elo(score + 1.96 * error) - elo(score - 1.96 * error)) / 2.0;
    Some((elo(score), margin))
}

fn summary(played: &[Played], names: &[String; 2], variant: Variant) -> String {
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    let mut differential = 0i64;
    let mut points = [0i64; 2];
    for p in played {
        let (half_points, diff) = engine1_result(p);
        match half_points {
            2 => wins += 1,
            1 => draws += 1,
            _ => losses += 1,
        }
        if let (Some(diff), Some((white, black))) = (diff, p.game.scores()) {
            differential += diff;
            let (mine, theirs) = if p.job.engine1_white {
                (white, black)
            } else {
                (black, white)
            };
            points[0] += i64::from(mine);
            points[1] += i64::from(theirs);
        }
    }
    let n = played.len();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Match {} vs {} ({variant}), {n} games",
        names[0], names[1]
    );
    let _ = writeln!(out, "W/D/L: {wins}/{draws}/{losses}");
    let score = wins as f64 + draws as f64 / 2.0;
    let _ = writeln!(
        out,
        "Score: {score}/{n} ({:.1}%)",
        100.0 * score / (n.max(1) as f64)
    );
    if variant.rules().capture_points {
        let _ = writeln!(
            out,
            "Score differential: {differential:+} (points {} to {})",
            points[0], points[1]
        );
    }
    match elo_estimate(wins, draws, losses) {
        Some((diff, margin)) if diff.is_finite() => {
            // (Adding 0.0 turns -0.0 into 0.0.)
            let diff = diff + 0.0;
            if margin.is_finite() {
                let _ = writeln!(out, "Elo difference: {diff:+.1} +/- {margin:.1} (95%)");
            } else {
                let _ = writeln!(out, "Elo difference: {diff:+.1} +/- inf (95%)");
            }
        }
        Some((diff, _)) => {
            let sign = if diff > 0.0 { '+' } else { '-' };
            let _ = writeln!(
                out,
                "Elo difference: {sign}inf (every game decided one way)"
            );
        }
        None => {}
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_even_and_lopsided_results() {
        let (diff, margin) = elo_estimate(10, 0, 10).unwrap();
        assert!(diff.abs() < 1e-9);
        assert!(margin > 100.0 && margin < 300.0, "{margin}");
        let (diff, _) = elo_estimate(75, 0, 25).unwrap();
        assert!((diff - 190.848).abs() < 0.01, "{diff}");
        assert!(elo_estimate(3, 0, 0).unwrap().0.is_infinite());
    }

    #[test]
    fn openings_come_in_pairs() {
        let jobs = make_jobs(Variant::Norochess, 5, 4, 7).unwrap();
        assert_eq!(jobs.len(), 5);
        assert_eq!(jobs[0].opening, jobs[1].opening);
        assert_ne!(jobs[0].engine1_white, jobs[1].engine1_white);
        assert_eq!(jobs[0].opening.len(), 4);
        let again = make_jobs(Variant::Norochess, 5, 4, 7).unwrap();
        assert_eq!(jobs[2].opening, again[2].opening);
    }
}
