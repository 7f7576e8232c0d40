//! One test per session policy.

use super::*;
use crate::board_input::BoardInputView;
use crate::players::{BoardMode, GameSpec, Orientation};
use norochess_core::{Engine, Limits, Variant};

fn vs_computer(human: Color) -> GameSession {
    GameSession::new(GameSpec::against_computer(Variant::Norochess, human, 1)).unwrap()
}

fn friends(clock: Option<TimeControl>) -> GameSession {
    let mut spec = GameSpec::pass_and_play(Variant::Norochess, "Ann", "Bob");
    spec.clock = clock;
    GameSession::new(spec).unwrap()
}

const FAST: EngineSettings = EngineSettings {
    level8_nodes: Some(2000),
    use_clock: false,
};

fn computer_moves(session: &mut GameSession, now: u64) -> ComputerAnswer {
    let request = session.request_computer_move(FAST, now).unwrap();
    let mut engine = Engine::new(1);
    let mv = request.think(&mut engine);
    session.computer_answer(request.ticket, mv, now).unwrap()
}

#[test]
fn the_computer_answers_only_for_the_position_it_was_asked_about() {
    let mut s = vs_computer(Color::White);
    assert!(
        s.request_computer_move(FAST, 0).is_none(),
        "the person moves first"
    );
    s.play_text("e4", 0).unwrap();
    let request = s.request_computer_move(FAST, 0).unwrap();
    assert!(s.snapshot(0).thinking);
    // Asking again before the answer gives the same ticket.
    assert_eq!(
        s.request_computer_move(FAST, 0).unwrap().ticket,
        request.ticket
    );
    let mut engine = Engine::new(1);
    let mv = request.think(&mut engine);
    // The person takes back before the answer arrives: it is stale.
    assert_eq!(s.takeback(0), Ok(1));
    assert!(
        request.search.stop.is_stopped(),
        "the takeback stops the search"
    );
    assert_eq!(
        s.computer_answer(request.ticket, mv, 0),
        Ok(ComputerAnswer::Stale)
    );
    assert_eq!(s.game().plies().len(), 0);
    assert!(!s.snapshot(0).thinking);

    // A current answer is played.
    s.play_text("d4", 0).unwrap();
    match computer_moves(&mut s, 0) {
        ComputerAnswer::Played { text, .. } => assert!(text.starts_with("1... "), "{text}"),
        other => panic!("{other:?}"),
    }
    assert_eq!(s.game().plies().len(), 2);
    // The person cannot move for the computer.
    s.play_text("e4", 0).unwrap();
    assert_eq!(
        s.play_text("e5", 0),
        Err(SessionError::Refused(Refusal::ComputerToMove))
    );
}

#[test]
fn a_new_game_makes_every_old_answer_stale() {
    let mut s = vs_computer(Color::Black);
    let request = s.request_computer_move(FAST, 0).unwrap();
    let mut engine = Engine::new(1);
    let mv = request.think(&mut engine);
    let mut rematch = s.rematch(7).unwrap();
    // The old ticket means nothing to the new game (the person is White there).
    assert_eq!(
        rematch.computer_answer(request.ticket, mv, 0),
        Ok(ComputerAnswer::Stale)
    );
    assert_eq!(rematch.game().plies().len(), 0);
}

#[test]
fn takeback_against_the_computer_returns_to_the_persons_turn() {
    let mut s = vs_computer(Color::White);
    s.play_text("e4", 0).unwrap();
    computer_moves(&mut s, 0);
    s.play_text("d4", 0).unwrap();
    computer_moves(&mut s, 0);
    assert_eq!(s.game().plies().len(), 4);
    assert_eq!(
        s.takeback(0),
        Ok(2),
        "the computer's reply and the person's move"
    );
    assert_eq!(s.game().plies().len(), 2);
    assert_eq!(s.game().position().turn(), Color::White);
    // While the computer thinks: only the person's move.
    s.play_text("d4", 0).unwrap();
    let request = s.request_computer_move(FAST, 0).unwrap();
    assert_eq!(s.takeback(0), Ok(1));
    assert!(request.search.stop.is_stopped());
    assert_eq!(s.game().position().turn(), Color::White);
    assert!(!s.snapshot(0).thinking, "nobody is left waiting");
    // Redo replays what the takeback removed.
    assert_eq!(s.redo(0), Ok(1));
    assert_eq!(s.game().plies().len(), 3);
    assert!(s.computer_to_move());
}

#[test]
fn takeback_needs_a_move_of_the_persons_and_can_be_switched_off() {
    let mut s = vs_computer(Color::Black);
    computer_moves(&mut s, 0);
    assert!(!s.can_takeback(), "only the computer has moved");
    assert_eq!(
        s.takeback(0),
        Err(SessionError::Refused(Refusal::NothingToTakeBack))
    );
    s.play_text("e5", 0).unwrap();
    s.set_policies(false, true);
    assert!(!s.snapshot(0).can_takeback);
    assert_eq!(
        s.takeback(0),
        Err(SessionError::Refused(Refusal::TakebackDisabled))
    );
    s.set_policies(true, true);
    assert_eq!(
        s.takeback(0),
        Ok(1),
        "back to the person's turn after the computer's first move"
    );
    assert_eq!(s.game().plies().len(), 1);
}

#[test]
fn takeback_in_pass_and_play_is_one_move() {
    let mut s = friends(None);
    s.play_text("e4", 0).unwrap();
    s.play_text("e5", 0).unwrap();
    assert_eq!(s.takeback(0), Ok(1));
    assert_eq!(s.game().position().turn(), Color::Black);
}

#[test]
fn resigning_while_the_computer_thinks_resigns_the_person() {
    let mut s = vs_computer(Color::White);
    s.play_text("e4", 0).unwrap();
    let request = s.request_computer_move(FAST, 0).unwrap();
    let outcome = s.resign(None, 0).unwrap();
    assert_eq!(
        outcome.winner,
        Some(Color::Black),
        "the person (White) resigned"
    );
    assert!(request.search.stop.is_stopped());
    let mut engine = Engine::new(1);
    let mv = request.think(&mut engine);
    assert_eq!(
        s.computer_answer(request.ticket, mv, 0),
        Ok(ComputerAnswer::Stale)
    );
    let snap = s.snapshot(0);
    assert_eq!(
        snap.result_text.as_deref(),
        Some("Black wins 0–0 — White resigned")
    );
    // Even naming the computer's side, the person resigns.
    let mut s = vs_computer(Color::Black);
    assert_eq!(
        s.resign(Some(Color::White), 0).unwrap().winner,
        Some(Color::White)
    );
    // A resignation is withdrawn on its own by a takeback, keeping the moves.
    let mut s = vs_computer(Color::White);
    s.play_text("e4", 0).unwrap();
    s.resign(None, 0).unwrap();
    assert_eq!(s.takeback(0), Ok(0));
    assert!(!s.game().is_over());
    assert_eq!(s.game().plies().len(), 1);
}

#[test]
fn pass_and_play_resigns_the_side_to_move_and_answers_draw_offers() {
    let mut s = friends(None);
    s.play_text("e4", 0).unwrap();
    assert_eq!(s.resign(None, 0).unwrap().winner, Some(Color::White));
    let mut s = friends(None);
    assert_eq!(
        s.resign(Some(Color::Black), 0).unwrap().winner,
        Some(Color::White)
    );

    let mut s = friends(None);
    assert_eq!(
        s.accept_draw(0),
        Err(SessionError::Refused(Refusal::NoDrawOffer))
    );
    s.offer_draw(None).unwrap();
    assert_eq!(s.snapshot(0).draw_offer, Some(Color::White));
    s.play_text("e4", 0).unwrap();
    assert_eq!(
        s.snapshot(0).draw_offer,
        Some(Color::White),
        "the offer stands for Black's turn"
    );
    s.play_text("e5", 0).unwrap();
    assert_eq!(s.snapshot(0).draw_offer, None, "Black played on: declined");
    s.offer_draw(None).unwrap();
    let outcome = s.accept_draw(0).unwrap();
    assert_eq!(outcome.winner, None);
    assert_eq!(
        s.snapshot(0).result_text.as_deref(),
        Some("Draw 0–0 — draw agreed")
    );

    let mut s = vs_computer(Color::White);
    assert_eq!(
        s.offer_draw(None),
        Err(SessionError::Refused(Refusal::DrawOfferNeedsAFriend))
    );
}

const FIVE_PLUS_THREE: TimeControl = TimeControl::Fischer {
    base_ms: 300_000,
    increment_ms: 3_000,
};

#[test]
fn the_clock_starts_at_whites_first_move() {
    let mut s = friends(Some(FIVE_PLUS_THREE));
    let view = s.snapshot(50_000).clock.unwrap();
    assert_eq!(
        view.remaining(),
        [300_000, 300_000],
        "nothing runs before the first move"
    );
    assert_eq!(view.running, None);
    s.play_text("e4", 60_000).unwrap();
    let view = s.snapshot(70_000).clock.unwrap();
    assert_eq!(view.remaining(), [303_000, 290_000]);
    assert_eq!(view.running, Some(Color::Black));
}

#[test]
fn takebacks_give_back_the_time_of_the_moves_taken_back() {
    let mut s = friends(Some(FIVE_PLUS_THREE));
    s.play_text("e4", 0).unwrap(); // White 303 s
    s.play_text("e5", 20_000).unwrap(); // Black 283 s
    s.play_text("Nf3", 50_000).unwrap(); // White 276 s
    assert_eq!(
        s.snapshot(50_000).clock.unwrap().remaining(),
        [276_000, 283_000]
    );
    s.takeback(60_000).unwrap();
    // As when White was first to play its second move; White's time runs from the takeback.
    let view = s.snapshot(60_000).clock.unwrap();
    assert_eq!(view.remaining(), [303_000, 283_000]);
    assert_eq!(view.running, Some(Color::White));
    assert_eq!(
        s.snapshot(65_000).clock.unwrap().remaining(),
        [298_000, 283_000]
    );
    // Taking back every move stops the clock again.
    s.takeback(65_000).unwrap();
    s.takeback(65_000).unwrap();
    let view = s.snapshot(90_000).clock.unwrap();
    assert_eq!(view.remaining(), [300_000, 300_000]);
    assert_eq!(view.running, None);
}

#[test]
fn a_flag_fall_ends_the_game_by_the_rule_book() {
    let control = TimeControl::SuddenDeath { base_ms: 60_000 };
    let mut s = friends(Some(control));
    s.play_text("e4", 0).unwrap();
    assert!(
        s.snapshot(55_000).clock.unwrap().black_low,
        "Black is low on time"
    );
    assert_eq!(s.tick(59_999), None);
    let outcome = s.tick(60_000).unwrap();
    // Norochess: the opponent wins on time whatever the score.
    assert_eq!(outcome.winner, Some(Color::White));
    assert_eq!(outcome.reason, EndReason::TimeForfeit);
    assert_eq!(
        s.snapshot(61_000).result_text.as_deref(),
        Some("White wins 0–0 — Black ran out of time")
    );
    assert!(matches!(
        s.play_text("e5", 61_000),
        Err(SessionError::Game(GameError::GameOver(_)))
    ));
    assert_eq!(
        s.takeback(61_000),
        Err(SessionError::Refused(Refusal::LostOnTime))
    );
    // A move after the flag fell is refused even without a tick before it.
    let mut s = friends(Some(control));
    s.play_text("e4", 0).unwrap();
    assert!(s.play_text("e5", 70_000).is_err());
    assert_eq!(
        s.game().outcome().map(|o| o.reason),
        Some(EndReason::TimeForfeit)
    );
}

#[test]
fn review_shows_earlier_positions_and_pauses_the_clock() {
    let mut s = friends(Some(FIVE_PLUS_THREE));
    s.play_text("e4", 0).unwrap();
    s.play_text("e5", 10_000).unwrap();
    s.play_text("Nf3", 20_000).unwrap();
    s.review(Some(1), 30_000).unwrap();
    let snap = s.snapshot(30_000);
    assert_eq!(snap.reviewing, Some(1));
    assert_eq!(snap.board.ply_count, 1);
    assert_eq!(snap.ply_count, 3);
    assert!(snap.clock.unwrap().paused);
    // Black's time stands still during review.
    assert_eq!(s.snapshot(90_000).clock.unwrap().black_ms, 283_000);
    s.review_step(-1, 90_000).unwrap();
    assert_eq!(s.snapshot(90_000).reviewing, Some(0));
    assert_eq!(
        s.review(Some(9), 90_000),
        Err(SessionError::NoSuchPly { ply: 9, plies: 3 })
    );
    s.review(None, 100_000).unwrap();
    let view = s.snapshot(110_000).clock.unwrap();
    assert!(!view.paused);
    assert_eq!(view.black_ms, 273_000, "10 s more since review ended");
    // The background pauses too.
    s.set_background(true, 110_000);
    assert_eq!(s.snapshot(200_000).clock.unwrap().black_ms, 273_000);
    s.set_background(false, 200_000);
    assert_eq!(s.snapshot(201_000).clock.unwrap().black_ms, 272_000);
}

#[test]
fn rematch_swaps_colours_against_the_computer_and_names_in_pass_and_play() {
    let s = vs_computer(Color::White);
    let r = s.rematch(9).unwrap();
    assert_eq!(
        r.spec().opponent,
        Opponent::Computer {
            human: Color::Black,
            level: 1
        }
    );
    assert!(r.computer_to_move());
    let s = friends(Some(FIVE_PLUS_THREE));
    let r = s.rematch(9).unwrap();
    assert_eq!(r.players()[0].name, "Bob");
    assert_eq!(r.time_control(), Some(FIVE_PLUS_THREE));
}

#[test]
fn hints_are_tied_to_their_position() {
    let mut s = vs_computer(Color::White);
    let limits = Limits {
        nodes: Some(3000),
        ..Limits::default()
    };
    let request = s.request_hint(limits).unwrap();
    let mut engine = Engine::new(1);
    let result = request.think(&mut engine);
    let hint = s.hint_answer(request.ticket, &result).unwrap();
    assert!(hint.text.contains(" — expected result "), "{}", hint.text);
    assert_eq!(
        hint.score.as_ref().map(|score| score.side),
        Some(Color::White)
    );
    let mv = s.game().position().parse_move(&hint.suggested.uci).unwrap();
    s.play(mv, 0).unwrap();
    // A second hint answered after the position changed is dropped.
    computer_moves(&mut s, 0);
    let request = s.request_hint(limits).unwrap();
    let result = request.think(&mut engine);
    s.takeback(0).unwrap();
    assert_eq!(s.hint_answer(request.ticket, &result), None);
    s.set_policies(true, false);
    assert_eq!(
        s.request_hint(limits).err(),
        Some(SessionError::Refused(Refusal::HintsDisabled))
    );
}

#[test]
fn the_board_turns_as_the_mode_says() {
    let mut s = vs_computer(Color::Black);
    assert_eq!(s.snapshot(0).bottom, Color::Black);
    s.set_orientation(Orientation::White);
    assert_eq!(
        s.snapshot(0).bottom,
        Color::White,
        "the orientation setting"
    );
    assert_eq!(s.rematch(2).unwrap().snapshot(0).bottom, Color::White);
    let mut s = friends(None);
    assert_eq!(s.snapshot(0).bottom, Color::White);
    s.play_text("e4", 0).unwrap();
    assert_eq!(s.snapshot(0).bottom, Color::Black, "auto-flip");
    let mut spec = GameSpec::pass_and_play(Variant::Norochess, "A", "B");
    spec.board_mode = BoardMode::FaceToFace;
    let mut s = GameSession::new(spec).unwrap();
    s.play_text("e4", 0).unwrap();
    let snap = s.snapshot(0);
    assert_eq!(
        (snap.bottom, snap.upside_down),
        (Color::White, Some(Color::Black))
    );
    s.flip();
    assert_eq!(s.snapshot(0).bottom, Color::Black);
}

#[test]
fn the_result_says_why_with_data_and_text() {
    // Black's 48th move decides: White ahead on points.
    let mut spec = GameSpec::pass_and_play(Variant::Norochess, "A", "B");
    spec.position = Some("4k3/8/8/8/8/8/8/4K3 b - - 0 48 score=38-33".to_string());
    let mut s = GameSession::new(spec).unwrap();
    s.play_text("Kd8", 0).unwrap();
    let snap = s.snapshot(0);
    let result = snap.result.unwrap();
    assert_eq!(result.reason, EndReason::MoveLimit);
    assert_eq!(result.decided_at_move, Some(48));
    assert_eq!(
        snap.result_text.as_deref(),
        Some("White wins 38–33 — higher score after move 48")
    );
}

#[test]
fn a_restored_session_keeps_players_clock_and_times() {
    let mut s = friends(Some(FIVE_PLUS_THREE));
    s.play_text("e4", 0).unwrap();
    s.play_text("e5", 20_000).unwrap();
    let record = s.record(25_000);
    let history = s.clock_history();
    let game = Game::from_pgn(&record, None).unwrap();
    let mut restored = GameSession::restore(game, history, 1_000_000);
    assert_eq!(restored.players()[1].name, "Bob");
    let view = restored.snapshot(1_000_000).clock.unwrap();
    assert!(view.paused, "a restored clock waits for the screen");
    // White had thought 5 s when the game was saved.
    assert_eq!(view.remaining(), [298_000, 283_000]);
    restored.set_background(false, 1_000_000);
    assert_eq!(
        restored.snapshot(1_001_000).clock.unwrap().white_ms,
        297_000
    );
    // Takeback after the restore still knows the earlier times.
    restored.takeback(1_001_000).unwrap();
    assert_eq!(
        restored.snapshot(1_001_000).clock.unwrap().remaining(),
        [303_000, 300_000]
    );
}

#[test]
fn a_move_that_arrives_in_the_background_still_switches_the_clock() {
    let mut spec = GameSpec::against_computer(Variant::Norochess, Color::White, 1);
    spec.clock = Some(FIVE_PLUS_THREE);
    let mut s = GameSession::new(spec).unwrap();
    s.play_text("e4", 0).unwrap();
    let request = s.request_computer_move(FAST, 0).unwrap();
    s.set_background(true, 1_000);
    let mut engine = Engine::new(1);
    let mv = request.think(&mut engine);
    assert!(matches!(
        s.computer_answer(request.ticket, mv, 5_000),
        Ok(ComputerAnswer::Played { .. })
    ));
    let view = s.snapshot(9_000).clock.unwrap();
    // Black was charged 1 s (before the background) and got its increment.
    assert_eq!(view.remaining(), [303_000, 302_000]);
    assert!(view.paused);
    s.set_background(false, 10_000);
    let view = s.snapshot(12_000).clock.unwrap();
    assert_eq!((view.running, view.white_ms), (Some(Color::White), 301_000));
}

#[test]
fn redo_keeps_the_latest_times() {
    let mut s = friends(Some(FIVE_PLUS_THREE));
    s.play_text("e4", 0).unwrap();
    s.play_text("e5", 10_000).unwrap();
    s.takeback(20_000).unwrap();
    assert_eq!(s.redo(25_000), Ok(1));
    let view = s.snapshot(25_000).clock.unwrap();
    assert_eq!(view.running, Some(Color::White));
    assert_eq!(
        view.remaining(),
        [303_000, 300_000],
        "the times of the position before the redo"
    );
}

#[test]
fn a_restored_clock_keeps_the_thinking_time_spent_before_the_save() {
    let mut s = friends(Some(FIVE_PLUS_THREE));
    s.play_text("e4", 0).unwrap();
    // Black thinks 7 s, then the app saves (going to the background) and is killed.
    let record = s.record(7_000);
    let history = s.clock_history();
    let game = Game::from_pgn(&record, None).unwrap();
    let restored = GameSession::restore(game, history, 0);
    assert_eq!(
        restored.snapshot(0).clock.unwrap().remaining(),
        [303_000, 293_000]
    );
}

#[test]
fn a_cancelled_request_is_never_played_even_if_its_search_answers() {
    let mut s = vs_computer(Color::White);
    s.play_text("e4", 0).unwrap();
    let request = s.request_computer_move(FAST, 0).unwrap();
    // Cancelled before its search began (the moment a screen may leave).
    s.cancel_pending();
    assert!(request.search.stop.is_stopped());
    assert!(!s.snapshot(0).thinking);
    let mut engine = Engine::new(1);
    let mv = request.think(&mut engine);
    assert!(mv.is_some(), "a stopped search still names a move");
    // The caller stopped it (the game did not change): Cancelled, the
    // answer a shell gets however the cancel met the search's thread.
    assert_eq!(
        s.computer_answer(request.ticket, mv, 0),
        Ok(ComputerAnswer::Cancelled)
    );
    assert_eq!(s.game().plies().len(), 1);
    // A new request plays normally.
    assert!(matches!(
        computer_moves(&mut s, 0),
        ComputerAnswer::Played { .. }
    ));
}

#[test]
fn a_move_making_the_third_occurrence_is_known_to_lose_before_it_is_played() {
    let mut s = friends(None);
    for text in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"] {
        let mv = s.game().position().parse_move(text).unwrap();
        assert!(!s.move_loses_by_repetition(mv), "{text}");
        s.play(mv, 0).unwrap();
    }
    let third = s.game().position().parse_move("Ng8").unwrap();
    assert!(s.move_loses_by_repetition(third));
    // Asking changes nothing; another move is safe.
    assert_eq!(s.game().plies().len(), 7);
    let other = s.game().position().parse_move("Nh5").unwrap();
    assert!(!s.move_loses_by_repetition(other));
    s.play(third, 0).unwrap();
    assert_eq!(
        s.game().outcome().map(|o| o.reason),
        Some(EndReason::RepetitionLoss)
    );
}

fn sq(name: &str) -> Square {
    Square::parse(name, 8, 8).unwrap()
}

#[test]
fn taps_play_the_persons_move_and_wait_on_the_computers_turn() {
    let mut s = vs_computer(Color::White);
    assert_eq!(s.tap(sq("e2"), 0), Ok(None));
    let input = s.snapshot(0).input;
    assert_eq!(input.selected.as_deref(), Some("e2"));
    assert_eq!(input.targets, ["e3", "e4"]);
    let played = s.tap(sq("e4"), 0).unwrap().expect("a move");
    assert_eq!(played.uci(8), "e2e4");
    assert_eq!(s.game().plies().len(), 1);
    // The computer's turn: the board takes no input and draws none.
    assert_eq!(s.tap(sq("d2"), 0), Ok(None));
    assert_eq!(s.snapshot(0).input, BoardInputView::default());
    computer_moves(&mut s, 0);
    s.drag_began(sq("d2"));
    assert_eq!(s.snapshot(0).input.selected.as_deref(), Some("d2"));
    let played = s.drag_ended(Some(sq("d4")), 0).unwrap().expect("a move");
    assert_eq!(played.uci(8), "d2d4");
}

#[test]
fn a_selection_is_dropped_by_a_takeback_and_by_review() {
    let mut s = friends(None);
    s.play_text("e4", 0).unwrap();
    s.tap(sq("e7"), 0).unwrap();
    assert!(s.snapshot(0).input.selected.is_some());
    s.review(Some(0), 0).unwrap();
    assert_eq!(s.snapshot(0).input, BoardInputView::default());
    s.review(None, 0).unwrap();
    assert_eq!(s.snapshot(0).input.selected, None, "review cleared it");
    s.tap(sq("e7"), 0).unwrap();
    s.takeback(0).unwrap();
    assert_eq!(s.snapshot(0).input.selected, None);
}

#[test]
fn the_picker_of_a_session_offers_what_the_rules_allow() {
    let mut spec = GameSpec::pass_and_play(Variant::Norochess, "Ann", "Bob");
    spec.position = Some("k7/4P3/8/8/8/8/8/4K3 w - - 0 1".to_string());
    let mut s = GameSession::new(spec).unwrap();
    s.tap(sq("e7"), 0).unwrap();
    assert_eq!(s.tap(sq("e8"), 0), Ok(None));
    let picker = s.snapshot(0).input.picker.expect("picker");
    assert_eq!(picker.side, Color::White);
    assert_eq!(picker.choices.len(), 4);
    let played = s.choose_piece(Role::Rook, 0).unwrap().expect("a move");
    assert_eq!(played.uci(8), "e7e8r");
    assert!(s.snapshot(0).input.picker.is_none());
}

#[test]
fn the_status_line_says_check_in_royal_games() {
    let mut spec = GameSpec::pass_and_play(Variant::Chess, "Ann", "Bob");
    spec.position = Some("4k3/8/8/8/8/8/8/R3K3 w - - 0 1".to_string());
    let mut s = GameSession::new(spec).unwrap();
    assert_eq!(s.snapshot(0).status_text, "White to move (Ann)");
    s.play_text("Ra8", 0).unwrap();
    assert_eq!(s.snapshot(0).status_text, "Black to move (Bob) — check!");
}

#[test]
fn a_friend_left_unnamed_is_not_an_empty_pair_of_brackets() {
    let spec = GameSpec::pass_and_play(Variant::Norochess, "You", "");
    let mut s = GameSession::new(spec).unwrap();
    assert_eq!(s.snapshot(0).status_text, "White to move (You)");
    s.play_text("e4", 0).unwrap();
    assert_eq!(s.snapshot(0).status_text, "Black to move");
}

#[test]
fn a_start_number_and_a_position_together_are_refused() {
    let mut spec = GameSpec::pass_and_play(Variant::Norochess960, "Ann", "Bob");
    spec.start = Some(3);
    spec.position = Some("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1".to_string());
    assert!(matches!(
        GameSession::new(spec),
        Err(NewGameError::StartAndPosition)
    ));
}

#[test]
fn the_move_counter_marks_the_last_regular_moves_and_the_final_move() {
    let mut spec = GameSpec::pass_and_play(Variant::Norochess, "Ann", "Bob");
    spec.position = Some("4k3/8/8/8/8/8/8/R3K3 w - - 0 46 score=20-10".to_string());
    let mut s = GameSession::new(spec).unwrap();
    let snap = s.snapshot(0);
    assert_eq!(snap.move_counter_text.as_deref(), Some("Move 46 / 48"));
    assert_eq!(snap.moves_left_text.as_deref(), Some("3 moves left"));
    for mv in ["Ra2", "Kd8", "Ra1", "Ke8", "Ra2"] {
        s.play_text(mv, 0).unwrap();
    }
    assert_eq!(
        s.snapshot(0).moves_left_text.as_deref(),
        Some("last regular move")
    );
    s.play_text("Kd8", 0).unwrap();
    let end = s.snapshot(0);
    assert!(end.result.is_some(), "White leads after move 48");
    assert_eq!(
        end.move_counter_text.as_deref(),
        Some("Move 48 / 48 (final)")
    );
    assert_eq!(end.moves_left_text, None);
}

#[test]
fn the_title_names_the_game_and_who_plays_it() {
    let computer = vs_computer(Color::Black).snapshot(0);
    assert_eq!(computer.title, "Norochess · vs the computer (level 1)");
    assert!(!computer.pass_and_play);
    let friends = friends(None).snapshot(0);
    assert_eq!(friends.title, "Norochess · Ann vs Bob");
    assert!(friends.pass_and_play);
}

#[test]
fn the_move_list_says_each_move_in_words_with_its_number_and_side() {
    let mut s = friends(None);
    for text in ["e4", "d5", "exd5", "Nf6"] {
        s.play_text(text, 0).unwrap();
    }
    let spoken: Vec<String> = s.snapshot(0).moves.into_iter().map(|m| m.spoken).collect();
    assert_eq!(
        spoken,
        [
            "Move 1, White: pawn e4",
            "Move 1, Black: pawn d5",
            "Move 2, White: pawn d5, captures pawn",
            "Move 2, Black: knight f6",
        ]
    );
    // A tap on a move shows the position after it, and that move is the current one.
    let current = |s: &GameSession| -> Vec<u32> {
        let snap = s.snapshot(0);
        snap.moves
            .iter()
            .filter(|m| m.is_current)
            .map(|m| m.review_ply)
            .collect()
    };
    assert_eq!(current(&s), [4], "live: the last move");
    let after_black = s.snapshot(0).moves[1].review_ply as usize;
    s.review(Some(after_black), 0).unwrap();
    assert_eq!(s.snapshot(0).reviewing, Some(2), "after Black's first move");
    assert_eq!(current(&s), [2]);
    s.review(Some(0), 0).unwrap();
    assert!(current(&s).is_empty(), "the start: no move is current");
}

#[test]
fn the_last_move_is_announced_in_words_for_screen_readers() {
    let mut s = friends(None);
    assert_eq!(
        s.snapshot(0).move_announcement,
        None,
        "nothing before the first move"
    );
    for text in ["e4", "d5", "exd5"] {
        s.play_text(text, 0).unwrap();
    }
    let snap = s.snapshot(0);
    assert_eq!(
        snap.move_announcement.as_deref(),
        Some("White played pawn d5, captures pawn")
    );
    assert_eq!(
        snap.board.last_move.map(|m| m.spoken).as_deref(),
        Some("pawn d5, captures pawn")
    );
    s.resign(Some(Color::Black), 0).unwrap();
    s.review(Some(1), 0).unwrap();
    assert_eq!(s.snapshot(0).move_announcement, None, "review says nothing");
    s.review(None, 0).unwrap();
    let ended = s.snapshot(0).move_announcement.unwrap_or_default();
    assert!(
        ended.ends_with("White wins 1–0 — Black resigned"),
        "{ended}"
    );
}

#[test]
fn face_to_face_turns_what_the_board_asks_toward_the_side_to_move() {
    let mut spec = GameSpec::pass_and_play(Variant::Norochess, "Ann", "Bob");
    spec.board_mode = BoardMode::FaceToFace;
    let mut s = GameSession::new(spec).unwrap();
    assert!(
        !s.snapshot(0).prompts_upside_down,
        "White sits at the bottom"
    );
    s.play_text("e4", 0).unwrap();
    assert!(
        s.snapshot(0).prompts_upside_down,
        "Black, across the table, is asked"
    );
    s.play_text("e5", 0).unwrap();
    assert!(!s.snapshot(0).prompts_upside_down);
    let mut flat = friends(None);
    flat.play_text("e4", 0).unwrap();
    assert!(
        !flat.snapshot(0).prompts_upside_down,
        "nothing turns without face to face"
    );
}

#[test]
fn face_to_face_turns_the_draw_question_toward_the_player_who_answers() {
    let mut spec = GameSpec::pass_and_play(Variant::Norochess, "Ann", "Bob");
    spec.board_mode = BoardMode::FaceToFace;
    let mut s = GameSession::new(spec).unwrap();
    assert_eq!(s.snapshot(0).upside_down, Some(Color::Black));
    s.offer_draw(Some(Color::White)).unwrap();
    assert!(
        s.snapshot(0).draw_answer_upside_down,
        "Black, across the table, answers"
    );
    s.decline_draw().unwrap();
    s.play_text("e4", 0).unwrap();
    s.offer_draw(Some(Color::Black)).unwrap();
    assert!(
        !s.snapshot(0).draw_answer_upside_down,
        "White, at the bottom, answers"
    );
    let mut flat = friends(None);
    flat.offer_draw(Some(Color::White)).unwrap();
    assert!(
        !flat.snapshot(0).draw_answer_upside_down,
        "nothing turns without face to face"
    );
}
