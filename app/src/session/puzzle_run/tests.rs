//! Scenarios of the attempt rule and the policies, and the fixed puzzle
//! sequence that the Kotlin and Swift smoke tests play too.

use super::filter::PuzzleFilter;
use super::policy::{daily_puzzle_index, next_puzzle, next_puzzle_in_library, NextPuzzle};
use super::*;
use crate::ratings::{self, Day, Rating};
use norochess_core::puzzle::{builtin_pack, Difficulty};

/// A sound puzzle: White wins with 1. Qf5 (c2f5) Bh2 2. Qg4.
const T7: &str = "t7|norochess|2r5/2q2p2/3b3r/p4p2/2nk2pp/p7/P1Q1RPPP/4KB1R w - - 0 48 score=13-13|-|win|c2f5 d6h2 f5g4|1829|";

fn t7() -> Puzzle {
    Puzzle::from_line_of_version(T7, 1, 2).unwrap()
}

fn kept(puzzle: Puzzle) -> PuzzleRun {
    PuzzleRun::new(puzzle, Keeping::Kept).unwrap()
}

/// Every attempt the library holds for `id`, oldest first.
fn attempts(library: &Library, id: &str) -> Vec<PuzzleAttempt> {
    library
        .rating_history(1000)
        .unwrap()
        .into_iter()
        .filter(|p| p.puzzle_id == id)
        .map(|p| p.outcome)
        .collect()
}

#[test]
fn the_intended_line_is_a_clean_solve_recorded_once() {
    let mut library = Library::in_memory().unwrap();
    let mut run = kept(t7());
    assert_eq!(run.phase(), PuzzlePhase::Solving);
    let answer = run.play_text("Qf5", &mut library).unwrap();
    assert_eq!((answer.right, answer.solved, answer.ply), (true, false, 0));
    // The opponent's answer follows the player's move on the board.
    assert_eq!(run.game().san_moves(), ["Qxf5", "Bxh2"]);
    assert!(run.end().is_none(), "nothing recorded before the end");
    let answer = run.play_text("f5g4", &mut library).unwrap();
    assert!(answer.right && answer.solved);
    assert_eq!(run.phase(), PuzzlePhase::Solved);
    let end = run.end().unwrap().clone();
    assert_eq!(end.kind, PuzzleAttempt::Clean);
    assert!(end.recorded && end.problem.is_none());
    assert!(end.rating_change > 0, "{end:?}");
    // No further move, and leaving records nothing more.
    assert!(matches!(
        run.play_text("a2a4", &mut library),
        Err(PuzzleRunError::NotWaiting {
            phase: PuzzlePhase::Solved
        })
    ));
    assert!(run.leave(&mut library).is_none());
    assert_eq!(attempts(&library, "t7"), [PuzzleAttempt::Clean]);
    assert_eq!(library.puzzle_stats().unwrap().streak, 1);
}

#[test]
fn a_wrong_move_then_the_solve_is_with_help() {
    let mut library = Library::in_memory().unwrap();
    let mut run = kept(t7());
    let answer = run.play_text("h3", &mut library).unwrap();
    assert!(!answer.right && !answer.solved);
    assert_eq!(run.phase(), PuzzlePhase::Wrong);
    // The refutation is on the board after the wrong move.
    assert!(run.game().plies().len() > 1);
    assert!(matches!(
        run.play_text("Qf5", &mut library),
        Err(PuzzleRunError::NotWaiting {
            phase: PuzzlePhase::Wrong
        })
    ));
    assert!(run.retry());
    assert!(!run.retry(), "nothing more to take back");
    assert_eq!(run.game().plies().len(), 0);
    run.play_text("Qf5", &mut library).unwrap();
    run.play_text("Qg4", &mut library).unwrap();
    assert_eq!(run.end().unwrap().kind, PuzzleAttempt::Solved);
    assert_eq!(attempts(&library, "t7"), [PuzzleAttempt::Solved]);
    assert_eq!(library.puzzle_stats().unwrap().streak, 0);
}

#[test]
fn the_piece_hint_then_the_solve_is_with_help() {
    let mut library = Library::in_memory().unwrap();
    let mut run = kept(t7());
    let Some(Hint::Piece(square)) = run.hint() else {
        panic!("the first hint is the piece")
    };
    assert_eq!(run.game().position().square_name(square), "c2");
    assert!(run.help().hint);
    run.play_text("Qf5", &mut library).unwrap();
    run.play_text("Qg4", &mut library).unwrap();
    assert_eq!(run.end().unwrap().kind, PuzzleAttempt::Solved);
    // The rating counts it as a loss: help is not a solve alone.
    assert!(run.end().unwrap().rating_change < 0);
}

#[test]
fn showing_the_solution_to_the_end_counts_as_shown() {
    let mut library = Library::in_memory().unwrap();
    let mut run = kept(t7());
    run.play_text("h3", &mut library).unwrap();
    // Show takes the wrong move back first, then plays the right one.
    let first = run.show_next(&mut library);
    assert_eq!(first, 0);
    assert_eq!(run.game().san_moves(), ["Qxf5", "Bxh2"]);
    assert!(run.end().is_none());
    run.show_next(&mut library);
    assert_eq!(run.phase(), PuzzlePhase::Solved);
    assert_eq!(run.end().unwrap().kind, PuzzleAttempt::Shown);
    // Nothing more to show once solved.
    let plies = run.game().plies().len();
    assert_eq!(run.show_next(&mut library), plies);
    assert_eq!(run.game().plies().len(), plies);
    assert_eq!(attempts(&library, "t7"), [PuzzleAttempt::Shown]);
}

#[test]
fn leaving_after_a_wrong_move_is_failed_and_recorded() {
    let mut library = Library::in_memory().unwrap();
    let mut run = kept(t7());
    run.play_text("h3", &mut library).unwrap();
    let end = run.leave(&mut library).cloned().unwrap();
    assert_eq!(end.kind, PuzzleAttempt::Failed);
    assert!(end.recorded);
    assert_eq!(run.phase(), PuzzlePhase::Left);
    assert!(run.leave(&mut library).is_none(), "recorded once");
    assert!(!run.retry());
    assert!(run.hint().is_none());
    assert!(matches!(
        run.play_text("Qf5", &mut library),
        Err(PuzzleRunError::NotWaiting {
            phase: PuzzlePhase::Left
        })
    ));
    assert_eq!(attempts(&library, "t7"), [PuzzleAttempt::Failed]);
}

#[test]
fn leaving_after_a_hint_fails_and_after_a_look_records_nothing() {
    let mut library = Library::in_memory().unwrap();
    let mut run = kept(t7());
    run.hint();
    assert_eq!(
        run.leave(&mut library).map(|e| e.kind),
        Some(PuzzleAttempt::Failed)
    );
    let mut run = kept(t7());
    assert!(run.leave(&mut library).is_none());
    assert_eq!(attempts(&library, "t7"), [PuzzleAttempt::Failed]);
    // Leaving after one step of the solution counts as shown.
    let mut run = kept(t7());
    run.show_next(&mut library);
    assert_eq!(
        run.leave(&mut library).map(|e| e.kind),
        Some(PuzzleAttempt::Shown)
    );
}

#[test]
fn a_puzzle_of_your_own_is_not_recorded() {
    let mut library = Library::in_memory().unwrap();
    let mut run = PuzzleRun::new(t7(), Keeping::NotKept).unwrap();
    run.play_text("Qf5", &mut library).unwrap();
    run.play_text("Qg4", &mut library).unwrap();
    let end = run.end().unwrap();
    assert_eq!((end.kind, end.recorded), (PuzzleAttempt::Clean, false));
    assert_eq!(end.rating_text, None);
    assert!(attempts(&library, "t7").is_empty());
}

#[test]
fn bad_input_is_an_error_never_a_panic() {
    let mut library = Library::in_memory().unwrap();
    let mut run = kept(t7());
    assert!(matches!(
        run.play_text("Zz9", &mut library),
        Err(PuzzleRunError::Move(_))
    ));
    assert!(matches!(
        run.play_text("", &mut library),
        Err(PuzzleRunError::Move(_))
    ));
    assert_eq!(run.phase(), PuzzlePhase::Solving);
    let mut broken = t7();
    broken.solution = vec!["a1a1".to_string()];
    assert!(matches!(
        PuzzleRun::new(broken, Keeping::Kept),
        Err(PuzzleRunError::Unplayable { id, .. }) if id == "t7"
    ));
}

/// A log whose writes fail: the attempt still ends, with the problem.
struct FullDisk;

impl AttemptLog for FullDisk {
    fn record_attempt(
        &mut self,
        _: &Puzzle,
        _: PuzzleAttempt,
    ) -> Result<RatedAttempt, LibraryError> {
        Err(LibraryError::Sqlite(rusqlite::Error::InvalidQuery))
    }
}

#[test]
fn a_failed_write_ends_the_attempt_with_the_problem() {
    let mut run = kept(t7());
    run.play_text("Qf5", &mut FullDisk).unwrap();
    run.play_text("Qg4", &mut FullDisk).unwrap();
    let end = run.end().unwrap();
    assert!(!end.recorded);
    assert!(end.problem.is_some());
}

fn ids(pack: &[Puzzle], next: Option<NextPuzzle>) -> Option<(&str, bool)> {
    next.map(|n| (pack[n.index].id.as_str(), n.all_solved_cleanly))
}

#[test]
fn next_is_the_first_not_solved_cleanly_after_the_current_in_pack_order() {
    let pack = builtin_pack().unwrap();
    let clean = |done: Vec<String>| move |p: &Puzzle| Ok::<_, ()>(done.contains(&p.id));
    // From the top, after the current one, skipping the clean ones.
    assert_eq!(
        ids(
            &pack,
            next_puzzle(&pack, &PuzzleFilter::any(), None, clean(vec![])).unwrap()
        ),
        Some((pack[0].id.as_str(), false))
    );
    let first_two = vec![pack[0].id.clone(), pack[1].id.clone()];
    assert_eq!(
        ids(
            &pack,
            next_puzzle(&pack, &PuzzleFilter::any(), None, clean(first_two.clone())).unwrap()
        ),
        Some((pack[2].id.as_str(), false))
    );
    assert_eq!(
        ids(
            &pack,
            next_puzzle(
                &pack,
                &PuzzleFilter::any(),
                Some(&pack[2].id),
                clean(vec![])
            )
            .unwrap()
        ),
        Some((pack[3].id.as_str(), false))
    );
    // Wrapping round from the last puzzle.
    let last = &pack[pack.len() - 1].id;
    assert_eq!(
        ids(
            &pack,
            next_puzzle(&pack, &PuzzleFilter::any(), Some(last), clean(first_two)).unwrap()
        ),
        Some((pack[2].id.as_str(), false))
    );
    // A tier keeps to its puzzles.
    let hard_only = PuzzleFilter::new(Some(Difficulty::Hard), None).unwrap();
    let hard = next_puzzle(&pack, &hard_only, None, clean(vec![]))
        .unwrap()
        .unwrap();
    assert_eq!(pack[hard.index].difficulty(), Difficulty::Hard);
    assert!(pack[..hard.index]
        .iter()
        .all(|p| p.difficulty() != Difficulty::Hard));
    // A theme keeps to its puzzles, with the tier or without it; the next
    // after one of them is the next of the theme, not the next in the pack.
    let pins = PuzzleFilter::new(None, Some("pin")).unwrap();
    let first_pin = next_puzzle(&pack, &pins, None, clean(vec![]))
        .unwrap()
        .unwrap();
    assert!(pack[first_pin.index].themes.iter().any(|t| t == "pin"));
    assert!(pack[..first_pin.index]
        .iter()
        .all(|p| !p.themes.iter().any(|t| t == "pin")));
    let second_pin = next_puzzle(&pack, &pins, Some(&pack[first_pin.index].id), clean(vec![]))
        .unwrap()
        .unwrap();
    assert!(second_pin.index > first_pin.index);
    assert!(pack[first_pin.index + 1..second_pin.index]
        .iter()
        .all(|p| !p.themes.iter().any(|t| t == "pin")));
    let hard_pins = PuzzleFilter::new(Some(Difficulty::Hard), Some("pin")).unwrap();
    if let Some(next) = next_puzzle(&pack, &hard_pins, None, clean(vec![])).unwrap() {
        assert!(hard_pins.fits(&pack[next.index]));
    }
    // Every puzzle of the choice solved: the first of the choice after
    // the current one comes again, flagged.
    let all_done = |p: &Puzzle| Ok::<_, ()>(p.themes.iter().any(|t| t == "pin"));
    let again = next_puzzle(&pack, &pins, Some(&pack[first_pin.index].id), all_done)
        .unwrap()
        .unwrap();
    assert_eq!(again.index, second_pin.index);
    assert!(again.all_solved_cleanly);
    // A choice the pack does not hold has no next puzzle.
    let resurrections = PuzzleFilter::new(None, Some("resurrection")).unwrap();
    assert_eq!(
        next_puzzle(&pack, &resurrections, None, clean(vec![])).unwrap(),
        None
    );
    // All solved: the one after the current comes again.
    let all = |_: &Puzzle| Ok::<_, ()>(true);
    assert_eq!(
        ids(
            &pack,
            next_puzzle(&pack, &PuzzleFilter::any(), Some(&pack[0].id), all).unwrap()
        ),
        Some((pack[1].id.as_str(), true))
    );
    // An empty pack has no next puzzle.
    assert_eq!(
        next_puzzle(&[], &PuzzleFilter::any(), None, all).unwrap(),
        None
    );
}

#[test]
fn the_daily_puzzle_is_the_librarys_for_the_date_the_shell_passes() {
    let library = Library::in_memory().unwrap();
    let pack = builtin_pack().unwrap();
    let day = Day::new(2026, 1, 15).unwrap();
    let index = daily_puzzle_index(&library, &pack, day).unwrap().unwrap();
    let expected = ratings::daily_puzzle(&pack, day, ratings::PLAYER_START_RATING).unwrap();
    assert_eq!(pack[index].id, expected.id);
    assert_eq!(daily_puzzle_index(&library, &[], day).unwrap(), None);
}

/// The fixed sequence of [`the_fixed_puzzle_sequence`]: the Kotlin
/// (`PuzzleRunSequenceTest.kt`) and Swift (`PuzzleRunSequenceTests.swift`)
/// smoke tests play the same moves and check the same answers.
mod sequence {
    /// The puzzle each `next` opens, in order.
    pub const OPENED: [&str; 5] = ["np1001", "np1002", "np1003", "np1004", "np1005"];
    /// A move of np1002 the solver refutes.
    pub const WRONG_IN_NP1002: &str = "b5c4";
    /// A move of np1005 the solver refutes.
    pub const WRONG_IN_NP1005: &str = "c4e2";
    /// `next` after np1005, and `next` from the top of the pack.
    pub const NEXT_AFTER: &str = "np1006";
    pub const NEXT_FROM_TOP: &str = "np1002";
    /// The daily puzzle of 2026-01-15 (before any attempt of the test).
    pub const DAILY_2026_01_15: &str = "np7606";
    /// The player's rating after the five attempts, rounded.
    pub const RATING_AFTER: i32 = 460;
}

/// Plays `run`'s puzzle by its intended line (the player's moves; the
/// opponent answers by itself).
fn play_solution(run: &mut PuzzleRun, library: &mut Library) {
    let line = run.puzzle().solution.clone();
    for uci in line.iter().step_by(2) {
        if run.phase() != PuzzlePhase::Solving {
            break;
        }
        let answer = run.play_text(uci, library).unwrap();
        assert!(answer.right, "{} {uci}", run.puzzle().id);
    }
}

#[test]
fn the_fixed_puzzle_sequence() {
    use sequence::*;
    let mut library = Library::in_memory().unwrap();
    let pack = builtin_pack().unwrap();
    let day = Day::new(2026, 1, 15).unwrap();
    let daily = daily_puzzle_index(&library, &pack, day).unwrap().unwrap();
    let mut opened = Vec::new();
    let mut kinds = Vec::new();
    let mut current: Option<String> = None;
    let mut rating = Rating::new_player();
    for step in 0..5 {
        let next =
            next_puzzle_in_library(&library, &pack, &PuzzleFilter::any(), current.as_deref())
                .unwrap()
                .unwrap();
        let puzzle = pack[next.index].clone();
        opened.push(puzzle.id.clone());
        let mut run = kept(puzzle.clone());
        match step {
            0 => play_solution(&mut run, &mut library),
            1 => {
                run.play_text(WRONG_IN_NP1002, &mut library).unwrap();
                assert!(run.retry());
                play_solution(&mut run, &mut library);
            }
            2 => {
                assert!(matches!(run.hint(), Some(Hint::Piece(_))));
                play_solution(&mut run, &mut library);
            }
            3 => {
                while run.phase() == PuzzlePhase::Solving {
                    run.show_next(&mut library);
                }
            }
            _ => {
                run.play_text(WRONG_IN_NP1005, &mut library).unwrap();
                assert_eq!(run.phase(), PuzzlePhase::Wrong);
                run.leave(&mut library);
            }
        }
        let end = run.end().unwrap().clone();
        kinds.push(end.kind);
        // The rating moves as Glicko-2 says, attempt by attempt.
        let (after, _) = ratings::rate_attempt(
            rating,
            Rating::new_puzzle(puzzle.rating),
            end.kind == PuzzleAttempt::Clean,
        );
        rating = after;
        assert_eq!(end.rating_after, Some(after.rounded()), "{}", puzzle.id);
        current = Some(puzzle.id);
    }
    let after = next_puzzle_in_library(&library, &pack, &PuzzleFilter::any(), current.as_deref())
        .unwrap()
        .unwrap();
    let from_top = next_puzzle_in_library(&library, &pack, &PuzzleFilter::any(), None)
        .unwrap()
        .unwrap();
    assert_eq!(opened, OPENED);
    assert_eq!(
        kinds,
        [
            PuzzleAttempt::Clean,
            PuzzleAttempt::Solved,
            PuzzleAttempt::Solved,
            PuzzleAttempt::Shown,
            PuzzleAttempt::Failed
        ]
    );
    assert_eq!(pack[after.index].id, NEXT_AFTER);
    assert_eq!(pack[from_top.index].id, NEXT_FROM_TOP);
    assert_eq!(pack[daily].id, DAILY_2026_01_15);
    // The daily puzzle of a past date does not move with today's attempts.
    assert_eq!(
        daily_puzzle_index(&library, &pack, day).unwrap(),
        Some(daily)
    );
    assert_eq!(library.puzzle_rating().unwrap().rounded(), RATING_AFTER);
    assert_eq!(library.puzzle_stats().unwrap().streak, 0);
    assert_eq!(library.puzzle_stats().unwrap().best_streak, 1);
}

#[test]
fn taps_choose_the_move_the_shell_then_plays() {
    let sq = |name: &str| norochess_core::Square::parse(name, 8, 8).unwrap();
    let mut library = Library::in_memory().unwrap();
    let mut run = kept(t7());
    assert_eq!(run.tap(sq("c2")), None);
    let view = run.input_view();
    assert_eq!(view.selected.as_deref(), Some("c2"));
    assert!(view.targets.contains(&"f5".to_string()));
    let mv = run.tap(sq("f5")).expect("the move to play");
    assert_eq!(mv.uci(8), "c2f5");
    // Choosing is not playing: the shell plays it.
    assert!(run.game().plies().is_empty());
    run.play(mv, &mut library).unwrap();
    assert_eq!(run.input_view().selected, None);
    run.drag_began(sq("f5"));
    let mv = run.drag_ended(Some(sq("g4"))).expect("the move to play");
    run.play(mv, &mut library).unwrap();
    // Solved: the board takes no more input.
    assert_eq!(run.tap(sq("a2")), None);
    assert_eq!(
        run.input_view(),
        crate::board_input::BoardInputView::default()
    );
}
