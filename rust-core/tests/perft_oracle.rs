//! Perft counts against the independent oracle in `tests/data/oracle-perft.txt`
//! (a copy of `shared/oracle/perft.txt`).
//!
//! Counts up to [`QUICK_LIMIT`] run with every `cargo test`; the bigger ones
//! are in an ignored test: `cargo test --release -- --ignored`.

use norochess_core::{AnyPosition, Variant};
use std::path::Path;

/// The largest count checked in the normal test run.
const QUICK_LIMIT: u64 = 5_000_000;

const ORACLE: &str = include_str!("data/oracle-perft.txt");

/// One line of the oracle file.
struct Case {
    line: usize,
    variant: Variant,
    fen: String,
    depth: u32,
    count: u64,
}

fn cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for (index, raw) in ORACLE.lines().enumerate() {
        let line = index + 1;
        let text = raw.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = text.split('|').map(str::trim).collect();
        assert_eq!(
            fields.len(),
            4,
            "oracle line {line}: expected `rule-set | FEN | depth | count`, found `{raw}`"
        );
        let variant = Variant::parse(fields[0], None, None)
            .unwrap_or_else(|e| panic!("oracle line {line}: {e}"));
        let depth = fields[2]
            .parse()
            .unwrap_or_else(|e| panic!("oracle line {line}: depth `{}`: {e}", fields[2]));
        let count = fields[3]
            .parse()
            .unwrap_or_else(|e| panic!("oracle line {line}: count `{}`: {e}", fields[3]));
        cases.push(Case {
            line,
            variant,
            fen: fields[1].to_string(),
            depth,
            count,
        });
    }
    cases
}

/// Runs the cases `select` picks and reports every mismatch at once.
fn run(select: impl Fn(&Case) -> bool) {
    let selected: Vec<Case> = cases().into_iter().filter(|c| select(c)).collect();
    assert!(!selected.is_empty(), "no oracle case selected");
    let mut failures = Vec::new();
    for case in &selected {
        let position = AnyPosition::from_text(case.variant, &case.fen).unwrap_or_else(|e| {
            panic!(
                "oracle line {}: cannot read `{}` as {}: {e}",
                case.line, case.fen, case.variant
            )
        });
        let got = position.perft(case.depth);
        if got != case.count {
            failures.push(format!(
                "line {}: {} `{}` depth {}: expected {}, got {} ({:+})",
                case.line,
                case.variant,
                case.fen,
                case.depth,
                case.count,
                got,
                i128::from(got) - i128::from(case.count)
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} perft counts differ from the oracle:\n{}",
        failures.len(),
        selected.len(),
        failures.join("\n")
    );
}

#[test]
fn oracle_file_is_well_formed() {
    let cases = cases();
    assert!(!cases.is_empty(), "the oracle file has no cases");
    for case in &cases {
        assert!(case.depth > 0, "oracle line {}: depth 0", case.line);
        assert!(
            AnyPosition::from_text(case.variant, &case.fen).is_ok(),
            "oracle line {}: `{}` is not a valid {} position",
            case.line,
            case.fen,
            case.variant
        );
    }
}

#[test]
fn oracle_perft_quick() {
    run(|c| c.count <= QUICK_LIMIT);
}

#[test]
#[ignore = "long: run with --release -- --ignored"]
fn oracle_perft_long() {
    run(|c| c.count > QUICK_LIMIT);
}

#[test]
fn oracle_copy_matches_shared_oracle() {
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/oracle/perft.txt");
    if !shared.exists() {
        // Outside the project's shared workspace there is nothing to compare.
        return;
    }
    let text = std::fs::read_to_string(&shared)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", shared.display()));
    assert!(
        text == ORACLE,
        "tests/data/oracle-perft.txt differs from {}: copy the shared oracle again",
        shared.display()
    );
}
