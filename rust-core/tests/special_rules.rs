//! Every special rule of every game in `shared/RULES.md`, each checked in a
//! position where it applies and in one where it just fails to apply.
//!
//! The expected move lists are worked out from the rule book by hand (the
//! reasoning is in the comments), never copied from the generator: the point
//! is to catch generator bugs.

use norochess_core::{AnyPosition, Blockage, Move, MoveKind, Role, Square, Variant, Zone};

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// Reads a position, panicking with the reader's complaint.
fn pos(variant: Variant, text: &str) -> AnyPosition {
    AnyPosition::from_text(variant, text)
        .unwrap_or_else(|e| panic!("{variant}: cannot read `{text}`: {e}"))
}

fn width_of(variant: Variant) -> u8 {
    match variant.board_size() {
        norochess_core::BoardSize::Eight => 8,
        norochess_core::BoardSize::Ten => 10,
    }
}

/// The board field of a position text for a `width`×`width` board holding
/// the pieces listed as `Ka1 Pe2 ke8` (upper case = White).
fn board(width: u8, pieces: &str) -> String {
    let w = usize::from(width);
    let mut grid = vec![vec![None::<char>; w]; w];
    for token in pieces.split_whitespace() {
        let mut chars = token.chars();
        let piece = chars.next().expect("a piece letter");
        let name = chars.as_str();
        let sq = Square::parse(name, width, width)
            .unwrap_or_else(|| panic!("`{name}` is not a square of a {width}×{width} board"));
        let (file, rank) = (usize::from(sq.file(width)), usize::from(sq.rank(width)));
        assert!(grid[rank][file].is_none(), "two pieces on {name}");
        grid[rank][file] = Some(piece);
    }
    let mut ranks = Vec::new();
    for rank in (0..w).rev() {
        let mut text = String::new();
        let mut empty = 0;
        for cell in &grid[rank] {
            match cell {
                Some(c) => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push(*c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        ranks.push(text);
    }
    ranks.join("/")
}

/// A position of `variant` with `pieces` (see [`board`]) and the remaining
/// fields `rest` (`"w - - 0 1"` and so on).
fn setup(variant: Variant, pieces: &str, rest: &str) -> AnyPosition {
    pos(
        variant,
        &format!("{} {rest}", board(width_of(variant), pieces)),
    )
}

fn square(p: &AnyPosition, name: &str) -> Square {
    Square::parse(name, p.width(), p.height())
        .unwrap_or_else(|| panic!("`{name}` is not a square of this board"))
}

/// The legal moves of the piece on `from`, in coordinate notation, sorted.
fn moves_from(p: &AnyPosition, from: &str) -> Vec<String> {
    let from = square(p, from);
    let mut moves: Vec<String> = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == from)
        .map(|m| m.uci(p.width()))
        .collect();
    moves.sort();
    moves
}

fn sorted(expected: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Asserts the exact list of legal moves of the piece on `from`.
#[track_caller]
fn assert_moves_from(p: &AnyPosition, from: &str, expected: &[&str], why: &str) {
    assert_eq!(
        moves_from(p, from),
        sorted(expected),
        "{why}\n  moves of the piece on {from} in `{}` ({})\n  all legal moves: {:?}",
        p.to_text(),
        p.variant(),
        p.legal_uci()
    );
}

/// Asserts the exact list of all legal moves.
#[track_caller]
fn assert_all_moves(p: &AnyPosition, expected: &[&str], why: &str) {
    assert_eq!(
        p.legal_uci(),
        sorted(expected),
        "{why}\n  all legal moves of `{}` ({})",
        p.to_text(),
        p.variant()
    );
}

/// The legal move written `uci`.
#[track_caller]
fn find(p: &AnyPosition, uci: &str) -> Move {
    p.parse_uci(uci).unwrap_or_else(|e| {
        panic!(
            "`{uci}` should be legal in `{}` ({}): {e}\n  legal moves: {:?}",
            p.to_text(),
            p.variant(),
            p.legal_uci()
        )
    })
}

#[track_caller]
fn kind(p: &AnyPosition, uci: &str) -> MoveKind {
    find(p, uci).kind
}

/// The position after the legal move `uci`.
#[track_caller]
fn after(p: &AnyPosition, uci: &str) -> AnyPosition {
    let m = find(p, uci);
    p.play(m)
        .unwrap_or_else(|e| panic!("playing `{uci}` in `{}`: {e}", p.to_text()))
}

/// Plays a sequence of moves.
#[track_caller]
fn after_all(p: &AnyPosition, moves: &[&str]) -> AnyPosition {
    moves.iter().fold(*p, |p, m| after(&p, m))
}

#[track_caller]
fn assert_text(p: &AnyPosition, expected: &str, why: &str) {
    assert_eq!(p.to_text(), expected, "{why}");
}

/// The `score=W-B` field of a Norochess position text.
fn score(p: &AnyPosition) -> String {
    p.to_text()
        .split_whitespace()
        .find_map(|f| f.strip_prefix("score="))
        .unwrap_or_else(|| panic!("no score field in `{}`", p.to_text()))
        .to_string()
}

fn has_opening_pending(p: &AnyPosition) -> bool {
    p.to_text()
        .split_whitespace()
        .any(|f| f == "opening=pending")
}

fn no_castle_moves(p: &AnyPosition) -> bool {
    p.legal_moves().iter().all(|m| m.kind != MoveKind::Castle)
}

// ---------------------------------------------------------------------------
// 1. Norochess
// ---------------------------------------------------------------------------

#[test]
fn norochess_has_no_castling() {
    let v = Variant::Norochess;
    assert!(
        AnyPosition::from_text(v, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").is_err(),
        "norochess has no castling: a castling field other than `-` must be refused"
    );
    let start = AnyPosition::start(v, None).expect("start");
    assert_text(
        &start,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 score=0-0",
        "the start position has `-` castling and a 0-0 score",
    );
    // King and rooks on their home squares, nothing between: still only
    // ordinary king steps.
    let p = pos(v, "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1");
    assert_moves_from(
        &p,
        "e1",
        &["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"],
        "no castling in norochess (no e1g1 / e1c1)",
    );
    assert!(no_castle_moves(&p));
    let p = pos(v, "r3k2r/8/8/8/8/8/8/R3K2R b - - 0 1");
    assert_moves_from(
        &p,
        "e8",
        &["e8d7", "e8d8", "e8e7", "e8f7", "e8f8"],
        "no castling for Black either",
    );
}

#[test]
fn norochess_king_may_move_into_and_stay_in_attack() {
    // Black rooks on d8 and e8 attack d1, d2, e1 and e2. The king is not
    // royal: it may stay attacked (pawn moves are legal) and step onto
    // attacked squares.
    let p = pos(Variant::Norochess, "3rr3/8/8/8/8/8/P7/4K3 w - - 0 1");
    assert_all_moves(
        &p,
        &["a2a3", "a2a4", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"],
        "the attacked king may stay attacked and step onto attacked squares",
    );
}

#[test]
fn norochess_pinned_piece_may_move() {
    // The bishop e2 stands between its king e1 and the rook e8: in chess it
    // could not move, in norochess it may go anywhere.
    let p = pos(Variant::Norochess, "4r3/8/8/8/8/8/P3B3/4K3 w - - 0 1");
    assert_moves_from(
        &p,
        "e2",
        &[
            "e2a6", "e2b5", "e2c4", "e2d1", "e2d3", "e2f1", "e2f3", "e2g4", "e2h5",
        ],
        "a 'pinned' piece moves freely in norochess",
    );
    // Same position in chess, for contrast: the bishop is pinned.
    let chess = pos(Variant::Chess, "4r2k/8/8/8/8/8/P3B3/4K3 w - - 0 1");
    assert_moves_from(&chess, "e2", &[], "in chess the bishop is pinned");
}

#[test]
fn norochess_king_can_be_captured() {
    let p = pos(
        Variant::Norochess,
        "4k3/p7/8/8/8/8/8/4R2K w - - 0 1 score=3-4",
    );
    assert_moves_from(
        &p,
        "e1",
        &[
            "e1a1", "e1b1", "e1c1", "e1d1", "e1f1", "e1g1", "e1e2", "e1e3", "e1e4", "e1e5", "e1e6",
            "e1e7", "e1e8",
        ],
        "the rook may capture the king on e8",
    );
    let q = after(&p, "e1e8");
    assert_text(
        &q,
        "4R3/p7/8/8/8/8/8/7K b - - 0 1 score=5-4",
        "capturing the king scores 2",
    );
    assert_all_moves(
        &q,
        &["a7a5", "a7a6"],
        "a side whose king was captured plays on without it",
    );
    // A king may take a king.
    let p = pos(
        Variant::Norochess,
        "8/8/8/3kK3/8/8/P7/8 w - - 0 1 score=0-0",
    );
    assert_moves_from(
        &p,
        "e5",
        &[
            "e5d4", "e5d5", "e5d6", "e5e4", "e5e6", "e5f4", "e5f5", "e5f6",
        ],
        "a king may step next to or take the enemy king",
    );
    assert_eq!(score(&after(&p, "e5d5")), "2-0");
}

#[test]
fn norochess_en_passant() {
    let v = Variant::Norochess;
    let p = pos(v, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2 score=0-0");
    assert_moves_from(&p, "e5", &["e5d6", "e5e6"], "en passant on d6 applies");
    assert_eq!(kind(&p, "e5d6"), MoveKind::EnPassant);
    assert_text(
        &after(&p, "e5d6"),
        "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2 score=1-0",
        "en passant removes the d5 pawn and scores 1",
    );
    let p = pos(v, "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2 score=0-0");
    assert_moves_from(
        &p,
        "e5",
        &["e5e6"],
        "no en passant square: the pawn beside may not be taken",
    );
    // Made by moves: the chance exists right after the double step only.
    let p = pos(v, "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1 score=0-0");
    let q = after(&p, "d7d5");
    assert_text(
        &q,
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2 score=0-0",
        "the double step sets the en passant square",
    );
    assert_moves_from(&q, "e5", &["e5d6", "e5e6"], "right after d7d5");
    let r = after_all(&q, &["e1e2", "e8f8"]);
    assert_moves_from(&r, "e5", &["e5e6"], "one move later the chance is gone");
    // Black takes en passant too.
    let p = pos(v, "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1 score=0-0");
    assert_moves_from(&p, "e4", &["e4d3", "e4e3"], "black en passant on d3");
    assert_eq!(score(&after(&p, "e4d3")), "0-1");
}

#[test]
fn norochess_promotion_to_queen_rook_bishop_knight_never_king() {
    let v = Variant::Norochess;
    let p = pos(v, "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    assert_moves_from(
        &p,
        "b7",
        &[
            "b7a8b", "b7a8n", "b7a8q", "b7a8r", "b7b8b", "b7b8n", "b7b8q", "b7b8r",
        ],
        "promotion (also by capture) to q, r, b or n",
    );
    assert!(
        p.legal_moves()
            .iter()
            .all(|m| m.kind != MoveKind::Promotion(Role::King)),
        "never a promotion to king"
    );
    assert!(p.parse_uci("b7b8k").is_err(), "b7b8k must be refused");
    assert!(p.parse_uci("b7b8").is_err(), "a promotion needs its letter");
    assert_eq!(kind(&p, "b7b8n"), MoveKind::Promotion(Role::Knight));
    // One rank short: no promotion.
    let p = pos(v, "r3k3/8/1P6/8/8/8/8/4K3 w - - 0 1");
    assert_moves_from(&p, "b6", &["b6b7"], "no promotion before the last rank");
    // Black promotes on rank 1.
    let p = pos(v, "4k3/8/8/8/8/8/6p1/4K2R b - - 0 1");
    assert_moves_from(
        &p,
        "g2",
        &[
            "g2g1b", "g2g1n", "g2g1q", "g2g1r", "g2h1b", "g2h1n", "g2h1q", "g2h1r",
        ],
        "black promotion (also by capture)",
    );
}

#[test]
fn norochess_capture_points_for_every_piece_type() {
    // White queen d4 can take a queen (d6), rook (f6), bishop (f4),
    // knight (f2), king (d2) and pawn (b4).
    let p = pos(
        Variant::Norochess,
        "7K/8/3q1r2/8/1p1Q1b2/8/3k1n2/8 w - - 0 1 score=10-20",
    );
    for (m, expected) in [
        ("d4d6", "19-20"),
        ("d4f6", "15-20"),
        ("d4f4", "13-20"),
        ("d4f2", "13-20"),
        ("d4d2", "12-20"),
        ("d4b4", "11-20"),
        ("d4e4", "10-20"),
        ("d4d5", "10-20"),
    ] {
        assert_eq!(score(&after(&p, m)), expected, "score after {m}");
    }
    // Black scores in the second number.
    let p = pos(
        Variant::Norochess,
        "7K/8/3q1r2/8/1p1Q1b2/8/3k1n2/8 b - - 0 1 score=10-20",
    );
    assert_eq!(score(&after(&p, "d6d4")), "10-29", "black takes the queen");
}

#[test]
fn norochess_promoted_pieces_score_their_new_value() {
    let v = Variant::Norochess;
    // White promotes on a8; the black rook h8 then takes the new piece.
    let p = pos(v, "7r/P7/8/8/8/8/8/k3K3 w - - 0 1 score=0-0");
    for (promotion, expected) in [("q", "0-9"), ("r", "0-5"), ("b", "0-3"), ("n", "0-3")] {
        let q = after_all(&p, &[&format!("a7a8{promotion}"), "h8a8"]);
        assert_eq!(
            score(&q),
            expected,
            "capturing a pawn promoted to {promotion}"
        );
    }
    // A promotion that captures scores the captured piece.
    let p = pos(v, "1r5k/P7/8/8/8/8/8/4K3 w - - 0 1 score=0-0");
    assert_eq!(score(&after(&p, "a7b8q")), "5-0");
    assert_eq!(score(&after(&p, "a7b8n")), "5-0");
    assert_eq!(score(&after(&p, "a7a8q")), "0-0");
}

#[test]
fn norochess_side_without_pieces_has_no_moves() {
    let v = Variant::Norochess;
    let p = pos(v, "8/8/8/8/8/8/8/4K3 b - - 0 1");
    assert_all_moves(&p, &[], "Black has no pieces: no moves");
    let p = pos(v, "8/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_all_moves(
        &p,
        &[],
        "Black has no pieces: the game is over, White has no moves either",
    );
    // Made by a move: the king takes the last black piece.
    let p = pos(v, "8/8/8/3kK3/8/8/8/8 w - - 0 1 score=0-0");
    let q = after(&p, "e5d5");
    assert_text(
        &q,
        "8/8/8/3K4/8/8/8/8 b - - 0 1 score=2-0",
        "king takes king",
    );
    assert_all_moves(&q, &[], "extinct side: no moves");
    // Just one piece left is enough to play on.
    let p = pos(v, "8/p7/8/8/8/8/8/4K3 b - - 0 1");
    assert_all_moves(&p, &["a7a5", "a7a6"], "a lone pawn still moves");
    let p = pos(v, "8/8/8/8/8/8/8/k3K3 b - - 0 1");
    assert_all_moves(&p, &["a1a2", "a1b1", "a1b2"], "a lone king still moves");
}

// ---------------------------------------------------------------------------
// 2. Norochess960
// ---------------------------------------------------------------------------

#[test]
fn norochess960_start_positions_by_number() {
    let v = Variant::Norochess960;
    let text = |n: u16| {
        AnyPosition::start(v, Some(n))
            .unwrap_or_else(|e| panic!("start {n}: {e}"))
            .to_text()
    };
    assert_eq!(
        text(518),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 score=0-0"
    );
    assert_eq!(
        text(0),
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w - - 0 1 score=0-0"
    );
    assert_eq!(
        text(1),
        "bqnbnrkr/pppppppp/8/8/8/8/PPPPPPPP/BQNBNRKR w - - 0 1 score=0-0"
    );
    assert_eq!(
        text(4),
        "qbbnnrkr/pppppppp/8/8/8/8/PPPPPPPP/QBBNNRKR w - - 0 1 score=0-0"
    );
    assert_eq!(
        text(959),
        "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w - - 0 1 score=0-0"
    );
    assert!(
        AnyPosition::start(v, Some(960)).is_err(),
        "960 is out of range"
    );
    // Position 0: 16 pawn moves, knights d1 (c3, e3) and e1 (d3, f3).
    let p = AnyPosition::start(v, Some(0)).expect("start 0");
    assert_eq!(
        p.legal_uci().len(),
        20,
        "moves of BBQNNRKR: {:?}",
        p.legal_uci()
    );
    assert_moves_from(&p, "d1", &["d1c3", "d1e3"], "knight d1");
    assert_moves_from(&p, "e1", &["e1d3", "e1f3"], "knight e1");
}

#[test]
fn norochess960_has_no_castling() {
    let v = Variant::Norochess960;
    assert!(
        AnyPosition::from_text(v, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").is_err(),
        "no castling field other than `-`"
    );
    // King g1 with rooks b1 and h1 (as in a 960 set-up): only king steps.
    let p = pos(v, "1r4kr/8/8/8/8/8/8/1R4KR w - - 0 1");
    assert_moves_from(
        &p,
        "g1",
        &["g1f1", "g1f2", "g1g2", "g1h2"],
        "no castling in norochess960",
    );
    assert!(no_castle_moves(&p));
    let p = pos(v, "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1");
    assert_moves_from(
        &p,
        "e1",
        &["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"],
        "no castling from the standard squares either",
    );
    // And the king is not royal here either.
    let p = pos(v, "3rr3/8/8/8/8/8/P7/4K3 w - - 0 1");
    assert_all_moves(
        &p,
        &["a2a3", "a2a4", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"],
        "non-royal king in norochess960",
    );
}

// ---------------------------------------------------------------------------
// 3. Ram chess
// ---------------------------------------------------------------------------

const TEN_START: &str = "1rnbqkbnr1/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/1RNBQKBNR1";
const FILES10: [char; 10] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];

#[test]
fn ram_first_move_must_be_a_single_pawn_step() {
    let v = Variant::Ram;
    let start = AnyPosition::start(v, None).expect("ram start");
    assert_text(
        &start,
        &format!("{TEN_START} w - - 0 1 opening=pending"),
        "ram start position",
    );
    let singles: Vec<String> = FILES10.iter().map(|f| format!("{f}2{f}3")).collect();
    let singles: Vec<&str> = singles.iter().map(String::as_str).collect();
    assert_all_moves(
        &start,
        &singles,
        "White's first move: exactly the ten single pawn steps (no double step, no knight move)",
    );
    // After it, Black has double steps (and knight moves).
    let p = after(&start, "e2e3");
    assert!(!has_opening_pending(&p), "the first move uses the rule up");
    let mut black: Vec<String> = Vec::new();
    for f in FILES10 {
        black.push(format!("{f}9{f}8"));
        black.push(format!("{f}9{f}7"));
    }
    // The rooks b10 and i10 may step into the empty corners.
    black.extend(["b10a10", "c10b8", "c10d8", "h10g8", "h10i8", "i10j10"].map(String::from));
    let black: Vec<&str> = black.iter().map(String::as_str).collect();
    assert_all_moves(
        &p,
        &black,
        "Black after 1. e2e3: single and double steps, piece moves",
    );
    assert_eq!(kind(&p, "e9e7"), MoveKind::DoubleStep);
    // White's second move is free: double steps and piece moves.
    let p = after(&p, "e9e7");
    assert_moves_from(&p, "a2", &["a2a3", "a2a4"], "White may double-step now");
    assert_moves_from(&p, "e3", &["e3e4", "e3e5"], "a double step from rank 3");
    assert_moves_from(
        &p,
        "c1",
        &["c1b3", "c1d3", "c1e2"],
        "White's pieces may move now",
    );
    assert_moves_from(&p, "b1", &["b1a1"], "the rook may move now");
}

#[test]
fn ram_pawns_capture_only_pieces() {
    let v = Variant::Ram;
    // e5 has a black pawn on d6 and a black knight on f6 diagonally ahead.
    let p = setup(v, "Ka1 Pe5 pd6 nf6 kj10", "w - - 0 1");
    assert_moves_from(
        &p,
        "e5",
        &["e5e6", "e5e7", "e5f6"],
        "a pawn takes the knight but not the pawn",
    );
    let p = setup(v, "Ka1 pe6 Pd5 Nf5 kj10", "b - - 0 1");
    assert_moves_from(&p, "e6", &["e6e4", "e6e5", "e6f5"], "the same for Black");
}

#[test]
fn ram_ram_applies_with_an_enemy_pawn_beside() {
    let v = Variant::Ram;
    let p = setup(v, "Ka1 Pe5 pe6 pd5 kj10", "w - - 0 1");
    assert_moves_from(&p, "e5", &["e5e6"], "e5 rams e6 (black pawn beside on d5)");
    assert_eq!(kind(&p, "e5e6"), MoveKind::Ram);
    assert_text(
        &after(&p, "e5e6"),
        &format!("{} b - - 0 1", board(10, "Ka1 pd5 kj10")),
        "the ram removes both pawns",
    );
    let p = setup(v, "Ka1 Pe5 pe6 pf5 kj10", "w - - 0 1");
    assert_moves_from(&p, "e5", &["e5e6"], "the pawn beside may be on either side");
    // Black rams too.
    let p = setup(v, "Ka1 pe6 Pe5 Pf6 kj10", "b - - 0 1");
    assert_moves_from(
        &p,
        "e6",
        &["e6e5"],
        "black e6 rams e5 (white pawn beside on f6)",
    );
    assert_eq!(kind(&p, "e6e5"), MoveKind::Ram);
    assert_text(
        &after(&p, "e6e5"),
        &format!("{} w - - 0 2", board(10, "Ka1 Pf6 kj10")),
        "the black ram removes both pawns",
    );
}

#[test]
fn ram_ram_does_not_apply_without_an_enemy_pawn_beside() {
    let v = Variant::Ram;
    let p = setup(v, "Ka1 Pe5 pe6 kj10", "w - - 0 1");
    assert_moves_from(&p, "e5", &[], "no pawn beside: no ram");
    let p = setup(v, "Ka1 Pe5 pe6 pc5 kj10", "w - - 0 1");
    assert_moves_from(&p, "e5", &[], "an enemy pawn two files away is not beside");
    let p = setup(v, "Ka1 Pe5 pe6 pd6 kj10", "w - - 0 1");
    assert_moves_from(
        &p,
        "e5",
        &[],
        "an enemy pawn diagonally ahead is not beside (and cannot be taken)",
    );
    let p = setup(v, "Ka1 Pe5 pe6 pd4 kj10", "w - - 0 1");
    assert_moves_from(
        &p,
        "e5",
        &[],
        "an enemy pawn diagonally behind is not beside",
    );
    let p = setup(v, "Ka1 Pe5 Pd5 pe6 kj10", "w - - 0 1");
    assert_moves_from(&p, "e5", &[], "an own pawn beside does not count");
    assert_moves_from(&p, "d5", &["d5d6", "d5d7"], "d5 cannot take the pawn e6");
    let p = setup(v, "Ka1 Pe5 ne6 pd5 kj10", "w - - 0 1");
    assert_moves_from(&p, "e5", &[], "only a pawn in front can be rammed");
}

#[test]
fn ram_ram_may_not_expose_the_own_king() {
    let v = Variant::Ram;
    // Both pawns stand between the white king e2 and the rook e9; the ram
    // removes both and opens the file.
    let p = setup(v, "Ke2 Pe5 pe6 pd5 re9 kj10", "w - - 0 1");
    assert_moves_from(
        &p,
        "e5",
        &[],
        "the ram would expose the king to the rook e9",
    );
    let p = setup(v, "Ke2 Pe5 pe6 pd5 rd9 kj10", "w - - 0 1");
    assert_moves_from(
        &p,
        "e5",
        &["e5e6"],
        "with the rook elsewhere the ram is fine",
    );
}

#[test]
fn ram_pinned_pawn_may_not_ram() {
    let v = Variant::Ram;
    // e5 shields the king b2 from the bishop h8; the ram empties e5.
    let p = setup(v, "Kb2 Pe5 pe6 pd5 bh8 kj10", "w - - 0 1");
    assert_moves_from(&p, "e5", &[], "the ram would open the diagonal h8-b2");
    let p = setup(v, "Kb2 Pe5 pe6 pd5 bh7 kj10", "w - - 0 1");
    assert_moves_from(&p, "e5", &["e5e6"], "no pin with the bishop on h7");
}

#[test]
fn ram_first_move_rule_excludes_rams_and_captures() {
    let v = Variant::Ram;
    let p = setup(
        v,
        "Ka1 Pa2 Pe5 pe6 pd5 Pg4 nh5 kj10",
        "w - - 0 1 opening=pending",
    );
    assert_all_moves(
        &p,
        &["a2a3", "g4g5"],
        "while the first-move rule applies: no ram, no capture, no king move",
    );
    let p = setup(v, "Ka1 Pa2 Pe5 pe6 pd5 Pg4 nh5 kj10", "w - - 0 1");
    assert_moves_from(&p, "e5", &["e5e6"], "the ram, once the rule is used up");
    assert_moves_from(&p, "g4", &["g4g5", "g4g6", "g4h5"], "steps and the capture");
}

#[test]
fn ram_ram_may_answer_a_pawn_check() {
    let v = Variant::Ram;
    // The black pawn e6 checks the king d5; ramming it removes the checker.
    let p = setup(v, "Kd5 Pe5 pe6 pf5 kj10", "w - - 0 1");
    assert_moves_from(&p, "e5", &["e5e6"], "the ram removes the checking pawn");
    let p = setup(v, "Kd5 Pe5 pe6 kj10", "w - - 0 1");
    assert_moves_from(
        &p,
        "e5",
        &[],
        "no pawn beside: no ram, no answer to the check",
    );
}

#[test]
fn ram_beside_does_not_wrap_round_the_board_edge() {
    let v = Variant::Ram;
    // j4 is the square just before a5 in index order, a6 just after j5.
    let p = setup(v, "Ka1 Pa5 pa6 pj4 kj10", "w - - 0 1");
    assert_moves_from(&p, "a5", &[], "j4 is not beside a5");
    let p = setup(v, "Ka1 Pj5 pj6 pa6 kj10", "w - - 0 1");
    assert_moves_from(&p, "j5", &[], "a6 is not beside j5");
    let p = setup(v, "Ka1 Pa5 pa6 pb5 kj10", "w - - 0 1");
    assert_moves_from(&p, "a5", &["a5a6"], "b5 is beside a5");
    let p = setup(v, "Ka1 Pj5 pj6 pi5 kj10", "w - - 0 1");
    assert_moves_from(&p, "j5", &["j5j6"], "i5 is beside j5");
}

#[test]
fn ram_double_step_from_any_rank_and_no_en_passant() {
    let v = Variant::Ram;
    let p = setup(v, "Ka1 Pe5 kj10", "w - - 0 1");
    assert_moves_from(&p, "e5", &["e5e6", "e5e7"], "double step from rank 5");
    assert_eq!(kind(&p, "e5e7"), MoveKind::DoubleStep);
    let p = setup(v, "Ka1 Pe5 ne7 kj10", "w - - 0 1");
    assert_moves_from(&p, "e5", &["e5e6"], "the landing square must be empty");
    let p = setup(v, "Ka1 pe6 kj10", "b - - 0 1");
    assert_moves_from(&p, "e6", &["e6e4", "e6e5"], "black double step from rank 6");
    // No en passant: a black double step past the white pawn e5.
    let p = setup(v, "Ka1 Pe5 pd7 kj10", "b - - 0 1");
    let q = after(&p, "d7d5");
    assert_text(
        &q,
        &format!("{} w - - 0 2", board(10, "Ka1 Pe5 pd5 kj10")),
        "no en passant square in ram chess",
    );
    assert_moves_from(&q, "e5", &["e5e6", "e5e7"], "no en passant capture");
    assert!(
        AnyPosition::from_text(v, &format!("{} w - d6 0 2", board(10, "Ka1 Pe5 pd5 kj10")))
            .is_err(),
        "an en passant square must be refused in ram chess"
    );
}

#[test]
fn ram_resurrection_promotion() {
    let v = Variant::Ram;
    // White lacks its queen and a knight.
    let p = setup(v, "Ka1 Rb1 Rc1 Bd1 Be1 Nf1 Pe9 kj10", "w - - 0 1");
    assert_moves_from(
        &p,
        "e9",
        &["e9e10n", "e9e10q"],
        "only the missing types (queen, knight) can be resurrected",
    );
    assert_eq!(kind(&p, "e9e10q"), MoveKind::Promotion(Role::Queen));
    // A double step onto the last rank resurrects too.
    let p = setup(v, "Ka1 Rb1 Rc1 Bd1 Be1 Nf1 Pe8 kj10", "w - - 0 1");
    assert_moves_from(
        &p,
        "e8",
        &["e8e10n", "e8e10q", "e8e9"],
        "double step onto the last rank",
    );
    // So does a capture.
    let p = setup(v, "Ka1 Rb1 Rc1 Bd1 Be1 Nf1 Pe9 rf10 kj10", "w - - 0 1");
    assert_moves_from(
        &p,
        "e9",
        &["e9e10n", "e9e10q", "e9f10n", "e9f10q"],
        "capture onto the last rank",
    );
    // A lost bishop comes back whatever the colour of its square: d1 and
    // e10 are the same colour, yet e9e10b is allowed.
    let p = setup(v, "Ka1 Qg1 Rb1 Rc1 Bd1 Nf1 Nh1 Pe9 kj10", "w - - 0 1");
    assert_moves_from(&p, "e9", &["e9e10b"], "only the bishop is missing");
    // Black resurrects on rank 1.
    let p = setup(v, "Ka5 pe2 rb10 rc10 bd10 be10 nf10 nh10 kj10", "b - - 0 1");
    assert_moves_from(&p, "e2", &["e2e1q"], "Black lacks only its queen");
    let q = after(&p, "e2e1q");
    assert_text(
        &q,
        &format!(
            "{} w - - 0 2",
            board(10, "Ka5 qe1 rb10 rc10 bd10 be10 nf10 nh10 kj10")
        ),
        "the pawn became a queen",
    );
}

#[test]
fn ram_first_move_rule_in_a_later_position() {
    let v = Variant::Ram;
    // While the rule applies, a single step onto the last rank is allowed
    // (it is a single pawn step), a double step onto it is not, and no
    // piece moves.
    let p = setup(
        v,
        "Ka1 Rb1 Rc1 Bd1 Be1 Nf1 Pa2 Pe8 kj10",
        "w - - 0 1 opening=pending",
    );
    assert_all_moves(
        &p,
        &["a2a3", "e8e9"],
        "only single pawn steps while the first-move rule applies",
    );
    let p = setup(
        v,
        "Ka1 Rb1 Rc1 Bd1 Be1 Nf1 Pa2 Pe9 kj10",
        "w - - 0 1 opening=pending",
    );
    assert_all_moves(
        &p,
        &["a2a3", "e9e10n", "e9e10q"],
        "a single step onto the last rank resurrects",
    );
}

#[test]
fn ram_last_rank_is_closed_when_nothing_can_be_resurrected() {
    let v = Variant::Ram;
    // Full set of pieces: the pawn e9 may not step, nor take, onto rank 10.
    let p = setup(v, "Ka1 Qg1 Rb1 Rc1 Bd1 Be1 Nf1 Nh1 Pe9 kj10", "w - - 0 1");
    assert_moves_from(&p, "e9", &[], "nothing to resurrect: e9e10 is illegal");
    let p = setup(
        v,
        "Ka1 Qg1 Rb1 Rc1 Bd1 Be1 Nf1 Nh1 Pe9 rf10 kj10",
        "w - - 0 1",
    );
    assert_moves_from(&p, "e9", &[], "nothing to resurrect: e9f10 is illegal too");
    let p = setup(v, "Ka1 Qg1 Rb1 Rc1 Bd1 Be1 Nf1 Nh1 Pe8 kj10", "w - - 0 1");
    assert_moves_from(
        &p,
        "e8",
        &["e8e9"],
        "no double step onto the closed last rank",
    );
}

#[test]
fn ram_pawn_gives_check_where_it_could_not_move() {
    let v = Variant::Ram;
    // White has its full set, so e9 can never move to d10 or f10; it still
    // attacks those squares. Rooks and queen are shut in by pawns.
    let white = "Ka1 Qg1 Rb1 Rc1 Bd1 Be1 Nf1 Nh1 Pb2 Pc2 Pg2 Pe9";
    let p = setup(v, &format!("{white} kc10"), "b - - 0 1");
    assert_all_moves(
        &p,
        &["c10b10", "c10b9", "c10c9", "c10d9"],
        "the king may not step onto d10, attacked by the pawn e9",
    );
    assert!(
        AnyPosition::from_text(
            v,
            &format!("{} w - - 0 1", board(10, &format!("{white} kd10")))
        )
        .is_err(),
        "the black king on d10 is in check, so White cannot be to move"
    );
    // In check from the pawn: the rook j5 cannot help, only the king moves.
    let p = setup(v, &format!("{white} kd10 rj5"), "b - - 0 1");
    assert_all_moves(
        &p,
        &["d10c10", "d10c9", "d10d9", "d10e10", "d10e9"],
        "Black is in check from the pawn e9",
    );
}

// ---------------------------------------------------------------------------
// 4. Frontal chess
// ---------------------------------------------------------------------------

#[test]
fn frontal_start_forbids_white_double_steps() {
    let v = Variant::Frontal;
    let start = AnyPosition::start(v, None).expect("frontal start");
    assert_text(
        &start,
        &format!("{TEN_START} w - - 0 1 opening=pending"),
        "frontal start position",
    );
    let mut expected: Vec<String> = FILES10.iter().map(|f| format!("{f}2{f}3")).collect();
    // Pieces may move: knights, and rooks into the empty corners.
    expected.extend(["b1a1", "c1b3", "c1d3", "h1g3", "h1i3", "i1j1"].map(String::from));
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    assert_all_moves(
        &start,
        &expected,
        "single steps and piece moves, no double steps",
    );
    // A knight move does not use the restriction up, nor does a black move.
    let p = after(&start, "c1b3");
    assert!(
        has_opening_pending(&p),
        "a piece move keeps the restriction"
    );
    let p = after(&p, "e9e7");
    assert!(
        has_opening_pending(&p),
        "a black move keeps the restriction"
    );
    assert_moves_from(&p, "a2", &["a2a3"], "still no white double step");
    assert_moves_from(&p, "e2", &["e2e3"], "still no white double step");
    // The first white pawn move uses it up.
    let p = after(&p, "e2e3");
    assert!(!has_opening_pending(&p), "a white pawn step uses it up");
    let p = after(&p, "a9a8");
    assert_moves_from(&p, "a2", &["a2a3", "a2a4"], "double steps allowed now");
}

#[test]
fn frontal_first_pawn_move_may_be_a_step_capture_or_swap() {
    let v = Variant::Frontal;
    let pieces = "Ka1 Pc3 Pe5 Pg4 pe6 nh5 kj10";
    let p = setup(v, pieces, "w - - 0 1 opening=pending");
    assert_moves_from(&p, "c3", &["c3c4"], "no double step while pending");
    assert_moves_from(&p, "e5", &["e5e6"], "a swap is allowed while pending");
    assert_moves_from(
        &p,
        "g4",
        &["g4g5", "g4h5"],
        "a capture is allowed while pending",
    );
    for m in ["c3c4", "e5e6", "g4g5", "g4h5"] {
        assert!(
            !has_opening_pending(&after(&p, m)),
            "the white pawn move {m} uses the restriction up"
        );
    }
    assert!(
        has_opening_pending(&after(&p, "a1b1")),
        "a king move keeps the restriction"
    );
    // The same position without the restriction.
    let p = setup(v, pieces, "w - - 0 1");
    assert_moves_from(&p, "c3", &["c3c4", "c3c5"], "double step allowed");
    assert_moves_from(&p, "g4", &["g4g5", "g4g6", "g4h5"], "double step allowed");
}

#[test]
fn frontal_black_swap_does_not_use_up_the_white_restriction() {
    let v = Variant::Frontal;
    let p = setup(v, "Ka1 Pc3 Pe5 pe6 pa8 kj10", "b - - 0 1 opening=pending");
    assert_moves_from(&p, "a8", &["a8a6", "a8a7"], "Black may double-step");
    assert_moves_from(&p, "e6", &["e6e5"], "Black swaps");
    let q = after(&p, "e6e5");
    assert_text(
        &q,
        &format!(
            "{} w - - 0 2 opening=pending",
            board(10, "Ka1 Pc3 Pe6 pe5 pa8 kj10")
        ),
        "a black swap moves a white pawn but keeps the restriction",
    );
    assert_moves_from(&q, "c3", &["c3c4"], "still no white double step");
    assert_moves_from(&q, "e6", &["e6e7"], "still no white double step");
}

#[test]
fn frontal_first_pawn_move_may_be_a_dethronement_but_not_a_double_step_one() {
    let v = Variant::Frontal;
    let p = setup(v, "Ka1 Qb1 Pc3 Pe9 qj8 kj10", "w - - 0 1 opening=pending");
    assert_moves_from(&p, "e9", &["e9e10"], "a dethronement while pending");
    assert!(
        !has_opening_pending(&after(&p, "e9e10")),
        "a dethronement uses the restriction up"
    );
    let p = setup(v, "Ka1 Qb1 Pc3 Pe8 qj8 kj10", "w - - 0 1 opening=pending");
    assert_moves_from(
        &p,
        "e8",
        &["e8e9"],
        "no double step onto the last rank while pending",
    );
    let p = setup(v, "Ka1 Qb1 Pc3 Pe8 qj8 kj10", "w - - 0 1");
    assert_moves_from(&p, "e8", &["e8e10", "e8e9"], "allowed once used up");
}

#[test]
fn frontal_swap() {
    let v = Variant::Frontal;
    let p = setup(v, "Ka1 Pe5 pe6 kj10", "w - - 0 1");
    assert_moves_from(&p, "e5", &["e5e6"], "swap with the pawn in front");
    assert_eq!(kind(&p, "e5e6"), MoveKind::Swap);
    assert_text(
        &after(&p, "e5e6"),
        &format!("{} b - - 0 1", board(10, "Ka1 Pe6 pe5 kj10")),
        "the pawns trade squares",
    );
    let p = setup(v, "Ka1 Pe5 pe6 kj10", "b - - 0 1");
    assert_moves_from(&p, "e6", &["e6e5"], "Black swaps too");
    assert_text(
        &after(&p, "e6e5"),
        &format!("{} w - - 0 2", board(10, "Ka1 Pe6 pe5 kj10")),
        "the pawns trade squares",
    );
}

#[test]
fn frontal_pinned_pawn_may_swap_because_the_enemy_pawn_takes_its_place() {
    let v = Variant::Frontal;
    // e5 is pinned on the diagonal b2-h8; after the swap the black pawn
    // stands on e5 and still closes the diagonal.
    let p = setup(v, "Kb2 Pe5 pe6 bh8 kj10", "w - - 0 1");
    assert_moves_from(&p, "e5", &["e5e6"], "the swap keeps the diagonal closed");
    // Pinned along the rank by a rook: the same.
    let p = setup(v, "Ka5 Pe5 pe6 rj5 kj10", "w - - 0 1");
    assert_moves_from(&p, "e5", &["e5e6"], "the swap keeps the rank closed");
}

#[test]
fn frontal_swap_may_answer_a_pawn_check() {
    let v = Variant::Frontal;
    // The black pawn e6 checks the king d5; after the swap it stands on e5
    // and attacks d4 and f4 only.
    let p = setup(v, "Kd5 Pe5 pe6 kj10", "w - - 0 1");
    assert_moves_from(&p, "e5", &["e5e6"], "the swap moves the checking pawn away");
}

#[test]
fn frontal_swap_needs_an_enemy_pawn_directly_in_front() {
    let v = Variant::Frontal;
    let p = setup(v, "Ka1 Pe5 ne6 kj10", "w - - 0 1");
    assert_moves_from(&p, "e5", &[], "no swap with a knight");
    let p = setup(v, "Ka1 Pe5 Pe6 kj10", "w - - 0 1");
    assert_moves_from(&p, "e5", &[], "no swap with an own pawn");
    assert_moves_from(&p, "e6", &["e6e7", "e6e8"], "the front pawn steps");
    let p = setup(v, "Ka1 Pe5 pe7 kj10", "w - - 0 1");
    assert_moves_from(&p, "e5", &["e5e6"], "no swap with a pawn two squares ahead");
    let p = setup(v, "Ka1 Pe5 pd6 kj10", "w - - 0 1");
    assert_moves_from(
        &p,
        "e5",
        &["e5d6", "e5e6", "e5e7"],
        "a pawn diagonally ahead is captured, not swapped",
    );
}

#[test]
fn frontal_swap_may_not_expose_the_own_king() {
    let v = Variant::Frontal;
    // After the swap the black pawn stands on e5 and attacks d4.
    let p = setup(v, "Kd4 Pe5 pe6 kj10", "w - - 0 1");
    assert_moves_from(
        &p,
        "e5",
        &[],
        "the swapped black pawn would check the king on d4",
    );
    let p = setup(v, "Kc4 Pe5 pe6 kj10", "w - - 0 1");
    assert_moves_from(&p, "e5", &["e5e6"], "with the king on c4 the swap is fine");
}

#[test]
fn frontal_dethronement_when_both_queens_are_on_the_board() {
    let v = Variant::Frontal;
    let p = setup(v, "Ka1 Qb1 Pe9 qj8 kj10", "w - - 0 1");
    assert_moves_from(
        &p,
        "e9",
        &["e9e10"],
        "a dethronement, written without a letter",
    );
    assert_eq!(kind(&p, "e9e10"), MoveKind::Dethrone);
    assert_text(
        &after(&p, "e9e10"),
        &format!("{} b - - 0 1", board(10, "Ka1 Qb1 kj10")),
        "the pawn and the black queen leave the board",
    );
    // Capturing a piece on the last rank: pawn, rook and queen leave.
    let p = setup(v, "Ka1 Qb1 Pe9 rf10 qj8 kj10", "w - - 0 1");
    assert_moves_from(&p, "e9", &["e9e10", "e9f10"], "step or capture");
    assert_eq!(kind(&p, "e9f10"), MoveKind::Dethrone);
    assert_text(
        &after(&p, "e9f10"),
        &format!("{} b - - 0 1", board(10, "Ka1 Qb1 kj10")),
        "pawn, captured rook and queen leave",
    );
    assert_text(
        &after(&p, "e9e10"),
        &format!("{} b - - 0 1", board(10, "Ka1 Qb1 rf10 kj10")),
        "pawn and queen leave, the rook stays",
    );
    // A double step onto the last rank dethrones too.
    let p = setup(v, "Ka1 Qb1 Pe8 qj8 kj10", "w - - 0 1");
    assert_moves_from(
        &p,
        "e8",
        &["e8e10", "e8e9"],
        "double step onto the last rank",
    );
    assert_eq!(kind(&p, "e8e10"), MoveKind::Dethrone);
    // Black dethrones the white queen.
    let p = setup(v, "Kh1 Qa3 pe2 qj8 kj10", "b - - 0 1");
    assert_moves_from(&p, "e2", &["e2e1"], "black dethronement");
    assert_text(
        &after(&p, "e2e1"),
        &format!("{} w - - 0 2", board(10, "Kh1 qj8 kj10")),
        "the black pawn and the white queen leave",
    );
}

#[test]
fn frontal_pawn_capturing_the_queen_on_the_last_rank_dethrones() {
    let v = Variant::Frontal;
    let p = setup(v, "Ka1 Qb1 Pe9 qd10 kj10", "w - - 0 1");
    assert_moves_from(&p, "e9", &["e9d10", "e9e10"], "both are dethronements");
    assert_eq!(kind(&p, "e9d10"), MoveKind::Dethrone);
    assert_eq!(kind(&p, "e9e10"), MoveKind::Dethrone);
    for m in ["e9d10", "e9e10"] {
        assert_text(
            &after(&p, m),
            &format!("{} b - - 0 1", board(10, "Ka1 Qb1 kj10")),
            "the pawn and the black queen leave the board",
        );
    }
    // Without a white queen it is a resurrection: the pawn takes the queen
    // and becomes a queen.
    let p = setup(
        v,
        "Ka1 Rb1 Rc1 Bd1 Be1 Nf1 Nh1 Pb2 Pc2 Pe9 qd10 kj10",
        "w - - 0 1",
    );
    assert_moves_from(
        &p,
        "e9",
        &["e9d10q", "e9e10q"],
        "only White's queen is missing: resurrection",
    );
    assert_text(
        &after(&p, "e9d10q"),
        &format!(
            "{} b - - 0 1",
            board(10, "Ka1 Rb1 Rc1 Bd1 Be1 Nf1 Nh1 Pb2 Pc2 Qd10 kj10")
        ),
        "the pawn took the queen and became one",
    );
}

#[test]
fn frontal_resurrection_when_a_queen_is_missing() {
    let v = Variant::Frontal;
    // White has no queen (Black has one): resurrection of the queen only.
    let p = setup(
        v,
        "Ka1 Rb1 Rc1 Bd1 Be1 Nf1 Nh1 Pb2 Pc2 Pe9 qj8 kj10",
        "w - - 0 1",
    );
    assert_moves_from(&p, "e9", &["e9e10q"], "White resurrects its queen");
    assert_eq!(kind(&p, "e9e10q"), MoveKind::Promotion(Role::Queen));
    // Black has no queen, White lacks a bishop: resurrection of the bishop.
    let p = setup(
        v,
        "Ka1 Qg1 Rb1 Rc1 Bd1 Nf1 Nh1 Pb2 Pc2 Pg2 Pe9 kj10",
        "w - - 0 1",
    );
    assert_moves_from(&p, "e9", &["e9e10b"], "White resurrects its bishop");
}

#[test]
fn frontal_last_rank_is_closed_when_neither_rule_applies() {
    let v = Variant::Frontal;
    // Black has no queen, White has its full set: no dethronement, nothing
    // to resurrect.
    let p = setup(v, "Ka1 Qg1 Rb1 Rc1 Bd1 Be1 Nf1 Nh1 Pe9 kj10", "w - - 0 1");
    assert_moves_from(&p, "e9", &[], "e9e10 is illegal");
    let p = setup(
        v,
        "Ka1 Qg1 Rb1 Rc1 Bd1 Be1 Nf1 Nh1 Pe9 rf10 kj10",
        "w - - 0 1",
    );
    assert_moves_from(&p, "e9", &[], "e9f10 is illegal too");
    let p = setup(v, "Ka1 Qg1 Rb1 Rc1 Bd1 Be1 Nf1 Nh1 Pe8 kj10", "w - - 0 1");
    assert_moves_from(&p, "e8", &["e8e9"], "no double step onto the closed rank");
}

#[test]
fn frontal_dethronement_may_not_uncover_a_line_to_the_own_king() {
    let v = Variant::Frontal;
    // The pawn e9 shields the king a9 from the rook j9; dethroning removes
    // the pawn and opens the rank.
    let p = setup(v, "Ka9 Qc1 Pe9 rj9 qh1 kj10", "w - - 0 1");
    assert_moves_from(
        &p,
        "e9",
        &[],
        "the dethronement would expose the king to the rook",
    );
    // If the piece behind the pawn is the black queen, the dethronement
    // removes it too, so the king is safe.
    let p = setup(v, "Ka9 Qc1 Pe9 qj9 kj10", "w - - 0 1");
    assert_moves_from(
        &p,
        "e9",
        &["e9e10"],
        "the dethronement removes the pinning queen itself",
    );
    assert_text(
        &after(&p, "e9e10"),
        &format!("{} b - - 0 1", board(10, "Ka9 Qc1 kj10")),
        "pawn and queen gone",
    );
}

#[test]
fn frontal_dethronement_can_answer_a_queen_check() {
    let v = Variant::Frontal;
    // The black queen a5 checks the king a1; dethroning removes it.
    let p = setup(v, "Ka1 Qi2 Pe9 qa5 kj10", "w - - 0 1");
    assert_moves_from(&p, "e9", &["e9e10"], "the dethronement removes the checker");
    // A rook check cannot be answered that way.
    let p = setup(v, "Ka1 Qi2 Pe9 ra5 qj8 kj10", "w - - 0 1");
    assert_moves_from(&p, "e9", &[], "the dethronement leaves the rook check");
}

// ---------------------------------------------------------------------------
// 5. Improved and Crab chess
// ---------------------------------------------------------------------------

/// The blocker in front of the pawn.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Front {
    Empty,
    Enemy,
    Own,
}

/// The rank after `rank` in `color`'s forward direction (ranks from 1).
fn ahead(white: bool, rank: u8, steps: u8) -> u8 {
    if white {
        rank + steps
    } else {
        rank - steps
    }
}

/// `from`-`to` with the four promotion letters if `to` is on the last rank.
fn with_promotions(from: &str, to: &str, last: bool) -> Vec<String> {
    if last {
        ["b", "n", "q", "r"]
            .iter()
            .map(|p| format!("{from}{to}{p}"))
            .collect()
    } else {
        vec![format!("{from}{to}")]
    }
}

/// Checks the pawn e`rank` (White's or Black's) for every rank a pawn can
/// stand on, with the square in front empty, held by an enemy knight or by
/// an own knight. `zone` lists the ranks (for that colour, counted from 1 on
/// White's side) where the oblique step is allowed; `any` says whether an
/// own piece in front counts as a blockage.
fn check_oblique(variant: Variant, white: bool, zone: &[u8], any: bool) {
    for rank in 2u8..=7 {
        for front in [Front::Empty, Front::Enemy, Front::Own] {
            let next = ahead(white, rank, 1);
            let last = next == 8 || next == 1;
            let (pawn, own_knight, enemy_knight) = if white {
                ('P', 'N', 'n')
            } else {
                ('p', 'n', 'N')
            };
            let mut pieces = format!("Ka1 kh8 {pawn}e{rank}");
            match front {
                Front::Empty => {}
                Front::Enemy => pieces.push_str(&format!(" {enemy_knight}e{next}")),
                Front::Own => pieces.push_str(&format!(" {own_knight}e{next}")),
            }
            let p = setup(
                variant,
                &pieces,
                if white { "w - - 0 1" } else { "b - - 0 1" },
            );
            let from = format!("e{rank}");
            let mut expected: Vec<String> = Vec::new();
            match front {
                Front::Empty => {
                    expected.extend(with_promotions(&from, &format!("e{next}"), last));
                    let start_rank = if white { 2 } else { 7 };
                    if rank == start_rank {
                        expected.push(format!("{from}e{}", ahead(white, rank, 2)));
                    }
                }
                Front::Enemy | Front::Own => {
                    let blocked = front == Front::Enemy || any;
                    if blocked && zone.contains(&rank) {
                        expected.extend(with_promotions(&from, &format!("c{next}"), last));
                        expected.extend(with_promotions(&from, &format!("g{next}"), last));
                    }
                }
            }
            let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
            assert_moves_from(
                &p,
                &from,
                &expected,
                &format!(
                    "{} pawn on {from}, front {front:?}, zone ranks {zone:?}, blocked by any: {any}",
                    if white { "White" } else { "Black" }
                ),
            );
        }
    }
}

fn improved(zone: Zone, blockage: Blockage) -> Variant {
    Variant::Improved { zone, blockage }
}

#[test]
fn improved_far_half_enemy() {
    let v = improved(Zone::FarHalf, Blockage::Enemy);
    check_oblique(v, true, &[5, 6, 7], false);
    check_oblique(v, false, &[4, 3, 2], false);
}

#[test]
fn improved_far_half_any() {
    let v = improved(Zone::FarHalf, Blockage::Any);
    check_oblique(v, true, &[5, 6, 7], true);
    check_oblique(v, false, &[4, 3, 2], true);
}

#[test]
fn improved_beyond_fifth_enemy() {
    let v = improved(Zone::BeyondFifth, Blockage::Enemy);
    check_oblique(v, true, &[6, 7], false);
    check_oblique(v, false, &[3, 2], false);
}

#[test]
fn improved_beyond_fifth_any() {
    let v = improved(Zone::BeyondFifth, Blockage::Any);
    check_oblique(v, true, &[6, 7], true);
    check_oblique(v, false, &[3, 2], true);
}

#[test]
fn improved_seventh_enemy() {
    let v = improved(Zone::Seventh, Blockage::Enemy);
    check_oblique(v, true, &[7], false);
    check_oblique(v, false, &[2], false);
}

#[test]
fn improved_seventh_any() {
    let v = improved(Zone::Seventh, Blockage::Any);
    check_oblique(v, true, &[7], true);
    check_oblique(v, false, &[2], true);
}

#[test]
fn crab_oblique_step_from_any_rank() {
    check_oblique(Variant::Crab, true, &[2, 3, 4, 5, 6, 7], true);
    check_oblique(Variant::Crab, false, &[2, 3, 4, 5, 6, 7], true);
}

#[test]
fn improved_boundaries_written_out() {
    let v = improved(Zone::FarHalf, Blockage::Enemy);
    let p = setup(v, "Ka1 kh8 Pe5 ne6", "w - - 0 1");
    assert_moves_from(&p, "e5", &["e5c6", "e5g6"], "rank 5 is in the far half");
    assert_eq!(kind(&p, "e5c6"), MoveKind::Normal);
    let p = setup(v, "Ka1 kh8 Pe4 ne5", "w - - 0 1");
    assert_moves_from(&p, "e4", &[], "rank 4 is not in the far half");
    let p = setup(v, "Ka1 kh8 Pe5 Ne6", "w - - 0 1");
    assert_moves_from(&p, "e5", &[], "an own knight is no blockage under `enemy`");
    let p = setup(
        improved(Zone::FarHalf, Blockage::Any),
        "Ka1 kh8 Pe5 Ne6",
        "w - - 0 1",
    );
    assert_moves_from(
        &p,
        "e5",
        &["e5c6", "e5g6"],
        "an own knight blocks under `any`",
    );
    let v = improved(Zone::BeyondFifth, Blockage::Enemy);
    let p = setup(v, "Ka1 kh8 Pe6 ne7", "w - - 0 1");
    assert_moves_from(&p, "e6", &["e6c7", "e6g7"], "rank 6 is beyond the fifth");
    let p = setup(v, "Ka1 kh8 Pe5 ne6", "w - - 0 1");
    assert_moves_from(&p, "e5", &[], "rank 5 is not beyond the fifth");
    let v = improved(Zone::Seventh, Blockage::Enemy);
    let p = setup(v, "Ka1 kh8 Pe7 ne8", "w - - 0 1");
    assert_moves_from(
        &p,
        "e7",
        &[
            "e7c8b", "e7c8n", "e7c8q", "e7c8r", "e7g8b", "e7g8n", "e7g8q", "e7g8r",
        ],
        "rank 7: the oblique step promotes",
    );
    assert_eq!(kind(&p, "e7g8n"), MoveKind::Promotion(Role::Knight));
    let p = setup(v, "Ka1 kh8 Pe6 ne7", "w - - 0 1");
    assert_moves_from(&p, "e6", &[], "rank 6 is not the seventh");
    // Black, mirrored: far half = ranks 4, 3, 2.
    let v = improved(Zone::FarHalf, Blockage::Enemy);
    let p = setup(v, "Ka1 kh8 pe4 Ne3", "b - - 0 1");
    assert_moves_from(
        &p,
        "e4",
        &["e4c3", "e4g3"],
        "Black's rank 4 is in its far half",
    );
    let p = setup(v, "Ka1 kh8 pe5 Ne4", "b - - 0 1");
    assert_moves_from(&p, "e5", &[], "Black's rank 5 is not");
}

#[test]
fn improved_oblique_step_only_to_an_empty_square() {
    let v = improved(Zone::FarHalf, Blockage::Enemy);
    // c7 holds a black rook, g7 a white knight: neither can be the target.
    let p = setup(v, "Ka1 kh8 Pe6 ne7 rc7 Ng7", "w - - 0 1");
    assert_moves_from(&p, "e6", &[], "the oblique step never captures");
    let p = setup(v, "Ka1 kh8 Pe6 ne7 Ng7", "w - - 0 1");
    assert_moves_from(&p, "e6", &["e6c7"], "c7 is empty, g7 is not");
    let p = setup(v, "Ka1 kh8 Pe6 ne7 rc7", "w - - 0 1");
    assert_moves_from(&p, "e6", &["e6g7"], "g7 is empty, c7 is not");
}

#[test]
fn improved_oblique_step_stays_on_the_board() {
    let v = improved(Zone::FarHalf, Blockage::Enemy);
    for (pieces, from, expected) in [
        ("Ka1 kh8 Pa6 na7", "a6", "a6c7"),
        ("Ka1 kh8 Pb6 nb7", "b6", "b6d7"),
        ("Ka1 kh8 Pg6 ng7", "g6", "g6e7"),
        ("Ka1 kh8 Ph6 nh7", "h6", "h6f7"),
    ] {
        let p = setup(v, pieces, "w - - 0 1");
        assert_moves_from(&p, from, &[expected], "no wrapping round the board edge");
    }
}

#[test]
fn improved_oblique_step_respects_pins() {
    let v = improved(Zone::FarHalf, Blockage::Enemy);
    // d5 is pinned to the king b3 by the bishop f7 (b3-c4-d5-e6-f7).
    let p = setup(v, "Kb3 Pd5 nd6 bf7 kh8", "w - - 0 1");
    assert_moves_from(&p, "d5", &[], "a pinned pawn may not leave the pin line");
    let p = setup(v, "Kb3 Pd5 nd6 kh8", "w - - 0 1");
    assert_moves_from(&p, "d5", &["d5b6", "d5f6"], "without the pin");
}

#[test]
fn improved_and_crab_keep_chess_castling_and_en_passant() {
    for v in [
        improved(Zone::FarHalf, Blockage::Enemy),
        improved(Zone::Seventh, Blockage::Any),
        Variant::Crab,
    ] {
        let p = pos(v, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assert_moves_from(
            &p,
            "e1",
            &["e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1"],
            "castling as in chess",
        );
        let p = pos(v, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
        assert_moves_from(&p, "e5", &["e5d6", "e5e6"], "en passant as in chess");
    }
}

#[test]
fn crab_written_out() {
    let v = Variant::Crab;
    let p = setup(v, "Ka1 kh8 Pe2 Ne3", "w - - 0 1");
    assert_moves_from(&p, "e2", &["e2c3", "e2g3"], "crab from rank 2, own blocker");
    let p = setup(v, "Ka1 kh8 Pe3 ne4", "w - - 0 1");
    assert_moves_from(
        &p,
        "e3",
        &["e3c4", "e3g4"],
        "crab from rank 3, enemy blocker",
    );
    let p = setup(v, "Ka1 kh8 Pe2 Ne4", "w - - 0 1");
    assert_moves_from(&p, "e2", &["e2e3"], "front square empty: no oblique step");
    let p = setup(v, "Ka1 kh8 Pe2", "w - - 0 1");
    assert_moves_from(&p, "e2", &["e2e3", "e2e4"], "an unblocked pawn");
}

// ---------------------------------------------------------------------------
// 6. Chess
// ---------------------------------------------------------------------------

#[test]
fn chess_castling_both_sides() {
    let v = Variant::Chess;
    let p = pos(v, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_moves_from(
        &p,
        "e1",
        &["e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1"],
        "both castlings",
    );
    assert_eq!(kind(&p, "e1g1"), MoveKind::Castle);
    assert_eq!(kind(&p, "e1c1"), MoveKind::Castle);
    let q = after(&p, "e1g1");
    assert_text(
        &q,
        "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1",
        "king side castling",
    );
    // The rook f1 now attacks f8 and f7: Black cannot castle through f8.
    assert_moves_from(
        &q,
        "e8",
        &["e8c8", "e8d7", "e8d8", "e8e7"],
        "Black may castle queen side only",
    );
    let q = after(&p, "e1c1");
    assert_text(
        &q,
        "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1",
        "queen side castling",
    );
    // The rook d1 attacks d8: no black queen side castling.
    assert_moves_from(
        &q,
        "e8",
        &["e8e7", "e8f7", "e8f8", "e8g8"],
        "Black may castle king side only",
    );
}

#[test]
fn chess_castling_not_through_into_or_out_of_check() {
    let v = Variant::Chess;
    let p = pos(v, "1k3r2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_moves_from(
        &p,
        "e1",
        &["e1c1", "e1d1", "e1d2", "e1e2"],
        "f1 attacked: no king side castling",
    );
    let p = pos(v, "1k4r1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_moves_from(
        &p,
        "e1",
        &["e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"],
        "g1 attacked: no king side castling",
    );
    let p = pos(v, "3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_moves_from(
        &p,
        "e1",
        &["e1e2", "e1f1", "e1f2", "e1g1"],
        "d1 attacked: no queen side castling",
    );
    let p = pos(v, "1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_moves_from(
        &p,
        "e1",
        &["e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1"],
        "b1 attacked does not matter: the king does not cross it",
    );
    let p = pos(v, "1k2r3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_moves_from(
        &p,
        "e1",
        &["e1d1", "e1d2", "e1f1", "e1f2"],
        "in check: no castling",
    );
    let p = pos(v, "1k5r/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_moves_from(
        &p,
        "e1",
        &["e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1"],
        "an attacked rook may castle",
    );
    let p = pos(v, "r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1");
    assert_moves_from(
        &p,
        "e1",
        &["e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1"],
        "b1 occupied: no queen side castling",
    );
}

#[test]
fn chess_castling_rights_are_lost() {
    let v = Variant::Chess;
    let p = pos(v, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    // The king goes and comes back.
    let q = after(&p, "e1d1");
    assert_text(
        &q,
        "r3k2r/8/8/8/8/8/8/R2K3R b kq - 1 1",
        "king move loses KQ",
    );
    let q = after(&q, "h8h7");
    assert_text(&q, "r3k3/7r/8/8/8/8/8/R2K3R w q - 2 2", "rook move loses k");
    let q = after(&q, "d1e1");
    assert_text(
        &q,
        "r3k3/7r/8/8/8/8/8/R3K2R b q - 3 2",
        "rights do not come back",
    );
    assert_moves_from(
        &q,
        "e8",
        &["e8c8", "e8d7", "e8d8", "e8e7", "e8f7", "e8f8"],
        "Black keeps queen side castling only",
    );
    let q = after(&q, "h7h6");
    assert_moves_from(
        &q,
        "e1",
        &["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"],
        "the king went back home, but the rights are gone",
    );
    // A rook move loses that side only.
    let q = after_all(&p, &["h1h2", "a8b8"]);
    assert_text(
        &q,
        "1r2k2r/8/8/8/8/8/7R/R3K3 w Qk - 2 2",
        "h1h2 loses K, a8b8 loses q",
    );
    assert_moves_from(
        &q,
        "e1",
        &["e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"],
        "queen side castling remains",
    );
    // A captured rook takes its right with it.
    let p = pos(v, "r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1");
    let q = after(&p, "g2h1");
    assert_text(
        &q,
        "r3k2r/8/8/8/8/8/8/R3K2b w Qkq - 0 2",
        "the rook h1 is gone",
    );
    assert_moves_from(
        &q,
        "e1",
        &["e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"],
        "no king side castling without the rook",
    );
}

#[test]
fn chess_en_passant() {
    let v = Variant::Chess;
    let p = pos(v, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    assert_moves_from(&p, "e5", &["e5d6", "e5e6"], "en passant applies");
    assert_eq!(kind(&p, "e5d6"), MoveKind::EnPassant);
    assert_text(
        &after(&p, "e5d6"),
        "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2",
        "en passant removes the d5 pawn",
    );
    let p = pos(v, "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2");
    assert_moves_from(&p, "e5", &["e5e6"], "no en passant square");
    let p = pos(v, "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    let q = after(&p, "d7d5");
    assert_text(
        &q,
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
        "the double step sets the en passant square",
    );
    assert_moves_from(&q, "e5", &["e5d6", "e5e6"], "right after d7d5");
    let r = after_all(&q, &["e1e2", "e8f8"]);
    assert_moves_from(&r, "e5", &["e5e6"], "a move later the chance is gone");
}

#[test]
fn chess_en_passant_may_not_expose_the_king_along_the_rank() {
    let v = Variant::Chess;
    // Taking en passant empties d5 and e5: the rook h5 would see the king a5.
    let p = pos(v, "8/8/8/K2pP2r/8/8/8/7k w - d6 0 2");
    assert_moves_from(&p, "e5", &["e5e6"], "en passant would expose the king");
    let p = pos(v, "8/8/8/K2pPN1r/8/8/8/7k w - d6 0 2");
    assert_moves_from(&p, "e5", &["e5d6", "e5e6"], "the knight f5 still shields");
    // En passant may take a checking pawn.
    let p = pos(v, "8/8/8/3pP3/4K3/8/8/7k w - d6 0 2");
    assert_moves_from(&p, "e5", &["e5d6"], "en passant removes the checking pawn");
}

// ---------------------------------------------------------------------------
// plain10 (the test-only 10×10 rule set)
// ---------------------------------------------------------------------------

#[test]
fn plain10_double_step_from_any_rank() {
    let v = Variant::Plain10;
    let p = setup(v, "Ka1 Pe5 kj10", "w - - 0 1");
    assert_moves_from(&p, "e5", &["e5e6", "e5e7"], "double step from rank 5");
    assert_eq!(kind(&p, "e5e7"), MoveKind::DoubleStep);
    let p = setup(v, "Ka1 Pe5 ne7 kj10", "w - - 0 1");
    assert_moves_from(&p, "e5", &["e5e6"], "landing square taken");
    let p = setup(v, "Ka1 Pe5 ne6 kj10", "w - - 0 1");
    assert_moves_from(&p, "e5", &[], "front square taken");
    let p = setup(v, "Ka1 pe6 kj10", "b - - 0 1");
    assert_moves_from(&p, "e6", &["e6e4", "e6e5"], "black double step from rank 6");
    let p = setup(v, "Ka1 Pe5 pd6 kj10", "w - - 0 1");
    assert_moves_from(
        &p,
        "e5",
        &["e5d6", "e5e6", "e5e7"],
        "plain10 pawns take pawns",
    );
    // No en passant.
    let p = setup(v, "Ka1 Pe5 pd7 kj10", "b - - 0 1");
    let q = after(&p, "d7d5");
    assert_text(
        &q,
        &format!("{} w - - 0 2", board(10, "Ka1 Pe5 pd5 kj10")),
        "no en passant square in plain10",
    );
    assert_moves_from(&q, "e5", &["e5e6", "e5e7"], "no en passant capture");
}

#[test]
fn plain10_double_step_onto_the_last_rank_promotes() {
    let v = Variant::Plain10;
    // Promotion is free (even with every piece still on the board).
    let p = setup(v, "Ka1 Qg1 Rb1 Rc1 Bd1 Be1 Nf1 Nh1 Pe8 kj10", "w - - 0 1");
    assert_moves_from(
        &p,
        "e8",
        &["e8e10b", "e8e10n", "e8e10q", "e8e10r", "e8e9"],
        "the double step e8e10 promotes",
    );
    assert_eq!(kind(&p, "e8e10q"), MoveKind::Promotion(Role::Queen));
    let p = setup(v, "Ka1 Qg1 Rb1 Rc1 Bd1 Be1 Nf1 Nh1 Pe9 kj10", "w - - 0 1");
    assert_moves_from(
        &p,
        "e9",
        &["e9e10b", "e9e10n", "e9e10q", "e9e10r"],
        "free promotion",
    );
    let p = setup(v, "Ka10 pe3 kj1", "b - - 0 1");
    assert_moves_from(
        &p,
        "e3",
        &["e3e1b", "e3e1n", "e3e1q", "e3e1r", "e3e2"],
        "Black's double step e3e1 promotes",
    );
}
