#!/usr/bin/env bash
# Installs what the test command needs and a fresh machine may lack:
# rustfmt and clippy (rustup), shellcheck, tmux, debootstrap (the Swift root of
# scripts/test-swift.sh), Maven and a JDK (the Kotlin tests), aapt2, apksigner,
# zipalign and zip (the Android app's build). Does nothing
# when everything is there; needs root (apt-get) only when something is
# missing, and then says what to install if it is not root.
set -euo pipefail

if ! cargo fmt --version >/dev/null 2>&1 || ! cargo clippy --version >/dev/null 2>&1; then
    rustup component add rustfmt clippy
fi

missing=()
command -v shellcheck >/dev/null 2>&1 || missing+=(shellcheck)
command -v tmux >/dev/null 2>&1 || missing+=(tmux)  # the full-screen test of norochess play
if [[ ${NOROCHESS_SKIP_SWIFT:-0} != 1 ]]; then
    command -v debootstrap >/dev/null 2>&1 || missing+=(debootstrap)
fi
command -v mvn >/dev/null 2>&1 || missing+=(maven)
# The Android app's build without Gradle (scripts/build-android-app.sh).
command -v aapt2 >/dev/null 2>&1 || missing+=(aapt)
command -v apksigner >/dev/null 2>&1 || missing+=(apksigner)
command -v zipalign >/dev/null 2>&1 || missing+=(zipalign)
command -v zip >/dev/null 2>&1 || missing+=(zip)
command -v javac >/dev/null 2>&1 || missing+=(default-jdk-headless)
if [[ ${#missing[@]} -eq 0 ]]; then
    exit 0
fi
if [[ $(id -u) -ne 0 ]]; then
    echo "scripts/test.sh needs: ${missing[*]} (install them with apt-get as root, or run this as root)" >&2
    exit 1
fi
echo "== installing ${missing[*]}"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
