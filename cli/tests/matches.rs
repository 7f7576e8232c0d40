//! `norochess match` run as a program.

use std::process::Command;

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
