#!/usr/bin/env bash
# Builds the Android app (android/app, with the kit and the generated
# bindings) on this machine, without Gradle or the Android SDK, as far as the
# tools here go:
#
# 1. Resources: Debian's aapt2 compiles res/ of the app and of every AndroidX
#    AAR it uses and links them (non-namespaced, as the Android Gradle plugin
#    does) against framework-res.apk of Android 14 (Debian trixie's
#    android-framework-res, fetched from Debian's archive and checked by its
#    SHA-256: bookworm's API 29 framework lacks android:lStar, which
#    androidx.core declares). The output: the resource table, the R classes
#    of the app and of each library package, the merged manifest
#    (android/app-build/merge_manifest.py).
# 2. Classes: the Kotlin compiler with the Compose plugin compiles all of
#    android/app against the pinned AndroidX libraries (classes.jar of each
#    AAR, android/app-build/pom.xml), those R classes and Robolectric's
#    android-all jar (API 35).
# 3. With --apk: d8 (r8 8.7.18) dexes the app and its libraries, the
#    resource table, classes.dex and the native libraries (JNA's dispatch
#    library for each ABI; libnorochess_ffi.so when scripts/build-android.sh
#    has built it, which needs the NDK: not on this machine) are packed,
#    zipaligned and signed with a throwaway debug key (apksigner).
#
# Output: android/app-build/target/{classes,r-classes,app-resources.apk,
# AndroidManifest.xml,norochess-debug.apk}. Needs the generated Kotlin
# bindings (scripts/generate-bindings.sh kotlin) and aapt2 (Debian's aapt),
# plus zipalign and apksigner for --apk (scripts/install-tools.sh).
# Environment: NOROCHESS_MAVEN_REPO (default ~/.m2/repository).
set -euo pipefail
cd "$(dirname "$0")/.."

apk=0
[[ ${1:-} == --apk ]] && apk=1

repo=${NOROCHESS_MAVEN_REPO:-$HOME/.m2/repository}
work=android/app-build/target
deps=$work/deps
jars=$work/jars
res=$work/res

rm -rf "$deps"  # exactly the pom's list, nothing left from an older one
mvn -q -B -Dstyle.color=never -Dmaven.repo.local="$repo" -f android/app-build/pom.xml initialize 2>&1 |
    sed -u 's/\x1b\[[0-9;]*m//g'

# The app's identity, once: android/app/build.gradle.kts.
gradle=android/app/build.gradle.kts
setting() { sed -n "s/^ *$1 = \"\{0,1\}\([^\"]*\)\"\{0,1\}$/\1/p" "$gradle" | head -1; }
namespace=$(setting namespace) application_id=$(setting applicationId)
min_sdk=$(setting minSdk) target_sdk=$(setting targetSdk)
version_code=$(setting versionCode) version_name=$(setting versionName)
for value in namespace application_id min_sdk target_sdk version_code version_name; do
    [[ -n ${!value} ]] || { echo "$gradle: no $value found" >&2; exit 1; }
done

# framework-res.apk of Android 14, cached outside the clone.
cache=${XDG_CACHE_HOME:-$HOME/.cache}/norochess
framework=$cache/framework-res-14.apk
if [[ ! -f $framework ]]; then
    mkdir -p "$cache"
    deb=$cache/android-framework-res_14.deb
    curl -fsS -m 300 -o "$deb" \
        'https://deb.debian.org/debian/pool/main/a/android-platform-frameworks-base/android-framework-res_14~beta1-3_all.deb'
    echo "2813eeaa722b1fc67d66701ddb6111d4b74f84df20974c220da04b0ef5f4c1c8  $deb" | sha256sum -c --quiet
    unpacked=$(mktemp -d)
    dpkg-deb -x "$deb" "$unpacked"
    mv "$unpacked/usr/share/android-framework-res/framework-res.apk" "$framework"
    rm -rf "$unpacked" "$deb"
fi

rm -rf "$jars" "$res" "$work/generated" "$work/classes" "$work/r-classes"
mkdir -p "$jars" "$res/compiled" "$res/java" "$work/generated" "$work/r-classes"

# Each AAR: classes.jar for the class path, res/ compiled, its manifest and
# package for the merged manifest and the R classes.
classpath=() runtime=() overlays=() manifests=() packages=()
for file in "$deps"/*; do
    name=$(basename "$file")
    case $name in
        kotlin-compiler-embeddable-* | kotlin-daemon-embeddable-* | kotlin-script-runtime-* | kotlin-reflect-* | \
            trove4j-* | annotations-13.0.jar | kotlin-compose-compiler-plugin-embeddable-* | r8-*) continue ;;
        android-all-*) classpath+=("$file") ;;
        *.aar)
            base=${name%.aar}
            unzip -q -p "$file" classes.jar >"$jars/$base.jar"
            classpath+=("$jars/$base.jar") runtime+=("$jars/$base.jar")
            mkdir -p "$res/aar/$base"
            unzip -q -o "$file" AndroidManifest.xml 'res/*' -d "$res/aar/$base" 2>/dev/null ||
                unzip -q -o "$file" AndroidManifest.xml -d "$res/aar/$base"
            manifests+=("$res/aar/$base/AndroidManifest.xml")
            packages+=("$(sed -n 's/.*package="\([^"]*\)".*/\1/p' "$res/aar/$base/AndroidManifest.xml" | head -1)")
            if [[ -d $res/aar/$base/res ]]; then
                aapt2 compile --dir "$res/aar/$base/res" -o "$res/compiled/$base.zip"
                overlays+=(-R "$res/compiled/$base.zip")
            fi
            ;;
        *.jar) classpath+=("$file") runtime+=("$file") ;;
    esac
done

python3 android/app-build/merge_manifest.py android/app/src/main/AndroidManifest.xml "$namespace" \
    "$application_id" "$min_sdk" "$target_sdk" "$version_code" "$version_name" \
    "$work/AndroidManifest.xml" "${manifests[@]}"
aapt2 compile --dir android/app/src/main/res -o "$res/compiled/app.zip"
# aapt2 of Android 10 does not know the staged-alias chunk of Android 14's
# table ("Unknown chunk type '200'"), which only maps names being finalised.
aapt2 link -I "$framework" --manifest "$work/AndroidManifest.xml" -o "$work/app-resources.apk" \
    --custom-package "$namespace" --extra-packages "$(IFS=:; echo "${packages[*]}")" \
    --java "$res/java" --auto-add-overlay "${overlays[@]}" "$res/compiled/app.zip" 2>&1 |
    { grep -v "Unknown chunk type '200'" || true; } >&2
[[ -f $work/app-resources.apk ]] || { echo "aapt2 link failed" >&2; exit 1; }
mapfile -t r_sources < <(find "$res/java" -name R.java)
javac -nowarn --release 17 -d "$work/r-classes" "${r_sources[@]}"
echo "resources: the app's and $((${#overlays[@]} / 2)) libraries' linked, ${#r_sources[@]} R classes"

cat >"$work/generated/BuildConfig.kt" <<KT
// Generated by scripts/build-android-app.sh (the Android Gradle plugin writes the real one).
package $namespace

object BuildConfig {
    const val DEBUG: Boolean = true
    const val APPLICATION_ID: String = "$application_id"
    const val VERSION_NAME: String = "$version_name"
}
KT

compiler=$(printf '%s:' "$deps"/kotlin-compiler-embeddable-*.jar "$deps"/kotlin-daemon-embeddable-*.jar \
    "$deps"/kotlin-script-runtime-*.jar "$deps"/kotlin-reflect-*.jar "$deps"/trove4j-*.jar "$deps"/annotations-13.0.jar \
    "$deps"/kotlin-stdlib-*.jar "$deps"/kotlinx-coroutines-core-jvm-*.jar)
plugin=$(echo "$deps"/kotlin-compose-compiler-plugin-embeddable-*.jar)
sources=(android/app/src/main/kotlin android/norochess-kit/src/main/kotlin
    android/norochess-kit/src/generated/kotlin "$work/generated")
files=$(find "${sources[@]}" -name '*.kt' | wc -l)

echo "compiling $files Kotlin files against ${#classpath[@]} libraries"
java -Xmx1g -cp "${compiler%:}" org.jetbrains.kotlin.cli.jvm.K2JVMCompiler \
    -no-stdlib -no-reflect -jvm-target 17 -Xplugin="$plugin" -nowarn \
    -classpath "$(IFS=:; echo "${classpath[*]}:$work/r-classes")" \
    -d "$work/classes" "${sources[@]}"
echo "Android app: $files files compiled"
# The class path the app runs on (the Robolectric rail reads it).
printf '%s\n' "${runtime[@]}" >"$work/runtime-classpath.txt"

[[ $apk == 1 ]] || exit 0

# The debug APK.
stage=$work/apk
rm -rf "$stage" "$work"/*.apk.tmp "$work/norochess-debug.apk"
mkdir -p "$stage/dex"
(cd "$work/classes" && jar cf ../app-classes.jar .)
(cd "$work/r-classes" && jar cf ../r-classes.jar .)
android_jar=$(echo "$deps"/android-all-*.jar)
java -Xmx2g -cp "$(echo "$deps"/r8-*.jar)" com.android.tools.r8.D8 --debug --min-api "$min_sdk" \
    --lib "$android_jar" --output "$stage/dex" \
    "$work/app-classes.jar" "$work/r-classes.jar" "${runtime[@]}" 2>&1 |
    { grep -v "^Warning\|^Info\|^Methods with invalid locals\|^  java.lang.Object kotlinx\|^  Attempt to define local" || true; }
[[ -f $stage/dex/classes.dex ]] || { echo "d8 wrote no classes.dex" >&2; exit 1; }

# Native libraries: JNA's dispatch library (from its AAR) and the Rust
# library, for the ABIs of build.gradle.kts's abiFilters.
jna=$(echo "$work"/native/jna-*.aar)
abis=$(sed -n 's/.*abiFilters += listOf(\(.*\)).*/\1/p' "$gradle" | tr -d '" ' | tr , ' ')
rust_libs=0
for abi in $abis; do
    mkdir -p "$stage/lib/$abi"
    unzip -q -j -o "$jna" "jni/$abi/libjnidispatch.so" -d "$stage/lib/$abi"
    rust=android/norochess-kit/src/main/jniLibs/$abi/libnorochess_ffi.so
    if [[ -f $rust ]]; then
        cp "$rust" "$stage/lib/$abi/"
        rust_libs=$((rust_libs + 1))
    fi
done

cp "$work/app-resources.apk" "$work/unsigned.apk.tmp"
(cd "$stage/dex" && zip -q -X "../../unsigned.apk.tmp" classes*.dex)
# Native libraries stored, not compressed (the platform maps them from the APK).
(cd "$stage" && zip -q -X -0 -r "../unsigned.apk.tmp" lib)
zipalign -f -p 4 "$work/unsigned.apk.tmp" "$work/aligned.apk.tmp"
keystore=$work/debug.keystore
if [[ ! -f $keystore ]]; then
    keytool -genkeypair -keystore "$keystore" -storepass android -keypass android -alias debug \
        -keyalg RSA -keysize 2048 -validity 365 -dname "CN=Norochess debug" >/dev/null 2>&1
fi
apksigner sign --ks "$keystore" --ks-pass pass:android --key-pass pass:android \
    --out "$work/norochess-debug.apk" "$work/aligned.apk.tmp"
rm -f "$work"/*.apk.tmp "$work"/*.apk.tmp.idsig "$work"/norochess-debug.apk.idsig
echo "APK: $work/norochess-debug.apk ($(du -k "$work/norochess-debug.apk" | cut -f1) KiB," \
    "$rust_libs of ${abis// /, } with the Rust library: it needs the NDK, scripts/build-android.sh)"
