//! Sessions and the library through the bindings, with the async searches
//! driven by a minimal executor (the phones' executors are Kotlin
//! coroutines and Swift tasks).

use norochess_ffi::*;
use std::future::Future;
use std::pin::pin;
use std::sync::Arc;
use std::task::{Context, Poll, Wake, Waker};
use std::thread::{self, Thread};
use std::time::{Duration, Instant};

struct Unpark(Thread);
impl Wake for Unpark {
    fn wake(self: Arc<Self>) {
        self.0.unpark();
    }
}

/// Solves pack puzzle `id` by its intended line through a [`PuzzleRun`]
/// (which records the attempt) and returns how it ended.
fn solve_by_the_line(library: &Arc<LibraryHandle>, id: &str) -> norochess_app::AttemptEnd {
    let run = PuzzleRun::new(id.into(), library.clone()).unwrap();
    for uci in run.puzzle().solution.iter().step_by(2) {
        run.play_text(uci.clone()).unwrap();
    }
    run.end().unwrap()
}

/// Runs a future to its end on this thread.
fn block_on<T>(future: impl Future<Output = T>) -> T {
    let mut future = pin!(future);
    let waker = Waker::from(Arc::new(Unpark(thread::current())));
    let mut cx = Context::from_waker(&waker);
    loop {
        if let Poll::Ready(v) = future.as_mut().poll(&mut cx) {
            return v;
        }
        thread::park_timeout(Duration::from_millis(50));
    }
}

/// The cancellation promise: the median of the rounds within 50 ms (they
/// take 0.2-7 ms here), and no round beyond 250 ms. The machine running the
/// tests is shared, and a thread that is not scheduled for a while would
/// make a bound on every round flaky.
fn within_50_ms(mut latencies: Vec<Duration>) {
    latencies.sort();
    assert!(
        latencies[latencies.len() / 2] < Duration::from_millis(50),
        "{latencies:?}"
    );
    assert!(
        latencies.iter().all(|l| *l < Duration::from_millis(250)),
        "{latencies:?}"
    );
}

fn setup() -> GameSetup {
    GameSetup::new("norochess")
}

fn vs_computer(level: u8, colour: ColourChoice) -> NewGame {
    NewGame {
        setup: setup(),
        position_text: None,
        opponent: OpponentChoice::Computer { level, colour },
        clock: None,
        board_mode: None,
        seed: 7,
        player_name: None,
        level8_nodes: None,
    }
}

fn friends(clock: Option<TimeControl>) -> NewGame {
    NewGame {
        opponent: OpponentChoice::Friend {
            white_name: "Ann".into(),
            black_name: "Bob".into(),
        },
        clock,
        ..vs_computer(1, ColourChoice::White)
    }
}

#[test]
fn the_computer_answers_and_a_takeback_while_it_thinks_makes_it_stale() {
    let session = GameSessionHandle::new(vs_computer(2, ColourChoice::White), None).unwrap();
    assert_eq!(
        block_on(session.computer_move(0)).unwrap(),
        ComputerMove::NotComputersTurn
    );
    session.play("e2".into(), "e4".into(), None, 0).unwrap();
    let s = session.snapshot(0);
    assert!(s.computer_to_move && !s.can_move && s.board.legal_moves.is_empty());
    assert_eq!(s.status_text, "Computer to move");
    let played = block_on(session.computer_move(0)).unwrap();
    assert!(matches!(played, ComputerMove::Played { ref text, .. } if text.starts_with("1...")));
    assert_eq!(session.snapshot(0).ply_count, 2);

    // Level 8 with no node limit thinks long enough to take back meanwhile.
    let session = GameSessionHandle::new(vs_computer(8, ColourChoice::White), None).unwrap();
    session.play_text("e4".into(), 0).unwrap();
    let thinking = {
        let session = session.clone();
        thread::spawn(move || block_on(session.computer_move(0)))
    };
    while !session.snapshot(0).thinking {
        thread::sleep(Duration::from_millis(1));
    }
    assert_eq!(session.takeback(0).unwrap(), 1);
    assert_eq!(thinking.join().unwrap().unwrap(), ComputerMove::Stale);
    let s = session.snapshot(0);
    assert_eq!((s.ply_count, s.thinking), (0, false));
}

#[test]
fn cancelling_a_computer_move_stops_the_search_at_once() {
    let session = GameSessionHandle::new(vs_computer(8, ColourChoice::Black), None).unwrap();
    let mut latencies = Vec::new();
    for _ in 0..3 {
        let mut future = Box::pin(session.computer_move(0));
        let waker = Waker::from(Arc::new(Unpark(thread::current())));
        assert!(future
            .as_mut()
            .poll(&mut Context::from_waker(&waker))
            .is_pending());
        thread::sleep(Duration::from_millis(100));
        assert!(session.snapshot(0).thinking);
        let dropped = Instant::now();
        drop(future);
        // The search thread holds the engine until it has stopped.
        loop {
            if session.engine_is_idle() {
                break;
            }
            thread::sleep(Duration::from_micros(200));
        }
        latencies.push(dropped.elapsed());
        assert!(!session.snapshot(0).thinking);
    }
    eprintln!("cancellation latencies: {latencies:?}");
    within_50_ms(latencies);
    // The next call answers normally.
    let next = block_on(session.computer_move(0)).unwrap();
    assert!(matches!(next, ComputerMove::Played { .. }), "{next:?}");
}

#[test]
fn resigning_while_the_computer_thinks_resigns_the_person() {
    let session = GameSessionHandle::new(vs_computer(8, ColourChoice::Black), None).unwrap();
    let thinking = {
        let session = session.clone();
        thread::spawn(move || block_on(session.computer_move(0)))
    };
    while !session.snapshot(0).thinking {
        thread::sleep(Duration::from_millis(1));
    }
    let outcome = session.resign(None, 0).unwrap();
    assert_eq!(outcome.winner, Some(Side::White));
    assert_eq!(thinking.join().unwrap().unwrap(), ComputerMove::Stale);
    let s = session.snapshot(0);
    assert_eq!(
        s.result_text.as_deref(),
        Some("White wins 0–0 — Black resigned")
    );
    assert!(!s.can_resign && s.can_takeback);
}

#[test]
fn hints_and_analysis_run_off_the_callers_thread() {
    let session = GameSessionHandle::new(friends(None), None).unwrap();
    let limits = SearchLimits {
        depth: Some(3),
        ..SearchLimits::default()
    };
    let hint = block_on(session.hint(limits)).unwrap().unwrap();
    assert!(hint.text.starts_with(&hint.suggested.san));
    // A cancelled hint leaves the session as it was.
    let mut unlimited = Box::pin(session.hint(SearchLimits {
        move_time_ms: Some(60_000),
        ..SearchLimits::default()
    }));
    let waker = Waker::from(Arc::new(Unpark(thread::current())));
    assert!(unlimited
        .as_mut()
        .poll(&mut Context::from_waker(&waker))
        .is_pending());
    assert!(session.snapshot(0).thinking);
    drop(unlimited);
    assert!(!session.snapshot(0).thinking);
    let out = block_on(session.analyse(limits, 2, None)).unwrap();
    assert_eq!((out.lines.len(), out.depth), (2, 3));
    assert!(matches!(
        block_on(session.analyse(limits, 0, None)),
        Err(NorochessError::InvalidArgument { .. })
    ));
}

#[test]
fn pass_and_play_with_a_clock_flag_fall_review_and_rematch() {
    let clock = TimeControl::Fischer {
        base_ms: 60_000,
        increment_ms: 0,
    };
    let session = GameSessionHandle::new(friends(Some(clock)), None).unwrap();
    let s = session.snapshot(0);
    assert_eq!(s.clock.as_ref().map(|c| c.running), Some(None));
    assert_eq!(s.status_text, "White to move (Ann)");
    assert_eq!(s.save_state, SaveState::NoLibrary);
    session.play_text("e4".into(), 1_000).unwrap();
    session.play_text("e5".into(), 6_000).unwrap();
    let clock_view = session.snapshot(6_000).clock.unwrap();
    assert_eq!((clock_view.white_ms, clock_view.black_ms), (60_000, 55_000));
    assert_eq!(clock_view.black_text, "0:55");
    // Review pauses the clock.
    session.review(Some(1), 7_000).unwrap();
    let s = session.snapshot(50_000);
    assert_eq!((s.reviewing, s.board.ply_count), (Some(1), 1));
    assert!(s.clock.as_ref().unwrap().paused && !s.can_move);
    assert_eq!(s.status_text, "Reviewing move 1 of 2");
    session.review(None, 50_000).unwrap();
    assert_eq!(session.snapshot(50_000).clock.unwrap().white_ms, 59_000);
    assert_eq!(session.tick(100_000), None);
    let outcome = session.tick(200_000).unwrap();
    assert_eq!(outcome.reason, EndReason::TimeForfeit);
    let s = session.snapshot(200_000);
    assert!(s.result_text.unwrap().contains("White ran out of time"));
    assert!(matches!(
        session.takeback(200_000),
        Err(NorochessError::Refused {
            refusal: Refusal::LostOnTime,
            ..
        })
    ));
    let rematch = session.rematch(2).unwrap();
    let s = rematch.snapshot(0);
    assert_eq!(
        (s.white.name.as_str(), s.black.name.as_str()),
        ("Bob", "Ann")
    );
}

#[test]
fn errors_carry_their_fields() {
    let session = GameSessionHandle::new(friends(None), None).unwrap();
    assert!(matches!(
        session.play("e2".into(), "e5".into(), None, 0),
        Err(NorochessError::IllegalMove { move_text, .. }) if move_text == "e2-e5"
    ));
    assert!(matches!(
        session.play("e2".into(), "k9".into(), None, 0),
        Err(NorochessError::InvalidSquare { square, .. }) if square == "k9"
    ));
    assert!(matches!(
        session.play_text("Qh9".into(), 0),
        Err(NorochessError::IllegalMove { move_text, .. }) if move_text == "Qh9"
    ));
    assert!(matches!(
        session.decline_draw(),
        Err(NorochessError::Refused {
            refusal: Refusal::NoDrawOffer,
            ..
        })
    ));
    let computer = GameSessionHandle::new(vs_computer(1, ColourChoice::Black), None).unwrap();
    assert!(matches!(
        computer.play_text("e4".into(), 0),
        Err(NorochessError::Refused { refusal: Refusal::ComputerToMove, detail }) if detail == "it is the computer's turn"
    ));
    assert!(matches!(
        GameSessionHandle::new(vs_computer(9, ColourChoice::White), None),
        Err(NorochessError::InvalidArgument { .. })
    ));
}

#[test]
fn the_library_saves_every_change_and_a_killed_app_continues() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().display().to_string();
    let library = LibraryHandle::open(folder.clone()).unwrap();
    assert!(library.notices().is_empty());
    let session =
        GameSessionHandle::new(vs_computer(1, ColourChoice::White), Some(library.clone())).unwrap();
    assert_eq!(session.snapshot(0).save_state, SaveState::NotSavedYet);
    session.play_text("e4".into(), 0).unwrap();
    assert!(matches!(
        session.snapshot(0).save_state,
        SaveState::Saved { revision: 1, .. }
    ));
    assert!(matches!(
        block_on(session.computer_move(0)).unwrap(),
        ComputerMove::Played { .. }
    ));
    let moves = session.snapshot(0).moves;
    assert!(matches!(
        session.snapshot(0).save_state,
        SaveState::Saved { revision: 2, .. }
    ));
    // The app is killed: every handle dropped, the library reopened.
    drop(session);
    drop(library);
    let library = LibraryHandle::open(folder.clone()).unwrap();
    let restored = library.clone().current(0).unwrap().unwrap();
    let s = restored.snapshot(0);
    assert_eq!(s.moves, moves);
    assert!(s.can_move);
    restored.play_text("d4".into(), 0).unwrap();
    assert_eq!(library.list(GameFilter::default(), 10).unwrap().len(), 1);

    // A second window writes the same game: the first gets a conflict and
    // keeps its move in memory.
    let second = LibraryHandle::open(folder.clone()).unwrap();
    let other = second.clone().current(0).unwrap().unwrap();
    assert!(matches!(
        block_on(other.computer_move(0)).unwrap(),
        ComputerMove::Played { .. }
    ));
    let game_id = other.snapshot(0).game_id.unwrap();
    assert!(matches!(
        block_on(restored.computer_move(0)).unwrap(),
        ComputerMove::Played { .. }
    ));
    let s = restored.snapshot(0);
    assert_eq!(s.ply_count, 4);
    assert!(matches!(s.save_state, SaveState::Conflict { game_id: id, .. } if id == game_id));

    // A failed save (the game deleted under it) keeps the move in memory.
    let third = second.clone().load(game_id, 0).unwrap();
    second.delete(game_id).unwrap();
    let mv = third.snapshot(0).board.legal_moves[0].clone();
    third.play(mv.from, mv.to, mv.promotion, 0).unwrap();
    let s = third.snapshot(0);
    assert_eq!(s.ply_count, 5);
    assert!(matches!(s.save_state, SaveState::Failed { ref detail } if detail.contains("no game")));

    // Settings and stats.
    let shown = library.settings().unwrap();
    let mut green = shown.clone();
    green.board_theme = "green".into();
    let settings = library.update_settings(shown.clone(), green).unwrap();
    assert_eq!(settings.board_theme, "green");
    let mut pink = settings.clone();
    pink.board_theme = "pink".into();
    assert!(matches!(
        library.update_settings(settings.clone(), pink),
        Err(NorochessError::Setting { key, value: Some(v), .. }) if key == "board-theme" && v == "pink"
    ));
    let mut level_9 = settings.clone();
    level_9.default_level = 9;
    assert!(matches!(
        library.update_settings(settings.clone(), level_9),
        Err(NorochessError::Setting { key, value: Some(v), .. }) if key == "level" && v == "9"
    ));
    let before = library.settings().unwrap();
    let mut settings = before.clone();
    settings.takeback = false;
    // Another window's change of another key stays.
    let other = LibraryHandle::open(folder.clone()).unwrap();
    let other_shown = other.settings().unwrap();
    let mut level_6 = other_shown.clone();
    level_6.default_level = 6;
    other.update_settings(other_shown, level_6).unwrap();
    let stored = library.update_settings(before, settings).unwrap();
    assert!(!stored.takeback);
    assert_eq!(stored.default_level, 6);
    let no_takebacks =
        GameSessionHandle::new(vs_computer(1, ColourChoice::White), Some(library.clone())).unwrap();
    no_takebacks.play_text("e4".into(), 0).unwrap();
    assert!(!no_takebacks.snapshot(0).can_takeback);
    no_takebacks.resign(None, 0).unwrap();
    let stats = library.stats().unwrap();
    assert_eq!(stats.against_computer.losses, 1);
    assert!(stats.worst_loss.is_some());
    let first = builtin_puzzles().unwrap().remove(0);
    assert_eq!(
        solve_by_the_line(&library, &first.id).kind,
        PuzzleAttempt::Clean
    );
    assert_eq!(library.puzzle_stats().unwrap().streak, 1);
    assert!(matches!(
        library.delete(999),
        Err(NorochessError::NoSuchGame { game_id: 999, .. })
    ));
}

/// "Stop" tapped as the first line of an analysis appears: the cancel,
/// made from the search's own first report, reaches the search (it is
/// registered before its thread runs, so a cancel cannot come too early
/// and be lost), and the analysis ends at once with what it has.
#[test]
fn a_cancel_from_the_first_report_ends_an_unlimited_analysis() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    struct StopAtFirstLine {
        session: Arc<GameSessionHandle>,
        reports: Arc<AtomicUsize>,
    }
    impl SearchListener for StopAtFirstLine {
        fn on_progress(&self, _: SearchProgress) -> Result<(), ListenerError> {
            if self.reports.fetch_add(1, Ordering::SeqCst) == 0 {
                self.session.cancel_searches();
            }
            Ok(())
        }
    }
    let session = GameSessionHandle::new(friends(None), None).unwrap();
    let reports = Arc::new(AtomicUsize::new(0));
    for _ in 0..5 {
        reports.store(0, Ordering::SeqCst);
        let listener = StopAtFirstLine {
            session: session.clone(),
            reports: reports.clone(),
        };
        let started = Instant::now();
        let unlimited = SearchLimits {
            move_time_ms: Some(60_000),
            ..SearchLimits::default()
        };
        let outcome = block_on(session.analyse(unlimited, 1, Some(Box::new(listener))));
        let took = started.elapsed();
        assert!(outcome.is_ok(), "{outcome:?}");
        assert!(reports.load(Ordering::SeqCst) >= 1);
        assert!(took < Duration::from_secs(10), "ran on for {took:?}");
        assert!(!session.snapshot(0).thinking);
    }
}

#[test]
fn cancel_searches_ends_the_waiting_calls_at_once() {
    // What Swift's Task.cancel does through withTaskCancellationHandler.
    let session = GameSessionHandle::new(vs_computer(8, ColourChoice::Black), None).unwrap();
    let mut latencies = Vec::new();
    for _ in 0..3 {
        let waiting = {
            let session = session.clone();
            thread::spawn(move || {
                let answer = block_on(session.computer_move(0));
                (answer, Instant::now())
            })
        };
        while !session.snapshot(0).thinking {
            thread::sleep(Duration::from_millis(1));
        }
        thread::sleep(Duration::from_millis(50));
        let cancelled = Instant::now();
        session.cancel_searches();
        assert!(!session.snapshot(0).thinking);
        let (answer, returned) = waiting.join().unwrap();
        latencies.push(returned.duration_since(cancelled));
        assert_eq!(answer.unwrap(), ComputerMove::Cancelled);
        assert_eq!(session.snapshot(0).ply_count, 0);
    }
    eprintln!("cancel_searches: the call returned after {latencies:?}");
    within_50_ms(latencies);
    // Cancelling with nothing running changes nothing; the next call plays.
    session.cancel_searches();
    assert!(matches!(
        block_on(session.computer_move(0)).unwrap(),
        ComputerMove::Played { .. }
    ));

    let friends = GameSessionHandle::new(friends(None), None).unwrap();
    let hint = {
        let friends = friends.clone();
        thread::spawn(move || {
            block_on(friends.hint(SearchLimits {
                move_time_ms: Some(60_000),
                ..SearchLimits::default()
            }))
        })
    };
    while !friends.snapshot(0).thinking {
        thread::sleep(Duration::from_millis(1));
    }
    friends.cancel_searches();
    assert_eq!(hint.join().unwrap().unwrap(), None);
}

#[test]
fn a_puzzle_attempt_moves_the_rating_and_the_daily_puzzle_is_by_date() {
    let library = LibraryHandle::in_memory().unwrap();
    let before = library.puzzle_stats().unwrap();
    assert_eq!((before.rating, before.deviation), (1500, 350));
    let daily = library.daily_puzzle(2026, 11, 30).unwrap().unwrap();
    assert_eq!(
        library.daily_puzzle(2026, 11, 30).unwrap().map(|p| p.id),
        Some(daily.id.clone())
    );
    let end = solve_by_the_line(&library, &daily.id);
    assert_eq!(end.kind, PuzzleAttempt::Clean);
    assert!(end.rating_change > 0, "{end:?}");
    let text = end.rating_text.unwrap_or_default();
    assert!(text.starts_with("Puzzle rating "), "{text}");
    assert!(before.rating < end.rating_after.unwrap_or_default());
    let stats = library.puzzle_stats().unwrap();
    assert_eq!(Some(stats.rating), end.rating_after);
    assert_eq!(stats.rated_attempts, 1);
    assert_eq!(stats.rating_history.len(), 1);
    assert_eq!(stats.rating_history[0].puzzle_id, daily.id);
    assert_eq!(stats.rating_history[0].outcome, PuzzleAttempt::Clean);
    assert_eq!(library.stats().unwrap().puzzles, stats);
    assert!(matches!(
        library.daily_puzzle(2026, 2, 30),
        Err(NorochessError::InvalidArgument { .. })
    ));
}

#[test]
fn a_decided_position_is_refused_as_a_new_game_with_a_typed_error() {
    let game = NewGame {
        position_text: Some("8/8/8/8/8/8/8/4K3 w - - 0 1 score=0-0".into()),
        ..friends(None)
    };
    match GameSessionHandle::new(game, None) {
        Err(NorochessError::InvalidPosition { detail }) => assert!(
            detail.starts_with("that position is already over (White wins 0–0"),
            "{detail}"
        ),
        Err(other) => panic!("another error: {other:?}"),
        Ok(_) => panic!("a decided position started a game"),
    }
}

#[test]
fn the_repetition_that_loses_is_asked_about_before_the_move() {
    let session = GameSessionHandle::new(friends(None), None).unwrap();
    session.set_ask_before_repetition(true);
    for (from, to) in [("g1", "f3"), ("g8", "f6"), ("f3", "g1"), ("f6", "g8")]
        .iter()
        .chain(&[("g1", "f3"), ("g8", "f6"), ("f3", "g1")])
    {
        session.tap((*from).into(), 0).unwrap();
        let played = session.tap((*to).into(), 0).unwrap();
        assert!(played.is_some(), "{from}-{to} is played without a question");
    }
    session.tap("f6".into(), 0).unwrap();
    assert_eq!(session.tap("g8".into(), 0).unwrap(), None, "asked first");
    let question = session.snapshot(0).input.repetition_question;
    assert!(question.is_some(), "the question is open");
    let played = session
        .confirm_repetition(0)
        .unwrap()
        .expect("played anyway");
    assert_eq!(played.san, "Ng8");
    let result = session
        .snapshot(0)
        .result
        .expect("the repetition ends the game");
    assert_eq!(result.reason, EndReason::RepetitionLoss);
    assert_eq!(result.winner, Some(Side::White));
    assert!(matches!(
        session.tap("e9".into(), 0),
        Err(NorochessError::InvalidSquare { square, .. }) if square == "e9"
    ));
}

#[test]
fn taps_on_the_board_select_play_and_save_through_the_session() {
    let library = LibraryHandle::in_memory().unwrap();
    let session = GameSessionHandle::new(friends(None), Some(library.clone())).unwrap();
    assert_eq!(session.tap("e2".into(), 0).unwrap(), None);
    let input = session.snapshot(0).input;
    assert_eq!(input.selected.as_deref(), Some("e2"));
    assert_eq!(input.targets, ["e3", "e4"]);
    let played = session.tap("e4".into(), 0).unwrap().expect("played");
    assert_eq!(played.san, "e4");
    let snapshot = session.snapshot(0);
    assert_eq!(snapshot.ply_count, 1);
    assert!(snapshot.input.selected.is_none());
    assert!(
        matches!(snapshot.save_state, SaveState::Saved { .. }),
        "{:?}",
        snapshot.save_state
    );
    session.drag_began("e7".into()).unwrap();
    assert_eq!(session.drag_ended(None, 0).unwrap(), None);
    assert_eq!(session.snapshot(0).input.selected.as_deref(), Some("e7"));
    session.cancel_input();
    assert_eq!(session.snapshot(0).input, BoardInputView::default());
    assert!(matches!(
        session.tap("z9".into(), 0),
        Err(NorochessError::InvalidSquare { .. })
    ));
}

#[test]
fn a_promotion_tap_opens_the_picker_and_the_choice_plays() {
    let game = NewGame {
        position_text: Some("k7/4P3/8/8/8/8/8/4K3 w - - 0 1".into()),
        ..friends(None)
    };
    let session = GameSessionHandle::new(game, None).unwrap();
    session.tap("e7".into(), 0).unwrap();
    assert_eq!(session.tap("e8".into(), 0).unwrap(), None);
    let picker = session.snapshot(0).input.picker.expect("picker");
    assert_eq!(picker.choices[0].label, "Queen (9)");
    let played = session
        .choose_piece(PieceKind::Knight, 0)
        .unwrap()
        .expect("played");
    assert_eq!(played.uci, "e7e8n");
}

#[test]
fn practice_mode_marks_the_persons_move_before_the_computers_reply() {
    // Move 30, 20–20: Qd4 puts the queen where the rook takes it; Qxd8
    // takes the rook instead.
    let game = NewGame {
        position_text: Some("3r2k1/5ppp/8/8/8/8/5PPP/3Q2K1 w - - 0 30 score=20-20".into()),
        ..vs_computer(1, ColourChoice::White)
    };
    let session = GameSessionHandle::new(game, None).unwrap();
    session.play_text("Qd4".into(), 0).unwrap();
    assert!(matches!(
        block_on(session.computer_move(0)).unwrap(),
        ComputerMove::Played { .. }
    ));
    let s = session.snapshot(0);
    assert_eq!(s.practice, None, "practice mode is off by default");
    assert_eq!(s.moves[0].mark, "");

    let session = GameSessionHandle::new(
        NewGame {
            position_text: Some("3r2k1/5ppp/8/8/8/8/5PPP/3Q2K1 w - - 0 30 score=20-20".into()),
            ..vs_computer(1, ColourChoice::White)
        },
        None,
    )
    .unwrap();
    session.apply_settings(Settings {
        practice: true,
        ..Settings::default()
    });
    session.play_text("Qd4".into(), 0).unwrap();
    assert!(matches!(
        block_on(session.computer_move(0)).unwrap(),
        ComputerMove::Played { .. }
    ));
    let s = session.snapshot(0);
    let practice = s.practice.expect("the person's move is judged");
    assert_eq!(practice.symbol, "??");
    assert_eq!(practice.best.as_deref(), Some("Qxd8"));
    assert_eq!(s.moves[0].mark, "??");
    assert!(!s.practice_thinking);
    assert_eq!(s.ply_count, 2, "the computer replied after the judging");
}
