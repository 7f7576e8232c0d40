#!/usr/bin/env bash
# Runs the Maven tests of one JVM module against the host build of the Rust
# library and prints their tally as `LABEL: N passed, N failed, N skipped`
# (Maven runs quietly; the tally comes from Surefire's reports). Exits with
# Maven's status, or 1 when no test ran. Used by test-kotlin.sh and
# test-android-ui.sh.
#
#   scripts/maven-tests.sh MODULE_DIR LABEL
#
# Environment: NOROCHESS_MAVEN_REPO (default ~/.m2/repository);
# NOROCHESS_PROFILE as for generate-bindings.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
module=$1 label=$2

profile=${NOROCHESS_PROFILE:-release}
[[ $profile == dev ]] && profile=debug
repo=${NOROCHESS_MAVEN_REPO:-$HOME/.m2/repository}
library_dir=$(pwd)/${CARGO_TARGET_DIR:-target}/$profile
[[ ${CARGO_TARGET_DIR:-} == /* ]] && library_dir=$CARGO_TARGET_DIR/$profile

cd "$module"
# The classes too: Kotlin's incremental compile keeps test classes built
# against regenerated bindings whose types moved package (NoSuchMethodError).
rm -rf target/surefire-reports target/classes target/test-classes target/kotlin-ic
status=0
# (Maven 3.8 writes colour resets even in batch mode: strip them.)
mvn -q -B -Dstyle.color=never -Dmaven.repo.local="$repo" -Dnorochess.library.dir="$library_dir" test 2>&1 |
    sed -u 's/\x1b\[[0-9;]*m//g' || status=$?

tests=0 failed=0 skipped=0
for report in target/surefire-reports/TEST-*.xml; do
    [[ -f $report ]] || continue
    line=$(grep -m1 '<testsuite' "$report")
    attr() { sed -n "s/.* $1=\"\([0-9]*\)\".*/\1/p" <<<"$line"; }
    tests=$((tests + $(attr tests)))
    failed=$((failed + $(attr failures) + $(attr errors)))
    skipped=$((skipped + $(attr skipped)))
done
echo "$label: $((tests - failed - skipped)) passed, $failed failed, $skipped skipped"
if [[ $tests -eq 0 && $status -eq 0 ]]; then
    echo "no $label test ran" >&2
    status=1
fi
exit "$status"
