//! Puzzle runs through the bindings: moves judged, hints, the solution
//! shown, and each attempt recorded once in the library.

use norochess_ffi::*;
use std::sync::Arc;

/// A known sound puzzle: White wins with 1. Qf5 (c2f5).
const LINE: &str = "t7|norochess|2r5/2q2p2/3b3r/p4p2/2nk2pp/p7/P1Q1RPPP/4KB1R w - - 0 48 score=13-13|-|win|c2f5 d6h2 f5g4|1829|";

/// Black's 29...Qd5 puts the queen where the rook takes it.
const GAIN: &str =
    "g1|norochess|3q2k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 29 score=10-10|d8d5|gain 9 in 1|d1d5|1000|";

fn library() -> Arc<LibraryHandle> {
    LibraryHandle::in_memory().unwrap()
}

#[test]
fn a_run_judges_moves_and_records_its_attempt_once() {
    let library = library();
    let run = PuzzleRun::from_line(LINE.into(), library.clone()).unwrap();
    assert_eq!(run.phase(), PuzzlePhase::Solving);
    assert_eq!(run.snapshot().move_number, 48);
    let feedback = run.play("c2".into(), "f5".into(), None).unwrap();
    let PuzzleFeedback::Correct {
        played,
        reply: Some(reply),
        solved: false,
    } = feedback
    else {
        panic!("{feedback:?}")
    };
    assert_eq!((played.uci.as_str(), reply.uci.as_str()), ("c2f5", "d6h2"));
    assert!(run.end().is_none());
    run.play_text("f5g4".into()).unwrap();
    assert_eq!(run.phase(), PuzzlePhase::Solved);
    let end = run.end().unwrap();
    assert_eq!(end.kind, PuzzleAttempt::Clean);
    assert!(end.rating_text.unwrap().starts_with("Puzzle rating"));
    assert!(matches!(
        run.play_text("a2a4".into()),
        Err(NorochessError::GameOver { detail }) if detail.contains("solved")
    ));
    assert_eq!(run.leave().unwrap(), None);
    assert_eq!(
        library.puzzle_status("t7".into()).unwrap(),
        Some(PuzzleAttempt::Clean)
    );
}

#[test]
fn wrong_moves_hints_the_solution_and_leaving() {
    let library = library();
    let run = PuzzleRun::from_line(LINE.into(), library.clone()).unwrap();
    assert!(matches!(
        run.hint().unwrap(),
        Some(PuzzleHint::Piece { ref square, kind: PieceKind::Queen }) if square == "c2"
    ));
    let feedback = run.play_text("h3".into()).unwrap();
    let PuzzleFeedback::Wrong { refutation, .. } = feedback else {
        panic!("{feedback:?}")
    };
    assert!(!refutation.is_empty());
    assert_eq!(run.phase(), PuzzlePhase::Wrong);
    let shown = run.show_next().unwrap();
    assert_eq!(
        shown.iter().map(|m| m.uci.as_str()).collect::<Vec<_>>(),
        ["c2f5", "d6h2"]
    );
    let end = run.leave().unwrap().unwrap();
    assert_eq!(end.kind, PuzzleAttempt::Shown);
    assert_eq!(run.phase(), PuzzlePhase::Left);
    assert!(run.play_text("f5g4".into()).is_err());
}

#[test]
fn a_puzzle_starts_after_the_opponents_move() {
    let run = PuzzleRun::from_line(GAIN.into(), library()).unwrap();
    let info = run.puzzle();
    let first = run.snapshot();
    assert_eq!(first.position_text, info.position_text);
    assert_eq!(first.turn, Side::White);
    assert_eq!(first.ply_count, 1);
    assert_eq!(first.last_move, info.opponent_move);
    run.play_text("h3".into()).unwrap();
    assert!(run.retry().unwrap());
    assert_eq!(run.snapshot().position_text, info.position_text);
    let feedback = run.play_text("Rxd5".into()).unwrap();
    assert!(matches!(
        feedback,
        PuzzleFeedback::Correct {
            solved: true,
            reply: None,
            ..
        }
    ));
    assert_eq!(run.end().unwrap().kind, PuzzleAttempt::Solved);
}

#[test]
fn unknown_and_malformed_puzzles_are_errors() {
    assert!(matches!(
        PuzzleRun::new("nope".into(), library()),
        Err(NorochessError::InvalidPuzzle { detail }) if detail.contains("no puzzle `nope`")
    ));
    assert!(matches!(
        PuzzleRun::from_line("a|b".into(), library()),
        Err(NorochessError::InvalidPuzzle { detail }) if detail.starts_with("cannot read the puzzle")
    ));
    let run = PuzzleRun::from_line(LINE.into(), library()).unwrap();
    assert!(run.play("z9".into(), "c2".into(), None).is_err());
    assert!(run.play_text("".into()).is_err());
    assert_eq!(run.phase(), PuzzlePhase::Solving);
}

#[test]
fn every_pack_puzzle_starts_at_its_players_position() {
    let library = library();
    for info in crate::puzzles::builtin_puzzles().unwrap() {
        let snapshot = PuzzleRun::new(info.id.clone(), library.clone())
            .unwrap()
            .snapshot();
        assert_eq!(snapshot.position_text, info.position_text, "{}", info.id);
        assert_eq!(snapshot.turn, info.player, "{}", info.id);
        assert_eq!(snapshot.last_move, info.opponent_move, "{}", info.id);
    }
}

fn filter(tier: Option<PuzzleDifficulty>, theme: Option<&str>) -> PuzzleFilter {
    PuzzleFilter {
        tier,
        theme: theme.map(str::to_string),
    }
}

#[test]
fn next_is_the_app_layers_rule() {
    let library = library();
    let pack = crate::puzzles::builtin_puzzles().unwrap();
    let first = next_puzzle(library.clone(), filter(None, None), None)
        .unwrap()
        .unwrap();
    assert_eq!(first.puzzle.id, pack[0].id);
    let after = next_puzzle(
        library.clone(),
        filter(None, None),
        Some(pack[0].id.clone()),
    )
    .unwrap()
    .unwrap();
    assert_eq!(after.puzzle.id, pack[1].id);
    let hard = next_puzzle(library, filter(Some(PuzzleDifficulty::Hard), None), None)
        .unwrap()
        .unwrap();
    assert_eq!(hard.puzzle.difficulty, PuzzleDifficulty::Hard);
}

#[test]
fn a_theme_filter_keeps_next_to_its_theme_and_the_menu_counts_it() {
    let library = library();
    // As a player types it: the app layer reads `Fork` as `fork`.
    let fork = next_puzzle(library.clone(), filter(None, Some("Fork")), None)
        .unwrap()
        .expect("the pack has forks");
    assert!(fork.puzzle.themes.iter().any(|t| t == "fork"));
    let hard_fork = next_puzzle(
        library.clone(),
        filter(Some(PuzzleDifficulty::Hard), Some("fork")),
        None,
    )
    .unwrap()
    .expect("the pack has hard forks");
    assert_eq!(hard_fork.puzzle.difficulty, PuzzleDifficulty::Hard);
    assert!(hard_fork.puzzle.themes.iter().any(|t| t == "fork"));
    // An unknown theme is an error that names it, not an empty answer.
    let unknown = next_puzzle(library.clone(), filter(None, Some("zwischenzug")), None);
    match unknown {
        Err(e) => assert!(e.to_string().contains("zwischenzug"), "{e}"),
        Ok(answer) => panic!("an unknown theme was taken: {answer:?}"),
    }
    // A theme the pack does not hold: no puzzle, and the sentence for it.
    let none = filter(None, Some("resurrection"));
    assert_eq!(next_puzzle(library, none.clone(), None).unwrap(), None);
    assert_eq!(
        puzzle_filter_none_text(none).unwrap(),
        "The pack has no resurrection puzzles."
    );
    assert_eq!(
        puzzle_filter_text(filter(
            Some(PuzzleDifficulty::Easy),
            Some("discovered-attack")
        ))
        .unwrap(),
        "easy discovered attack puzzles"
    );
    let menu = puzzle_theme_choices(None).unwrap();
    let hard_menu = puzzle_theme_choices(Some(PuzzleDifficulty::Hard)).unwrap();
    let forks = menu.iter().find(|c| c.id == "fork").expect("forks offered");
    let hard_forks = hard_menu
        .iter()
        .find(|c| c.id == "fork")
        .expect("hard forks");
    assert!(hard_forks.count < forks.count);
    assert!(menu.iter().all(|c| c.count > 0 && !c.name.is_empty()));
    // A new tier keeps the theme where it has puzzles; the list narrows.
    let moved =
        puzzle_filter_with_tier(filter(None, Some("fork")), Some(PuzzleDifficulty::Hard)).unwrap();
    assert_eq!(moved, filter(Some(PuzzleDifficulty::Hard), Some("fork")));
    let dropped = puzzle_filter_with_tier(filter(None, Some("resurrection")), None).unwrap();
    assert_eq!(dropped.theme, None);
    let listed = chosen_builtin_puzzles(moved).unwrap();
    assert_eq!(listed.len() as u32, hard_forks.count);
    assert!(listed
        .iter()
        .all(|p| p.difficulty == PuzzleDifficulty::Hard && p.themes.iter().any(|t| t == "fork")));
}

#[test]
fn taps_choose_the_puzzle_move_and_play_judges_it() {
    let run = PuzzleRun::from_line(LINE.into(), library()).unwrap();
    assert_eq!(run.tap("c2".into()).unwrap(), None);
    assert_eq!(run.input().selected.as_deref(), Some("c2"));
    let chosen = run.tap("f5".into()).unwrap().expect("chosen");
    assert_eq!(chosen.uci, "c2f5");
    assert_eq!(run.snapshot().ply_count, 0, "a tap only chooses");
    let feedback = run.play(chosen.from, chosen.to, chosen.promotion).unwrap();
    assert!(matches!(feedback, PuzzleFeedback::Correct { .. }));
    assert_eq!(run.input().selected, None);
}
