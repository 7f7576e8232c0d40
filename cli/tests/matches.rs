//! `norochess match` run as a program.

use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

fn norochess(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_norochess"))
        .args(args)
        .output()
        .expect("the norochess binary starts")
}

#[test]
fn a_tiny_match_reports_wins_draws_and_losses() {
    let pgn = std::env::temp_dir().join(format!("norochess-match-{}.pgn", std::process::id()));
    let pgn_path = pgn.to_str().unwrap();
    let output = norochess(&[
        "match",
        "--variant",
        "norochess",
        "--games",
        "2",
        "--engine1",
        "self:level=1",
        "--engine2",
        "self:level=2",
        "--seed",
        "3",
        "--pgn",
        pgn_path,
    ]);
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("Game 1/2 "), "{text}");
    assert!(text.contains("Game 2/2 "), "{text}");
    let wdl = text
        .lines()
        .find_map(|l| l.strip_prefix("W/D/L: "))
        .expect("a W/D/L line");
    let counts: Vec<u32> = wdl.split('/').map(|n| n.parse().unwrap()).collect();
    assert_eq!(counts.len(), 3);
    assert_eq!(counts.iter().sum::<u32>(), 2);
    assert!(text.contains("Score differential: "), "{text}");
    assert!(text.contains("Elo difference: "), "{text}");
    assert!(text.contains("\nForfeits: 0\n"), "{text}");
    assert!(text.contains("\nCrashes: 0\n"), "{text}");
    assert!(!text.contains("INVALID"), "{text}");
    // The records replay to the same results.
    let records = std::fs::read_to_string(&pgn).unwrap();
    let _ = std::fs::remove_file(&pgn);
    assert_eq!(records.matches("[Variant \"norochess\"]").count(), 2);
    assert!(records.contains("[White \"self:level=1\"]"));
    assert!(records.contains("[Black \"self:level=1\"]"));
    let first = records.split("\n\n[Event").next().unwrap();
    let dir = std::env::temp_dir().join(format!("norochess-game-{}.pgn", std::process::id()));
    std::fs::write(&dir, first).unwrap();
    let replayed = norochess(&["replay", dir.to_str().unwrap()]);
    let _ = std::fs::remove_file(&dir);
    assert!(replayed.status.success(), "{replayed:?}");
}

#[test]
fn an_external_uci_engine_plays_through_the_protocol() {
    // The program itself, as a UCI engine in a child process.
    let engine = format!(
        "uci:cmd={},arg=uci,depth=1,name=child",
        env!("CARGO_BIN_EXE_norochess")
    );
    let output = norochess(&[
        "match",
        "--variant",
        "ram",
        "--games",
        "2",
        "--engine1",
        &engine,
        "--engine2",
        "self:depth=1",
        "--max-plies",
        "40",
    ]);
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("Match child vs self:depth=1 (ram), 2 games"),
        "{text}"
    );
    assert!(text.lines().any(|l| l.starts_with("W/D/L: ")), "{text}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(!stderr.contains("forfeit"), "{stderr}");
}

#[test]
fn bad_engine_specs_are_errors() {
    for spec in [
        "self:level=0",
        "robot:x",
        "uci:",
        "uci:cmd=/nonexistent/engine",
    ] {
        let output = norochess(&[
            "match",
            "--games",
            "1",
            "--engine1",
            spec,
            "--engine2",
            "self:level=1",
        ]);
        assert_eq!(output.status.code(), Some(2), "{spec}: {output:?}");
    }
}

/// A fake UCI engine, run by /bin/sh so that no freshly written file is
/// executed (which can fail with "text file busy" while other test threads
/// fork). Its first argument says how it fails when asked to move:
/// `illegal` answers a move that is not legal, `crash` exits, `silent`
/// never answers. Its second argument is a file where it logs its input.
const FAKE_ENGINE: &str = r#"
mode=$1
log=$2
while read -r line; do
  echo "$line" >> "$log"
  case "$line" in
    uci)
      echo "id name fake"
      echo "option name Hash type spin default 16 min 1 max 64"
      echo "option name VariantPath type string default <empty>"
      echo "option name UCI_Variant type combo default chess var chess var noro"
      echo "uciok" ;;
    isready) echo "readyok" ;;
    go*)
      case "$mode" in
        illegal) echo "bestmove a1a1" ;;
        crash) exit 3 ;;
      esac ;;
    quit) exit 0 ;;
  esac
done
"#;

/// Runs a two-game match of the fake engine failing in `mode` against the
/// built-in engine; returns the output and the fake engine's input log.
fn match_against_fake(mode: &str, extra: &[&str]) -> (std::process::Output, String) {
    let dir = std::env::temp_dir();
    // Unique per call: the tests run at the same time in one process.
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, Ordering::Relaxed);
    let stem = format!("norochess-fake-{mode}-{}-{call}", std::process::id());
    let script = dir.join(format!("{stem}.sh"));
    let log = dir.join(format!("{stem}.log"));
    std::fs::write(&script, FAKE_ENGINE).unwrap();
    let _ = std::fs::remove_file(&log);
    let engine = format!(
        "uci:cmd=/bin/sh,arg={},arg={mode},arg={},option.VariantPath=/tmp/variants.ini,\
         variant=noro,option.Hash=32,timeout=100,name=fake",
        script.display(),
        log.display()
    );
    let mut args = vec![
        "match",
        "--variant",
        "norochess",
        "--games",
        "2",
        "--engine1",
        &engine,
        "--engine2",
        "self:depth=1",
        "--movetime",
        "50",
    ];
    args.extend_from_slice(extra);
    let output = norochess(&args);
    let input = std::fs::read_to_string(&log).unwrap_or_default();
    let _ = std::fs::remove_file(&script);
    let _ = std::fs::remove_file(&log);
    (output, input)
}

#[cfg(unix)]
#[test]
fn options_are_sent_in_their_order_with_the_variant_last() {
    let (_, input) = match_against_fake("illegal", &[]);
    let settings: Vec<&str> = input
        .lines()
        .filter(|l| l.starts_with("setoption"))
        .collect();
    // The engine starts once: an illegal move leaves it running.
    assert_eq!(
        settings,
        [
            "setoption name VariantPath value /tmp/variants.ini",
            "setoption name Hash value 32",
            "setoption name UCI_Variant value noro",
        ],
        "{input}"
    );
}

#[cfg(unix)]
#[test]
fn forfeits_and_crashes_are_counted_and_make_the_match_invalid() {
    for (mode, forfeits, crashes) in [
        (
            "illegal",
            "Forfeits: 2 (fake: 2 illegal moves)",
            "Crashes: 0",
        ),
        (
            "crash",
            "Forfeits: 2 (fake: 2 crashes)",
            "Crashes: 2 (fake: 2)",
        ),
        ("silent", "Forfeits: 2 (fake: 2 on time)", "Crashes: 0"),
    ] {
        let (output, _) = match_against_fake(mode, &[]);
        let text = String::from_utf8(output.stdout).unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(output.status.code(), Some(1), "{mode}: {text}{stderr}");
        assert!(text.contains("W/D/L: 0/0/2"), "{mode}: {text}");
        assert!(text.lines().any(|l| l == forfeits), "{mode}: {text}");
        assert!(text.lines().any(|l| l == crashes), "{mode}: {text}");
        assert!(
            text.contains("INVALID MATCH: 2 of 2 games"),
            "{mode}: {text}"
        );
        assert!(stderr.contains("the match is invalid"), "{mode}: {stderr}");
    }
    // Accepted on request, but still marked.
    let (output, _) = match_against_fake("illegal", &["--allow-forfeits"]);
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("(accepted with --allow-forfeits)"), "{text}");
}

/// The value on the line of `text` that starts with `prefix`.
fn line<'a>(text: &'a str, prefix: &str) -> &'a str {
    text.lines()
        .find_map(|l| l.strip_prefix(prefix))
        .unwrap_or_else(|| panic!("no `{prefix}` line in {text}"))
}

#[test]
fn an_sprt_stops_the_match_when_it_decides() {
    // A searching engine against the random mover wins every game, which
    // decides a wide test (0 against 200 Elo) in a few pairs.
    for (engine1, engine2, verdict) in [
        ("self:depth=2", "random", "H1 accepted"),
        ("random", "self:depth=2", "H0 accepted"),
    ] {
        let output = norochess(&[
            "match",
            "--variant",
            "norochess",
            "--games",
            "40",
            "--engine1",
            engine1,
            "--engine2",
            engine2,
            "--sprt",
            "elo0=0,elo1=200,alpha=0.05,beta=0.05",
        ]);
        assert!(output.status.success(), "{output:?}");
        let text = String::from_utf8(output.stdout).unwrap();
        let sprt = line(&text, "SPRT: ");
        assert!(sprt.starts_with(verdict), "{text}");
        assert!(sprt.contains("bounds -2.94 and 2.94"), "{text}");
        let games: usize = line(&text, "Match ")
            .rsplit(", ")
            .next()
            .and_then(|g| g.strip_suffix(" games"))
            .and_then(|g| g.parse().ok())
            .unwrap_or_else(|| panic!("{text}"));
        assert!(games < 40 && games % 2 == 0, "{text}");
        assert!(text.contains(&format!("after {games} games")), "{text}");
        assert!(line(&text, "Pairs by points (0, 0.5, 1, 1.5, 2): ").starts_with('['));
    }
    // Two games cannot decide a narrow test.
    let output = norochess(&[
        "match",
        "--games",
        "2",
        "--engine1",
        "self:depth=1",
        "--engine2",
        "random",
        "--sprt",
        "elo0=0,elo1=5,model=trinomial",
    ]);
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(line(&text, "SPRT: ").starts_with("inconclusive"), "{text}");
    assert!(text.contains("after all 2 games"), "{text}");
    assert!(!text.contains("Pairs by points"), "{text}");
    // A malformed test is an error before any game.
    let output = norochess(&[
        "match",
        "--engine1",
        "random",
        "--engine2",
        "random",
        "--sprt",
        "elo0=5,elo1=0",
    ]);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
}
