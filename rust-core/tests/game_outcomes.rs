//! Every way a game can end, reached by playing real moves through [`Game`].

use norochess_core::{Color, EndReason, Game, GameError, Outcome, Variant};

fn play(game: &mut Game, moves: &str) {
    for mv in moves.split_whitespace() {
        if let Err(e) = game.play_uci(mv) {
            panic!("{mv} failed in {}: {e}", game.position().to_text());
        }
    }
}

fn from(variant: Variant, text: &str, moves: &str) -> Game {
    let mut game = Game::from_position(variant, text).expect("set-up position");
    play(&mut game, moves);
    game
}

fn ended(game: &Game) -> Outcome {
    game.outcome()
        .unwrap_or_else(|| panic!("game not over at {}", game.position().to_text()))
}

#[test]
fn norochess_overtime_is_decided_after_blacks_52nd_move() {
    let mut game = Game::from_position(
        Variant::Norochess,
        "k7/p7/8/8/8/8/8/R6K w - - 0 47 score=10-10",
    )
    .expect("position");
    play(&mut game, "h1g1 a8b8 g1f1 b8c8");
    // After Black's 48th move the scores are level: overtime begins.
    assert_eq!(game.outcome(), None);
    let snap = game.snapshot();
    assert_eq!(snap.move_number, 49);
    assert_eq!(
        snap.overtime.map(|o| (o.move_number, o.last_move)),
        Some((49, 60))
    );
    assert_eq!(snap.regular_moves_left, Some(0));
    play(&mut game, "f1e1 c8d8 e1d1 d8e8 d1c1 e8f8");
    // Move 52: White takes a pawn; the game goes on until Black has replied.
    play(&mut game, "a1a7");
    assert_eq!(
        game.outcome(),
        None,
        "only a Black move can end the game on points"
    );
    play(&mut game, "f8g8");
    let outcome = ended(&game);
    assert_eq!(outcome.to_string(), "White wins 11-10 (move limit)");
    assert_eq!(game.position().fullmove_number(), 53);
    assert_eq!(game.snapshot().captured_points, [1, 0]);
}

#[test]
fn norochess_regular_limit_decides_after_move_48() {
    let game = from(
        Variant::Norochess,
        "k7/p7/8/8/8/8/8/R6K w - - 0 48 score=10-12",
        "a1a7 a8a7",
    );
    let outcome = ended(&game);
    assert_eq!(
        (outcome.winner, outcome.reason, outcome.scores),
        (Some(Color::Black), EndReason::MoveLimit, Some((11, 17)))
    );
    assert_eq!(outcome.to_string(), "Black wins 11-17 (move limit)");
}

#[test]
fn norochess_tie_after_move_60_is_a_draw() {
    let game = from(
        Variant::Norochess,
        "k7/8/8/8/8/8/8/K7 w - - 0 57 score=3-3",
        "a1a2 a8b8 a2a3 b8c8 a3a4 c8d8 a4a5 d8e8",
    );
    assert_eq!(ended(&game).to_string(), "Draw 3-3 (overtime exhausted)");
}

#[test]
fn norochess_threefold_repetition_is_lost_by_its_creator() {
    let mut game = Game::new(Variant::Norochess, None).expect("start");
    play(&mut game, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
    assert_eq!(game.outcome(), None);
    play(&mut game, "f6g8");
    let outcome = ended(&game);
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Color::White), EndReason::RepetitionLoss)
    );
    assert_eq!(
        outcome.to_string(),
        "White wins 0-0 (threefold repetition created)"
    );
}

#[test]
fn norochess_blocked_side_is_decided_by_score() {
    let game = from(
        Variant::Norochess,
        "8/8/8/p7/P7/8/8/7k b - - 0 30 score=5-3",
        "h1g1",
    );
    assert_eq!(ended(&game).to_string(), "White wins 5-3 (no legal move)");
    let level = from(
        Variant::Norochess,
        "8/8/8/p7/P7/8/8/7k b - - 0 30 score=4-4",
        "h1g1",
    );
    assert_eq!(ended(&level).to_string(), "Draw 4-4 (no legal move)");
}

#[test]
fn norochess_capturing_the_last_piece_wins_at_once_whatever_the_score() {
    let game = from(
        Variant::Norochess,
        "8/8/8/8/8/8/8/k6Q w - - 0 20 score=0-40",
        "h1a1",
    );
    let outcome = ended(&game);
    assert_eq!(outcome.to_string(), "White wins 2-40 (no pieces left)");
    assert_eq!(game.captured()[0].len(), 1);
}

#[test]
fn finished_game_refuses_moves_but_can_be_undone() {
    let mut game = from(
        Variant::Norochess,
        "8/8/8/8/8/8/8/k6Q w - - 0 20 score=0-40",
        "h1a1",
    );
    let err = game.play_uci("a1b1");
    assert!(matches!(err, Err(GameError::GameOver(_))), "{err:?}");
    assert!(game.undo());
    assert_eq!(game.outcome(), None);
    assert!(game.can_redo());
    assert!(game.redo());
    assert!(game.is_over());
}

#[test]
fn resignation_agreement_and_flag_fall() {
    let mut game =
        Game::from_position(Variant::Norochess, "k7/8/8/8/8/8/8/K7 w - - 0 20 score=9-3")
            .expect("pos");
    assert_eq!(
        game.resign(Color::White).map(|o| o.to_string()),
        Ok("Black wins 9-3 (resignation)".to_string())
    );
    assert!(game.resign(Color::Black).is_err());
    assert!(game.undo());
    assert_eq!(
        game.agree_draw().map(|o| o.to_string()),
        Ok("Draw 9-3 (agreement)".to_string())
    );
    assert!(game.undo());
    // In Norochess a flag fall loses whatever the score.
    assert_eq!(
        game.flag_fall(Color::White).map(|o| o.to_string()),
        Ok("Black wins 9-3 (time forfeit)".to_string())
    );
    let mut chess =
        Game::from_position(Variant::Chess, "k7/8/8/8/8/8/8/KQ6 w - - 0 1").expect("pos");
    assert_eq!(
        chess.flag_fall(Color::White).map(|o| o.reason),
        Ok(EndReason::TimeoutVsInsufficientMaterial)
    );
    assert!(chess.undo());
    assert_eq!(
        chess.flag_fall(Color::Black).map(|o| o.to_string()),
        Ok("White wins (time forfeit)".to_string())
    );
}

#[test]
fn chess_checkmate_stalemate_and_draws() {
    let mut mate = Game::new(Variant::Chess, None).expect("start");
    play(&mut mate, "f2f3 e7e5 g2g4 d8h4");
    assert_eq!(ended(&mate).to_string(), "Black wins (checkmate)");

    let stalemate = from(Variant::Chess, "k7/8/8/1Q6/8/8/8/7K w - - 0 1", "b5b6");
    assert_eq!(ended(&stalemate).to_string(), "Draw (stalemate)");

    let mut repetition = Game::new(Variant::Chess, None).expect("start");
    play(&mut repetition, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
    assert_eq!(repetition.outcome(), None);
    play(&mut repetition, "f6g8");
    assert_eq!(
        ended(&repetition).to_string(),
        "Draw (threefold repetition)"
    );

    let fifty = from(Variant::Chess, "k7/8/8/8/8/8/8/KR6 w - - 99 80", "b1b2");
    assert_eq!(ended(&fifty).to_string(), "Draw (fifty-move rule)");

    let material = from(Variant::Chess, "k7/8/8/8/8/8/1r6/KB6 w - - 0 1", "a1b2");
    assert_eq!(ended(&material).to_string(), "Draw (insufficient material)");
}

#[test]
fn an_en_passant_capture_a_pin_forbids_does_not_make_positions_differ() {
    // After d7-d5 the e5 pawn could take en passant but for the pin on the
    // e-file, so the position after d7-d5 is the same as after each return
    // of the knights (FIDE 9.2.3): the third occurrence is the 9th ply.
    let mut game = from(
        Variant::Chess,
        "1n2r2k/3p4/8/4P3/8/8/8/1N2K3 b - - 0 1",
        "d7d5 b1c3 b8c6 c3b1 c6b8 b1c3 b8c6 c3b1",
    );
    assert_eq!(game.outcome(), None);
    play(&mut game, "c6b8");
    assert_eq!(ended(&game).to_string(), "Draw (threefold repetition)");
}

#[test]
fn ram_and_frontal_end_like_chess() {
    // Ram: a back-rank mate on 10×10.
    let mate = from(
        Variant::Ram,
        "9k/7ppp/10/10/10/10/10/10/10/R3K5 w - - 0 1",
        "a1a10",
    );
    assert_eq!(ended(&mate).to_string(), "White wins (checkmate)");
    // Frontal: the black king on a10 has no move once the queen reaches c9.
    let stalemate = from(
        Variant::Frontal,
        "k9/10/10/10/10/10/10/10/10/2Q1K5 w - - 0 1",
        "c1c9",
    );
    assert_eq!(ended(&stalemate).to_string(), "Draw (stalemate)");
}

#[test]
fn snapshot_describes_the_score_bar_and_the_board() {
    let mut game = Game::new(Variant::Norochess, None).expect("start");
    play(&mut game, "e2e4 d7d5 e4d5 d8d5");
    let snap = game.snapshot();
    assert_eq!(snap.scores, Some((1, 1)));
    assert_eq!(snap.move_number, 3);
    assert_eq!(snap.regular_moves, Some(48));
    assert_eq!(snap.regular_moves_left, Some(46));
    assert_eq!(snap.overtime, None);
    assert_eq!(snap.board.len(), 64);
    assert_eq!(snap.captured_points, [1, 1]);
    assert_eq!(snap.check_square, None);
    assert_eq!(snap.legal_moves.len(), game.position().legal_moves().len());
    assert!(snap.last_move.is_some());
    assert!(snap.can_undo && !snap.can_redo);
    let chess = from(Variant::Chess, "k7/8/8/8/8/8/8/K6r w - - 0 1", "");
    assert_eq!(chess.snapshot().check_square.map(|s| s.0), Some(0));
}

#[test]
fn undo_and_redo_walk_the_history() {
    let mut game = Game::new(Variant::Frontal, None).expect("start");
    play(&mut game, "e2e3 e9e7 e3e4");
    let after = game.position().to_text();
    assert!(game.undo() && game.undo());
    assert_eq!(game.plies().len(), 1);
    assert!(game.redo() && game.redo());
    assert_eq!(game.position().to_text(), after);
    assert!(!game.redo());
    // A new move after an undo discards the redo line.
    assert!(game.undo());
    play(&mut game, "a2a3");
    assert!(!game.can_redo());
}
