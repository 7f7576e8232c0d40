//! Game records: random games exported and imported back are identical;
//! broken records fail with the move number and the reason.

use norochess_core::{Game, RecordError, SplitMix64, Variant};

fn random_game(variant: Variant, start: Option<u16>, rng: &mut SplitMix64, plies: usize) -> Game {
    let mut game = Game::new(variant, start).expect("start");
    for _ in 0..plies {
        if game.is_over() {
            break;
        }
        let moves = game.position().legal_moves();
        let m = moves[(rng.next_u64() % moves.len() as u64) as usize];
        game.play(m).expect("legal");
        if rng.next_u64() % 9 == 0 {
            game.set_comment(Some(format!("note {}", rng.next_u64() % 100)));
        }
    }
    game
}

fn assert_same(a: &Game, b: &Game) {
    assert_eq!(a.variant(), b.variant());
    assert_eq!(a.moves(), b.moves());
    assert_eq!(a.plies(), b.plies());
    assert_eq!(a.outcome(), b.outcome());
    assert_eq!(a.position(), b.position());
    assert_eq!(a.start_position(), b.start_position());
}

#[test]
fn random_games_round_trip_through_records_in_every_game() {
    let mut rng = SplitMix64::new(0x0123_4567_89ab_cdef);
    let mut variants = Variant::all();
    variants.push(Variant::Plain10);
    for variant in variants {
        for i in 0..6 {
            let start = (variant == Variant::Norochess960).then(|| (rng.next_u64() % 960) as u16);
            let mut game = random_game(variant, start, &mut rng, 40 + 30 * i);
            game.set_tag("White", "Ann \"the rook\" Lee");
            game.set_tag("Black", "Bo");
            if i == 5 && !game.is_over() {
                let _ = game.resign(norochess_core::Color::Black);
            }
            let text = game.to_pgn();
            let back =
                Game::from_pgn(&text, None).unwrap_or_else(|e| panic!("{variant}: {e}\n{text}"));
            assert_same(&game, &back);
            assert_eq!(back.tag("White"), Some("Ann \"the rook\" Lee"));
            assert_eq!(back.to_pgn(), text, "{variant}: export is stable");
        }
    }
}

#[test]
fn set_up_positions_round_trip_with_their_fen_tag() {
    let mut game = Game::from_position(
        Variant::Norochess,
        "k7/p7/8/8/8/8/8/R6K b - - 0 47 score=10-10",
    )
    .expect("pos");
    game.play_uci("a8b8").expect("move");
    let text = game.to_pgn();
    assert!(
        text.contains("[FEN \"k7/p7/8/8/8/8/8/R6K b - - 0 47 score=10-10\"]"),
        "{text}"
    );
    assert!(text.contains("47... Kb8"), "{text}");
    let back = Game::from_pgn(&text, None).expect("import");
    assert_same(&game, &back);
}

#[test]
fn movetext_in_any_notation_with_comments_and_numbers_is_read() {
    let bare =
        Game::from_pgn("1 e4 e5 2 Nf3 *", Some(Variant::Norochess)).expect("numbers without dots");
    assert_eq!(bare.san_moves(), vec!["e4", "e5", "Nf3"]);
    let text =
        "1.d2-d4 {a comment} e7-e6 2. Ng1-f3 ; rest of line\n Nb8c6 3... (3. c4 c5) e2e4 d5 *";
    let game = Game::from_pgn(text, Some(Variant::Norochess)).expect("reads");
    assert_eq!(game.san_moves(), vec!["d4", "e6", "Nf3", "Nc6", "e4", "d5"]);
    assert_eq!(game.plies()[0].comment.as_deref(), Some("a comment"));
}

#[test]
fn an_illegal_move_names_its_move_number_and_reason() {
    let err = Game::from_pgn("1. e4 e5 2. Nf3 Nf4 3. Bc4", Some(Variant::Norochess))
        .map(|_| ())
        .unwrap_err();
    assert!(
        matches!(
            err,
            RecordError::BadMove {
                move_number: 2,
                black: true,
                ..
            }
        ),
        "{err:?}"
    );
    let message = err.to_string();
    assert!(
        message.starts_with("move 2... Nf4: no knight can reach f4"),
        "{message}"
    );
    let err = Game::from_pgn("[Variant \"xiangqi\"]\n1. e4", None)
        .map(|_| ())
        .unwrap_err();
    assert!(err.to_string().contains("unknown game `xiangqi`"), "{err}");
    let err = Game::from_pgn("[White \"open\n1. e4", None)
        .map(|_| ())
        .unwrap_err();
    assert!(err.to_string().starts_with("line 1:"), "{err}");
    let err = Game::from_pgn("1. e4 {never closed", None)
        .map(|_| ())
        .unwrap_err();
    assert!(err.to_string().contains("comment not closed"), "{err}");
}

#[test]
fn a_result_that_contradicts_the_rules_is_rejected() {
    let err = Game::from_pgn("[Variant \"chess\"]\n1. f3 e5 2. g4 Qh4# 1-0", None)
        .map(|_| ())
        .unwrap_err();
    assert!(matches!(err, RecordError::ResultMismatch { .. }), "{err:?}");
    let game = Game::from_pgn("[Variant \"chess\"]\n1. e4 e5 0-1", None).expect("resignation");
    assert_eq!(
        game.outcome().map(|o| o.to_string()),
        Some("Black wins (resignation)".to_string())
    );
}

#[test]
fn a_norochess960_record_carries_its_start_for_other_tools_and_reads_back_by_number() {
    let mut game = Game::new(Variant::Norochess960, Some(0)).unwrap();
    game.play_uci("b2b3").unwrap();
    let record = game.to_pgn();
    assert!(record.contains("[Start \"0\"]\n[SetUp \"1\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w - - 0 1\"]\n"), "{record}");
    let back = Game::from_pgn(&record, None).unwrap();
    assert_eq!(back.start_number(), Some(0));
    assert!(!back.is_set_up());
    assert_eq!(back.to_pgn(), record);
}
