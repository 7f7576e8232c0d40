//! `norochess match`: plays games between two engines from varied openings
//! and reports the result from the first engine's point of view, with an Elo
//! estimate. Games are judged by the project's own rules (the core's
//! [`Game`]), whatever the engines think.
//!
//! A game lost by forfeit (an illegal move, no move in time, a crash) says
//! nothing about strength, so forfeits and crashes are counted on their own
//! lines and make the match invalid: the command then fails (exit code 1)
//! unless `--allow-forfeits` is given.
//!
//! With `--sprt` the match is a sequential test (see [`crate::sprt`]): it
//! stops as soon as the log-likelihood ratio crosses a bound, `--games`
//! being the most it plays.

use crate::engines::{EngineSpec, Forfeit, Player};
use crate::game_options::GameOptionArgs;
use crate::sprt::{Model, Sprt, Verdict};
use anyhow::{bail, Context, Result};
use clap::Args;
use norochess_core::{Color, Game, Move, SplitMix64, Variant};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Mutex, PoisonError};
use thiserror::Error;

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
    /// self:movetime=MS (also ,threads=N ,hash=MB), or uci:cmd=PATH[,arg=A][,variant=NAME][,option.NAME=VALUE][,movetime=MS]...
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
    /// Succeed even if games were lost by forfeit or an engine crashed (the
    /// summary still marks the match invalid).
    #[arg(long)]
    allow_forfeits: bool,
    /// Stop as soon as a sequential probability ratio test decides:
    /// elo0=E0,elo1=E1[,alpha=A][,beta=B][,model=pentanomial|trinomial]
    /// (Elo in logistic units; alpha and beta 0.05 and the pentanomial
    /// model by default). --games is then the most games played.
    #[arg(long, value_name = "SETTINGS")]
    sprt: Option<String>,
}

/// A match that ran to its end but does not measure strength: some games
/// were decided by a forfeit, or an engine crashed.
#[derive(Debug, Error)]
#[error(
    "the match is invalid: {forfeits} game(s) lost by forfeit, {crashes} engine crash(es) \
     (--allow-forfeits accepts such a match)"
)]
pub struct InvalidMatch {
    /// Games lost by forfeit.
    pub forfeits: u64,
    /// Engine crashes, in games or between them.
    pub crashes: u64,
}

/// How a game was lost without being played out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ForfeitKind {
    /// An illegal or unreadable move, or another protocol failure.
    Illegal,
    /// No move in time.
    Time,
    /// The engine exited, or could not be restarted.
    Crash,
}

impl ForfeitKind {
    const ALL: [ForfeitKind; 3] = [ForfeitKind::Illegal, ForfeitKind::Time, ForfeitKind::Crash];

    fn index(self) -> usize {
        self as usize
    }

    /// `n` forfeits of this kind, in words.
    fn count(self, n: u64) -> String {
        let plural = if n == 1 { "" } else { "s" };
        match self {
            ForfeitKind::Illegal => format!("{n} illegal move{plural}"),
            ForfeitKind::Time => format!("{n} on time"),
            ForfeitKind::Crash => format!("{n} crash{}", if n == 1 { "" } else { "es" }),
        }
    }
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
    /// The engine (0 or 1) that lost the game by forfeit, and how.
    forfeit: Option<(usize, ForfeitKind)>,
    /// Each engine's crashes in this game or found at its start.
    crashes: [u64; 2],
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
    let sprt = args.sprt.as_deref().map(Sprt::parse).transpose()?;
    let concurrency = args.concurrency.clamp(1, args.games);
    let schedule = Schedule {
        jobs: make_jobs(variant, args.games, args.openings_plies, args.seed)?,
        next_job: AtomicUsize::new(0),
        sprt,
        results: Mutex::new(Results::default()),
    };
    let names = [specs[0].name().to_string(), specs[1].name().to_string()];
    let (sender, receiver) = mpsc::channel::<Result<Played>>();
    let mut played: Vec<Played> = Vec::new();
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..concurrency {
            let worker_sender = sender.clone();
            let (schedule, specs, names) = (&schedule, &specs, &names);
            let spawned = std::thread::Builder::new()
                .name("match worker".to_string())
                .stack_size(16 << 20)
                .spawn_scoped(scope, move || {
                    worker(schedule, specs, names, variant, args, &worker_sender);
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
                    // The running games finish.
                    schedule.stop();
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
    let Results { tally, decision } = schedule
        .results
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner);
    print!("{}", summary(&tally, &names, variant, args.allow_forfeits));
    if let Some(sprt) = &schedule.sprt {
        let (verdict, llr, games) = decision.unwrap_or_else(|| {
            let llr = tally.llr(sprt);
            (sprt.verdict(llr), llr, tally.games())
        });
        print!("{}", sprt_report(sprt, &tally, verdict, llr, games));
    }
    let forfeits = tally.forfeit_total();
    let crashes = tally.crashes.iter().sum();
    if (forfeits > 0 || crashes > 0) && !args.allow_forfeits {
        return Err(InvalidMatch { forfeits, crashes }.into());
    }
    Ok(())
}

/// The games of a match and the results so far, shared by the workers.
struct Schedule {
    jobs: Vec<Job>,
    next_job: AtomicUsize,
    sprt: Option<Sprt>,
    results: Mutex<Results>,
}

/// The results so far.
#[derive(Default)]
struct Results {
    tally: Tally,
    /// Set when the SPRT decides: its verdict, LLR and the games it saw.
    decision: Option<(Verdict, f64, u64)>,
}

impl Schedule {
    /// The next game to play, if any.
    fn next(&self) -> Option<&Job> {
        self.jobs.get(self.next_job.fetch_add(1, Ordering::Relaxed))
    }

    /// Hands out no more games.
    fn stop(&self) {
        self.next_job.store(usize::MAX / 2, Ordering::Relaxed);
    }

    /// Counts a finished game and applies the stop rule. Workers call it
    /// before taking their next game, so a decision stops them at once
    /// (only the games of other workers already running still finish,
    /// and count).
    fn record(&self, played: &Played) {
        // A panicking worker ends the program anyway; its totals stay usable.
        let mut results = self.results.lock().unwrap_or_else(PoisonError::into_inner);
        results.tally.add(played);
        if let (Some(sprt), None) = (&self.sprt, results.decision) {
            let llr = results.tally.llr(sprt);
            let verdict = sprt.verdict(llr);
            if verdict != Verdict::Continue {
                results.decision = Some((verdict, llr, results.tally.games()));
                self.stop();
            }
        }
    }
}

/// Plays games until none are left, with its own players (so its own
/// engine processes), sending each finished game back.
fn worker(
    schedule: &Schedule,
    specs: &[EngineSpec; 2],
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
    while let Some(job) = schedule.next() {
        let result = play_game(job, variant, &mut players, names, args);
        if let Ok(played) = &result {
            schedule.record(played);
        }
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
    let mut note = None;
    let mut forfeit = None;
    let mut crashes = [0; 2];
    for (i, player) in players.iter_mut().enumerate() {
        let color = if i == white {
            Color::White
        } else {
            Color::Black
        };
        match player.new_game() {
            Ok(false) => {}
            Ok(true) => {
                crashes[i] += 1;
                eprintln!(
                    "warning: game {}: {} had exited since its last game (restarted)",
                    job.index + 1,
                    names[i]
                );
            }
            // The first engine that cannot start the game loses it.
            Err(reason) if forfeit.is_none() => {
                let (kind, text) = end_by_forfeit(&mut game, job, color, &names[i], reason)?;
                crashes[i] += u64::from(kind == ForfeitKind::Crash);
                forfeit = Some((i, kind));
                note = Some(text);
            }
            // The game is already lost by the other engine; only count.
            Err(reason) => {
                crashes[i] += u64::from(matches!(reason, Forfeit::Crash(_)));
                eprintln!(
                    "warning: game {}: {} could not start the game either",
                    job.index + 1,
                    names[i]
                );
            }
        }
    }
    let royal = variant.rules().royal_king;
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
        let reason = match players[index].choose(&game, seed) {
            Ok(mv) => match game.play(mv) {
                Ok(_) => continue,
                Err(e) => Forfeit::Illegal(e.to_string()),
            },
            Err(reason) => reason,
        };
        let (kind, text) = end_by_forfeit(&mut game, job, mover, &names[index], reason)?;
        crashes[index] += u64::from(kind == ForfeitKind::Crash);
        forfeit = Some((index, kind));
        note = Some(text);
    }
    Ok(Played {
        job: job.clone(),
        game,
        note,
        forfeit,
        crashes,
    })
}

/// Ends the game as lost by `color`, played by engine `name`, which forfeits
/// it; returns the kind of forfeit and its description.
fn end_by_forfeit(
    game: &mut Game,
    job: &Job,
    color: Color,
    name: &str,
    reason: Forfeit,
) -> Result<(ForfeitKind, String)> {
    let side = color.name();
    let (kind, text) = match reason {
        Forfeit::Illegal(reason) => (
            ForfeitKind::Illegal,
            format!("{side} ({name}) forfeits: {reason}"),
        ),
        Forfeit::Time(reason) => (
            ForfeitKind::Time,
            format!("{side} ({name}) forfeits on time: {reason}"),
        ),
        Forfeit::Crash(reason) => (
            ForfeitKind::Crash,
            format!("{side} ({name}) forfeits, crashed: {reason}"),
        ),
    };
    eprintln!("warning: game {}: {text}", job.index + 1);
    if kind == ForfeitKind::Time {
        game.flag_fall(color)?;
    } else {
        game.resign(color)?;
    }
    game.set_tag("Forfeit", &text);
    Ok((kind, text))
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

/// The running totals of a match, from engine 1's point of view.
#[derive(Default)]
struct Tally {
    /// Engine 1's wins, draws and losses as White (`[0]`) and as Black
    /// (`[1]`): in Norochess Black moves last, so the two differ. The
    /// match's W/D/L is their sum ([`Tally::results`]), its games their
    /// total ([`Tally::games`]).
    by_colour: [[u64; 3]; 2],
    /// Engine 1's capture points minus engine 2's, and each one's points.
    differential: i64,
    points: [i64; 2],
    /// Games lost by forfeit: `forfeits[engine][kind]`.
    forfeits: [[u64; 3]; 2],
    /// Each engine's crashes.
    crashes: [u64; 2],
    /// Finished pairs of games (one opening, colours swapped) by engine 1's
    /// half-points in them, 0 to 4.
    pairs: [u64; 5],
    /// Engine 1's half-points in the first finished game of each opening
    /// whose other game has not finished, by opening.
    unpaired: HashMap<usize, u32>,
}

impl Tally {
    fn add(&mut self, p: &Played) {
        let (half_points, diff) = engine1_result(p);
        // Half-points 2, 1, 0 are a win, a draw, a loss: W/D/L order.
        let outcome = 2 - half_points.min(2) as usize;
        let colour = usize::from(!p.job.engine1_white);
        self.by_colour[colour][outcome] += 1;
        if let (Some(diff), Some((white, black))) = (diff, p.game.scores()) {
            self.differential += diff;
            let (mine, theirs) = if p.job.engine1_white {
                (white, black)
            } else {
                (black, white)
            };
            self.points[0] += i64::from(mine);
            self.points[1] += i64::from(theirs);
        }
        if let Some((engine, kind)) = p.forfeit {
            self.forfeits[engine][kind.index()] += 1;
        }
        for (total, n) in self.crashes.iter_mut().zip(p.crashes) {
            *total += n;
        }
        // `make_jobs` numbers the two games of an opening 2k and 2k + 1.
        let opening = p.job.index / 2;
        match self.unpaired.remove(&opening) {
            Some(first) => self.pairs[(first + half_points) as usize] += 1,
            None => {
                self.unpaired.insert(opening, half_points);
            }
        }
    }

    /// Engine 1's wins, draws and losses, both colours together.
    fn results(&self) -> [u64; 3] {
        let [white, black] = self.by_colour;
        [0, 1, 2].map(|i| white[i] + black[i])
    }

    /// The games played so far.
    fn games(&self) -> u64 {
        self.results().iter().sum()
    }

    /// The log-likelihood ratio of the results so far (in the pentanomial
    /// model, of the finished pairs only).
    fn llr(&self, sprt: &Sprt) -> f64 {
        match sprt.model {
            Model::Trinomial => {
                let [wins, draws, losses] = self.results();
                sprt.llr_trinomial(losses, draws, wins)
            }
            Model::Pentanomial => sprt.llr_pentanomial(&self.pairs),
        }
    }

    fn forfeit_total(&self) -> u64 {
        self.forfeits.iter().flatten().sum()
    }
}

fn summary(tally: &Tally, names: &[String; 2], variant: Variant, allowed: bool) -> String {
    let Tally {
        differential,
        points,
        ..
    } = *tally;
    let [wins, draws, losses] = tally.results();
    let n = tally.games();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Match {} vs {} ({variant}), {n} games",
        names[0], names[1]
    );
    let _ = writeln!(out, "W/D/L: {wins}/{draws}/{losses}");
    // Points (a draw is half) and their share of the games played.
    let score = |[w, d, l]: [u64; 3]| {
        let points = w as f64 + d as f64 / 2.0;
        (points, 100.0 * points / ((w + d + l).max(1) as f64))
    };
    let (points_won, percent) = score([wins, draws, losses]);
    let _ = writeln!(out, "Score: {points_won}/{n} ({percent:.1}%)");
    let colour_line = |wdl: [u64; 3]| {
        let [w, d, l] = wdl;
        format!("{w}/{d}/{l} ({:.1}%)", score(wdl).1)
    };
    let _ = writeln!(
        out,
        "{} as White: {}; as Black: {}",
        names[0],
        colour_line(tally.by_colour[0]),
        colour_line(tally.by_colour[1])
    );
    if variant.rules().capture_points {
        let _ = writeln!(
            out,
            "Score differential: {differential:+} (points {} to {})",
            points[0], points[1]
        );
    }
    match elo_estimate(wins as usize, draws as usize, losses as usize) {
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
    // Per engine, the kinds of forfeit that occurred ("fsf: 2 illegal moves, 1 on time").
    let by_engine = |counts: &dyn Fn(usize) -> Vec<String>| -> String {
        let parts: Vec<String> = (0..2)
            .filter_map(|e| {
                let words = counts(e);
                (!words.is_empty()).then(|| format!("{}: {}", names[e], words.join(", ")))
            })
            .collect();
        if parts.is_empty() {
            String::new()
        } else {
            format!(" ({})", parts.join("; "))
        }
    };
    let forfeits = tally.forfeit_total();
    let detail = by_engine(&|e| {
        ForfeitKind::ALL
            .iter()
            .filter(|k| tally.forfeits[e][k.index()] > 0)
            .map(|k| k.count(tally.forfeits[e][k.index()]))
            .collect()
    });
    let _ = writeln!(out, "Forfeits: {forfeits}{detail}");
    let crashes: u64 = tally.crashes.iter().sum();
    let detail = by_engine(&|e| {
        let n = tally.crashes[e];
        if n > 0 {
            vec![n.to_string()]
        } else {
            Vec::new()
        }
    });
    let _ = writeln!(out, "Crashes: {crashes}{detail}");
    if forfeits > 0 || crashes > 0 {
        let _ = writeln!(
            out,
            "INVALID MATCH: {forfeits} of {n} games lost by forfeit, {crashes} engine crash(es); \
             the result does not measure strength{}",
            if allowed {
                " (accepted with --allow-forfeits)"
            } else {
                ""
            }
        );
    }
    out
}

/// The SPRT's lines of the summary: the pairs (pentanomial model) and
/// the verdict with the LLR and the bounds.
fn sprt_report(sprt: &Sprt, tally: &Tally, verdict: Verdict, llr: f64, games: u64) -> String {
    let mut out = String::new();
    if sprt.model == Model::Pentanomial {
        let p = tally.pairs;
        let _ = writeln!(
            out,
            "Pairs by points (0, 0.5, 1, 1.5, 2): [{}, {}, {}, {}, {}]",
            p[0], p[1], p[2], p[3], p[4]
        );
    }
    let (conclusion, when) = match verdict {
        Verdict::H1 => ("H1 accepted", format!("after {games} games")),
        Verdict::H0 => ("H0 accepted", format!("after {games} games")),
        Verdict::Continue => ("inconclusive", format!("after all {games} games")),
    };
    let _ = writeln!(
        out,
        "SPRT: {conclusion} (LLR {llr:.2}, bounds {:.2} and {:.2}, {when}; \
         elo0 {}, elo1 {}, alpha {}, beta {}, {} model, logistic Elo)",
        sprt.lower_bound(),
        sprt.upper_bound(),
        sprt.elo0,
        sprt.elo1,
        sprt.alpha,
        sprt.beta,
        sprt.model.name()
    );
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
    fn pairs_are_counted_by_opening_whatever_the_order() {
        let jobs = make_jobs(Variant::Norochess, 5, 0, 1).unwrap();
        // Engine 1 wins games 0, 1 and 2 and loses game 3 (4 is unpaired).
        let played = |i: usize, engine1_wins: bool| {
            let job = jobs[i].clone();
            let mut game = Game::new(Variant::Norochess, None).unwrap();
            let engine1 = if job.engine1_white {
                Color::White
            } else {
                Color::Black
            };
            let loser = if engine1_wins { !engine1 } else { engine1 };
            game.resign(loser).unwrap();
            Played {
                job,
                game,
                note: None,
                forfeit: None,
                crashes: [0; 2],
            }
        };
        let mut tally = Tally::default();
        for (i, wins) in [(3, false), (0, true), (4, true), (2, true), (1, true)] {
            tally.add(&played(i, wins));
        }
        assert_eq!(tally.results(), [4, 0, 1]);
        assert_eq!(tally.games(), 5);
        assert_eq!(tally.pairs, [0, 0, 1, 0, 1]);
        // Games 0, 2 and 4 have engine 1 as White, 1 and 3 as Black.
        assert_eq!(tally.by_colour, [[3, 0, 0], [1, 0, 1]]);
        let text = summary(&tally, &["a".into(), "b".into()], Variant::Norochess, false);
        assert!(
            text.contains("a as White: 3/0/0 (100.0%); as Black: 1/0/1 (50.0%)"),
            "{text}"
        );
        let sprt = Sprt::parse("elo0=0,elo1=5").unwrap();
        assert_eq!(tally.llr(&sprt), sprt.llr_pentanomial(&[0, 0, 1, 0, 1]));
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
