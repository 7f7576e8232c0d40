//! Fuzzes the position text parser of every game.
//!
//! For each game (`Variant::all()` plus the test-only `Variant::Plain10`) the
//! input is read with `AnyPosition::from_text`. Errors are fine; a panic is
//! not. When the text is accepted:
//!
//! - its canonical text parses back to an equal position that prints the
//!   same text (print → parse → print is the identity);
//! - every legal move can be played (`AnyPosition::play` accepts it), the
//!   incrementally kept hash of the result equals the one computed from
//!   scratch, and the result's text parses back to an equal position too
//!   (unless a counter or score went past what the format accepts).

#![no_main]

use libfuzzer_sys::fuzz_target;
use norochess_core::{AnyPosition, Color, Variant};

/// Limits of the text format (see `docs/position-format.md`).
const MAX_COUNTER: u32 = 1_000_000;
const MAX_SCORE: u16 = 9999;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut variants = Variant::all();
    variants.push(Variant::Plain10);
    for variant in variants {
        if let Ok(pos) = AnyPosition::from_text(variant, text) {
            check_accepted(variant, &pos);
        }
    }
});

fn check_accepted(variant: Variant, pos: &AnyPosition) {
    assert_eq!(pos.variant(), variant);
    assert_round_trip(variant, pos);
    for m in pos.legal_moves() {
        let child = pos.play(m).unwrap_or_else(|e| {
            panic!(
                "{variant}: legal move {} refused by play in `{}`: {e}",
                m.uci(pos.width()),
                pos.to_text()
            )
        });
        let (hash, scratch) = match &child {
            AnyPosition::Eight(p) => (p.hash(), p.compute_hash()),
            AnyPosition::Ten(p) => (p.hash(), p.compute_hash()),
        };
        assert_eq!(
            hash,
            scratch,
            "{variant}: incremental hash differs after {} in `{}`",
            m.uci(pos.width()),
            pos.to_text()
        );
        if within_format_limits(&child) {
            assert_round_trip(variant, &child);
        }
    }
}

/// The canonical text parses back to an equal position with the same text.
fn assert_round_trip(variant: Variant, pos: &AnyPosition) {
    let text = pos.to_text();
    let again = AnyPosition::from_text(variant, &text)
        .unwrap_or_else(|e| panic!("{variant}: printed text `{text}` does not parse: {e}"));
    assert_eq!(&again, pos, "{variant}: `{text}` parses to another position");
    assert_eq!(again.to_text(), text, "{variant}: `{text}` prints differently");
}

/// Whether the counters and scores fit the text format (playing a move from
/// a text at the limit can step past it).
fn within_format_limits(pos: &AnyPosition) -> bool {
    let (halfmove, fullmove, scores) = match pos {
        AnyPosition::Eight(p) => (
            p.halfmove_clock(),
            p.fullmove_number(),
            [p.score(Color::White), p.score(Color::Black)],
        ),
        AnyPosition::Ten(p) => (
            p.halfmove_clock(),
            p.fullmove_number(),
            [p.score(Color::White), p.score(Color::Black)],
        ),
    };
    halfmove <= MAX_COUNTER && fullmove <= MAX_COUNTER && scores.iter().all(|&s| s <= MAX_SCORE)
}
