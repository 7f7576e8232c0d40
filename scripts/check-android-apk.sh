#!/usr/bin/env bash
# Checks the debug APK scripts/build-android-app.sh --apk assembled, as a
# device would read it: the signature (apksigner verify, scheme v2), the
# identity and SDK levels of android/app/build.gradle.kts (aapt2 dump
# badging), the launcher activity, the adaptive launcher icon, the light and
# night window themes, every permission the code needs (the API table of
# android/compose-rail's ManifestTest, read from the same sources) in the
# merged manifest, the app's and the bindings' classes in the dex files, and
# the native libraries: JNA's for exactly the ABIs of abiFilters, stored so
# the platform maps them from the APK; the Rust library where
# scripts/build-android.sh built it (it needs the NDK; this machine has none,
# and the check says so instead of failing).
set -euo pipefail
cd "$(dirname "$0")/.."

apk=android/app-build/target/norochess-debug.apk
gradle=android/app/build.gradle.kts
[[ -f $apk ]] || { echo "no $apk: run scripts/build-android-app.sh --apk" >&2; exit 1; }
problems=0
fail() {
    echo "APK: $*" >&2
    problems=$((problems + 1))
}
setting() { sed -n "s/^ *$1 = \"\{0,1\}\([^\"]*\)\"\{0,1\}$/\1/p" "$gradle" | head -1; }
quiet_aapt2() { aapt2 "$@" 2>&1 | { grep -v "Unknown chunk type '200'" || true; }; }

signature=$(apksigner verify --verbose "$apk" 2>&1) || fail "apksigner refuses it: $signature"
grep -q 'Verified using v2 scheme (APK Signature Scheme v2): true' <<<"$signature" || fail "not signed with scheme v2"

badging=$(quiet_aapt2 dump badging "$apk")
expect() { grep -qF -- "$1" <<<"$badging" || fail "badging lacks: $1"; }
expect "package: name='$(setting applicationId)' versionCode='$(setting versionCode)' versionName='$(setting versionName)'"
expect "sdkVersion:'$(setting minSdk)'"
expect "targetSdkVersion:'$(setting targetSdk)'"
expect "launchable-activity: name='$(setting namespace).MainActivity'"
expect "application: label='Norochess' icon='res/mipmap-anydpi-v26/ic_launcher.xml'"
abis=$(sed -n 's/.*abiFilters += listOf(\(.*\)).*/\1/p' "$gradle" | tr -d '"' | tr , '\n' | tr -d ' ' | sort | xargs)
native=$(sed -n "s/^native-code: //p" <<<"$badging" | tr -d "'" | tr ' ' '\n' | sort | xargs)
[[ $native == "$abis" ]] || fail "native code for '$native', abiFilters say '$abis'"

# Every permission the code needs (the table ManifestTest keeps for the
# source manifest), now in the manifest the APK carries.
sources=$(find android/app/src/main/kotlin android/norochess-kit/src/main/kotlin -name '*.kt' -exec cat {} +)
while read -r pattern permission; do
    if grep -qE -- "$pattern" <<<"$sources"; then
        expect "uses-permission: name='$permission'"
    fi
done < <(sed -n 's/^ *Regex("""\(.*\)""") to "\(android\.permission\.[A-Z_]*\)",$/\1 \2/p' \
    android/compose-rail/src/test/kotlin/app/norochess/rail/ManifestTest.kt)

icon=$(quiet_aapt2 dump xmltree --file res/mipmap-anydpi-v26/ic_launcher.xml "$apk")
for layer in adaptive-icon background foreground monochrome; do
    grep -q "E: $layer" <<<"$icon" || fail "the adaptive icon has no <$layer>"
done
resources=$(quiet_aapt2 dump resources "$apk")
theme=$(grep -A8 'style/Theme.Norochess$' <<<"$resources")
grep -q '() (style)' <<<"$theme" || fail "no default (light) window theme"
grep -q '(night) (style)' <<<"$theme" || fail "no night window theme"

dex=$(mktemp -d)
unzip -q -o "$apk" 'classes*.dex' -d "$dex"
for class in app/norochess/android/MainActivity app/norochess/android/AppViewModel \
    app/norochess/core/GameSessionHandle com/sun/jna/Native androidx/compose/material3/MaterialThemeKt; do
    grep -qaF "L$class;" "$dex"/classes*.dex || fail "no $class in the dex files"
done
dexes=$(find "$dex" -name 'classes*.dex' | wc -l)
rm -rf "$dex"

listing=$(unzip -v "$apk")
rust=()
for abi in $abis; do
    grep -qE "Stored .* lib/$abi/libjnidispatch\.so$" <<<"$listing" || fail "lib/$abi/libjnidispatch.so missing or compressed"
    grep -q "lib/$abi/libnorochess_ffi.so$" <<<"$listing" && rust+=("$abi")
done

if [[ $problems -gt 0 ]]; then
    echo "APK check: $problems problems" >&2
    exit 1
fi
echo "APK check: signed (v2), $(setting applicationId) $(setting versionName), SDK $(setting minSdk)-$(setting targetSdk)," \
    "launcher activity, adaptive icon, light and night themes, permissions, $dexes dex files, JNA for $abis"
if [[ ${#rust[@]} -eq 0 ]]; then
    echo "APK check: the Rust library (libnorochess_ffi.so) is absent for every ABI: it needs the Android NDK," \
        "which this machine does not have (scripts/build-android.sh builds it where the NDK is)"
else
    echo "APK check: the Rust library for ${rust[*]}"
fi
