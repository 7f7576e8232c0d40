#!/usr/bin/env bash
# Generates the Kotlin bindings from the host build of the Rust library and
# runs the JUnit 5 tests of android/norochess-kit on the JVM (Maven), which
# load that library through JNA.
#
# Environment: NOROCHESS_MAVEN_REPO, the Maven repository cache (default
# ~/.m2/repository); NOROCHESS_PROFILE as for generate-bindings.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

profile=${NOROCHESS_PROFILE:-release}
[[ $profile == dev ]] && profile=debug
repo=${NOROCHESS_MAVEN_REPO:-$HOME/.m2/repository}
library_dir=$(pwd)/${CARGO_TARGET_DIR:-target}/$profile
[[ ${CARGO_TARGET_DIR:-} == /* ]] && library_dir=$CARGO_TARGET_DIR/$profile

bash scripts/generate-bindings.sh kotlin

echo "== Kotlin tests (Maven, JUnit 5) against $library_dir"
cd android/norochess-kit
rm -rf target/surefire-reports
status=0
# (Maven 3.8 writes colour resets even in batch mode: strip them.)
mvn -q -B -Dstyle.color=never -Dmaven.repo.local="$repo" -Dnorochess.library.dir="$library_dir" test 2>&1 |
    sed -u 's/\x1b\[[0-9;]*m//g' || status=$?

# Maven is quiet (-q): print the tally from Surefire's reports.
tests=0 failed=0 skipped=0
for report in target/surefire-reports/TEST-*.xml; do
    [[ -f $report ]] || continue
    line=$(grep -m1 '<testsuite' "$report")
    attr() { sed -n "s/.* $1=\"\([0-9]*\)\".*/\1/p" <<<"$line"; }
    tests=$((tests + $(attr tests)))
    failed=$((failed + $(attr failures) + $(attr errors)))
    skipped=$((skipped + $(attr skipped)))
done
echo "Kotlin: $((tests - failed - skipped)) passed, $failed failed, $skipped skipped"
if [[ $tests -eq 0 && $status -eq 0 ]]; then
    echo "no Kotlin test ran" >&2
    status=1
fi
exit "$status"
