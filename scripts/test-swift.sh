#!/usr/bin/env bash
# Builds the Swift package ios/NorochessKit on Linux and runs its XCTest
# tests against the host build of the Rust library.
#
# Swift 6.0 comes from Debian 13 "trixie" (package swiftlang): this script
# installs it with debootstrap into a directory that is kept between runs
# and uses it through chroot, so the machine itself (Debian 12) is left
# alone. Needs root (debootstrap, chroot, mount) and Debian's archive.
#
#   scripts/test-swift.sh                 generate bindings, build, test
#   scripts/test-swift.sh --prepare-only  only create the Swift root
#
# Environment:
#   NOROCHESS_SWIFT_ROOT     the cached root (default /var/cache/norochess-swift-root)
#   NOROCHESS_SWIFT_WORK     the folder inside the root that holds this checkout's
#                            package and library (default norochess; give each
#                            worktree its own so two runs never share a build)
#   NOROCHESS_DEBIAN_MIRROR  the Debian mirror (default http://deb.debian.org/debian)
set -euo pipefail
cd "$(dirname "$0")/.."

root=${NOROCHESS_SWIFT_ROOT:-/var/cache/norochess-swift-root}
mirror=${NOROCHESS_DEBIAN_MIRROR:-http://deb.debian.org/debian}
suite=trixie
packages=(swiftlang libc6-dev libstdc++-14-dev)
# The root counts as ready only when it was finished for this very recipe.
recipe="suite=$suite packages=${packages[*]} v1"
stamp=$root/.norochess-swift-ready

log() { printf '== %s\n' "$*"; }
die() { printf 'test-swift: %s\n' "$*" >&2; exit 1; }

[[ $(id -u) -eq 0 ]] || die "must run as root (debootstrap, chroot and mount need it)"

mounted=()
# shellcheck disable=SC2317  # called by the EXIT trap
cleanup() {
    local m
    for m in "${mounted[@]}"; do
        umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null || true
    done
}
trap cleanup EXIT

# Mounts /proc inside a root (swift and apt need it) until the script exits.
mount_proc() {
    local dir=$1/proc
    if ! mountpoint -q "$dir"; then
        mount -t proc proc "$dir"
        mounted+=("$dir")
    fi
}

prepare_root() {
    if [[ -f $stamp && $(cat "$stamp") == "$recipe" ]]; then
        log "Swift root cached at $root"
        return
    fi
    if ! command -v debootstrap >/dev/null 2>&1; then
        log "installing debootstrap"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null
    fi
    local partial=$root.partial
    if [[ -d $partial ]]; then
        umount "$partial/proc" 2>/dev/null || true
        rm -rf --one-file-system "$partial"
    fi
    mkdir -p "$(dirname "$root")"
    log "debootstrap $suite into $partial (first run only)"
    debootstrap --variant=minbase "$suite" "$partial" "$mirror" >"$partial.log" 2>&1 ||
        { tail -n 30 "$partial.log" >&2; die "debootstrap failed (log: $partial.log)"; }
    mount_proc "$partial"
    log "installing ${packages[*]} in the Swift root"
    chroot "$partial" /usr/bin/env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -q --no-install-recommends "${packages[@]}" >"$partial.log" 2>&1 ||
        { tail -n 30 "$partial.log" >&2; die "apt-get install in the Swift root failed (log: $partial.log)"; }
    chroot "$partial" apt-get clean
    umount "$partial/proc"
    mounted=()
    if [[ -d $root ]]; then
        umount "$root/proc" 2>/dev/null || true
        rm -rf --one-file-system "$root"
    fi
    mv "$partial" "$root"
    rm -f "$partial.log"
    echo "$recipe" >"$stamp"
    log "Swift root ready"
}

prepare_root
[[ ${1:-} == --prepare-only ]] && exit 0

bash scripts/generate-bindings.sh swift

profile=${NOROCHESS_PROFILE:-release}
[[ $profile == dev ]] && profile=debug
library=${CARGO_TARGET_DIR:-target}/$profile/libnorochess_ffi.so
[[ -f $library ]] || die "no $library (generate-bindings.sh should have built it)"

# The package and the library go into the root; SwiftPM's .build stays there
# between runs, so later builds are incremental.
work=${NOROCHESS_SWIFT_WORK:-norochess}
[[ $work =~ ^[A-Za-z0-9._-]+$ ]] || die "NOROCHESS_SWIFT_WORK must be a plain folder name, not '$work'"
dest=$root/$work
mkdir -p "$dest/lib" "$dest/NorochessKit"
rm -rf "$dest/NorochessKit/Package.swift" "$dest/NorochessKit/Sources" "$dest/NorochessKit/Tests"
cp -a ios/NorochessKit/Package.swift ios/NorochessKit/Sources ios/NorochessKit/Tests "$dest/NorochessKit/"
cp "$library" "$dest/lib/"

mount_proc "$root"
log "Swift tests (XCTest) in the $suite root"
# lld: the default linker (gold) fails on the toolchain's Observation library.
# The tests are XCTest only: --disable-swift-testing keeps swift-testing's
# empty run (and its "0 tests passed" line) out.
output=$(mktemp)
status=0
chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/bin:/bin \
    LD_LIBRARY_PATH="/$work/lib" \
    /bin/sh -c "cd /$work/NorochessKit && swift test --disable-swift-testing -Xswiftc -use-ld=lld -Xlinker -L/$work/lib" \
    2>&1 | tee "$output" || status=$?
passed=$(grep -c "^Test Case '.*' passed" "$output" || true)
failed=$(grep -c "^Test Case '.*' failed" "$output" || true)
rm -f "$output"
echo "Swift: $passed passed, $failed failed"
if [[ $status -eq 0 && $passed -eq 0 ]]; then
    echo "no Swift test ran" >&2
    status=1
fi
exit "$status"
