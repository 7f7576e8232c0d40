#!/usr/bin/env bash
# Builds the Rust library for iPhones, the iOS simulator (Apple silicon and
# Intel) and macOS with the `mobile` profile, packs the static libraries and
# the C header into ios/NorochessKit/NorochessFFI.xcframework, and generates
# the Swift bindings into the NorochessKit package. Then generate and open
# the app's project (README, "The iOS app on a Mac": XcodeGen, `xcodegen
# generate` in ios/NorochessApp, open Norochess.xcodeproj) or run
# `swift test` in ios/NorochessKit.
#
# Needs: macOS with Xcode (xcodebuild, lipo) and rustup.
#
#   scripts/build-ios.sh [--debug]
#
# Environment: IPHONEOS_DEPLOYMENT_TARGET (default 17.0) and
# MACOSX_DEPLOYMENT_TARGET (default 14.0), as in Package.swift (iOS 17,
# macOS 14: Observation) and project.yml; scripts/check-ios-app.sh checks
# that the three agree.
set -euo pipefail
cd "$(dirname "$0")/.."

die() { printf 'build-ios: %s\n' "$*" >&2; exit 1; }

[[ $(uname -s) == Darwin ]] || die "needs macOS with Xcode (this is $(uname -s))"
command -v xcodebuild >/dev/null 2>&1 || die "xcodebuild is missing: install Xcode"

profile=mobile
profile_dir=mobile
if [[ ${1:-} == --debug ]]; then
    profile=dev
    profile_dir=debug
elif [[ $# -gt 0 ]]; then
    die "usage: $0 [--debug]"
fi
export IPHONEOS_DEPLOYMENT_TARGET=${IPHONEOS_DEPLOYMENT_TARGET:-17.0}
export MACOSX_DEPLOYMENT_TARGET=${MACOSX_DEPLOYMENT_TARGET:-14.0}
target_dir=${CARGO_TARGET_DIR:-target}

device=aarch64-apple-ios
simulators=(aarch64-apple-ios-sim x86_64-apple-ios)
macs=(aarch64-apple-darwin x86_64-apple-darwin)

installed=$(rustup target list --installed)
for triple in "$device" "${simulators[@]}" "${macs[@]}"; do
    grep -qx "$triple" <<<"$installed" || rustup target add "$triple"
    echo "== building libnorochess_ffi.a ($profile) for $triple"
    cargo build --locked -p norochess-bindings --lib --profile "$profile" --target "$triple"
done

lib() { echo "$target_dir/$1/$profile_dir/libnorochess_ffi.a"; }
work=ios/NorochessKit/build
mkdir -p "$work/ios-device" "$work/ios-simulator" "$work/macos"
cp "$(lib "$device")" "$work/ios-device/libnorochess_ffi.a"
lipo -create "$(lib "${simulators[0]}")" "$(lib "${simulators[1]}")" -output "$work/ios-simulator/libnorochess_ffi.a"
lipo -create "$(lib "${macs[0]}")" "$(lib "${macs[1]}")" -output "$work/macos/libnorochess_ffi.a"

# Swift sources into the package, headers and module map into build/ffi.
bash scripts/generate-bindings.sh swift

xcframework=ios/NorochessKit/NorochessFFI.xcframework
rm -rf "$xcframework"
xcodebuild -create-xcframework \
    -library "$work/ios-device/libnorochess_ffi.a" -headers "$work/ffi" \
    -library "$work/ios-simulator/libnorochess_ffi.a" -headers "$work/ffi" \
    -library "$work/macos/libnorochess_ffi.a" -headers "$work/ffi" \
    -output "$xcframework"
echo "== $xcframework and the Swift bindings are ready"
