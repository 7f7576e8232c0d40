#!/usr/bin/env bash
# Runs every check and test of the project: formatting, lints, the Rust
# test suites (debug, then the long perft and search tests in release).
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== cargo fmt --check"
cargo fmt --all -- --check

echo "== cargo clippy"
cargo clippy --workspace --all-targets --locked -- -D warnings

echo "== cargo test (debug)"
cargo test --workspace --locked

echo "== cargo test (release, long tests)"
cargo test --workspace --locked --release -- --ignored
