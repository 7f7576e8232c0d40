#!/usr/bin/env bash
# Builds the Rust library for Android (arm64-v8a phones, armeabi-v7a older
# phones, x86_64 emulators) with cargo-ndk and the `mobile` profile, puts
# it where the Android build packs it, and generates the Kotlin bindings:
#
#   android/norochess-kit/src/main/jniLibs/<abi>/libnorochess_ffi.so
#   android/norochess-kit/src/generated/kotlin/...
#
# Then build the app in Android Studio or with `cd android && ./gradlew
# assembleDebug`.
#
# Needs: rustup, the Android NDK (ANDROID_NDK_HOME, or the newest NDK under
# ANDROID_HOME / ANDROID_SDK_ROOT / ~/Android/Sdk), and cargo-ndk
# (`cargo install cargo-ndk`).
#
#   scripts/build-android.sh [--debug]
#
# Environment: ANDROID_MIN_SDK (default 24), the lowest Android API level.
set -euo pipefail
cd "$(dirname "$0")/.."

die() { printf 'build-android: %s\n' "$*" >&2; exit 1; }

profile=mobile
profile_dir=mobile
if [[ ${1:-} == --debug ]]; then
    profile=dev
    profile_dir=debug
elif [[ $# -gt 0 ]]; then
    die "usage: $0 [--debug]"
fi
min_sdk=${ANDROID_MIN_SDK:-24}
target_dir=${CARGO_TARGET_DIR:-target}

# ABI (Android's name) and Rust target, pairwise.
abis=(arm64-v8a armeabi-v7a x86_64)
triples=(aarch64-linux-android armv7-linux-androideabi x86_64-linux-android)

command -v cargo-ndk >/dev/null 2>&1 || die "cargo-ndk is missing: cargo install cargo-ndk"
if [[ -z ${ANDROID_NDK_HOME:-} ]]; then
    sdk=${ANDROID_HOME:-${ANDROID_SDK_ROOT:-$HOME/Android/Sdk}}
    if [[ -d $sdk/ndk ]]; then
        newest=$(find "$sdk/ndk" -mindepth 1 -maxdepth 1 -type d | sort -V | tail -n 1)
        [[ -n $newest ]] && export ANDROID_NDK_HOME=$newest
    fi
fi
[[ -n ${ANDROID_NDK_HOME:-} && -d ${ANDROID_NDK_HOME:-} ]] ||
    die "no Android NDK: set ANDROID_NDK_HOME or install one with Android Studio's SDK Manager"
echo "== NDK: $ANDROID_NDK_HOME"

installed=$(rustup target list --installed)
for triple in "${triples[@]}"; do
    grep -qx "$triple" <<<"$installed" || rustup target add "$triple"
done

ndk_targets=()
for i in "${!abis[@]}"; do
    ndk_targets+=(-t "${abis[$i]}")
    # 16 KB pages: Google Play requires 16 KB-aligned native libraries for
    # apps targeting Android 15+, and NDKs before r27 link with 4 KB.
    flags_var="CARGO_TARGET_$(tr '[:lower:]-' '[:upper:]_' <<<"${triples[$i]}")_RUSTFLAGS"
    export "$flags_var=${!flags_var:-} -C link-arg=-Wl,-z,max-page-size=16384"
done
echo "== building libnorochess_ffi.so ($profile) for ${abis[*]}, API $min_sdk+"
cargo ndk --platform "$min_sdk" "${ndk_targets[@]}" \
    build --locked -p norochess-bindings --lib --profile "$profile"

jni=android/norochess-kit/src/main/jniLibs
for i in "${!abis[@]}"; do
    mkdir -p "$jni/${abis[$i]}"
    cp "$target_dir/${triples[$i]}/$profile_dir/libnorochess_ffi.so" "$jni/${abis[$i]}/"
done
ls -l "$jni"/*/libnorochess_ffi.so

# The Kotlin bindings come from the host build of the same sources.
bash scripts/generate-bindings.sh kotlin
echo "== done: open android/ in Android Studio, or run ./gradlew assembleDebug there"
