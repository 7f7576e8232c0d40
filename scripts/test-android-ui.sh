#!/usr/bin/env bash
# The Android app's verification rail, on this machine without the Android SDK:
#
# 1. android/compose-rail (Maven): the app's stateless screens
#    (android/app/src/main/kotlin/app/norochess/android/ui), unchanged, with the
#    kit and the generated bindings, compiled against Compose Multiplatform for
#    the desktop; UI tests (runComposeUiTest) against the host build of the
#    Rust library; every screen rendered to PNG and compared with the goldens
#    in android/compose-rail/src/test/goldens.
# 2. scripts/build-android-app.sh --apk: the whole of android/app (Activity,
#    view models, resources linked by aapt2) compiled with the Kotlin compiler
#    against the pinned AndroidX AARs and Robolectric's android-all jar, dexed
#    and packed into a signed debug APK, which scripts/check-android-apk.sh
#    inspects.
# 3. scripts/test-android-robolectric.sh: the real MainActivity on
#    Robolectric's Android 15 against the host library.
#
# NOROCHESS_UPDATE_GOLDENS=1 rewrites the goldens instead of comparing (look
# at them, then commit). Rendered images: android/compose-rail/target/screenshots.
# Environment: NOROCHESS_MAVEN_REPO (default ~/.m2/repository); NOROCHESS_PROFILE
# as for generate-bindings.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

start=$SECONDS

# The goldens were drawn with DejaVu Sans (Skia picks the system's fonts).
if ! fc-list 2>/dev/null | grep -q DejaVuSans; then
    if [[ $(id -u) == 0 ]]; then
        export DEBIAN_FRONTEND=noninteractive
        apt-get install -y -qq fontconfig fonts-dejavu-core >/dev/null ||
            { apt-get update -qq && apt-get install -y -qq fontconfig fonts-dejavu-core >/dev/null; }
    else
        echo "fonts-dejavu-core is missing: the screenshots will not match" >&2
    fi
fi

bash scripts/generate-bindings.sh kotlin

echo "== Android screens on Compose desktop: UI tests and goldens (Maven, JUnit 4)"
status=0
bash scripts/maven-tests.sh android/compose-rail "Android UI" || status=$?
shots=$(find android/compose-rail/target/screenshots -name '*.png' ! -name '*.diff.png' 2>/dev/null | wc -l)
echo "Android UI: $shots screens rendered"

echo "== Android app built without Gradle: aapt2, Kotlin compiler, d8, apksigner"
if bash scripts/build-android-app.sh --apk; then
    bash scripts/check-android-apk.sh || status=$?
    echo "== Android app on Robolectric (Android 15): MainActivity against the host library"
    bash scripts/test-android-robolectric.sh || status=$?
else
    status=1
fi

echo "Android rail took $((SECONDS - start)) s"
exit "$status"
