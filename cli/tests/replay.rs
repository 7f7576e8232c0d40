//! `norochess replay` run as a program.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `norochess replay <args> -` with `record` on standard input.
fn replay(args: &[&str], record: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_norochess"))
        .arg("replay")
        .args(args)
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the norochess binary starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(record.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// A Norochess game that Black loses by creating the third occurrence of
/// the position after 3...Qa5.
const REPETITION_GAME: &str = "[Event \"test\"]\n\
    1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 {pinning} 4. Nf3 Nf6 5. Ng1 Ng8\n\
    6. Nf3 Nf6 7. Ng1 Ng8 1-0\n";

#[test]
fn replays_a_norochess_game_with_scores_and_result() {
    let output = replay(&[], REPETITION_GAME);
    assert!(output.status.success(), "{output:?}");
    assert_eq!(
        stdout(&output),
        "  1. e4      d5       0-0\n\
         \x20 2. exd5    Qxd5     1-1\n\
         \x20 3. Nc3     Qa5      1-1\n\
         \x20 4. Nf3     Nf6      1-1\n\
         \x20 5. Ng1     Ng8      1-1\n\
         \x20 6. Nf3     Nf6      1-1\n\
         \x20 7. Ng1     Ng8      1-1\n\
         White wins 1-1\n"
    );
}

#[test]
fn replays_bare_movetext_in_mixed_notations_still_in_progress() {
    let output = replay(&[], "e2e4 e5 Qd1-h5 Nc6 Bc4 Nf6 Qxf7 Kxf7 Bxf7");
    assert!(output.status.success(), "{output:?}");
    assert_eq!(
        stdout(&output),
        "  1. e4      e5       0-0\n\
         \x20 2. Qh5     Nc6      0-0\n\
         \x20 3. Bc4     Nf6      0-0\n\
         \x20 4. Qxf7    Kxf7     1-9\n\
         \x20 5. Bxf7             3-9\n\
         In progress 3-9\n"
    );
}

#[test]
fn a_command_line_position_applies_to_a_record_without_one() {
    // Black's 48th move ends the game on the move limit: the higher score wins.
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 48 score=20-19";
    let output = replay(&["--fen", fen], "48. e4 e5");
    assert!(output.status.success(), "{output:?}");
    assert_eq!(
        stdout(&output),
        " 48. e4      e5       20-19\nWhite wins 20-19\n"
    );
    // Starting with Black to move.
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b - - 0 3 score=2-1";
    let output = replay(&["--fen", fen], "3... e5 4. Nf3");
    assert_eq!(
        stdout(&output),
        "  3. ...     e5       2-1\n  4. Nf3              2-1\nIn progress 2-1\n"
    );
}

#[test]
fn royal_games_end_with_the_reason() {
    let output = replay(&["--variant", "chess"], "1. f3 e5 2. g4 Qh4#");
    assert!(output.status.success(), "{output:?}");
    assert_eq!(
        stdout(&output),
        "  1. f3      e5\n  2. g4      Qh4#\nBlack wins (checkmate)\n"
    );
    // The record's Variant tag wins over the default.
    let output = replay(&[], "[Variant \"chess\"]\n1. e4 e5 2. Nf3 *");
    assert_eq!(stdout(&output), "  1. e4      e5\n  2. Nf3\nIn progress\n");
}

#[test]
fn json_output_is_one_document() {
    let output = replay(&["--json"], REPETITION_GAME);
    assert!(output.status.success(), "{output:?}");
    let doc: serde_json::Value = serde_json::from_str(&stdout(&output)).expect("valid JSON");
    assert_eq!(doc["variant"], "norochess");
    let moves = doc["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 7);
    assert_eq!(moves[1]["number"], 2);
    assert_eq!(moves[1]["white"]["san"], "exd5");
    assert_eq!(moves[1]["white"]["uci"], "e4d5");
    assert_eq!(moves[1]["black"]["san"], "Qxd5");
    assert_eq!(moves[1]["scores"]["white"], 1);
    assert_eq!(moves[1]["scores"]["black"], 1);
    assert_eq!(doc["final_scores"]["white"], 1);
    assert_eq!(doc["outcome"]["winner"], "white");
    assert_eq!(doc["outcome"]["reason"], "repetition-loss");
    assert_eq!(doc["outcome"]["text"], "White wins 1-1");
    assert_eq!(doc["outcome"]["result"], "1-0");

    let output = replay(&["--json", "--variant", "chess"], "1. e4");
    let doc: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(doc["outcome"]["over"], false);
    assert_eq!(doc["outcome"]["winner"], serde_json::Value::Null);
    assert_eq!(doc["outcome"]["text"], "In progress");
    assert_eq!(doc["moves"][0]["black"], serde_json::Value::Null);
    assert_eq!(doc["final_scores"], serde_json::Value::Null);
}

#[test]
fn an_illegal_move_names_its_number_and_exits_with_2() {
    let output = replay(&[], "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qd4 4. Nb5 Qe4 5. Qe5");
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stderr = String::from_utf8(output.stderr.clone()).unwrap();
    assert!(stderr.contains("move 5. Qe5"), "{stderr}");
    assert!(stdout(&output).is_empty());

    let output = replay(&[], "1. e4 e5 2. Nf3 Nf4");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr.clone()).unwrap();
    assert!(stderr.contains("move 2... Nf4"), "{stderr}");
}

#[test]
fn bad_options_and_files_are_errors() {
    let output = replay(&["--variant", "xiangqi"], "1. e4");
    assert_eq!(output.status.code(), Some(2));
    let output = replay(&["--start", "5"], "1. e4");
    assert_eq!(output.status.code(), Some(2));
    let output = Command::new(env!("CARGO_BIN_EXE_norochess"))
        .args(["replay", "/nonexistent/game.pgn"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn a_repetition_whose_en_passant_a_pin_forbids_ends_on_the_third_occurrence() {
    // The e5 pawn cannot take d6 en passant: the rook on e8 pins it.
    let fen = "1n2r2k/3p4/8/4P3/8/8/8/1N2K3 b - - 0 1";
    let moves = "d7d5 b1c3 b8c6 c3b1 c6b8 b1c3 b8c6 c3b1 c6b8";
    let output = replay(&["--variant", "chess", "--fen", fen], moves);
    assert!(output.status.success(), "{output:?}");
    let text = stdout(&output);
    assert!(text.ends_with("Draw (threefold repetition)\n"), "{text}");
}

#[test]
fn a_coordinate_move_is_refused_rather_than_read_as_another_piece_s() {
    let output = replay(
        &["--variant", "norochess"],
        "b2b3 h7h6 e2e3 h6h5 f1d3 h5h4 b3b5",
    );
    assert!(!output.status.success(), "{output:?}");
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(error.contains("the pawn on b3 cannot go to b5"), "{error}");
}

/// `norochess replay game.pgn | head`: the reader closes the pipe before
/// the table is written, and the program ends as `cat` would, by SIGPIPE,
/// without a panic or a stack trace.
#[cfg(unix)]
#[test]
fn a_closed_output_ends_the_replay_quietly() {
    use std::os::unix::process::ExitStatusExt;
    let mut child = Command::new(env!("CARGO_BIN_EXE_norochess"))
        .args(["replay", "--json", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the norochess binary starts");
    // The replay reads all of its input before it writes, so the pipe is
    // closed before its first write.
    drop(child.stdout.take());
    let mut input = child.stdin.take().expect("stdin piped");
    input
        .write_all(REPETITION_GAME.as_bytes())
        .expect("the record is written");
    drop(input);
    let output = child.wait_with_output().expect("the replay ends");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    const SIGPIPE: i32 = 13;
    assert_eq!(output.status.signal(), Some(SIGPIPE), "{output:?}");
}
