//! Writing, reading and explaining moves of every game.

use super::*;
use crate::any::AnyPosition;
use crate::error::MoveError;
use crate::geometry::Geometry;
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::rng::SplitMix64;
use crate::types::Role;
use crate::variant::Variant;

fn position(variant: Variant, text: &str) -> AnyPosition {
    match AnyPosition::from_text(variant, text) {
        Ok(p) => p,
        Err(e) => panic!("{text}: {e}"),
    }
}

/// The one legal move written `uci` in coordinates.
fn uci_move(pos: &AnyPosition, uci: &str) -> Move {
    match pos.parse_uci(uci) {
        Ok(m) => m,
        Err(e) => panic!("{uci}: {e} in {}", pos.to_text()),
    }
}

/// Asserts the three forms of the move `uci` and that each reads back.
fn forms(pos: &AnyPosition, uci: &str, san: &str, long: &str) {
    let m = uci_move(pos, uci);
    assert_eq!(pos.to_san(m), san, "SAN of {uci}");
    assert_eq!(pos.to_long(m), long, "long form of {uci}");
    assert_eq!(m.uci(pos.width()), uci);
    for text in [san, long, uci] {
        assert_eq!(pos.parse_move(text), Ok(m), "reading {text}");
    }
}

/// Asserts that every text reads as the move `uci`.
fn reads(pos: &AnyPosition, uci: &str, texts: &[&str]) {
    let m = uci_move(pos, uci);
    for text in texts {
        assert_eq!(pos.parse_move(text), Ok(m), "reading {text}");
    }
}

/// The error message for `text`, which must not be read.
fn error(pos: &AnyPosition, text: &str) -> String {
    match pos.parse_move(text) {
        Ok(m) => panic!("{text} was read as {}", m.uci(pos.width())),
        Err(e) => e.to_string(),
    }
}

fn assert_error(pos: &AnyPosition, text: &str, expected: &[&str]) {
    let message = error(pos, text);
    for part in expected {
        assert!(
            message.contains(part),
            "{text}: got `{message}`, expected it to mention `{part}`"
        );
    }
}

/// What the random games met, so that the test knows it covered the
/// special moves.
#[derive(Default)]
struct Seen {
    kinds: Vec<&'static str>,
    positions: usize,
    moves: usize,
}

impl Seen {
    fn note(&mut self, what: &'static str) {
        if !self.kinds.contains(&what) {
            self.kinds.push(what);
        }
    }
}

fn kind_name(kind: MoveKind) -> &'static str {
    match kind {
        MoveKind::Normal => "normal",
        MoveKind::DoubleStep => "double step",
        MoveKind::EnPassant => "en passant",
        MoveKind::Promotion(_) => "promotion",
        MoveKind::Castle => "castle",
        MoveKind::Ram => "ram",
        MoveKind::Swap => "swap",
        MoveKind::Dethrone => "dethrone",
    }
}

/// Plays random games from `start`; at every position every legal move
/// must print in each notation, differently from the other moves, and
/// read back as itself.
fn round_trip_games<G: Geometry>(
    start: Position<G>,
    rng: &mut SplitMix64,
    games: usize,
    plies: usize,
    seen: &mut Seen,
) {
    for _ in 0..games {
        let mut pos = start;
        for _ in 0..plies {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                seen.note(if pos.is_check() {
                    "checkmate"
                } else {
                    "no moves"
                });
                break;
            }
            seen.positions += 1;
            for notation in Notation::ALL {
                let mut texts: Vec<String> = Vec::with_capacity(legal.len());
                for &m in &legal {
                    let text = write_move(&pos, m, notation);
                    assert_eq!(
                        parse_move(&pos, &text),
                        Ok(m),
                        "{} `{text}` in {} ({})",
                        notation.id(),
                        pos.to_text(),
                        pos.rules().variant
                    );
                    assert!(
                        !texts.contains(&text),
                        "two moves print as {text} in {}",
                        pos.to_text()
                    );
                    if notation == Notation::San {
                        seen.note(kind_name(m.kind));
                        let pawn = pos.role_at(m.from) == Some(Role::Pawn);
                        if pawn
                            && matches!(m.kind, MoveKind::Normal | MoveKind::Promotion(_))
                            && m.from.file(G::WIDTH) != m.to.file(G::WIDTH)
                            && pos.piece_at(m.to).is_none()
                        {
                            seen.note("oblique");
                        }
                        if text.len() > 2
                            && text.as_bytes()[1..]
                                .iter()
                                .all(|b| b.is_ascii_alphanumeric())
                            && text.as_bytes()[1].is_ascii_digit()
                            && !pawn
                        {
                            seen.note("rank disambiguation");
                        }
                        if text.ends_with('#') {
                            seen.note("#");
                        } else if text.ends_with('+') {
                            seen.note("+");
                        }
                        if !pos.rules().royal_king {
                            assert!(!text.ends_with(['+', '#']), "{text}");
                        }
                    }
                    texts.push(text);
                }
            }
            seen.moves += legal.len();
            // Prefer the rare moves now and then, so that the games
            // meet them.
            let special: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| {
                    let oblique = pos.role_at(m.from) == Some(Role::Pawn)
                        && m.from.file(G::WIDTH) != m.to.file(G::WIDTH)
                        && pos.piece_at(m.to).is_none();
                    oblique || !matches!(m.kind, MoveKind::Normal | MoveKind::DoubleStep)
                })
                .collect();
            let m = if !special.is_empty() && rng.below(2) == 0 {
                special[rng.below(special.len() as u64) as usize]
            } else {
                legal[rng.below(legal.len() as u64) as usize]
            };
            pos.play_unchecked(m);
        }
    }
}

#[test]
fn every_legal_move_round_trips_in_random_games_of_every_variant() {
    let mut variants = Variant::all();
    variants.push(Variant::Plain10);
    let mut rng = SplitMix64::new(0x9e37_79b9_7f4a_7c15);
    let mut seen_by_variant = Vec::new();
    for variant in variants {
        let starts: &[Option<u16>] = if variant == Variant::Norochess960 {
            &[Some(0), Some(518), Some(959)]
        } else {
            &[None]
        };
        let mut seen = Seen::default();
        for &start in starts {
            let games = if variant == Variant::Norochess960 {
                4
            } else {
                12
            };
            match AnyPosition::start(variant, start) {
                Ok(AnyPosition::Eight(p)) => round_trip_games(p, &mut rng, games, 120, &mut seen),
                Ok(AnyPosition::Ten(p)) => round_trip_games(p, &mut rng, games, 160, &mut seen),
                Err(e) => panic!("{variant}: {e}"),
            }
        }
        seen_by_variant.push((variant, seen));
    }
    for (variant, seen) in &seen_by_variant {
        eprintln!(
            "{variant}: {} positions, {} moves, met {:?}",
            seen.positions, seen.moves, seen.kinds
        );
        let mut expected = vec!["normal", "double step", "promotion"];
        match variant {
            Variant::Ram => expected.extend(["ram", "+"]),
            Variant::Frontal => expected.extend(["swap", "dethrone", "+"]),
            Variant::Chess => expected.extend(["castle", "en passant", "+", "#"]),
            Variant::Crab | Variant::Improved { .. } => {
                expected.extend(["castle", "en passant", "+", "oblique"])
            }
            Variant::Norochess | Variant::Norochess960 => expected.push("en passant"),
            Variant::Plain10 => expected.push("+"),
        }
        for kind in expected {
            assert!(seen.kinds.contains(&kind), "{variant}: no {kind} met");
        }
    }
}

const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn ordinary_moves_in_all_three_notations() {
    let pos = position(Variant::Chess, CHESS_START);
    forms(&pos, "g1f3", "Nf3", "Ng1-f3");
    forms(&pos, "e2e4", "e4", "e2-e4");
    forms(&pos, "e2e3", "e3", "e2-e3");
    let pos = position(
        Variant::Chess,
        "r1bqkbnr/pppp1ppp/8/4p3/3nP3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 4",
    );
    forms(&pos, "f3d4", "Nxd4", "Nf3xd4");
    forms(&pos, "f3e5", "Nxe5", "Nf3xe5");
    let pos = position(
        Variant::Chess,
        "r1bqkbnr/pppp1ppp/8/4p3/3nP3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 0 4",
    );
    let _ = pos;
    let pos = position(
        Variant::Chess,
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
    );
    forms(&pos, "e4d5", "exd5", "e4xd5");
    // On 10×10 the ranks go to 10.
    let pos = position(
        Variant::Plain10,
        "5k4/P9/10/10/10/10/10/10/10/5K4 w - - 0 1",
    );
    forms(&pos, "a9a10q", "a10=Q+", "a9-a10=Q+");
    forms(&pos, "a9a10n", "a10=N", "a9-a10=N");
}

#[test]
fn en_passant_castling_and_promotion() {
    let pos = position(Variant::Chess, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    forms(&pos, "e5d6", "exd6", "e5xd6");
    reads(
        &pos,
        "e5d6",
        &["exd6e.p.", "exd6 e.p.", "exd6ep", "ed6", "e5-d6", "exd6+"],
    );
    let pos = position(Variant::Chess, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    forms(&pos, "e1g1", "O-O", "O-O");
    forms(&pos, "e1c1", "O-O-O", "O-O-O");
    reads(
        &pos,
        "e1g1",
        &["0-0", "o-o", "OO", "O-O+", "Ke1-g1", "e1h1", "Kg1"],
    );
    reads(&pos, "e1c1", &["0-0-0", "O-O-O!", "e1a1", "Kc1"]);
    let black = position(Variant::Chess, "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    reads(&black, "e8g8", &["O-O", "e8g8", "0-0"]);
    reads(&black, "e8c8", &["O-O-O", "e8c8"]);
    let pos = position(Variant::Chess, "3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    forms(&pos, "e7e8q", "e8=Q", "e7-e8=Q");
    forms(&pos, "e7e8n", "e8=N", "e7-e8=N");
    forms(&pos, "e7d8r", "exd8=R", "e7xd8=R");
    reads(
        &pos,
        "e7e8q",
        &[
            "e8Q", "e8q", "e8=q", "e8(Q)", "e8/Q", "e7e8Q", "e7-e8q", "Pe8=Q",
        ],
    );
    reads(
        &pos,
        "e7d8b",
        &["exd8=B", "exd8b", "ed8B", "e7xd8b", "e7d8b"],
    );
}

#[test]
fn ram_swap_dethronement_and_resurrection() {
    // Ram chess: e4 rams e5 (the black pawn on d4 stands beside it).
    let pos = position(Variant::Ram, "5k4/10/10/10/10/4p5/3pP5/10/10/5K4 w - - 0 1");
    forms(&pos, "e4e5", "exe5", "e4xe5");
    reads(&pos, "e4e5", &["ee5", "e4-e5", "Pe4xe5"]);
    assert_error(&pos, "e5", &["no pawn can step to e5; did you mean exe5?"]);
    // Frontal chess: the facing pawns swap.
    let pos = position(
        Variant::Frontal,
        "5k4/10/10/10/10/4p5/4P5/10/10/5K4 w - - 0 1",
    );
    forms(&pos, "e4e5", "e~e5", "e4~e5");
    reads(&pos, "e4e5", &["~e5", "e4-e5"]);
    assert_error(&pos, "e5", &["did you mean e~e5?"]);
    assert_error(&pos, "exe5", &["a swap takes nothing; write e~e5"]);
    assert_error(&pos, "e4xe5", &["a swap takes nothing; write e4~e5"]);
    // Frontal chess, both queens on the board: the pawn dethrones.
    let pos = position(
        Variant::Frontal,
        "4r4k/3P6/10/10/10/q9/10/10/10/1Q7K w - - 0 1",
    );
    forms(&pos, "d9d10", "d10^", "d9-d10^");
    forms(&pos, "d9e10", "dxe10^", "d9xe10^");
    reads(&pos, "d9d10", &["d10", "d9d10", "d10^+"]);
    reads(&pos, "d9e10", &["dxe10", "de10", "d9-e10"]);
    assert_error(
        &pos,
        "d10=Q",
        &[
            "both queens are on the board",
            "dethrones the black queen",
            "d10^",
        ],
    );
    assert_error(&pos, "d9d10q", &["d9d10"]);
    // The white queen is lost: a resurrection instead.
    let pos = position(
        Variant::Frontal,
        "10/4P5/9k/10/10/q9/10/10/10/1RNB2BN1K w - - 0 1",
    );
    forms(&pos, "e9e10q", "e10=Q", "e9-e10=Q");
    forms(&pos, "e9e10r", "e10=R", "e9-e10=R");
    assert_error(
        &pos,
        "e10",
        &["say which lost piece the pawn brings back: e10=Q or e10=R"],
    );
    assert_error(&pos, "e9e10", &["e9e10q or e9e10r"]);
    assert_error(
        &pos,
        "e10=N",
        &[
            "cannot become a knight here",
            "White can only bring back a piece it has lost",
            "e10=Q or e10=R",
        ],
    );
    assert_error(
        &pos,
        "e10^",
        &["`^` marks a dethronement", "e10=Q or e10=R"],
    );
    // Ram chess with a single lost piece: nothing to choose.
    let pos = position(
        Variant::Ram,
        "10/4P5/9k/10/10/10/10/10/10/1RNB2BNRK w - - 0 1",
    );
    forms(&pos, "e9e10q", "e10=Q", "e9-e10=Q");
    reads(&pos, "e9e10q", &["e10", "e9e10", "e10q"]);
    // Ram chess with nothing lost: the pawn may not enter the last rank.
    let pos = position(
        Variant::Ram,
        "1rnbqkbnr1/P9/10/10/10/10/10/10/10/1RNBQKBNR1 w - - 0 1",
    );
    assert_error(&pos, "a10", &["no pawn can reach a10", "lost no piece"]);
    assert_error(&pos, "axb10=N", &["lost no piece"]);
    // Ram chess: pawns take pawns only by ramming.
    let pos = position(
        Variant::Ram,
        "5k4/10/10/10/10/3pp5/3pP5/10/10/5K4 w - - 0 1",
    );
    assert_error(&pos, "exd5", &["ramming"]);
    reads(&pos, "e4e5", &["exe5"]);
}

#[test]
fn oblique_steps_of_improved_chess() {
    let variant = Variant::Improved {
        zone: crate::variant::Zone::FarHalf,
        blockage: crate::variant::Blockage::Enemy,
    };
    let pos = position(variant, "4k3/8/4p3/4P3/8/8/8/4K3 w - - 0 1");
    forms(&pos, "e5g6", "eg6", "e5-g6");
    forms(&pos, "e5c6", "ec6", "e5-c6");
    assert_error(&pos, "g6", &["no pawn can step to g6; did you mean eg6?"]);
    let pos = position(Variant::Crab, "3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1");
    forms(&pos, "e7g8q", "eg8=Q+", "e7-g8=Q+");
    forms(&pos, "e7d8q", "exd8=Q+", "e7xd8=Q+");
}

#[test]
fn san_disambiguates_by_file_then_rank_then_square() {
    let pos = position(Variant::Chess, "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    forms(&pos, "b1d2", "Nbd2", "Nb1-d2");
    forms(&pos, "f1d2", "Nfd2", "Nf1-d2");
    forms(&pos, "f1g3", "Ng3", "Nf1-g3");
    assert_error(&pos, "Nd2", &["Nd2 is ambiguous: Nbd2 or Nfd2"]);
    assert_error(&pos, "N1d2", &["N1d2 is ambiguous: Nbd2 or Nfd2"]);
    reads(&pos, "b1d2", &["Nb1d2", "nbd2", "b1d2"]);
    let pos = position(Variant::Chess, "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    forms(&pos, "a1a3", "R1a3", "Ra1-a3");
    forms(&pos, "a5a3", "R5a3", "Ra5-a3");
    assert_error(&pos, "Ra3", &["Ra3 is ambiguous: R1a3 or R5a3"]);
    assert_error(&pos, "Raa3", &["Raa3 is ambiguous: R1a3 or R5a3"]);
    let pos = position(Variant::Chess, "8/8/3Q4/8/3Q1Q2/8/8/K6k w - - 0 1");
    forms(&pos, "d4e5", "Qd4e5", "Qd4-e5");
    forms(&pos, "f4e5", "Qfe5", "Qf4-e5");
    forms(&pos, "d6e5", "Q6e5", "Qd6-e5");
    assert_error(&pos, "Qe5", &["Qe5 is ambiguous: Qd4e5, Q6e5 or Qfe5"]);
    assert_error(&pos, "Qde5", &["Qde5 is ambiguous: Qd4e5 or Q6e5"]);
    // Pawn captures always name their file; the king needs nothing.
    let pos = position(
        Variant::Norochess,
        "4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1 score=0-0",
    );
    forms(&pos, "c4d5", "cxd5", "c4xd5");
    forms(&pos, "e4d5", "exd5", "e4xd5");
    assert_error(&pos, "xd5", &["xd5 is ambiguous: cxd5 or exd5"]);
    // Two queens; no check in Norochess, so Qhh8 has no `+`.
    let pos = position(
        Variant::Norochess,
        "4k3/8/8/8/8/8/4K3/Q6Q w - - 0 1 score=0-0",
    );
    forms(&pos, "a1d1", "Qad1", "Qa1-d1");
    forms(&pos, "h1d1", "Qhd1", "Qh1-d1");
    forms(&pos, "h1h8", "Qhh8", "Qh1-h8");
    forms(&pos, "a1h8", "Qah8", "Qa1-h8");
}

#[test]
fn a_pinned_piece_needs_no_disambiguation() {
    let pos = position(Variant::Chess, "4k3/8/8/4b3/8/2N5/8/K5N1 w - - 0 1");
    forms(&pos, "g1e2", "Ne2", "Ng1-e2");
    assert_error(
        &pos,
        "Nce2",
        &["no knight on the c-file can reach e2; write Ne2"],
    );
    assert_error(&pos, "Nc3e2", &["the knight on c3 cannot move"]);
}

#[test]
fn check_and_mate_marks_only_where_the_king_is_royal() {
    let fools_mate = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2";
    let pos = position(Variant::Chess, fools_mate);
    forms(&pos, "d8h4", "Qh4#", "Qd8-h4#");
    reads(&pos, "d8h4", &["Qh4", "Qh4+", "Qh4#!!", "Qd8h4"]);
    let pos = position(
        Variant::Norochess,
        &format!("{} score=0-0", fools_mate.replace("KQkq", "-")),
    );
    forms(&pos, "d8h4", "Qh4", "Qd8-h4");
    reads(&pos, "d8h4", &["Qh4#", "Qh4+"]);
    let pos = position(Variant::Chess, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    forms(&pos, "a1a8", "Ra8+", "Ra1-a8+");
    let pos = position(
        Variant::Norochess,
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 score=0-0",
    );
    forms(&pos, "a1a8", "Ra8", "Ra1-a8");
    // Ram chess is royal: a ram that uncovers a line gives check.
    let pos = position(
        Variant::Ram,
        "4k5/10/10/10/10/4p5/3pP5/10/4R5/5K4 w - - 0 1",
    );
    forms(&pos, "e4e5", "exe5+", "e4xe5+");
}

#[test]
fn sloppy_input() {
    let pos = position(Variant::Chess, CHESS_START);
    reads(
        &pos,
        "g1f3",
        &[
            "nf3", "Nf3", "NF3", "Ngf3", "Ng1f3", "Ng1-f3", "N g1 f3", "g1-f3", "g1f3", "1. Nf3",
            "1.Nf3!?", "Nf3?", "♘f3", "Ng1–f3",
        ],
    );
    reads(
        &pos,
        "e2e4",
        &[
            "e4", "E4", "e2e4", "E2E4", "e2-e4", "Pe4", "pe4", "e4!", " e4 ", "ee4",
        ],
    );
    reads(&pos, "b1c3", &["Nc3", "nc3", "b1c3", "b1-c3"]);
    reads(&pos, "b2b4", &["b4", "b2b4", "bb4"]);
    let pos = position(
        Variant::Chess,
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    );
    reads(&pos, "d1h5", &["qh5", "Qh5", "Qd1h5", "Qh5++", "2.Qh5"]);
    reads(&pos, "e1e2", &["ke2", "Ke2", "e1e2", "Ke1-e2"]);
    let black = position(Variant::Chess, &CHESS_START.replace(" w ", " b "));
    reads(&black, "e7e5", &["e5", "1...e5", "1… e5", "e7e5"]);
    // `b` is a file when a pawn can make the move, else a bishop.
    let pos = position(Variant::Chess, "4k3/8/8/8/8/2n5/1P6/4BK2 w - - 0 1");
    reads(&pos, "b2c3", &["bxc3", "bc3", "b2xc3", "b2c3"]);
    reads(&pos, "e1c3", &["Bxc3", "Bc3", "Be1xc3"]);
    let pos = position(Variant::Chess, "4k3/8/8/8/8/2n5/8/4BK2 w - - 0 1");
    reads(&pos, "e1c3", &["bxc3", "bc3", "Bxc3", "b×c3"]);
    let pos = position(Variant::Chess, "4k3/8/8/8/8/8/8/1B2K3 w - - 0 1");
    reads(&pos, "b1d3", &["bd3", "Bd3"]);
}

#[test]
fn a_coordinate_move_is_never_read_as_another_piece_s_move() {
    let mut pos = AnyPosition::start(Variant::Norochess, None).expect("start");
    for uci in ["b2b3", "h7h6", "e2e3", "h6h5", "f1d3", "h5h4"] {
        pos = pos.play(uci_move(&pos, uci)).expect("legal");
    }
    // `b3b5` names the b3 pawn, which cannot go there; the bishop on d3
    // that can reach b5 is not the piece the text names.
    assert_error(
        &pos,
        "b3b5",
        &["the pawn on b3 cannot go to b5; it can play b3b4"],
    );
    assert_error(&pos, "b3-b5", &["the pawn on b3 cannot go to b5"]);
    reads(&pos, "d3b5", &["Bb5", "bb5", "d3b5"]);
}

#[test]
fn helpful_errors() {
    let pos = position(Variant::Chess, CHESS_START);
    assert_error(&pos, "Nf4", &["Nf4 is not a legal move here: no knight can reach f4; knights can go to a3, c3, f3, h3"]);
    assert_error(
        &pos,
        "Nbd2",
        &[
            "no knight on the b-file can reach d2",
            "a white piece stands there",
        ],
    );
    assert_error(&pos, "Ngd2", &["no knight on the g-file can reach d2"]);
    assert_error(
        &pos,
        "Ke2",
        &["no king can reach e2 (a white piece stands there); the king on e1 cannot move"],
    );
    assert_error(
        &pos,
        "Qh5",
        &["no queen can reach h5; the queen on d1 cannot move"],
    );
    assert_error(
        &pos,
        "e5",
        &["no pawn can reach e5; pawn moves: a3, a4, b3"],
    );
    assert_error(&pos, "exd3", &["no pawn on the e-file can reach d3"]);
    assert_error(
        &pos,
        "e2e5",
        &["the pawn on e2 cannot go to e5; it can play e2e3 or e2e4"],
    );
    assert_error(
        &pos,
        "g1g3",
        &["the knight on g1 cannot go to g3; it can go to f3, h3"],
    );
    assert_error(
        &pos,
        "Bg1f3",
        &["the piece on g1 is a knight, not a bishop"],
    );
    assert_error(&pos, "e3e4", &["there is no piece on e3"]);
    assert_error(
        &pos,
        "e7e5",
        &["e7 holds a black pawn, but White is to move"],
    );
    assert_error(&pos, "Nxf3", &["there is nothing to take on f3; write Nf3"]);
    assert_error(
        &pos,
        "e4=Q",
        &["only a pawn reaching the last rank promotes; write e4"],
    );
    assert_error(
        &pos,
        "O-O",
        &["to castle king side the squares between king and rook must be empty"],
    );
    assert_error(&pos, "e4^", &["`^` marks a dethronement"]);
    assert_error(&pos, "e2~e4", &["`~` marks a frontal swap"]);
    let pos = position(Variant::Chess, "4k3/8/8/8/8/8/8/4K2R w - - 0 1");
    assert_error(&pos, "O-O", &["White may no longer castle king side"]);
    let pos = position(
        Variant::Norochess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R w - - 0 1 score=0-0",
    );
    assert_error(&pos, "O-O", &["Norochess has no castling"]);
    // A pinned knight and a king that would walk into check.
    let pos = position(Variant::Chess, "4k3/4r3/8/8/8/8/r3N3/4K3 w - - 0 1");
    assert_error(&pos, "Nc3", &["no knight can reach c3 without leaving the white king in check; the knight on e2 cannot move"]);
    assert_error(&pos, "Kd2", &["no king can reach d2 (the king would be in check there); the king on e1 can go to d1, f1, f2"]);
    // Promotions need a piece.
    let pos = position(Variant::Chess, "3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    assert_error(
        &pos,
        "e8",
        &["say what the pawn becomes: e8=Q, e8=R, e8=B or e8=N"],
    );
    assert_error(&pos, "e7-e8", &["e7-e8=Q, e7-e8=R, e7-e8=B or e7-e8=N"]);
    // ... and say so in a typed answer, with the squares and the choices.
    let e7e8 = uci_move(&pos, "e7e8q");
    assert!(matches!(
        pos.parse_move("e7e8"),
        Err(MoveError::PromotionRequired { from, to, ref choices, .. })
            if (from, to) == (e7e8.from, e7e8.to) && choices[..] == Role::PROMOTIONS
    ));
    assert!(matches!(
        pos.parse_move("exd8"),
        Err(MoveError::PromotionRequired { .. })
    ));
    assert_error(&pos, "e8=K", &["a pawn cannot become a king"]);
    // Ram chess's first move.
    let pos = match AnyPosition::start(Variant::Ram, None) {
        Ok(p) => p,
        Err(e) => panic!("{e}"),
    };
    assert_error(
        &pos,
        "Nf3",
        &["White's first move in Ram chess must be a pawn stepping one square"],
    );
    assert_error(&pos, "e4", &["no pawn can reach e4 (White's first move in Ram chess must be a pawn stepping one square"]);
    let pos = match AnyPosition::start(Variant::Frontal, None) {
        Ok(p) => p,
        Err(e) => panic!("{e}"),
    };
    assert_error(&pos, "e4", &["may not be a double step"]);
    // No moves at all.
    let pos = position(Variant::Chess, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_error(
        &pos,
        "Kg8",
        &["there are no legal moves: Black is stalemated"],
    );
    // Unreadable text.
    let unreadable = [
        ("", "no move given"),
        ("!?", "only annotations"),
        ("hello", "expected the move to end with its target square"),
        ("Zf3", "`Z` before the target square is not a piece letter"),
        ("Nf9", "`f9` is not a square of this board (a1 to h8)"),
        ("Nk3", "`k3` is not a square"),
        ("e8=", "must be followed by the piece"),
        ("e8=X", "`X` is not a piece a pawn can become"),
        ("é4", "unexpected character `é`"),
        ("44", "needs its file letter"),
        ("e2e4e6", "is not a piece letter"),
        ("e10^^", "comes last"),
    ];
    for (text, expected) in unreadable {
        match pos_parse(&position(Variant::Chess, CHESS_START), text) {
            Err(MoveError::Unreadable { problem, .. }) => {
                assert!(
                    problem.contains(expected),
                    "{text}: got `{problem}`, expected `{expected}`"
                )
            }
            other => panic!("{text}: expected unreadable, got {other:?}"),
        }
    }
    let ten = position(
        Variant::Plain10,
        "5k4/P9/10/10/10/10/10/10/10/5K4 w - - 0 1",
    );
    match pos_parse(&ten, "a11") {
        Err(MoveError::Unreadable { problem, .. }) => {
            assert!(problem.contains("(a1 to j10)"), "{problem}")
        }
        other => panic!("{other:?}"),
    }
}

fn pos_parse(pos: &AnyPosition, text: &str) -> Result<Move, MoveError> {
    pos.parse_move(text)
}

#[test]
fn never_panics_on_any_input() {
    let positions = [
        position(Variant::Chess, CHESS_START),
        position(Variant::Chess, "3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1"),
        position(
            Variant::Frontal,
            "4r4k/3P6/10/10/10/q9/10/10/10/1Q7K w - - 0 1",
        ),
        position(
            Variant::Ram,
            "1rnbqkbnr1/P9/10/10/10/10/10/10/10/1RNBQKBNR1 w - - 0 1",
        ),
        position(Variant::Chess, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"),
    ];
    let alphabet: Vec<char> = "abcdehijkxX0123456789-=~^+#!?()/:.KQRBNPkqrbnpOo é×♘–…\u{0}"
        .chars()
        .collect();
    let mut rng = SplitMix64::new(0x2545_f491_4f6c_dd1d);
    for _ in 0..20_000 {
        let len = rng.below(9) as usize;
        let text: String = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len() as u64) as usize])
            .collect();
        for pos in &positions {
            if let Ok(m) = pos.parse_move(&text) {
                assert!(pos.legal_moves().contains(&m), "{text}");
            }
        }
    }
    let long = "N".repeat(10_000) + "f3";
    for text in [
        long.as_str(),
        "99999999999999999999",
        "a99999999999",
        "O-O-O-O",
        "0-0-0-0-0",
        "(",
        ")",
        "()",
        "e8()",
        "=Q",
        "^",
        "x",
        "xx",
        "1.",
        "...",
        "1...",
        "e.p.",
        "ep",
    ] {
        for pos in &positions {
            let _ = pos.parse_move(text);
        }
    }
}
