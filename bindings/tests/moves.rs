//! Moves and set-ups through a session, as a board produces them: every
//! kind of move described, typed errors with their fields, promotion
//! choices, and set-ups whose options do not fit their game refused.

use norochess_ffi::*;

fn game(id: &str, position_text: Option<&str>) -> NewGame {
    NewGame {
        setup: GameSetup::new(id),
        position_text: position_text.map(str::to_string),
        opponent: OpponentChoice::Friend {
            white_name: "Ann".into(),
            black_name: "Bob".into(),
        },
        clock: None,
        board_mode: None,
        seed: 1,
        player_name: None,
        level8_nodes: None,
    }
}

#[test]
fn moves_and_the_board_are_described() {
    let session = GameSessionHandle::new(game("norochess", None), None).unwrap();
    assert_eq!(session.tap("e2".into(), 0).unwrap(), None);
    let input = session.snapshot(0).input;
    assert_eq!(input.selected.as_deref(), Some("e2"));
    assert_eq!(input.targets, ["e3", "e4"]);
    session.cancel_input();
    let m = session.play("e2".into(), "e4".into(), None, 0).unwrap();
    assert_eq!((m.san.as_str(), m.kind), ("e4", MoveKind::DoubleStep));
    assert_eq!(session.play_text("d5".into(), 0).unwrap().long, "d7-d5");
    assert!(session.play_text("exd5".into(), 0).unwrap().is_capture);
    let s = session.snapshot(0);
    assert_eq!(s.board.scores, Some(Scores { white: 1, black: 0 }));
    assert_eq!(s.board.last_move.unwrap().san, "exd5");
    assert_eq!(s.score_text.as_deref(), Some("1 – 0"));
    assert_eq!(s.move_rows, ["1. e4 d5", "2. exd5"]);
}

#[test]
fn illegal_input_gives_typed_errors() {
    let session = GameSessionHandle::new(game("chess", None), None).unwrap();
    assert!(matches!(
        session.play("e2".into(), "e5".into(), None, 0),
        Err(NorochessError::IllegalMove { move_text, detail }) if move_text == "e2-e5" && detail.contains("cannot go to e5")
    ));
    assert!(matches!(
        session.tap("z9".into(), 0),
        Err(NorochessError::InvalidSquare { square, detail }) if square == "z9" && detail.contains("a1 to h8")
    ));
    assert!(matches!(
        session.play("e7".into(), "e5".into(), None, 0),
        Err(NorochessError::IllegalMove { detail, .. }) if detail.contains("is not White's")
    ));
}

#[test]
fn promotions_need_and_check_a_choice() {
    let position = "4k3/P7/8/8/8/8/8/4K3 w - - 0 30 score=10-12";
    let session = GameSessionHandle::new(game("norochess", Some(position)), None).unwrap();
    session.tap("a7".into(), 0).unwrap();
    assert_eq!(session.tap("a8".into(), 0).unwrap(), None, "a choice first");
    let picker = session
        .snapshot(0)
        .input
        .picker
        .expect("the picker is open");
    let kinds: Vec<PieceKind> = picker.choices.iter().map(|c| c.kind).collect();
    assert_eq!(
        kinds,
        [
            PieceKind::Queen,
            PieceKind::Rook,
            PieceKind::Bishop,
            PieceKind::Knight
        ]
    );
    assert!(!picker.is_resurrection);
    session.cancel_input();
    assert!(matches!(
        session.play("a7".into(), "a8".into(), None, 0),
        Err(NorochessError::PromotionRequired { choices, detail, .. })
            if detail.contains("queen, rook, bishop, knight") && choices.len() == 4
    ));
    let m = session
        .play("a7".into(), "a8".into(), Some(PieceKind::Knight), 0)
        .unwrap();
    assert_eq!(m.san, "a8=N");
}

#[test]
fn set_ups_check_their_options() {
    let mut chess = game("chess", None);
    chess.setup.options = vec![OptionSetting {
        option: "zone".into(),
        value: "seventh".into(),
    }];
    assert!(matches!(
        GameSessionHandle::new(chess.clone(), None),
        Err(NorochessError::InvalidVariant { detail }) if detail.contains("zone")
    ));
    let mut improved = chess;
    improved.setup.game = "improved".into();
    let session = GameSessionHandle::new(improved.clone(), None).unwrap();
    // A game on screen reports every option with its value.
    assert_eq!(
        session.snapshot(0).board.setup.options,
        [
            OptionSetting {
                option: "zone".into(),
                value: "seventh".into()
            },
            OptionSetting {
                option: "blockage".into(),
                value: "enemy".into()
            }
        ]
    );
    improved.setup.start_number = Some(3);
    assert!(GameSessionHandle::new(improved, None).is_err());
    let mut n960 = game("norochess960", None);
    n960.setup.start_number = Some(960);
    assert!(matches!(
        GameSessionHandle::new(n960, None),
        Err(NorochessError::InvalidVariant { detail }) if detail.contains("0 to 959")
    ));
}
