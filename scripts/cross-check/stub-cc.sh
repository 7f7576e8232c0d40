#!/usr/bin/env bash
# A stand-in C compiler for scripts/check-phone-targets.sh. The build
# scripts of libsqlite3-sys (the bundled SQLite) and oslog compile C for the
# phone target, which needs the NDK's clang or Xcode's SDK, neither of which
# is on this machine. `cargo check` and `cargo clippy` never link, so the
# objects are never used: this writes an empty host object wherever an
# object is asked for, so that only the C compilation is skipped and every
# line of Rust is still checked for the target.
set -euo pipefail
out=""
[[ -n ${NOROCHESS_STUB_CC_LOG:-} ]] && echo "$*" >>"$NOROCHESS_STUB_CC_LOG"
preprocess=0
while [[ $# -gt 0 ]]; do
    case $1 in
        -o) out=$2; shift 2 ;;
        -o*) out=${1#-o}; shift ;;
        -E) preprocess=1; shift ;;
        -\?) exit 1 ;;  # cc's probe for MSVC's cl: this is not cl
        *) shift ;;
    esac
done
if [[ $preprocess == 1 ]]; then
    # cc's compiler detection preprocesses a probe file and looks for the
    # quoted names of the compilers whose macros are defined: say clang's.
    echo '"clang"'
    echo '"gcc"'
    exit 0
fi
if [[ -n $out ]]; then
    cc -c -x c /dev/null -o "$out"
fi
