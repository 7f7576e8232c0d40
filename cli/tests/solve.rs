//! `norochess solve` run as a program: the question `puzzles verify` asks,
//! answered with the same proof.

use std::process::{Command, Output};

fn solve(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_norochess"))
        .arg("solve")
        .args(args)
        .output()
        .expect("the norochess binary starts")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn a_pack_puzzle_is_answered_with_its_only_move() {
    let output = solve(&["--puzzle", "np1197"]);
    let text = stdout(&output);
    assert!(output.status.success(), "{text}");
    assert!(
        text.contains("np1197: White to play and win — move 48, score 13–11"),
        "{text}"
    );
    assert!(text.contains("objective win: achievable"), "{text}");
    assert!(text.contains("\nmoves: Kd3\n"), "{text}");
    assert!(text.contains("\nline: Kd3"), "{text}");
    assert!(
        !text.contains("wins by"),
        "the exact value only when asked: {text}"
    );
}

#[test]
fn a_position_with_an_objective_lists_the_moves_and_the_value_on_request() {
    let position = "3r3r/3pk3/1p1qp3/p1p3pp/P1P1K3/7P/1PPN1QP1/3R1R2 w - - 14 48 score=13-11";
    let output = solve(&[position, "--objective", "win", "--value"]);
    let text = stdout(&output);
    assert!(output.status.success(), "{text}");
    assert!(text.starts_with("White wins by 2\n"), "{text}");
    assert!(text.contains("\nmoves: Kd3\n"), "{text}");
    // Black to move at move 47: a win by 6 is more than best play gives.
    let output = solve(&[
        "7r/4k1p1/6R1/1P3R1p/2P2p2/4p3/1b6/8 b - - 3 47 score=27-29",
        "--objective",
        "win-by 6",
    ]);
    let text = stdout(&output);
    assert!(
        text.contains("objective win-by 6: not achievable"),
        "{text}"
    );
    assert!(text.contains("\nmoves: (none)\n"), "{text}");
}

#[test]
fn a_gain_objective_counts_only_its_moves() {
    // White takes the undefended queen at once: 9 points in one move.
    let output = solve(&[
        "4k3/8/8/3q4/8/8/8/3QK3 w - - 0 20 score=10-10",
        "--objective",
        "gain 9 in 1",
    ]);
    let text = stdout(&output);
    assert!(output.status.success(), "{text}");
    assert!(text.contains("objective gain 9 in 1: achievable"), "{text}");
    assert!(text.contains("\nmoves: Qxd5\n"), "{text}");
}

#[test]
fn unknown_puzzles_and_objectives_are_refused_with_why() {
    let output = solve(&["--puzzle", "np0"]);
    assert!(!output.status.success());
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(
        error.contains("there is no puzzle `np0` in the built-in pack"),
        "{error}"
    );
    let output = solve(&[
        "4k3/8/8/3q4/8/8/8/3QK3 w - - 0 20 score=10-10",
        "--objective",
        "checkmate",
    ]);
    assert!(!output.status.success());
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(error.contains("unknown objective `checkmate`"), "{error}");
}
