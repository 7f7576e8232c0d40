#!/usr/bin/env bash
# Builds the Rust library for this machine and generates the Kotlin and
# Swift bindings from it with the workspace's own uniffi-bindgen (UniFFI
# library mode). Generated files are not committed.
#
#   scripts/generate-bindings.sh [kotlin|swift|all]   (default: all)
#
# Writes
#   android/norochess-kit/src/generated/kotlin/app/norochess/core/norochess.kt  (the bindings)
#   android/norochess-kit/src/generated/kotlin/app/norochess/applayer/norochess_app.kt  (the app layer's records)
#   ios/NorochessKit/Sources/NorochessKit/Generated/{NorochessKit,NorochessAppLayer}.swift
#   ios/NorochessKit/Sources/NorochessFFI/{NorochessFFI.h,NorochessAppLayerFFI.h,module.modulemap}
#   ios/NorochessKit/build/ffi/{the same headers,module.modulemap}  (Apple flavour, for the XCFramework)
#
# Environment: NOROCHESS_PROFILE (release, the default, or debug) picks the
# host library the JVM and Swift tests load; CARGO_TARGET_DIR as for cargo.
set -euo pipefail
cd "$(dirname "$0")/.."

languages=${1:-all}
case $languages in
    kotlin | swift | all) ;;
    *) echo "usage: $0 [kotlin|swift|all]" >&2; exit 2 ;;
esac

profile=${NOROCHESS_PROFILE:-release}
target_dir=${CARGO_TARGET_DIR:-target}
case $profile in
    release) profile_dir=release ;;
    debug | dev) profile=dev; profile_dir=debug ;;
    *) echo "NOROCHESS_PROFILE must be release or debug" >&2; exit 2 ;;
esac
case $(uname -s) in
    Darwin) library=$target_dir/$profile_dir/libnorochess_ffi.dylib ;;
    *) library=$target_dir/$profile_dir/libnorochess_ffi.so ;;
esac

echo "== building the host library ($profile)"
cargo build --locked -p norochess-bindings --lib --profile "$profile"
echo "== building uniffi-bindgen"
cargo build --locked -p norochess-bindings --features cli --bin uniffi-bindgen
bindgen=$target_dir/debug/uniffi-bindgen

if [[ $languages == kotlin || $languages == all ]]; then
    out=android/norochess-kit/src/generated/kotlin
    rm -rf "$out"
    "$bindgen" generate --no-format --library "$library" --language kotlin --out-dir "$out"
    echo "== Kotlin bindings in $out"
fi

if [[ $languages == swift || $languages == all ]]; then
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    "$bindgen" generate --no-format --library "$library" --language swift --out-dir "$tmp"
    package=ios/NorochessKit
    rm -rf "$package/Sources/NorochessKit/Generated"
    mkdir -p "$package/Sources/NorochessKit/Generated" "$package/Sources/NorochessFFI" "$package/build/ffi"
    # One Swift file per crate (the bindings' NorochessKit.swift and the app
    # layer's NorochessAppLayer.swift), all compiled into NorochessKit; their
    # C declarations (one header per crate) form the one NorochessFFI module.
    cp "$tmp"/*.swift "$package/Sources/NorochessKit/Generated/"
    headers=()
    for header in "$tmp"/*.h; do
        headers+=("$(basename "$header")")
        # SwiftPM system library (Linux tests) and the XCFramework's headers.
        cp "$header" "$package/Sources/NorochessFFI/"
        cp "$header" "$package/build/ffi/"
    done
    header_lines=$(printf '    header "%s"\n' "${headers[@]}")
    # SwiftPM system library: a module map that links the shared library.
    printf 'module NorochessFFI {\n%b    link "norochess_ffi"\n    export *\n}\n' "$header_lines" \
        >"$package/Sources/NorochessFFI/module.modulemap"
    # Apple flavour, as UniFFI writes it, for the XCFramework.
    printf 'module NorochessFFI {\n%b    export *\n    use "Darwin"\n    use "_Builtin_stdbool"\n    use "_Builtin_stdint"\n}\n' \
        "$header_lines" >"$package/build/ffi/module.modulemap"
    echo "== Swift bindings in $package/Sources"
fi
