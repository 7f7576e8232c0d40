use super::*;
use norochess_core::puzzle::builtin_pack;
use norochess_core::{EndReason, SplitMix64};

/// The editor holding a position text the core reads.
fn editor(variant: Variant, text: &str) -> PositionEditor {
    PositionEditor::from_text(variant, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn square(editor: &PositionEditor, name: &str) -> Square {
    editor
        .parse_square(name)
        .unwrap_or_else(|| panic!("{name} is a square"))
}

fn piece(letter: char) -> Piece {
    Piece::from_fen_char(letter).unwrap_or_else(|| panic!("{letter} is a piece letter"))
}

fn place(editor: &mut PositionEditor, name: &str, letter: char) {
    let sq = square(editor, name);
    editor.place(sq, piece(letter)).expect("on the board");
}

/// The problems of a position the test expects to be refused.
fn refused(editor: &PositionEditor) -> Vec<EditorProblem> {
    match editor.check() {
        Ok(p) => panic!("{} was accepted as {}", editor.to_text(), p.to_text()),
        Err(problems) => {
            assert!(!problems.is_empty(), "a refusal names its problems");
            assert_eq!(editor.problems(), problems, "problems() is check()'s list");
            problems
        }
    }
}

/// The one problem of `problems` that `pick` matches, whose message must
/// mention every one of `words`.
fn find<'a>(
    problems: &'a [EditorProblem],
    pick: impl Fn(&EditorProblem) -> bool,
    words: &[&str],
) -> &'a EditorProblem {
    let found: Vec<&EditorProblem> = problems.iter().filter(|p| pick(p)).collect();
    let [problem] = found.as_slice() else {
        panic!("expected one such problem in {problems:#?}");
    };
    let message = problem.to_string();
    for word in words {
        assert!(
            message.contains(word),
            "`{message}` should mention `{word}`"
        );
    }
    problem
}

fn accepted(editor: &PositionEditor) -> AnyPosition {
    editor
        .check()
        .unwrap_or_else(|problems| panic!("{} refused: {problems:#?}", editor.to_text()))
}

#[test]
fn a_pawn_on_the_first_or_last_rank_is_refused_naming_its_square() {
    let e = PositionEditor::from_text(Variant::Chess, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    let mut e = e.expect("kings only");
    place(&mut e, "a8", 'P');
    place(&mut e, "h1", 'p');
    let problems = refused(&e);
    let white = find(
        &problems,
        |p| {
            matches!(
                p,
                EditorProblem::PawnOnBackRank {
                    side: Color::White,
                    ..
                }
            )
        },
        &["white pawn", "a8", "first or last rank"],
    );
    assert_eq!(white.squares(), vec!["a8".to_string()]);
    find(
        &problems,
        |p| matches!(p, EditorProblem::PawnOnBackRank { square, side: Color::Black } if square == "h1"),
        &["black pawn", "h1"],
    );
    assert_eq!(problems.len(), 2, "{problems:#?}");
}

#[test]
fn more_pawns_or_pieces_than_promotions_explain_are_refused() {
    // The core's reader refuses the text; the editor can hold it.
    let mut e = editor(Variant::Chess, "4k3/8/8/8/8/8/PPPPPPPP/3QK3 w - - 0 1");
    place(&mut e, "f1", 'Q');
    let problems = refused(&e);
    let problem = find(
        &problems,
        |p| {
            matches!(
                p,
                EditorProblem::TooManyPromoted {
                    side: Color::White,
                    promoted: 1,
                    missing_pawns: 0,
                    ..
                }
            )
        },
        &["White", "1 extra queen", "none of its pawns is missing"],
    );
    assert!(problem.squares().is_empty());
    // With a pawn missing, the second queen is that pawn promoted.
    e.remove(square(&e, "a2")).expect("on the board");
    accepted(&e);
    // A ninth pawn cannot be read by the core, but it can be placed.
    let mut e = editor(Variant::Chess, "4k3/8/8/8/8/8/PPPPPPPP/4K3 w - - 0 1");
    place(&mut e, "e4", 'P');
    let problems = refused(&e);
    find(
        &problems,
        |p| {
            matches!(
                p,
                EditorProblem::TooManyPawns {
                    side: Color::White,
                    count: 9,
                    most: 8
                }
            )
        },
        &["White has 9 pawns", "at most 8"],
    );
}

#[test]
fn two_bishops_on_one_colour_need_a_promoted_pawn() {
    // b1 and f1 are both light squares; the core's reader does not look.
    let text = "4k3/8/8/8/8/8/PPPPPPPP/1B2KB2 w - - 0 1";
    assert!(AnyPosition::from_text(Variant::Chess, text).is_ok());
    let mut e = editor(Variant::Chess, text);
    let problems = refused(&e);
    find(
        &problems,
        |p| {
            matches!(
                p,
                EditorProblem::TooManyPromoted {
                    side: Color::White,
                    promoted: 1,
                    ..
                }
            )
        },
        &["1 extra bishop on light squares", "White"],
    );
    e.remove(square(&e, "h2")).expect("on the board");
    accepted(&e);
}

#[test]
fn ram_chess_on_ten_by_ten_allows_only_the_start_set_of_pieces() {
    let mut e = PositionEditor::start(Variant::Ram, None).expect("Ram starts");
    assert_eq!((e.width(), e.height()), (10, 10));
    e.remove(square(&e, "a2")).expect("on the board");
    place(&mut e, "e5", 'R');
    let problems = refused(&e);
    find(
        &problems,
        |p| matches!(p, EditorProblem::MoreThanStartSet { side: Color::White, role: Role::Rook, count: 3, most: 2, game } if game == "Ram chess"),
        &["White has 3 rooks", "Ram chess", "at most 2 rooks"],
    );
    assert_eq!(
        problems.len(),
        1,
        "a missing pawn does not help: {problems:#?}"
    );
}

#[test]
fn kings_one_each_in_royal_games_at_most_one_in_norochess() {
    let e = PositionEditor::new(Variant::Chess);
    let problems = refused(&e);
    for side in Color::ALL {
        find(
            &problems,
            |p| matches!(p, EditorProblem::NoKing { side: s, .. } if *s == side),
            &[side.name(), "no king", "Chess"],
        );
    }
    let mut e = editor(Variant::Chess, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    place(&mut e, "a1", 'K');
    find(
        &refused(&e),
        |p| {
            matches!(
                p,
                EditorProblem::TooManyKings {
                    side: Color::White,
                    count: 2
                }
            )
        },
        &["White has 2 kings"],
    );
    // In Norochess the king may be gone, but not doubled.
    let mut e = editor(
        Variant::Norochess,
        "4k3/pppppppp/8/8/8/8/PPPPPPPP/8 b - - 0 30 score=31-33",
    );
    accepted(&e);
    place(&mut e, "e1", 'k');
    let problems = refused(&e);
    find(
        &problems,
        |p| {
            matches!(
                p,
                EditorProblem::TooManyKings {
                    side: Color::Black,
                    count: 2
                }
            )
        },
        &["Black has 2 kings"],
    );
    assert!(!problems
        .iter()
        .any(|p| matches!(p, EditorProblem::NoKing { .. })));
}

#[test]
fn a_norochess_side_without_pieces_is_refused() {
    let e = editor(
        Variant::Norochess,
        "8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 30 score=41-0",
    );
    let problems = refused(&e);
    find(
        &problems,
        |p| {
            matches!(
                p,
                EditorProblem::NoPieces {
                    side: Color::Black,
                    ..
                }
            )
        },
        &["Black has no pieces", "Norochess", "already be over"],
    );
    assert_eq!(problems.len(), 1, "{problems:#?}");
}

#[test]
fn the_side_not_to_move_may_not_be_in_check() {
    let mut e = editor(Variant::Chess, "4k3/4R3/8/8/8/8/8/4K3 b - - 0 1");
    accepted(&e);
    e.set_turn(Color::White);
    let problems = refused(&e);
    let problem = find(
        &problems,
        |p| matches!(p, EditorProblem::WaitingSideInCheck { side: Color::Black, square } if square == "e8"),
        &["Black is not to move", "king on e8", "in check"],
    );
    assert_eq!(problem.squares(), vec!["e8".to_string()]);
    // The same on 10×10: a knight's check in Frontal chess.
    let mut e = PositionEditor::start(Variant::Frontal, None).expect("Frontal starts");
    place(&mut e, "e8", 'N');
    e.remove(square(&e, "c1")).expect("on the board");
    e.set_turn(Color::White);
    find(
        &refused(&e),
        |p| matches!(p, EditorProblem::WaitingSideInCheck { square, .. } if square == "f10"),
        &["f10"],
    );
    e.set_turn(Color::Black);
    accepted(&e);
}

#[test]
fn scores_are_checked_against_the_missing_material_and_the_moves() {
    let mut e = PositionEditor::start(Variant::Norochess, None).expect("Norochess starts");
    e.set_move_number(10);
    e.set_score(Color::White, 5);
    let problems = refused(&e);
    find(
        &problems,
        |p| {
            matches!(
                p,
                EditorProblem::ScoreTooHigh {
                    side: Color::White,
                    score: 5,
                    max: 0
                }
            )
        },
        &["White has 5 points", "black material", "at most 0"],
    );
    // A black knight gone: White took it, so White has at least 3.
    e.set_score(Color::White, 0);
    e.remove(square(&e, "b8")).expect("on the board");
    let problems = refused(&e);
    find(
        &problems,
        |p| {
            matches!(
                p,
                EditorProblem::ScoreTooLow {
                    side: Color::White,
                    score: 0,
                    min: 3
                }
            )
        },
        &["White has 0 points", "black pieces", "at least 3"],
    );
    e.set_score(Color::White, 3);
    accepted(&e);
    // ... but not before White has moved.
    e.set_move_number(1);
    let problems = refused(&e);
    find(
        &problems,
        |p| {
            matches!(
                p,
                EditorProblem::ScoreTooEarly {
                    side: Color::White,
                    score: 3,
                    moves: 0
                }
            )
        },
        &["White has 3 points after 0 moves", "at most 9 points"],
    );
    assert_eq!(problems.len(), 1, "{problems:#?}");
    e.set_turn(Color::Black);
    accepted(&e);
}

#[test]
fn scores_in_a_game_without_points_are_refused() {
    let mut e = PositionEditor::start(Variant::Chess, None).expect("chess starts");
    e.set_score(Color::Black, 2);
    assert!(e.to_text().ends_with("score=0-2"), "{}", e.to_text());
    find(
        &refused(&e),
        |p| matches!(p, EditorProblem::ScoresWithoutPoints { game } if game == "Chess"),
        &["Chess has no capture points"],
    );
}

#[test]
fn move_numbers_outside_the_game_are_refused() {
    let mut e = PositionEditor::start(Variant::Norochess, None).expect("Norochess starts");
    for number in [0, 61, 1000] {
        e.set_move_number(number);
        let problems = refused(&e);
        find(
            &problems,
            |p| matches!(p, EditorProblem::MoveNumberOutOfRange { number: n, last: 60, .. } if *n == number),
            &[&format!("move {number} "), "from 1 to 60", "Norochess"],
        );
    }
    // Black's 60th move is the game's last.
    e.set_move_number(60);
    e.set_turn(Color::Black);
    accepted(&e);
    let mut chess = PositionEditor::start(Variant::Chess, None).expect("chess starts");
    chess.set_move_number(0);
    find(
        &refused(&chess),
        |p| matches!(p, EditorProblem::MoveNumberOutOfRange { number: 0, .. }),
        &["move 0"],
    );
    chess.set_move_number(500);
    accepted(&chess);
}

#[test]
fn a_halfmove_clock_beyond_the_moves_played_is_refused() {
    let mut e = PositionEditor::start(Variant::Chess, None).expect("chess starts");
    e.set_move_number(3);
    e.set_halfmove_clock(5);
    find(
        &refused(&e),
        |p| {
            matches!(
                p,
                EditorProblem::HalfmoveClockTooHigh { clock: 5, plies: 4 }
            )
        },
        &["5 half-moves", "4 half-moves played"],
    );
    e.set_turn(Color::Black);
    accepted(&e);
}

#[test]
fn en_passant_squares_are_checked_like_the_reader_does() {
    let text = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
    let mut e = editor(Variant::Chess, text);
    assert_eq!(e.en_passant(), Some(square(&e, "d6")));
    assert_eq!(accepted(&e).to_text(), text);
    e.set_en_passant(Some(square(&e, "d5")))
        .expect("on the board");
    find(
        &refused(&e),
        |p| matches!(p, EditorProblem::EnPassantWrongRank { square, side: Color::White, rank: 6 } if square == "d5"),
        &["d5 cannot be the en passant square", "rank 6"],
    );
    e.set_en_passant(Some(square(&e, "e6")))
        .expect("on the board");
    let problems = refused(&e);
    let problem = find(
        &problems,
        |p| matches!(p, EditorProblem::EnPassantNoPawn { square, pawn_square, side: Color::Black } if square == "e6" && pawn_square == "e5"),
        &["no black pawn on e5", "e6"],
    );
    assert_eq!(problem.squares(), vec!["e6".to_string(), "e5".to_string()]);
    e.set_en_passant(Some(square(&e, "d6")))
        .expect("on the board");
    place(&mut e, "d7", 'n');
    find(
        &refused(&e),
        |p| matches!(p, EditorProblem::EnPassantNotEmpty { square, start } if square == "d6" && start == "d7"),
        &["d6", "from d7"],
    );
    let mut ram = PositionEditor::start(Variant::Ram, None).expect("Ram starts");
    ram.set_en_passant(Some(square(&ram, "e3")))
        .expect("on the board");
    find(
        &refused(&ram),
        |p| matches!(p, EditorProblem::EnPassantNotInGame { .. }),
        &["Ram chess has no en passant"],
    );
}

#[test]
fn castling_rights_need_the_king_and_rook_at_home() {
    let mut e = PositionEditor::start(Variant::Chess, None).expect("chess starts");
    assert_eq!(e.castling(), CastlingRights::ALL);
    e.remove(square(&e, "h1")).expect("on the board");
    e.remove(square(&e, "h2")).expect("on the board");
    let problems = refused(&e);
    let problem = find(
        &problems,
        |p| {
            matches!(
                p,
                EditorProblem::CastlingNeedsPieces {
                    side: Color::White,
                    king_side: true,
                    ..
                }
            )
        },
        &["White may castle king side", "king on e1", "rook on h1"],
    );
    assert_eq!(problem.squares(), vec!["e1".to_string(), "h1".to_string()]);
    let mut rights = e.castling();
    rights.set(Color::White, true, false);
    e.set_castling(rights);
    assert!(e.to_text().contains(" Qkq "), "{}", e.to_text());
    accepted(&e);
    let mut noro = PositionEditor::start(Variant::Norochess, None).expect("Norochess starts");
    noro.set_castling(CastlingRights::ALL);
    find(
        &refused(&noro),
        |p| matches!(p, EditorProblem::CastlingNotInGame { .. }),
        &["Norochess has no castling"],
    );
}

#[test]
fn the_opening_restriction_only_where_the_game_has_it() {
    let mut ram = PositionEditor::start(Variant::Ram, None).expect("Ram starts");
    assert!(ram.opening_pending());
    ram.set_turn(Color::Black);
    find(
        &refused(&ram),
        |p| matches!(p, EditorProblem::OpeningRuleNeedsWhiteToMove { .. }),
        &["Ram chess", "only apply with White to move"],
    );
    ram.set_opening_pending(false);
    accepted(&ram);
    let mut noro = PositionEditor::start(Variant::Norochess, None).expect("Norochess starts");
    noro.set_opening_pending(true);
    find(
        &refused(&noro),
        |p| matches!(p, EditorProblem::OpeningRuleNotInGame { .. }),
        &["Norochess has no opening restriction"],
    );
}

#[test]
fn a_position_already_decided_is_refused() {
    // After Black's 48th move the higher score wins.
    let mut e = editor(
        Variant::Norochess,
        "4k3/pppppppp/8/8/8/8/1PPPPPPP/4K3 w - - 0 49 score=31-32",
    );
    let problems = refused(&e);
    let problem = find(
        &problems,
        |p| matches!(p, EditorProblem::AlreadyDecided { result } if result.reason == EndReason::MoveLimit && result.winner == Some(Color::Black)),
        &["already over", "Black wins 32–31", "after move 48"],
    );
    assert!(problem.squares().is_empty());
    assert_eq!(problems.len(), 1);
    e.set_move_number(48);
    accepted(&e);
    // A blocked side: the scores decide.
    let blocked = editor(
        Variant::Norochess,
        "4k3/8/8/4p3/4P3/8/8/8 w - - 0 40 score=38-40",
    );
    find(
        &refused(&blocked),
        |p| matches!(p, EditorProblem::AlreadyDecided { result } if result.reason == EndReason::Blocked),
        &["White cannot move"],
    );
    // Checkmate and bare kings in chess.
    let mate = editor(Variant::Chess, "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1");
    find(
        &refused(&mate),
        |p| matches!(p, EditorProblem::AlreadyDecided { result } if result.reason == EndReason::Checkmate),
        &["White wins", "checkmate"],
    );
    let bare = editor(Variant::Chess, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    find(
        &refused(&bare),
        |p| matches!(p, EditorProblem::AlreadyDecided { result } if result.reason == EndReason::InsufficientMaterial),
        &["Draw"],
    );
}

#[test]
fn every_problem_is_listed_at_once() {
    let mut e = PositionEditor::new(Variant::Norochess);
    place(&mut e, "a1", 'P');
    place(&mut e, "e1", 'K');
    place(&mut e, "e2", 'K');
    e.set_move_number(0);
    e.set_castling(CastlingRights::ALL);
    e.set_score(Color::Black, 10);
    let problems = refused(&e);
    let kinds = [
        matches!(problems[0], EditorProblem::PawnOnBackRank { .. }),
        problems
            .iter()
            .any(|p| matches!(p, EditorProblem::TooManyKings { .. })),
        problems.iter().any(|p| {
            matches!(
                p,
                EditorProblem::NoPieces {
                    side: Color::Black,
                    ..
                }
            )
        }),
        problems
            .iter()
            .any(|p| matches!(p, EditorProblem::CastlingNotInGame { .. })),
        problems
            .iter()
            .any(|p| matches!(p, EditorProblem::MoveNumberOutOfRange { .. })),
        problems.iter().any(|p| {
            matches!(
                p,
                EditorProblem::ScoreTooEarly {
                    side: Color::Black,
                    ..
                }
            )
        }),
        problems.iter().any(|p| {
            matches!(
                p,
                EditorProblem::ScoreTooLow {
                    side: Color::White,
                    ..
                }
            )
        }),
    ];
    assert!(kinds.iter().all(|&k| k), "{problems:#?}");
}

#[test]
fn a_set_up_position_is_accepted_and_round_trips() {
    let mut e = PositionEditor::new(Variant::Norochess);
    for (name, letter) in [
        ("e1", 'K'),
        ("d1", 'Q'),
        ("a2", 'P'),
        ("e8", 'k'),
        ("h7", 'p'),
    ] {
        place(&mut e, name, letter);
    }
    e.set_turn(Color::Black);
    e.set_move_number(47);
    e.set_halfmove_clock(3);
    // White took 8 pieces worth 31 and 7 pawns; Black 31 and 7 pawns too,
    // one of them a promoted queen.
    e.set_score(Color::White, 38);
    e.set_score(Color::Black, 46);
    let text = "4k3/7p/8/8/8/8/P7/3QK3 b - - 3 47 score=38-46";
    assert_eq!(e.to_text(), text);
    let position = accepted(&e);
    assert_eq!(position.to_text(), text);
    let back = PositionEditor::from_position(&position);
    assert_eq!(back, e);
    assert_eq!(back.to_text(), text);
    assert_eq!(e.piece_at(square(&e, "d1")), Some(piece('Q')));
    assert_eq!(e.piece_at(square(&e, "d2")), None);
    let game = e.to_game().expect("playable");
    assert!(game.is_set_up() && !game.is_over());
    // Taking a piece off and putting it back.
    let d1 = square(&e, "d1");
    assert_eq!(e.remove(d1), Ok(Some(piece('Q'))));
    assert_eq!(e.remove(d1), Ok(None));
    assert_eq!(e.place(d1, piece('Q')), Ok(None));
    assert_eq!(e.place(d1, piece('R')), Ok(Some(piece('Q'))));
    e.clear();
    assert!(e.pieces().is_empty());
    assert_eq!(
        (e.turn(), e.move_number(), e.score(Color::White)),
        (Color::Black, 47, 38)
    );
}

#[test]
fn ten_by_ten_games_set_up_and_round_trip() {
    for variant in [Variant::Ram, Variant::Frontal] {
        let start = PositionEditor::start(variant, None).expect("starts");
        let position = accepted(&start);
        assert_eq!(start.to_text(), position.to_text());
        assert_eq!(start.pieces().len(), 36);
        let j10 = start.parse_square("j10").expect("j10 is on 10×10");
        assert_eq!(j10, Square(99));
        assert_eq!(start.square_name(j10), "j10");
        assert!(start.parse_square("k1").is_none());
    }
    let mut e = PositionEditor::new(Variant::Frontal);
    assert_eq!(e.to_text(), "10/10/10/10/10/10/10/10/10/10 w - - 0 1");
    for (name, letter) in [
        ("f1", 'K'),
        ("f10", 'k'),
        ("j2", 'P'),
        ("a9", 'p'),
        ("i1", 'R'),
    ] {
        place(&mut e, name, letter);
    }
    e.set_move_number(20);
    let position = accepted(&e);
    assert_eq!(
        position.to_text(),
        "5k4/p9/10/10/10/10/10/10/9P/5K2R1 w - - 0 20"
    );
    assert_eq!(PositionEditor::from_position(&position), e);
    let view = e.view();
    assert_eq!((view.width, view.height), (10, 10));
    let rook = view.pieces.iter().find(|p| p.square == "i1").expect("i1");
    assert_eq!((rook.file, rook.rank), (8, 0));
    assert!(view.has_opening_rule && !view.has_en_passant && !view.has_castling);
}

#[test]
fn norochess960_starts_are_accepted_and_recognised() {
    let e = PositionEditor::start(Variant::Norochess960, Some(0)).expect("start 0");
    assert_eq!(
        accepted(&e).to_text(),
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w - - 0 1 score=0-0"
    );
    assert_eq!(e.start_number(), Some(0));
    assert_eq!(e.view().setup.start_number, Some(0));
    assert_eq!(e.view().setup.game, "norochess960");
    for number in [518, 959, 333] {
        let e = PositionEditor::start(Variant::Norochess960, Some(number)).expect("a start");
        accepted(&e);
        assert_eq!(e.start_number(), Some(number));
    }
    // Set up by hand, a start is still recognised; one step off, it is not.
    let mut by_hand = PositionEditor::new(Variant::Norochess960);
    let letters = "BBQNNRKR";
    for (file, letter) in (0u8..).zip(letters.chars()) {
        let white = Square::from_coords(file, 0, 8);
        let black = Square::from_coords(file, 7, 8);
        by_hand.place(white, piece(letter)).expect("rank 1");
        by_hand
            .place(black, piece(letter.to_ascii_lowercase()))
            .expect("rank 8");
        by_hand
            .place(Square::from_coords(file, 1, 8), piece('P'))
            .expect("rank 2");
        by_hand
            .place(Square::from_coords(file, 6, 8), piece('p'))
            .expect("rank 7");
    }
    assert_eq!(by_hand.start_number(), Some(0));
    by_hand.set_turn(Color::Black);
    assert_eq!(by_hand.start_number(), None);
    assert_eq!(
        PositionEditor::start(Variant::Norochess, None).map(|e| e.start_number()),
        Ok(None)
    );
    assert_eq!(
        PositionEditor::start(Variant::Norochess960, Some(960)),
        Err(EditError::Variant(VariantError::StartNumberOutOfRange(960)))
    );
    assert!(matches!(
        PositionEditor::start(Variant::Chess, Some(1)),
        Err(EditError::NoStartNumbers { .. })
    ));
    let mut e = PositionEditor::start(Variant::Norochess960, Some(0)).expect("start 0");
    assert!(e.reset_to_start(Some(960)).is_err());
    assert_eq!(e.start_number(), Some(0), "a failed reset changes nothing");
    e.reset_to_start(Some(7)).expect("start 7");
    assert_eq!(e.start_number(), Some(7));
}

#[test]
fn every_games_start_and_every_builtin_puzzle_is_accepted() {
    for variant in Variant::all() {
        let e = PositionEditor::start(variant, None).expect("every game starts");
        assert_eq!(
            accepted(&e).to_text(),
            AnyPosition::start(variant, None)
                .map(|p| p.to_text())
                .expect("start"),
            "{variant}"
        );
    }
    let pack = builtin_pack().expect("the pack reads");
    assert!(!pack.is_empty());
    for puzzle in pack {
        let before = puzzle.before().expect("the puzzle's position");
        let e = PositionEditor::from_position(&before);
        assert_eq!(e.to_text(), before.to_text());
        if let Err(problems) = e.check() {
            panic!("{}: {} refused: {problems:#?}", puzzle.id, puzzle.position);
        }
    }
}

#[test]
fn squares_off_the_board_are_errors_not_panics() {
    let mut e = PositionEditor::new(Variant::Norochess);
    let off = EditError::OffBoard {
        index: 64,
        width: 8,
        height: 8,
    };
    assert_eq!(e.place(Square(64), piece('Q')), Err(off.clone()));
    assert_eq!(e.remove(Square(64)), Err(off.clone()));
    assert_eq!(e.set_en_passant(Some(Square(64))), Err(off.clone()));
    assert_eq!(off.to_string(), "square 64 is not on the 8×8 board");
    assert_eq!(e.piece_at(Square(255)), None);
    assert!(e.parse_square("i1").is_none() && e.parse_square("").is_none());
    assert_eq!(
        e.to_text(),
        PositionEditor::new(Variant::Norochess).to_text()
    );
    let mut ten = PositionEditor::new(Variant::Ram);
    assert!(ten.place(Square(99), piece('k')).is_ok());
    assert!(ten.place(Square(100), piece('k')).is_err());
}

#[test]
fn the_readers_errors_become_problems() {
    let refused = EditorProblem::from(PositionError::Illegal("reason".to_string()));
    assert_eq!(
        refused,
        EditorProblem::Refused {
            reason: "reason".to_string()
        }
    );
    assert_eq!(
        refused.to_string(),
        "the rules refuse this position: reason"
    );
    let error = AnyPosition::from_text(Variant::Norochess, "8/8 w - -").unwrap_err();
    let message = error.to_string();
    assert_eq!(
        EditorProblem::from(error),
        EditorProblem::Unreadable { detail: message }
    );
    assert!(matches!(
        EditorProblem::from(PositionError::Empty),
        EditorProblem::Unreadable { .. }
    ));
    assert!(matches!(
        PositionEditor::from_text(Variant::Norochess, "nonsense"),
        Err(EditError::Position(_))
    ));
}

#[test]
fn the_view_has_what_a_screen_draws() {
    let view = PositionEditor::start(Variant::Chess, None)
        .expect("chess")
        .view();
    assert!(view.is_playable && view.problems.is_empty());
    assert_eq!(view.pieces.len(), 32);
    assert!(view.has_castling && view.has_en_passant && !view.has_scores);
    assert_eq!(view.scores, None);
    assert_eq!(view.castling, CastlingRights::ALL);
    assert_eq!(view.setup.game, "chess");
    let mut e = PositionEditor::start(Variant::Norochess, None).expect("Norochess");
    place(&mut e, "e8", 'P');
    let view = e.view();
    assert!(!view.is_playable);
    assert_eq!(view.last_move, 60);
    assert_eq!(view.scores, Some(Scores { white: 0, black: 0 }));
    let first = &view.problems[0];
    assert!(matches!(
        first.problem,
        EditorProblem::PawnOnBackRank { .. }
    ));
    assert_eq!(first.text, first.problem.to_string());
    assert_eq!(first.squares, vec!["e8".to_string()]);
}

#[test]
fn random_set_ups_never_panic_and_only_the_readers_positions_pass() {
    let mut rng = SplitMix64::new(0x0ed1_7012);
    let letters: Vec<char> = "PNBRQKpnbrqk".chars().collect();
    let mut passed = 0;
    for variant in Variant::all() {
        for _ in 0..120 {
            let mut e = if rng.below(3) == 0 {
                PositionEditor::new(variant)
            } else {
                PositionEditor::start(variant, None).expect("starts")
            };
            let squares = u64::from(e.width()) * u64::from(e.height());
            for _ in 0..rng.below(12) {
                let sq = Square(u8::try_from(rng.below(squares + 4)).unwrap_or(0));
                if rng.below(2) == 0 {
                    let letter = letters[usize::try_from(rng.below(12)).unwrap_or(0)];
                    let _ = e.place(sq, piece(letter));
                } else {
                    let _ = e.remove(sq);
                }
            }
            if rng.below(2) == 0 {
                e.set_turn(Color::Black);
            }
            e.set_move_number(u32::try_from(rng.below(70)).unwrap_or(1));
            e.set_halfmove_clock(u32::try_from(rng.below(4)).unwrap_or(0));
            e.set_score(Color::White, u16::try_from(rng.below(50)).unwrap_or(0));
            e.set_score(Color::Black, u16::try_from(rng.below(50)).unwrap_or(0));
            if rng.below(4) == 0 {
                let sq = Square(u8::try_from(rng.below(squares)).unwrap_or(0));
                let _ = e.set_en_passant(Some(sq));
            }
            if rng.below(4) == 0 {
                e.set_castling(CastlingRights::ALL);
            }
            let _ = e.view();
            if let Ok(position) = e.check() {
                passed += 1;
                let again = AnyPosition::from_text(variant, &e.to_text());
                assert_eq!(again.map(|p| p.to_text()), Ok(position.to_text()));
                assert!(!Game::from_position(variant, &e.to_text())
                    .map(|g| g.is_over())
                    .unwrap_or(true));
            }
        }
    }
    assert!(passed > 0, "some random set-ups are playable");
}

#[test]
fn the_palette_holds_every_piece_once_white_first_and_each_can_be_placed_in_every_game() {
    let palette = editor_palette();
    assert_eq!(palette.len(), 12);
    assert_eq!(
        palette[0],
        Piece {
            color: Color::White,
            role: Role::King
        }
    );
    assert_eq!(
        palette[5],
        Piece {
            color: Color::White,
            role: Role::Pawn
        }
    );
    assert!(palette[6..].iter().all(|p| p.color == Color::Black));
    for (i, a) in palette.iter().enumerate() {
        assert!(!palette[i + 1..].contains(a), "{a:?} twice");
    }
    for variant in Variant::all() {
        let mut e = PositionEditor::new(variant);
        let square = e.parse_square("d4").expect("d4 on every board");
        for &piece in &palette {
            e.place(square, piece).expect("placed");
            assert_eq!(e.piece_at(square), Some(piece), "{variant:?}");
        }
    }
}
