#!/usr/bin/env python3
"""Draws both apps' icons from their one vector source with Python's standard
library only (no Pillow or cairo here): ios/NorochessApp/Icon/AppIcon.svg
becomes
- iOS: Resources/Assets.xcassets/AppIcon.appiconset/AppIcon.png, 1024 x
  1024 RGB without alpha, the single universal size current Xcode wants (it
  derives the smaller ones);
- Android: vector drawables under android/app/src/main/res: an adaptive
  icon (mipmap-anydpi-v26/ic_launcher.xml: the SVG's first rectangle as the
  background colour, the rest as the foreground, scaled into the 66 dp safe
  zone of the 108 dp layer; the crown's silhouette as the monochrome layer
  of themed icons) and
  the whole square for Android 7 (mipmap-anydpi/ic_launcher.xml).

The SVG is read as a small subset: <rect>, <circle> and <polygon> with a
solid `fill="#rrggbb"`, painted in document order over a 1024 x 1024
viewBox. Edges are anti-aliased: each pixel row is sampled on four
sub-rows, and each sub-row's spans cover pixels by their exact horizontal
overlap. The output is deterministic, so the committed PNG can be checked.

  scripts/make-app-icon.py           write the PNG
  scripts/make-app-icon.py --check   fail if the committed PNG differs
"""
import math
import os
import struct
import sys
import xml.etree.ElementTree as ET
import zlib

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
SOURCE = os.path.join(ROOT, "ios", "NorochessApp", "Icon", "AppIcon.svg")
OUTPUT = os.path.join(ROOT, "ios", "NorochessApp", "Resources", "Assets.xcassets",
                      "AppIcon.appiconset", "AppIcon.png")
SIZE = 1024
SUBROWS = 4


def colour(text):
    text = text.strip().lstrip("#")
    if len(text) != 6:
        raise ValueError(f"fill must be #rrggbb, not #{text}")
    return tuple(int(text[i:i + 2], 16) for i in (0, 2, 4))


def shapes(svg_path):
    """(polygon, fill) pairs in painting order, in pixel coordinates."""
    tree = ET.parse(svg_path)
    root = tree.getroot()
    box = [float(v) for v in root.get("viewBox", f"0 0 {SIZE} {SIZE}").split()]
    sx, sy = SIZE / box[2], SIZE / box[3]
    out = []
    for element in root.iter():
        tag = element.tag.split("}")[-1]
        if tag not in ("rect", "circle", "polygon"):
            continue
        fill = colour(element.get("fill", "#000000"))
        f = lambda name: float(element.get(name))  # noqa: E731
        if tag == "rect":
            x, y, w, h = f("x"), f("y"), f("width"), f("height")
            points = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        elif tag == "circle":
            cx, cy, r = f("cx"), f("cy"), f("r")
            steps = 128
            points = [(cx + r * math.cos(2 * math.pi * i / steps), cy + r * math.sin(2 * math.pi * i / steps))
                      for i in range(steps)]
        else:
            numbers = [float(v) for v in element.get("points").replace(",", " ").split()]
            points = list(zip(numbers[0::2], numbers[1::2]))
        out.append(([((x - box[0]) * sx, (y - box[1]) * sy) for x, y in points], fill))
    return out


ANDROID_RES = os.path.join(ROOT, "android", "app", "src", "main", "res")
ANDROID_HEADER = "<!-- Drawn by scripts/make-app-icon.py from ios/NorochessApp/Icon/AppIcon.svg: do not edit. -->\n"


def path_data(element):
    """An SVG shape as Android vector path data, in the SVG's own units."""
    tag = element.tag.split("}")[-1]
    f = lambda name: float(element.get(name))  # noqa: E731
    n = lambda v: f"{v:g}"  # noqa: E731
    if tag == "rect":
        return f"M{n(f('x'))},{n(f('y'))}h{n(f('width'))}v{n(f('height'))}h{n(-f('width'))}z"
    if tag == "circle":
        cx, cy, r = f("cx"), f("cy"), f("r")
        return f"M{n(cx - r)},{n(cy)}a{n(r)},{n(r)} 0 1,0 {n(2 * r)},0a{n(r)},{n(r)} 0 1,0 {n(-2 * r)},0z"
    numbers = element.get("points").replace(",", " ").split()
    pairs = [f"{numbers[i]},{numbers[i + 1]}" for i in range(0, len(numbers), 2)]
    return "M" + "L".join(pairs) + "z"


CROWN_RIM = "#f7f3ea"  # the crown's light rim: its silhouette is the themed icon


def android_files():
    """The Android launcher icon's files: path -> text."""
    root = ET.parse(SOURCE).getroot()
    box = [float(v) for v in root.get("viewBox").split()]
    elements = [e for e in root.iter() if e.tag.split("}")[-1] in ("rect", "circle", "polygon")]
    background, figure = elements[0], elements[1:]
    paths = lambda items, fill=None: "".join(  # noqa: E731
        f'        <path android:fillColor="{fill or e.get("fill")}" android:pathData="{path_data(e)}"/>\n' for e in items)
    vector = ('<vector xmlns:android="http://schemas.android.com/apk/res/android"\n'
              '    android:width="{size}dp" android:height="{size}dp"\n'
              f'    android:viewportWidth="{box[2]:g}" android:viewportHeight="{box[3]:g}">\n')
    # The figure (the board's corner, 704 units wide) to 48 of the layer's 108 dp:
    # its corners stay inside the 66 dp circle every launcher's mask keeps.
    scale = 48 / 108 * box[2] / 704
    group = (f'    <group android:pivotX="{box[2] / 2:g}" android:pivotY="{box[3] / 2:g}"'
             f' android:scaleX="{scale:.4f}" android:scaleY="{scale:.4f}">\n')
    foreground = ANDROID_HEADER + vector.format(size=108) + group + paths(figure) + "    </group>\n</vector>\n"
    monochrome = ANDROID_HEADER + vector.format(size=108) + group + paths([e for e in figure if e.get("fill") == CROWN_RIM], "#FFFFFFFF") + "    </group>\n</vector>\n"
    adaptive = (ANDROID_HEADER + '<adaptive-icon xmlns:android="http://schemas.android.com/apk/res/android">\n'
                '    <background android:drawable="@color/ic_launcher_background"/>\n'
                '    <foreground android:drawable="@drawable/ic_launcher_foreground"/>\n'
                '    <monochrome android:drawable="@drawable/ic_launcher_monochrome"/>\n'
                '</adaptive-icon>\n')
    legacy = ANDROID_HEADER + vector.format(size=48) + paths(elements).replace("        <path", "    <path") + "</vector>\n"
    colour_file = (ANDROID_HEADER + '<resources>\n'
                   f'    <color name="ic_launcher_background">{background.get("fill")}</color>\n</resources>\n')
    join = lambda *parts: os.path.join(ANDROID_RES, *parts)  # noqa: E731
    return {
        join("drawable", "ic_launcher_foreground.xml"): foreground,
        join("drawable", "ic_launcher_monochrome.xml"): monochrome,
        join("mipmap-anydpi-v26", "ic_launcher.xml"): adaptive,
        join("mipmap-anydpi", "ic_launcher.xml"): legacy,
        join("values", "ic_launcher.xml"): colour_file,
    }


def coverage(polygon, row):
    """Each pixel's covered fraction on pixel row `row` (a dict: x -> fraction)."""
    edges = list(zip(polygon, polygon[1:] + polygon[:1]))
    cover = {}
    for sub in range(SUBROWS):
        y = row + (sub + 0.5) / SUBROWS
        xs = []
        for (x0, y0), (x1, y1) in edges:
            if (y0 <= y < y1) or (y1 <= y < y0):
                xs.append(x0 + (y - y0) * (x1 - x0) / (y1 - y0))
        xs.sort()
        for left, right in zip(xs[0::2], xs[1::2]):
            left, right = max(0.0, left), min(float(SIZE), right)
            if right <= left:
                continue
            first, last = int(left), min(SIZE - 1, int(math.ceil(right)) - 1)
            for px in range(first, last + 1):
                overlap = min(right, px + 1) - max(left, px)
                if overlap > 0:
                    cover[px] = cover.get(px, 0.0) + overlap / SUBROWS
    return cover


def render(svg_path):
    pixels = [[[0.0, 0.0, 0.0] for _ in range(SIZE)] for _ in range(SIZE)]
    for polygon, fill in shapes(svg_path):
        top = max(0, int(min(y for _, y in polygon)))
        bottom = min(SIZE, int(math.ceil(max(y for _, y in polygon))))
        for row in range(top, bottom):
            line = pixels[row]
            for px, a in coverage(polygon, row).items():
                a = min(1.0, a)
                p = line[px]
                for c in range(3):
                    p[c] = p[c] * (1 - a) + fill[c] * a
    return pixels


def png(pixels):
    raw = bytearray()
    for line in pixels:
        raw.append(0)  # filter: none
        for p in line:
            raw.extend(max(0, min(255, int(round(v)))) for v in p)

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    # Colour type 2: RGB, 8 bits, no alpha channel (App Store icons must be opaque).
    header = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b"")


def main():
    outputs = {OUTPUT: png(render(SOURCE))}
    outputs.update((path, text.encode()) for path, text in android_files().items())
    if sys.argv[1:] == ["--check"]:
        for path, data in outputs.items():
            try:
                committed = open(path, "rb").read()
            except OSError:
                committed = b""
            if committed != data:
                sys.exit(f"{os.path.relpath(path, ROOT)} is not what {os.path.relpath(SOURCE, ROOT)} draws: "
                         "run scripts/make-app-icon.py")
        print(f"{len(outputs)} icon files: as drawn from {os.path.relpath(SOURCE, ROOT)}")
        return
    if sys.argv[1:]:
        sys.exit(__doc__)
    for path, data in outputs.items():
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as out:
            out.write(data)
        print(f"wrote {os.path.relpath(path, ROOT)} ({len(data)} bytes)")


if __name__ == "__main__":
    main()
