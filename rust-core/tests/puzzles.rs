//! Puzzle sessions and verification, end to end.

use norochess_core::puzzle::{
    verify_puzzle, Hint, MoveFeedback, Puzzle, PuzzleProgress, PuzzleSession, SessionState,
};
use norochess_core::{Objective, SolveLimits, Solver};

/// Found by the generator: White, level at 13–13 with move 48 to play.
const LINE: &str = "t7|norochess|2r5/2q2p2/3b3r/p4p2/2nk2pp/p7/P1Q1RPPP/4KB1R w - - 0 48 score=13-13|-|win|c2f5 d6h2 f5g4|1829|";

fn puzzle() -> Puzzle {
    Puzzle::from_line(LINE, 1).expect("puzzle line")
}

fn uci(session: &PuzzleSession, text: &str) -> norochess_core::Move {
    session
        .game()
        .position()
        .parse_uci(text)
        .expect("legal move")
}

#[test]
fn the_intended_line_solves_the_puzzle() {
    let mut session = PuzzleSession::new(puzzle()).expect("session");
    assert_eq!(
        session.puzzle().describe(),
        "White to play and win — move 48, score 13–13"
    );
    let m = uci(&session, "c2f5");
    let reply = match session.play(m) {
        Ok(MoveFeedback::Correct {
            reply,
            solved: false,
            proven: true,
        }) => reply,
        other => panic!("unexpected {other:?}"),
    };
    assert_eq!(reply.map(|r| r.uci(8)), Some("d6h2".to_string()));
    let m = uci(&session, "f5g4");
    assert!(matches!(
        session.play(m),
        Ok(MoveFeedback::Correct { solved: true, .. })
    ));
    assert_eq!(session.state(), SessionState::Solved);
    assert!(session.solved_cleanly());
    let mut progress = PuzzleProgress::default();
    progress.record(&session.puzzle().id, session.solved_cleanly());
    assert_eq!((progress.solved_count(), progress.streak()), (1, 1));
}

#[test]
fn a_wrong_move_is_refuted_then_hints_and_retry_lead_to_the_solution() {
    let mut session = PuzzleSession::new(puzzle()).expect("session");
    let wrong = uci(&session, "h2h3");
    match session.play(wrong) {
        Ok(MoveFeedback::Wrong { refutation }) => assert!(!refutation.is_empty()),
        other => panic!("h2h3 should be wrong, got {other:?}"),
    }
    assert_eq!(session.state(), SessionState::Wrong);
    assert!(session.retry());
    assert_eq!(session.game().plies().len(), 0);
    let piece = session.hint();
    assert_eq!(
        piece.map(|h| matches!(h, Hint::Piece(sq) if sq.name(8) == "c2")),
        Some(true)
    );
    let mv = session.hint();
    assert_eq!(
        mv.map(|h| matches!(h, Hint::Move(m) if m.uci(8) == "c2f5")),
        Some(true)
    );
    let shown = session.show_next();
    assert_eq!(
        shown.iter().map(|m| m.uci(8)).collect::<Vec<_>>(),
        vec!["c2f5", "d6h2"]
    );
    assert!(!session.solved_cleanly());
}

#[test]
#[ignore = "long: run with --release -- --ignored"]
fn verify_accepts_a_sound_puzzle_and_rejects_wrong_ones_with_the_reason() {
    let mut solver = Solver::default();
    let limits = SolveLimits::default();
    // The first move alone is proven to be the only win.
    let first_only = Puzzle {
        solution: vec!["c2f5".to_string()],
        ..puzzle()
    };
    let report = verify_puzzle(&first_only, &mut solver, limits);
    assert!(report.ok(), "{:?}", report.problems);

    // The whole line is not: the alternatives to its third move are not
    // settled within the budget, and an unproven alternative is a failure.
    let report = verify_puzzle(&puzzle(), &mut solver, limits);
    assert!(
        report
            .problems
            .iter()
            .any(|p| p.contains("solution move 3 (Qxg4) is not proven unique")),
        "{:?}",
        report.problems
    );

    // A wrong first move is rejected with its refutation.
    let mut wrong = puzzle();
    wrong.solution = vec!["h2h3".to_string()];
    let report = verify_puzzle(&wrong, &mut solver, limits);
    assert!(
        report
            .problems
            .iter()
            .any(|p| p.contains("does not achieve `win`; refutation:")),
        "{:?}",
        report.problems
    );

    // An objective met by several first moves is not a puzzle.
    let easy = Puzzle {
        position: "6k1/5ppp/4p3/3pP3/1r1P4/5N2/5PPP/2R3K1 w - - 0 47 score=21-19".to_string(),
        objective: Objective::Win,
        solution: vec!["c1c8".to_string()],
        ..puzzle()
    };
    let report = verify_puzzle(&easy, &mut solver, limits);
    assert!(
        report
            .problems
            .iter()
            .any(|p| p.contains("first move is not unique")),
        "{:?}",
        report.problems
    );
}

#[test]
fn the_builtin_pack_reads() {
    let pack = norochess_core::puzzle::builtin_pack().expect("pack parses");
    for p in &pack {
        assert!(p.solution_moves().is_ok(), "{}", p.id);
    }
}

/// The mates' generator (docs/puzzles.md, step 8), end to end: a Ram chess
/// run finds a mate that passes the strict verification, named for its game.
#[test]
#[ignore = "long: run with --release -- --ignored"]
fn the_generator_finds_a_sound_ram_chess_mate() {
    use norochess_core::puzzle::{generate_puzzles, GeneratorOptions};
    use norochess_core::Variant;
    let options = GeneratorOptions {
        count: 1,
        seed: 2027,
        id_prefix: "rp".to_string(),
        variant: Variant::Ram,
        threads: 2,
        max_games: 64,
        ..GeneratorOptions::default()
    };
    let found = generate_puzzles(&options, &mut |_| {});
    let [mate] = found.as_slice() else {
        panic!("one puzzle within 64 games, found {}", found.len());
    };
    assert_eq!(mate.id, "rp0001");
    assert!(matches!(mate.objective, Objective::Mate { .. }), "{mate:?}");
    assert!(mate.setup.is_some(), "it begins with the opponent's move");
    for theme in ["mate", "ram-chess"] {
        assert!(mate.themes.iter().any(|t| t == theme), "{:?}", mate.themes);
    }
    let report = verify_puzzle(mate, &mut Solver::default(), SolveLimits::default());
    assert!(report.ok(), "{:?}", report.problems);
}
