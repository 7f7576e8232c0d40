#!/usr/bin/env bash
# Runs every check and test of the project: formatting, lints, the Rust
# test suites (debug, then the long perft and search tests in release).
set -euo pipefail
cd "$(dirname "$0")/.."

# A fresh machine lacks some tools: install them first (root), or say which.
bash scripts/install-tools.sh

echo "== cargo fmt --check"
cargo fmt --all -- --check

echo "== cargo clippy"
cargo clippy --workspace --all-targets --locked -- -D warnings

echo "== Rust for the phones: clippy of the bindings for the Android and iOS targets (C parts skipped)"
bash scripts/check-phone-targets.sh

echo "== cargo test (debug)"
cargo test --workspace --locked

echo "== cargo test (release, long tests)"
cargo test --workspace --locked --release -- --ignored

echo "== puzzles: re-prove every puzzle of the built-in pack"
cargo run --release --locked --quiet --bin norochess -- puzzles verify builtin --threads 2

echo "== puzzles: the pack's figures, and its tiers against the playing levels"
cargo run --release --locked --quiet --bin norochess -- puzzles stats builtin --solvers

echo "== shellcheck (scripts)"
shellcheck scripts/*.sh scripts/cross-check/*.sh .ci/run

echo "== Kotlin bindings: JUnit 5 on the JVM against the host library"
bash scripts/test-kotlin.sh

echo "== Android app: screens on Compose desktop (UI tests, goldens), type-check of android/app"
bash scripts/test-android-ui.sh

# Swift needs root (debootstrap, chroot); a developer without it may skip.
if [[ ${NOROCHESS_SKIP_SWIFT:-0} == 1 ]]; then
    echo "== Swift bindings: skipped (NOROCHESS_SKIP_SWIFT=1)"
else
    echo "== Swift bindings: XCTest on Linux (Swift 6.0 from Debian trixie, chroot)"
    bash scripts/test-swift.sh
fi
bash scripts/check-ios-app.sh  # iOS app: swiftc -parse, project.yml, String Catalog, view rules
