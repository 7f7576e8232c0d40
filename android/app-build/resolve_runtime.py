#!/usr/bin/env python3
"""Prints the Android app's whole runtime class path, resolved as Gradle
resolves it, as <artifactItem> lines for pom.xml (a maintenance tool: run it
when android/gradle/libs.versions.toml changes, paste its output into
pom.xml's "runtime" list, and check that the build and the rails still pass).

    resolve_runtime.py [--bom GROUP:ARTIFACT:VERSION]... GROUP:ARTIFACT:VERSION...

Why not Maven: AndroidX publishes for Gradle. Its POMs name Kotlin
Multiplatform roots (`androidx.compose.ui:ui-text`) whose Android code is in
`ui-text-android`, exact ranges (`[1.7.6]`) without the metadata Maven needs,
and AAR types. Gradle's rules, applied here: the highest version asked for
wins; compile and runtime scopes are followed, test, provided and optional
ones are not, nor dependencyManagement (the BOM-like constraints); a root
that has an `-android` (else `-jvm`) artifact at that version is replaced by
it, as Gradle module metadata would."""
import re
import sys
import urllib.error
import urllib.request

CENTRAL = "https://repo.maven.apache.org/maven2"
_cache = {}


def fetch(group, artifact, version, kind="pom"):
    key = (group, artifact, version, kind)
    if key not in _cache:
        url = f"{CENTRAL}/{group.replace('.', '/')}/{artifact}/{version}/{artifact}-{version}.{kind}"
        # Only the POM is read; for an archive, whether it exists.
        request = urllib.request.Request(url, method="GET" if kind == "pom" else "HEAD")
        try:
            with urllib.request.urlopen(request, timeout=60) as reply:
                _cache[key] = reply.read().decode("utf-8", "replace") if kind == "pom" else "present"
        except urllib.error.HTTPError as error:
            if error.code != 404:
                raise
            _cache[key] = None
    return _cache[key]


def version_key(version):
    return [int(part) if part.isdigit() else -1 for part in re.split(r"[.\-]", version)]


def dependencies(pom):
    pom = re.sub(r"<dependencyManagement>.*?</dependencyManagement>", "", pom, flags=re.S)
    for block in re.findall(r"<dependency>(.*?)</dependency>", pom, re.S):
        field = lambda name: (re.search(rf"<{name}>\s*(.*?)\s*</{name}>", block) or [None, None])[1]
        if field("scope") in ("test", "provided", "system") or field("optional") == "true":
            continue
        version = (field("version") or "").strip("[]")
        if version:
            yield field("groupId"), field("artifactId"), version


def platform_variant(group, artifact, version):
    """The artifact Gradle picks for Android: `-android`, else `-jvm`, else itself."""
    if artifact.endswith(("-android", "-jvm")):
        return artifact
    for suffix in ("-android", "-jvm"):
        if fetch(group, artifact + suffix, version) is not None:
            return artifact + suffix
    return artifact


def packaging(pom):
    found = re.search(r"<packaging>(.*?)</packaging>", pom)
    return found.group(1) if found else "jar"


def bom_constraints(bom):
    """A BOM's versions (Gradle's platform()): they take part as if asked for."""
    group, artifact, version = bom
    pom = fetch(group, artifact, version)
    if pom is None:
        raise SystemExit(f"{group}:{artifact}:{version}: no BOM")
    managed = re.search(r"<dependencyManagement>(.*?)</dependencyManagement>", pom, re.S)
    constraints = {}
    for block in re.findall(r"<dependency>(.*?)</dependency>", managed.group(1) if managed else "", re.S):
        field = lambda name: re.search(rf"<{name}>\s*(.*?)\s*</{name}>", block).group(1)
        constraints[(field("groupId"), field("artifactId"))] = field("version")
    return constraints


# AndroidX groups released together: Gradle module metadata makes every
# artifact of the group take the group's highest version (an old
# lifecycle-viewmodel-ktx beside a new lifecycle-viewmodel would hold the
# same classes twice).
ATOMIC_GROUPS = ("androidx.activity", "androidx.collection", "androidx.core", "androidx.lifecycle", "org.jetbrains.kotlin",
                 "androidx.savedstate", "androidx.compose.")


def module(group, artifact):
    """`ui-text` and `ui-text-android` are one module (a root and its variant)."""
    return group, re.sub(r"-(android|jvm)$", "", artifact)


def atomic(group):
    return any(group == g or (g.endswith(".") and group.startswith(g)) for g in ATOMIC_GROUPS)


def resolve(roots, constraints):
    """Edges are read from the winners' POMs (as Gradle does): a lower version
    asked for on the way is never read, so the mirror need not have it."""
    floors = {}  # an atomic group's highest version, from the last pass
    while True:
        def raised(group, artifact, version):
            for bound in (constraints.get(module(group, artifact)), floors.get(group)):
                if bound and version_key(bound) > version_key(version):
                    version = bound
            return version

        winners = {}  # module -> version
        for group, artifact, version in roots:
            winners[module(group, artifact)] = raised(group, artifact, version)
        reached = {}
        queue = list(winners)
        while queue:
            key = queue.pop()
            version = winners[key]
            if reached.get(key) == version:
                continue
            reached[key] = version
            pom = fetch(key[0], platform_variant(key[0], key[1], version), version)
            if pom is None:
                continue  # superseded later by a higher version, or reported below
            for group, artifact, asked in dependencies(pom):
                dep = module(group, artifact)
                asked = raised(group, artifact, asked)
                if dep not in winners or version_key(asked) > version_key(winners[dep]):
                    winners[dep] = asked
                    queue.append(dep)
        new_floors = dict(floors)
        for (group, _), version in winners.items():
            if atomic(group) and version_key(version) > version_key(new_floors.get(group, "0")):
                new_floors[group] = version
        if new_floors == floors:
            break
        floors = new_floors
    resolved = {(g, platform_variant(g, a, v)): v for (g, a), v in winners.items()}
    missing = [f"{g}:{a}:{v}" for (g, a), v in resolved.items() if fetch(g, a, v) is None]
    if missing:
        raise SystemExit(f"no POM for {', '.join(missing)}")
    return resolved


def main():
    args = sys.argv[1:]
    constraints, roots = {}, []
    while args:
        arg = args.pop(0)
        if arg == "--bom":
            constraints.update(bom_constraints(tuple(args.pop(0).split(":"))))
        else:
            roots.append(tuple(arg.split(":")))
    for (group, artifact), version in sorted(resolve(roots, constraints).items()):
        kind = packaging(fetch(group, artifact, version))
        if kind == "pom":
            continue  # no archive: only dependencies, already followed (kotlin-stdlib-common 2)
        kind = "aar" if kind == "aar" else "jar"
        if kind == "jar" and fetch(group, artifact, version, "jar") is None and fetch(group, artifact, version, "aar") is not None:
            kind = "aar"
        print(f"                <artifactItem><groupId>{group}</groupId><artifactId>{artifact}</artifactId>"
              f"<version>{version}</version><type>{kind}</type></artifactItem>")


if __name__ == "__main__":
    main()
