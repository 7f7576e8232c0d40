#!/usr/bin/env bash
# Static checks of the iOS app that run on Linux without Apple's SDK
# (SwiftUI cannot be compiled here; NorochessKit is built and tested by
# scripts/test-swift.sh):
#
#  1. syntax: `swiftc -parse` over every Swift file of ios/NorochessApp
#     (Swift 6.0 in the Debian trixie root of scripts/test-swift.sh), then
#     `swiftc -typecheck` of the same files against the NorochessKit module
#     that scripts/test-swift.sh built and ios/LinuxStubs (SwiftUI, UIKit and
#     AudioToolbox signatures, no implementation): a view that uses a model
#     with a wrong type, label or optional fails here;
#  2. XcodeGen's project.yml against the files on disk: every Swift file
#     and resource under ios/NorochessApp is inside a listed source, every
#     listed path exists, the deployment target is iOS 17.0 as in
#     ios/NorochessKit/Package.swift and scripts/build-ios.sh;
#  3. the String Catalog: Localizable.xcstrings is valid JSON with English
#     as its source language, and holds every key the models pass to
#     `tr("…")` and every literal the views give Text, Button, Label and
#     their kin (a literal with `\(…)` interpolation is refused: the models
#     build such strings);
#  4. every member the views use on a model (`model.x`, `app.x`, `square.x`…)
#     is declared in NorochessKit or its generated bindings;
#  5. the views keep to their rules: no Task.detached, no
#     `.constant(` bindings, no ObservableObject/@Published/@StateObject
#     (Observation only), no fixed font sizes (Dynamic Type), no `try!`;
#  6. the asset catalog: Assets.xcassets/Contents.json, AppIcon.appiconset
#     (a universal iOS 1024x1024 image, each listed PNG present, of its
#     size and opaque) and AccentColor.colorset (every colour complete),
#     project.yml naming both; the icon PNG is what scripts/make-app-icon.py
#     draws from ios/NorochessApp/Icon/AppIcon.svg;
#  7. the privacy manifest Resources/PrivacyInfo.xcprivacy (read with
#     Python's plistlib: plutil is macOS only): no tracking, no tracking
#     domains, a collected-data array, every accessed-API category known
#     with reasons Apple defines, and the categories the code needs
#     declared (file timestamps C617.1 and disk space for the bundled
#     SQLite, system boot time 35F9.1 when a Swift source uses a monotonic
#     clock, UserDefaults CA92.1 when one uses it); project.yml puts
#     .xcprivacy files in the resources build phase;
#  8. every interactive view of the app (Button, Toggle, Picker, Stepper,
#     TextField, Menu, ShareLink, Link, NavigationLink, .onTapGesture) has
#     an accessibility label as far as a text check can tell: a title
#     argument, a Text, Label or LabeledContent in its label closure, or an
#     .accessibilityLabel among the modifiers chained after it.
#
#   scripts/check-ios-app.sh            all checks (1 needs root, as test-swift.sh)
#   scripts/check-ios-app.sh --write-catalog   first adds the missing keys to the catalog
#   NOROCHESS_SKIP_SWIFT=1 scripts/check-ios-app.sh   checks 2-8 only
set -euo pipefail
cd "$(dirname "$0")/.."

app=ios/NorochessApp
kit=ios/NorochessKit
status=0
write_catalog=0
[[ ${1:-} == --write-catalog ]] && write_catalog=1

echo "== iOS app: project.yml, String Catalog and view rules"
python3 - "$app" "$kit" "$write_catalog" <<'PY' || status=1
import json, os, re, sys

app, kit, write_catalog = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
problems = []

# --- project.yml (the subset XcodeGen reads here: indentation and `- path:` lists)
spec = open(os.path.join(app, "project.yml"), encoding="utf-8").read().splitlines()
sources, in_sources, indent = [], False, 0
for line in spec:
    stripped = line.strip()
    if not stripped or stripped.startswith("#"):
        continue
    depth = len(line) - len(line.lstrip())
    if stripped in ("sources:", "resources:"):
        in_sources, indent = True, depth
        continue
    if in_sources:
        if depth <= indent and not stripped.startswith("-"):
            in_sources = False
        else:
            m = re.match(r"-\s*(?:path:\s*)?(\S+)$", stripped)
            if m:
                sources.append(m.group(1).strip("\"'"))
            continue
if not sources:
    problems.append("project.yml lists no sources")
for s in sources:
    if not os.path.exists(os.path.join(app, s)):
        problems.append(f"project.yml lists {s}, which does not exist")
m = re.search(r'iOS:\s*"?([0-9.]+)"?', "\n".join(spec))
if not m or m.group(1) != "17.0":
    problems.append("project.yml: the iOS deployment target must be 17.0")
package = open(os.path.join(kit, "Package.swift"), encoding="utf-8").read()
if ".iOS(.v17)" not in package:
    problems.append("Package.swift: the iOS platform must be .iOS(.v17), as project.yml")
build_ios = open(os.path.join(app, "..", "..", "scripts", "build-ios.sh"), encoding="utf-8").read()
if "IPHONEOS_DEPLOYMENT_TARGET:-17.0" not in build_ios or ".macOS(.v14)" not in package \
        or "MACOSX_DEPLOYMENT_TARGET:-14.0" not in build_ios:
    problems.append("scripts/build-ios.sh: its deployment targets must be Package.swift's (iOS 17.0, macOS 14.0)")

def covered(path):
    rel = os.path.relpath(path, app)
    return any(rel == s or rel.startswith(s.rstrip("/") + "/") for s in sources)

swift_files, resources = [], []
for root, dirs, files in os.walk(app):
    dirs[:] = [d for d in dirs if not d.endswith((".xcodeproj", ".xcassets")) and d != "build"]
    for f in files:
        p = os.path.join(root, f)
        if f.endswith(".swift"):
            swift_files.append(p)
        elif f.endswith((".xcstrings", ".strings", ".plist", ".json", ".caf", ".wav", ".xcprivacy")):
            resources.append(p)
for p in swift_files + resources:
    if not covered(p):
        problems.append(f"{os.path.relpath(p, app)} is not covered by project.yml's sources")
for d, _, _ in os.walk(app):
    if d.endswith(".xcassets") and not covered(d):
        problems.append(f"{os.path.relpath(d, app)} is not covered by project.yml's sources")

# --- String Catalog
catalog_path = os.path.join(app, "Resources", "Localizable.xcstrings")
try:
    catalog = json.load(open(catalog_path, encoding="utf-8"))
except Exception as e:  # noqa: BLE001
    print(f"{catalog_path}: {e}")
    sys.exit(1)
if catalog.get("sourceLanguage") != "en":
    problems.append("Localizable.xcstrings: sourceLanguage must be en")
keys = set(catalog.get("strings", {}))

def unescape(s):
    return s.encode("utf-8").decode("unicode_escape").encode("latin-1").decode("utf-8")

used = {}
kit_sources = os.path.join(kit, "Sources", "NorochessKit")
for root, _, files in os.walk(kit_sources):
    if "Generated" in root:
        continue
    for f in files:
        if f.endswith(".swift"):
            text = open(os.path.join(root, f), encoding="utf-8").read()
            for m in re.finditer(r'\btr\(\s*"((?:[^"\\]|\\.)*)"', text):
                used.setdefault(unescape(m.group(1)), f)
view_calls = r'(?<!\w)(Text|Button|Label|Toggle|Picker|Section|Stepper|TextField|LabeledContent|Menu|ContentUnavailableView|ShareLink|navigationTitle|confirmationDialog|alert|accessibilityLabel|accessibilityHint)\(\s*"((?:[^"\\]|\\.)*)"'
forbidden = [
    (r"Task\.detached", "Task.detached (tasks belong to the models and their screens)"),
    (r"\.constant\(", ".constant(...) binding (a sheet or alert bound to a constant cannot be dismissed)"),
    (r"ObservableObject|@Published|@StateObject|@ObservedObject", "Combine observation (use @Observable models)"),
    (r"\.system\(size:\s*[0-9]", "a fixed font size (use text styles: Dynamic Type)"),
    (r"try!", "try! (show the error instead)"),
]
for p in swift_files:
    text = open(p, encoding="utf-8").read()
    rel = os.path.relpath(p, app)
    for m in re.finditer(view_calls, text):
        literal = m.group(2)
        if "\\(" in literal:
            problems.append(f"{rel}: {m.group(1)}(\"{literal}\") interpolates; let the model build the text")
        else:
            used.setdefault(unescape(literal), rel)
    for pattern, why in forbidden:
        for m in re.finditer(pattern, text):
            line = text.count("\n", 0, m.start()) + 1
            problems.append(f"{rel}:{line}: {why}")
# --- the views use only members the kit declares (a rename in a model shows
# here, although the views themselves cannot be compiled)
generated = os.path.join(kit_sources, "Generated", "NorochessKit.swift")
if os.path.exists(generated):
    declared = set()
    for root, _, files in os.walk(kit_sources):
        for f in files:
            if f.endswith(".swift"):
                text = open(os.path.join(root, f), encoding="utf-8").read()
                declared |= set(re.findall(r"\b(?:var|let|func|case)\s+`?(\w+)", text))
                for m in re.finditer(r"\bcase\s+([\w\s,]+?)(?:$|\()", text, re.M):
                    declared |= {c.strip() for c in m.group(1).split(",") if c.strip()}
    receivers = r"\b(model|app|form|panel|square|layout|art|item|row|page|choice|info|theme|picker|s)\??\.(\w+)"
    checked = 0
    for p in swift_files:
        # String literals (SF Symbol names such as "square.and.arrow.up") are not code.
        text = re.sub(r'"(?:[^"\\\n]|\\.)*"', '""', open(p, encoding="utf-8").read())
        for m in re.finditer(receivers, text):
            checked += 1
            if m.group(2) not in declared:
                line = text.count("\n", 0, m.start()) + 1
                problems.append(f"{os.path.relpath(p, app)}:{line}: {m.group(1)}.{m.group(2)} is not declared in NorochessKit")
    print(f"{checked} uses of model members in the views, each declared in NorochessKit")
else:
    print("note: no generated bindings (scripts/generate-bindings.sh swift): member check skipped")

# --- the asset catalog: AppIcon (one 1024 pt universal PNG, opaque) and AccentColor
assets = os.path.join(app, "Resources", "Assets.xcassets")

def load_json(path):
    try:
        return json.load(open(path, encoding="utf-8"))
    except Exception as e:  # noqa: BLE001
        problems.append(f"{os.path.relpath(path, app)}: {e}")
        return None

def png_header(path):
    """(width, height, colour type) of a PNG, or None."""
    with open(path, "rb") as f:
        head = f.read(26)
    if len(head) < 26 or head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        return None
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big"), head[25]

catalog_info = load_json(os.path.join(assets, "Contents.json")) if os.path.isdir(assets) else None
if not os.path.isdir(assets):
    problems.append("Resources/Assets.xcassets is missing (AppIcon, AccentColor)")
elif catalog_info is not None and catalog_info.get("info", {}).get("version") != 1:
    problems.append("Assets.xcassets/Contents.json: info.version must be 1")
icon_set = os.path.join(assets, "AppIcon.appiconset")
icon = load_json(os.path.join(icon_set, "Contents.json")) if os.path.isdir(icon_set) else None
if icon is None:
    problems.append("Assets.xcassets has no readable AppIcon.appiconset/Contents.json")
else:
    images = icon.get("images", [])
    universal = [i for i in images if i.get("idiom") == "universal" and i.get("platform") == "ios"
                 and i.get("size") == "1024x1024"]
    if not universal:
        problems.append("AppIcon.appiconset: no universal iOS 1024x1024 image")
    for image in images:
        name = image.get("filename")
        if not name:
            problems.append(f"AppIcon.appiconset: an image without a file ({image})")
            continue
        path = os.path.join(icon_set, name)
        if not os.path.isfile(path):
            problems.append(f"AppIcon.appiconset: {name} is missing")
            continue
        header = png_header(path)
        side = int(float(image.get("size", "0x0").split("x")[0]) * float(image.get("scale", "1x").rstrip("x")))
        if header is None:
            problems.append(f"AppIcon.appiconset/{name} is not a PNG")
        elif header[:2] != (side, side):
            problems.append(f"AppIcon.appiconset/{name} is {header[0]}x{header[1]}, not {side}x{side}")
        elif header[2] not in (0, 2):
            problems.append(f"AppIcon.appiconset/{name} has an alpha channel (App Store icons must be opaque)")
accent = os.path.join(assets, "AccentColor.colorset", "Contents.json")
accent_json = load_json(accent) if os.path.isfile(accent) else None
if accent_json is None:
    problems.append("Assets.xcassets has no readable AccentColor.colorset/Contents.json")
else:
    for c in accent_json.get("colors", []) or [None]:
        parts = (c or {}).get("color", {}).get("components", {})
        if not all(k in parts for k in ("red", "green", "blue", "alpha")):
            problems.append("AccentColor.colorset: every colour needs red, green, blue and alpha")
spec_text = "\n".join(spec)
for setting in ("ASSETCATALOG_COMPILER_APPICON_NAME: AppIcon",
                "ASSETCATALOG_COMPILER_GLOBAL_ACCENT_COLOR_NAME: AccentColor"):
    if setting not in spec_text:
        problems.append(f"project.yml lacks {setting}")
if not re.search(r"xcprivacy:\s*\n\s*buildPhase:\s*resources", spec_text):
    problems.append("project.yml: .xcprivacy files must go to the resources build phase (fileTypes)")

# --- the privacy manifest (an XML plist: plistlib, as plutil is not here)
import plistlib
manifest_path = os.path.join(app, "Resources", "PrivacyInfo.xcprivacy")
known_reasons = {
    "NSPrivacyAccessedAPICategoryFileTimestamp": {"DDA9.1", "C617.1", "3B52.1", "0A2A.1"},
    "NSPrivacyAccessedAPICategorySystemBootTime": {"35F9.1", "8FFB.1", "3D61.1"},
    "NSPrivacyAccessedAPICategoryDiskSpace": {"85F4.1", "E174.1", "7D9E.1", "B728.1"},
    "NSPrivacyAccessedAPICategoryActiveKeyboards": {"3EC4.1", "54BD.1"},
    "NSPrivacyAccessedAPICategoryUserDefaults": {"CA92.1", "1C8F.1", "C56D.1", "AC6B.1"},
}
try:
    manifest = plistlib.load(open(manifest_path, "rb"))
except Exception as e:  # noqa: BLE001
    manifest = None
    problems.append(f"Resources/PrivacyInfo.xcprivacy: {e}")
if manifest is not None:
    if manifest.get("NSPrivacyTracking") is not False:
        problems.append("PrivacyInfo.xcprivacy: NSPrivacyTracking must be false")
    if manifest.get("NSPrivacyTrackingDomains", []) != []:
        problems.append("PrivacyInfo.xcprivacy: no tracking domains (the app tracks no one)")
    if not isinstance(manifest.get("NSPrivacyCollectedDataTypes"), list):
        problems.append("PrivacyInfo.xcprivacy: NSPrivacyCollectedDataTypes must be an array")
    declared_apis = {}
    for entry in manifest.get("NSPrivacyAccessedAPITypes", []):
        kind, reasons = entry.get("NSPrivacyAccessedAPIType"), entry.get("NSPrivacyAccessedAPITypeReasons", [])
        if kind not in known_reasons:
            problems.append(f"PrivacyInfo.xcprivacy: unknown API category {kind}")
            continue
        bad = [r for r in reasons if r not in known_reasons[kind]]
        if not reasons or bad:
            problems.append(f"PrivacyInfo.xcprivacy: {kind} needs reasons among {sorted(known_reasons[kind])}, has {reasons}")
        declared_apis[kind] = set(reasons)
    # What the code calls: SQLite (bundled in the Rust library) stats its
    # files and, on Apple systems, calls statfs/fstatfs; the clocks are
    # monotonic; UserDefaults only if a Swift source uses it.
    swift_text = ""
    for root, _, files in os.walk(os.path.join(app, "..")):
        if "Generated" in root or ".build" in root:
            continue
        for f in files:
            if f.endswith(".swift") and "LinuxStubs" not in root and "Tests" not in root:
                swift_text += open(os.path.join(root, f), encoding="utf-8").read()
    needed = {"NSPrivacyAccessedAPICategoryFileTimestamp": "C617.1",
              "NSPrivacyAccessedAPICategoryDiskSpace": None}
    if re.search(r"ContinuousClock|SuspendingClock|systemUptime|mach_absolute_time|CACurrentMediaTime", swift_text):
        needed["NSPrivacyAccessedAPICategorySystemBootTime"] = "35F9.1"
    if "UserDefaults" in swift_text or "@AppStorage" in swift_text:
        needed["NSPrivacyAccessedAPICategoryUserDefaults"] = "CA92.1"
    for kind, reason in needed.items():
        if kind not in declared_apis:
            problems.append(f"PrivacyInfo.xcprivacy: the app uses {kind} but does not declare it")
        elif reason and reason not in declared_apis[kind]:
            problems.append(f"PrivacyInfo.xcprivacy: {kind} should give {reason}")

# --- every interactive view has an accessibility label, as far as a text
# check can tell: a title argument, a Text or Label in its label closure, or
# an .accessibilityLabel in the modifiers that follow it.
def balanced(text, start, opening, closing):
    """The index after the bracket that closes the one at `start`."""
    depth, i, quote = 0, start, False
    while i < len(text):
        ch = text[i]
        if quote:
            if ch == "\\":
                i += 1
            elif ch == '"':
                quote = False
        elif ch == '"':
            quote = True
        elif ch == opening:
            depth += 1
        elif ch == closing:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return len(text)

interactive = r"(?<![\w.])(Button|Toggle|Picker|Stepper|TextField|SecureField|Menu|ShareLink|Link|NavigationLink)\s*(?=[({])"
labelled_views = 0
for p in swift_files:
    text = open(p, encoding="utf-8").read()
    rel = os.path.relpath(p, app)
    for m in re.finditer(interactive, text):
        i = m.end()
        args = ""
        if text[i] == "(":
            end = balanced(text, i, "(", ")")
            args, i = text[i + 1:end - 1], end
        closures = ""
        while True:
            j = i
            while j < len(text) and text[j] in " \t":
                j += 1
            if j < len(text) and text[j] == "{":
                end = balanced(text, j, "{", "}")
                closures += text[j:end]
                i = end
                k = i
                while k < len(text) and text[k] in " \t":
                    k += 1
                tail = re.match(r"\w+:\s*(?=\{)", text[k:])
                if tail:
                    i = k + tail.end()
                    continue
            break
        # The modifiers chained after the view, on its line and the lines that start with '.'.
        chain = []
        rest = text[i:].split("\n")
        chain.append(rest[0])
        for line in rest[1:]:
            if line.strip().startswith("."):
                chain.append(line)
            else:
                break
        chain = "\n".join(chain)
        first = args.split(",")[0].strip() if args.strip() else ""
        title = first and not re.match(r"(action|role|value|selection|item|isOn|text|destination|in|step)\s*:", first)
        content = re.search(r"\b(Text|Label|LabeledContent)\s*[({]", closures)
        if title or content or ".accessibilityLabel(" in chain:
            labelled_views += 1
        else:
            line = text.count("\n", 0, m.start()) + 1
            problems.append(f"{rel}:{line}: {m.group(1)} without an accessibility label (a title, Text or Label, or .accessibilityLabel)")
    for m in re.finditer(r"\.onTapGesture\b", text):
        around = text[max(0, text.rfind("\n", 0, m.start() - 300)):m.end() + 600]
        if ".accessibilityLabel(" not in around:
            line = text.count("\n", 0, m.start()) + 1
            problems.append(f"{rel}:{line}: a tap target without .accessibilityLabel nearby")
print(f"{labelled_views} interactive views, each with an accessibility label")

missing = sorted(k for k in used if k not in keys)
if write_catalog and missing:
    strings = catalog.setdefault("strings", {})
    for k in missing:
        strings[k] = {"extractionState": "manual"}
    catalog["strings"] = dict(sorted(strings.items()))
    with open(catalog_path, "w", encoding="utf-8") as out:
        json.dump(catalog, out, ensure_ascii=False, indent=2)
        out.write("\n")
    print(f"added {len(missing)} keys to {catalog_path}")
    keys |= set(missing)
    missing = []
for k in missing:
    problems.append(f"Localizable.xcstrings lacks \"{k}\" (used in {used[k]})")
unused = sorted(k for k in keys if k not in used)
for k in unused:
    print(f"note: Localizable.xcstrings key not used in the sources: \"{k}\"")

for p in problems:
    print("problem:", p)
print(f"{len(swift_files)} app files, {len(sources)} sources in project.yml, "
      f"{len(used)} strings used, {len(keys)} in the catalog, {len(problems)} problems")
sys.exit(1 if problems else 0)
PY

echo "== iOS app: the icon PNG against its vector source"
python3 scripts/make-app-icon.py --check || status=1

if [[ ${NOROCHESS_SKIP_SWIFT:-0} == 1 ]]; then
    echo "== iOS app: swiftc -parse skipped (NOROCHESS_SKIP_SWIFT=1)"
else
    echo "== iOS app: swiftc -parse (syntax) over every file of $app"
    bash scripts/test-swift.sh --prepare-only
    root=${NOROCHESS_SWIFT_ROOT:-/var/cache/norochess-swift-root}
    # The checkout's own folder in the root, as scripts/test-swift.sh uses
    # it: the type check reads the NorochessKit module that script built
    # for this checkout, not another worktree's.
    work=${NOROCHESS_SWIFT_WORK:-norochess}
    [[ $work =~ ^[A-Za-z0-9._-]+$ ]] || { echo "NOROCHESS_SWIFT_WORK must be a plain folder name" >&2; exit 1; }
    dest=$root/$work/NorochessApp
    rm -rf "$dest"
    mkdir -p "$dest"
    cp -a "$app/Sources" "$dest/"
    mapfile -t files < <(cd "$dest" && find Sources -name '*.swift' | sort)
    # The toolchain finds its libraries through $ORIGIN, which needs /proc.
    if ! mountpoint -q "$root/proc"; then
        mount -t proc proc "$root/proc"
        trap 'umount "$root/proc" 2>/dev/null || umount -l "$root/proc" 2>/dev/null || true' EXIT
    fi
    # shellcheck disable=SC2016  # expanded by the root's shell: $0 is the folder
    if ! chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/bin:/bin \
        /bin/sh -c 'cd "$0" && swiftc -parse "$@"' "/$work/NorochessApp" "${files[@]}"; then
        status=1
    else
        echo "swiftc -parse: ${#files[@]} files, no syntax error"
    fi

    # Type-check against NorochessKit as scripts/test-swift.sh last built it
    # and against ios/LinuxStubs, a stand-in for the SwiftUI, UIKit and
    # AudioToolbox declarations the views use (signatures only).
    kit_modules=/$work/NorochessKit/.build/debug/Modules
    if [[ ! -f $root$kit_modules/NorochessKit.swiftmodule ]]; then
        echo "no NorochessKit module in the Swift root: run scripts/test-swift.sh first" >&2
        status=1
    else
        echo "== iOS app: swiftc -typecheck against NorochessKit and ios/LinuxStubs"
        stubs=$root/$work/stubs
        rm -rf "$stubs"
        mkdir -p "$stubs/out"
        cp ios/LinuxStubs/*.swift "$stubs/"
        # shellcheck disable=SC2016  # the script runs in the root's shell
        if chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/bin:/bin WORK="/$work" /bin/sh -c '
            set -e
            cd "$WORK/stubs"
            for m in SwiftUI UIKit AudioToolbox; do
                swiftc -emit-module -parse-as-library -module-name "$m" "$m.swift" -emit-module-path "out/$m.swiftmodule"
            done
            cd "$WORK/NorochessApp"
            swiftc -typecheck -continue-building-after-errors -swift-version 5 -I "$WORK/stubs/out" \
                -I "$0" -I "$WORK/NorochessKit/Sources/NorochessFFI" "$@"' "$kit_modules" "${files[@]}"; then
            echo "swiftc -typecheck: ${#files[@]} files, no type error against the kit"
        else
            status=1
        fi
    fi
fi
exit "$status"
