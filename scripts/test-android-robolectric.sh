#!/usr/bin/env bash
# The Robolectric rail: JUnit 4 tests that start the real MainActivity of
# android/app, as scripts/build-android-app.sh compiled it (the pinned AndroidX
# Compose Android artifacts, the resources linked by aapt2, the merged
# manifest), on Robolectric 4.14.1's Android 15 (API 35), against the host
# build of the Rust library through JNA. Offline: Maven fetches everything
# first (android/robolectric-rail/pom.xml); Robolectric downloads nothing.
#
# Prints `Android Robolectric: N passed, N failed, N skipped`; exits non-zero
# when a test fails or none ran. Run scripts/build-android-app.sh first.
# Environment: NOROCHESS_MAVEN_REPO (default ~/.m2/repository);
# NOROCHESS_PROFILE as for generate-bindings.sh; NOROCHESS_TESTS, a space-separated
# list of test classes to run instead of all (simple names).
set -euo pipefail
cd "$(dirname "$0")/.."

repo=${NOROCHESS_MAVEN_REPO:-$HOME/.m2/repository}
profile=${NOROCHESS_PROFILE:-release}
[[ $profile == dev ]] && profile=debug
library_dir=$(pwd)/${CARGO_TARGET_DIR:-target}/$profile
[[ ${CARGO_TARGET_DIR:-} == /* ]] && library_dir=$CARGO_TARGET_DIR/$profile
build=$(pwd)/android/app-build/target
rail=android/robolectric-rail
work=$(pwd)/$rail/target
[[ -f $build/runtime-classpath.txt ]] || { echo "run scripts/build-android-app.sh first" >&2; exit 1; }

mvn -q -B -Dstyle.color=never -Dmaven.repo.local="$repo" -f "$rail/pom.xml" initialize 2>&1 |
    sed -u 's/\x1b\[[0-9;]*m//g'

rm -rf "$work/jars" "$work/test-classes" "$work/config" "$work/reports"
mkdir -p "$work/jars" "$work/test-classes" "$work/config/com/android/tools" "$work/reports"
testpath=()
for file in "$work"/robolectric/* "$work"/androidx-test/*; do
    name=$(basename "$file")
    case $name in
        *.aar)
            unzip -q -p "$file" classes.jar >"$work/jars/${name%.aar}.jar"
            testpath+=("$work/jars/${name%.aar}.jar")
            ;;
        *.jar) testpath+=("$file") ;;
    esac
done
mapfile -t runtime <"$build/runtime-classpath.txt"
runtime=("${runtime[@]/#/$(pwd)/}")
app_path=("$build/classes" "$build/r-classes" "${runtime[@]}")

# Where Robolectric finds the app: the merged manifest and the resource table
# aapt2 linked (binary resources, as on a device).
cat >"$work/config/com/android/tools/test_config.properties" <<PROPERTIES
android_merged_manifest=$build/AndroidManifest.xml
android_resource_apk=$build/app-resources.apk
android_custom_package=app.norochess.android
PROPERTIES
# A phone of the size the desktop rail draws (400 x 860 dp), at xhdpi.
printf 'sdk=35\nqualifiers=w400dp-h860dp-xhdpi\n' >"$work/config/robolectric.properties"

deps=android/app-build/target/deps
compiler=$(printf '%s:' "$deps"/kotlin-compiler-embeddable-*.jar "$deps"/kotlin-daemon-embeddable-*.jar \
    "$deps"/kotlin-script-runtime-*.jar "$deps"/kotlin-reflect-*.jar "$deps"/trove4j-*.jar "$deps"/annotations-13.0.jar \
    "$deps"/kotlin-stdlib-*.jar "$deps"/kotlinx-coroutines-core-jvm-*.jar)
plugin=$(echo "$deps"/kotlin-compose-compiler-plugin-embeddable-*.jar)
android_jar=$(echo "$deps"/android-all-*.jar)
files=$(find "$rail/src/test/kotlin" -name '*.kt' | wc -l)
echo "compiling $files test files"
java -Xmx1g -cp "${compiler%:}" org.jetbrains.kotlin.cli.jvm.K2JVMCompiler \
    -no-stdlib -no-reflect -jvm-target 17 -Xplugin="$plugin" -nowarn \
    -classpath "$(IFS=:; echo "${app_path[*]}:${testpath[*]}:$android_jar")" \
    -d "$work/test-classes" "$rail/src/test/kotlin"

if [[ -n ${NOROCHESS_TESTS:-} ]]; then
    read -ra classes <<<"$NOROCHESS_TESTS"
    classes=("${classes[@]/#/app.norochess.robolectric.}")
else
    mapfile -t classes < <(cd "$work/test-classes" && find . -name '*Test.class' ! -name '*$*' |
        sed 's|^\./||; s|\.class$||; s|/|.|g' | sort)
fi

status=0
java -Xmx3g \
    -Drobolectric.offline=true -Drobolectric.dependency.dir="$work/android-all" \
    -Drobolectric.logging.enabled=false \
    -Djna.library.path="$library_dir" -Dnorochess.rail.reports="$work/reports" \
    -Dnorochess.rail.goldens="$(pwd)/$rail/src/test/goldens" \
    -cp "$(IFS=:; echo "$work/test-classes:$work/config:${app_path[*]}:${testpath[*]}:$android_jar")" \
    org.junit.runner.JUnitCore "${classes[@]}" >"$work/reports/output.txt" 2>&1 || status=$?

# JUnitCore's tally: "OK (N tests)" or "Tests run: N,  Failures: M".
output=$work/reports/output.txt
if ok=$(grep -o '^OK ([0-9]* tests\?)' "$output"); then
    tests=${ok//[^0-9]/} failed=0
else
    tests=$(sed -n 's/^Tests run: \([0-9]*\),.*/\1/p' "$output" | tail -1)
    failed=$(sed -n 's/.*Failures: \([0-9]*\).*/\1/p' "$output" | tail -1)
    sed -n '/^There w[ae][sr]e\? [0-9]* failure/,/^FAILURES/p' "$output" | head -200
fi
tests=${tests:-0} failed=${failed:-0}
echo "Android Robolectric: $((tests - failed)) passed, $failed failed, 0 skipped"
if [[ $tests -eq 0 ]]; then
    tail -40 "$output" >&2
    echo "no Android Robolectric test ran" >&2
    status=1
fi
exit "$status"
