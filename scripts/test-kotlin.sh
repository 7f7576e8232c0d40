#!/usr/bin/env bash
# Generates the Kotlin bindings from the host build of the Rust library and
# runs the JUnit 5 tests of android/norochess-kit on the JVM (Maven), which
# load that library through JNA.
#
# Environment: NOROCHESS_MAVEN_REPO, the Maven repository cache (default
# ~/.m2/repository); NOROCHESS_PROFILE as for generate-bindings.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/generate-bindings.sh kotlin

echo "== Kotlin tests (Maven, JUnit 5) against the host library"
exec bash scripts/maven-tests.sh android/norochess-kit Kotlin
