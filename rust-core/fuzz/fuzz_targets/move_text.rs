//! Fuzzes the move parser: any text against positions of every game. A
//! parsed move must be legal and print back, in every notation, to text
//! that parses to the same move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use norochess_core::{AnyPosition, Variant};

const POSITIONS: &[(Variant, &str)] = &[
    (Variant::Norochess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"),
    (Variant::Norochess, "n1r1k3/1P1P2P1/8/8/8/8/1p1p2p1/N1R1K3 w - - 0 1"),
    (Variant::Chess, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    (Variant::Ram, "1rnbqkbnr1/pppp1ppppp/10/4p5/3PP5/10/10/10/PPP2PPPPP/1RNBQKBNR1 w - - 0 4"),
    (Variant::Frontal, "1rnbqkbnr1/pppp1ppppp/10/10/4p5/4P5/10/10/PPPP1PPPPP/1RNBQKBNR1 w - - 0 4"),
    (Variant::Crab, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"),
];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for (variant, fen) in POSITIONS {
        let Ok(position) = AnyPosition::from_text(*variant, fen) else {
            continue;
        };
        if let Ok(m) = position.parse_move(text) {
            assert!(position.legal_moves().contains(&m), "parsed an illegal move from {text:?}");
            for written in [position.to_san(m), position.to_long(m), m.uci(position.width())] {
                assert_eq!(position.parse_move(&written).ok(), Some(m), "{written} does not read back");
            }
        }
    }
});
