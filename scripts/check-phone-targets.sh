#!/usr/bin/env bash
# Checks and lints the Rust the phones run (core, app layer and bindings,
# with the code behind cfg(target_os = "android") and cfg(target_os = "ios"):
# the logcat and os_log backends) for the phones' own targets:
#   aarch64-linux-android (phones), armv7-linux-androideabi (32-bit phones:
#   another pointer width), aarch64-apple-ios (iPhones)
# x86_64-linux-android (the emulator) has the same cfg and pointer width as
# aarch64 and adds minutes, not coverage; rustup serves no standard library
# for aarch64-apple-ios-sim for this toolchain (404), so the simulator is not
# checked here.
# This machine has neither the NDK's clang nor Xcode's SDK, which the C parts
# (SQLite, bundled by libsqlite3-sys, and oslog's wrapper) need: the
# stand-in compiler scripts/cross-check/stub-cc.sh skips only that C
# compilation. Nothing is linked (a check never links), so what this
# covers is every line of Rust type-checked and linted for each target;
# what it does not is the C code compiled for the phones, linking, and
# running (scripts/build-android.sh and build-ios.sh on a machine with the
# NDK or Xcode).
#
# Environment: NOROCHESS_PHONE_TARGETS, the targets (default: the three above).
set -euo pipefail
cd "$(dirname "$0")/.."

read -r -a targets <<<"${NOROCHESS_PHONE_TARGETS:-aarch64-linux-android armv7-linux-androideabi aarch64-apple-ios}"
installed=$(rustup target list --installed)
for target in "${targets[@]}"; do
    if ! grep -qx "$target" <<<"$installed"; then
        rustup target add "$target"
    fi
done

stub_cc="$PWD/scripts/cross-check/stub-cc.sh"
# cc asks xcrun for the SDK unless SDKROOT names an existing folder.
stand_in_sdk=$(mktemp -d)
trap 'rm -rf "$stand_in_sdk"' EXIT

for target in "${targets[@]}"; do
    echo "-- $target"
    var=${target//-/_}
    env "CC_${var}=$stub_cc" "AR_${var}=ar" SDKROOT="$stand_in_sdk" \
        IPHONEOS_DEPLOYMENT_TARGET=17.0 \
        cargo clippy -p norochess-bindings --target "$target" --locked --quiet -- -D warnings
done
echo "phone targets: ${#targets[@]} checked (Rust only; C compilation and linking need the NDK or Xcode)"
