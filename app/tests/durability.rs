//! Durability proven, not assumed: processes that play and save are killed
//! with SIGKILL at random moments, and after every kill the library passes
//! SQLite's integrity check and still holds the last move whose save
//! returned. Two processes on one database never lose a game.
//!
//! The processes are this test binary itself, started again with
//! `NOROCHESS_DURABILITY_CHILD` set, so no extra program is needed: the
//! test `child_process` does nothing unless that variable names its role.

use norochess_app::{GameSession, GameSpec, Library, LibraryError};
use norochess_core::{SplitMix64, TimeControl, Variant};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

const ROLE: &str = "NOROCHESS_DURABILITY_CHILD";
const FOLDER: &str = "NOROCHESS_DURABILITY_FOLDER";
const SEED: &str = "NOROCHESS_DURABILITY_SEED";
const SAVES: &str = "NOROCHESS_DURABILITY_SAVES";

/// One acknowledged save, as a child prints it after `save` returned.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Ack {
    id: i64,
    revision: i64,
    plies: usize,
    last_san: String,
}

fn parse_ack(line: &str) -> Option<Ack> {
    let mut words = line.split_whitespace();
    if words.next()? != "saved" {
        return None;
    }
    Some(Ack {
        id: words.next()?.parse().ok()?,
        revision: words.next()?.parse().ok()?,
        plies: words.next()?.parse().ok()?,
        last_san: words.next().unwrap_or("-").to_string(),
    })
}

fn new_session(rng: &mut SplitMix64) -> GameSession {
    let variants = [
        Variant::Norochess,
        Variant::Ram,
        Variant::Frontal,
        Variant::Chess,
    ];
    let variant = variants[(rng.next_u64() % variants.len() as u64) as usize];
    let mut spec = GameSpec::pass_and_play(variant, "Ann", "Bob");
    spec.clock = Some(TimeControl::NOROCHESS_TOURNAMENT);
    GameSession::new(spec).expect("a start position is valid")
}

/// The child: continues the current game (or starts one), plays random
/// legal moves and saves after each, printing every save that returned.
/// On a conflict (another process saved the game) it reloads and goes on.
fn run_child(folder: &Path, seed: u64, max_saves: Option<u64>) {
    let mut rng = SplitMix64::new(seed);
    let mut library = Library::open(folder).expect("the library opens");
    let mut out = std::io::stdout().lock();
    let mut now = 0u64;
    let mut saves = 0u64;
    let mut session = match library.current(now).expect("the current game loads") {
        Some(s) => s,
        None => new_session(&mut rng),
    };
    session.set_background(false, now);
    loop {
        if max_saves.is_some_and(|max| saves >= max) {
            return;
        }
        if session.game().is_over() {
            session = new_session(&mut rng);
        }
        let moves = session.game().position().legal_moves();
        let Some(&mv) = moves.get((rng.next_u64() % moves.len().max(1) as u64) as usize) else {
            session = new_session(&mut rng);
            continue;
        };
        now += 1 + rng.next_u64() % 50;
        session.play(mv, now).expect("a legal move plays");
        match library.save(&mut session, now) {
            Ok(receipt) => {
                saves += 1;
                let last = session
                    .game()
                    .san_moves()
                    .last()
                    .cloned()
                    .unwrap_or_default();
                let plies = session.game().plies().len();
                writeln!(
                    out,
                    "saved {} {} {plies} {last}",
                    receipt.id, receipt.revision
                )
                .and_then(|()| out.flush())
                .expect("the parent reads");
            }
            Err(LibraryError::Conflict { .. }) => {
                writeln!(out, "conflict")
                    .and_then(|()| out.flush())
                    .expect("the parent reads");
                session = match library.current(now).expect("the current game loads") {
                    Some(s) => s,
                    None => new_session(&mut rng),
                };
                session.set_background(false, now);
            }
            Err(e) => panic!("save failed: {e}"),
        }
    }
}

#[test]
fn child_process() {
    let Some(role) = std::env::var_os(ROLE) else {
        return; // Not started as a child: nothing to do.
    };
    let folder = std::env::var_os(FOLDER).expect("the parent names the folder");
    let seed = std::env::var(SEED)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let saves = std::env::var(SAVES).ok().and_then(|s| s.parse().ok());
    assert_eq!(role, "play");
    run_child(Path::new(&folder), seed, saves);
}

fn spawn_child(folder: &Path, seed: u64, saves: Option<u64>) -> (Child, mpsc::Receiver<String>) {
    let exe = std::env::current_exe().expect("the test binary knows its path");
    let mut command = Command::new(exe);
    command
        .args([
            "child_process",
            "--exact",
            "--nocapture",
            "--test-threads=1",
            "-q",
        ])
        .env(ROLE, "play")
        .env(FOLDER, folder)
        .env(SEED, seed.to_string())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    if let Some(n) = saves {
        command.env(SAVES, n.to_string());
    }
    let mut child = command.spawn().expect("the child starts");
    let stdout = child.stdout.take().expect("piped");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    (child, rx)
}

/// Kills a playing, saving process `kills` times at random moments and
/// checks the library after each.
fn kill_at_random_moments(kills: u32) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut rng = SplitMix64::new(2026);
    let mut last_ack: Option<Ack> = None;
    let mut saves_seen = 0;
    for round in 0..kills {
        let (mut child, lines) = spawn_child(dir.path(), rng.next_u64(), None);
        // Random moments: sometimes before the first save, mostly mid-game.
        let wait = Duration::from_millis(5 + rng.next_u64() % 60);
        std::thread::sleep(wait);
        child.kill().expect("SIGKILL");
        child.wait().expect("the child is reaped");
        // Every line the child wrote before dying is in the pipe.
        let started = Instant::now();
        let mut acks = Vec::new();
        while let Ok(line) = lines.recv_timeout(Duration::from_secs(5)) {
            if let Some(ack) = parse_ack(&line) {
                acks.push(ack);
            }
            if started.elapsed() > Duration::from_secs(10) {
                break;
            }
        }
        saves_seen += acks.len();
        if let Some(ack) = acks.last() {
            last_ack = Some(ack.clone());
        }
        let library = Library::open(dir.path()).expect("the library opens after a kill");
        assert_eq!(
            library.integrity_check().expect("the check runs"),
            Ok(()),
            "round {round}: integrity"
        );
        if let Some(ack) = &last_ack {
            let game = library
                .load(ack.id, 0)
                .expect("the acknowledged game is there");
            let plies = game.game().plies().len();
            // The save may have committed and the process died before
            // printing, so the library may be one save ahead, never behind.
            let summary = library.summary(ack.id).expect("listed");
            assert!(
                summary.revision >= ack.revision,
                "round {round}: revision went back: {summary:?} < {ack:?}"
            );
            if summary.revision == ack.revision {
                assert_eq!(plies, ack.plies, "round {round}");
                assert_eq!(
                    game.game()
                        .san_moves()
                        .last()
                        .map(String::as_str)
                        .unwrap_or("-"),
                    ack.last_san,
                    "round {round}"
                );
            } else if !game.game().is_over() {
                assert!(
                    plies > ack.plies,
                    "round {round}: {plies} plies after {ack:?}"
                );
            }
        }
    }
    eprintln!("{kills} kills, {saves_seen} acknowledged saves");
    assert!(
        saves_seen > kills as usize,
        "the children saved ({saves_seen} saves in {kills} runs)"
    );
}

#[test]
fn sigkill_while_saving_loses_no_acknowledged_move() {
    kill_at_random_moments(12);
}

/// The full run (release test suite): 300 kills.
#[test]
#[ignore = "long: runs in the release test suite (scripts/test.sh)"]
fn sigkill_while_saving_300_times_loses_no_acknowledged_move() {
    kill_at_random_moments(300);
}

#[test]
fn two_processes_on_one_database_lose_no_game() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    {
        // One game both will continue.
        let mut library = Library::open(dir.path()).expect("the library opens");
        let mut rng = SplitMix64::new(5);
        let mut session = new_session(&mut rng);
        session.play_text("e4", 0).ok();
        library.save(&mut session, 0).expect("saved");
    }
    // Both continue the same current game and save after every move.
    let runs: Vec<_> = [11u64, 12]
        .into_iter()
        .map(|seed| spawn_child(dir.path(), seed, Some(120)))
        .collect();
    let mut acks = Vec::new();
    let mut conflicts = 0;
    for (mut child, lines) in runs {
        let status = child.wait().expect("the child ends");
        assert!(status.success(), "a child failed: {status}");
        for line in lines.iter() {
            if line == "conflict" {
                conflicts += 1;
            } else if let Some(ack) = parse_ack(&line) {
                acks.push(ack);
            }
        }
    }
    assert_eq!(
        acks.len(),
        240,
        "every save of both processes returned or conflicted"
    );
    // No two processes were told that the same revision of a game was
    // theirs: that would be a silent overwrite.
    let mut seen = std::collections::HashSet::new();
    for ack in &acks {
        assert!(
            seen.insert((ack.id, ack.revision)),
            "revision saved twice: {ack:?}"
        );
    }
    // Each game holds the latest acknowledged save.
    let library = Library::open(dir.path()).expect("the library opens");
    assert_eq!(library.integrity_check().expect("the check runs"), Ok(()));
    for ack in &acks {
        let summary = library
            .summary(ack.id)
            .expect("every acknowledged game is there");
        assert!(summary.revision >= ack.revision);
    }
    let latest = acks
        .iter()
        .max_by_key(|a| (a.id, a.revision))
        .expect("saves");
    let game = library.load(latest.id, 0).expect("loads");
    assert_eq!(game.game().plies().len(), latest.plies);
    eprintln!(
        "two processes: {} saves, {conflicts} conflicts reported",
        acks.len()
    );
}
