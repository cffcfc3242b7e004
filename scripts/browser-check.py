#!/usr/bin/env python3
"""The pixel checks of scripts/browser-check.sh (Python standard library only).

  browser-check.py window OLD.json NEW.json
      prints the window size (W,H) that shows both pictures of the diff page side by side.
  browser-check.py check OLD.json NEW.json CHANGES.json REPORT.png REFERENCE.png BROWSER
      checks the screenshot of the report: not blank, and the pixel at the centre of every marked view (rectangles
      from `nibc render --json` of each side, marked views from `nibc diff --json`) is that change's marking colour
      blended over the reference screenshot (the same page without the mark layer). Prints one line; exit 1 on a
      failed check.

The page layout it maps to (HTMLWriter): a 16 px body margin, the two pictures in a row 24 px apart, the Before
picture first; each SVG is drawn at 1 CSS px per point. The vertical position depends on the fonts, so it is found
in the screenshot: the first row of the picture's #f6f8fa background in a column of its right margin, which must
then run the picture's full height.
"""
import json
import struct
import sys
import zlib

BODY_MARGIN = 16
PICTURE_GAP = 24
CANVAS_BACKGROUND = (0xF6, 0xF8, 0xFA)
# The marking colours and fill opacity of the diff pictures (SVGWriter.colour(_:) and its mark layer; docs/RENDER.md).
MARK_COLOURS = {
    "added": "#1a7f37", "removed": "#cf222e", "moved": "#0969da", "resized": "#0969da",
    "restyled": "#bf5af2", "retexted": "#bf5af2", "hidden": "#bf5af2", "flags": "#bf5af2",
}
MARK_OPACITY = 0.35
TOLERANCE = 10          # per channel, for the browser's rounding of the blend
MINIMUM_CONTRAST = 24   # a mark must move the pixel at least this far from the unmarked page in some channel


class CheckFailed(Exception):
    pass


def read_png(path):
    """(width, height, rows) of an 8-bit RGB or RGBA non-interlaced PNG; rows are lists of (r, g, b)."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise CheckFailed(f"{path} is not a PNG")
    pos, idat, header = 8, [], None
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
        pos += 12 + length
    if header is None:
        raise CheckFailed(f"{path}: no IHDR")
    width, height, depth, colour_type, _, _, interlace = header
    if depth != 8 or colour_type not in (2, 6) or interlace != 0:
        raise CheckFailed(f"{path}: unsupported PNG (depth {depth}, colour type {colour_type}, interlace {interlace})")
    channels = 3 if colour_type == 2 else 4
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    if len(raw) != height * (stride + 1):
        raise CheckFailed(f"{path}: {len(raw)} bytes of image data for {width}x{height}")
    previous = bytearray(stride)
    rows = []
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        if kind == 1:
            for i in range(channels, stride):
                line[i] = (line[i] + line[i - channels]) & 0xFF
        elif kind == 2:
            line = bytearray((a + b) & 0xFF for a, b in zip(line, previous))
        elif kind == 3:
            for i in range(stride):
                left = line[i - channels] if i >= channels else 0
                line[i] = (line[i] + ((left + previous[i]) >> 1)) & 0xFF
        elif kind == 4:
            for i in range(stride):
                a = line[i - channels] if i >= channels else 0
                b = previous[i]
                c = previous[i - channels] if i >= channels else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        elif kind != 0:
            raise CheckFailed(f"{path}: row {y} has filter type {kind}")
        rows.append([tuple(line[x:x + 3]) for x in range(0, stride, channels)])
        previous = line
    return width, height, rows


def hex_colour(text):
    return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))


def picture_size(render_json):
    width, height = render_json["size"]
    return int(round(width)), int(round(height))


def close(a, b, tolerance=2):
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def locate(rows, x0, size, label):
    """The screenshot row of the picture's top edge; checks the picture starts at column x0."""
    width, height = size
    column = x0 + width - 3
    if column >= len(rows[0]):
        raise CheckFailed(f"the {label} picture is outside the screenshot (column {column})")
    top = next((y for y, row in enumerate(rows) if close(row[column], CANVAS_BACKGROUND)), None)
    if top is None:
        raise CheckFailed(f"no {label} picture in the screenshot (no canvas background in column {column})")
    run = 0
    while top + run < len(rows) and close(rows[top + run][column], CANVAS_BACKGROUND):
        run += 1
    if abs(run - height) > 1:
        raise CheckFailed(f"the {label} picture's background runs {run} px down column {column}, expected {height}")
    if not close(rows[top][x0], CANVAS_BACKGROUND) or close(rows[top][x0 - 1], CANVAS_BACKGROUND):
        raise CheckFailed(f"the {label} picture does not start at column {x0}")
    return top


def window(old_path, new_path):
    old, new = (picture_size(json.load(open(p))) for p in (old_path, new_path))
    width = BODY_MARGIN + old[0] + PICTURE_GAP + new[0] + BODY_MARGIN + 40
    # Headings and the change count above the pictures take about 130 px; the change list below is not needed.
    height = max(old[1], new[1]) + 220
    print(f"{width},{height}")


def check(old_path, new_path, changes_path, report_png, reference_png, browser):
    old, new = json.load(open(old_path)), json.load(open(new_path))
    changes = json.load(open(changes_path))["changes"]
    width, height, shot = read_png(report_png)
    reference = read_png(reference_png)[2]
    if len(reference) != height or len(reference[0]) != width:
        raise CheckFailed("the report and reference screenshots differ in size")

    colours, coloured = set(), 0
    for row in shot:
        colours.update(row)
        coloured += sum(1 for p in row if p != (255, 255, 255))
    share = coloured / (width * height)
    if len(colours) < 16 or share < 0.05:
        raise CheckFailed(f"the screenshot is blank ({len(colours)} colours, {share:.1%} not white)")

    sides = [("before", old, BODY_MARGIN), ("after", new, BODY_MARGIN + picture_size(old)[0] + PICTURE_GAP)]
    checked = []
    for label, document, x0 in sides:
        top = locate(shot, x0, picture_size(document), label)
        boxes = {v["id"]: v["rect"] for v in document["views"]}
        for change in changes:
            if change.get(label) is None:
                continue
            kind = change["kinds"][0]
            rect = boxes.get(change["id"])
            if rect is None:
                raise CheckFailed(f"{change['id']} is marked {label} but not in nibc render --json")
            x = x0 + int(rect[0] + rect[2] / 2)
            y = top + int(rect[1] + rect[3] / 2)
            mark, under, seen = hex_colour(MARK_COLOURS[kind]), reference[y][x], shot[y][x]
            expected = tuple(round(MARK_OPACITY * m + (1 - MARK_OPACITY) * u) for m, u in zip(mark, under))
            if max(abs(e - u) for e, u in zip(expected, under)) < MINIMUM_CONTRAST:
                raise CheckFailed(f"{label} {change['id']}: the mark colour is too close to the page under it to check")
            if not close(seen, expected, TOLERANCE):
                raise CheckFailed(f"{label} {kind} {change['id']} at ({x},{y}): pixel {seen}, expected {expected} "
                                  f"({MARK_COLOURS[kind]} at {MARK_OPACITY} over {under})")
            checked.append(f"{label} {kind} {change['id']}")
    if not checked:
        raise CheckFailed("nibc diff --json lists no marked view")
    print(f"browser-check: OK: {browser}: {width}x{height} screenshot, {len(colours)} colours, {share:.0%} not white; "
          f"{len(checked)} marked view centres have their marking colour ({', '.join(checked)})")


def main(argv):
    try:
        if len(argv) == 4 and argv[1] == "window":
            window(argv[2], argv[3])
        elif len(argv) == 8 and argv[1] == "check":
            check(*argv[2:8])
        else:
            raise CheckFailed("usage: browser-check.py window OLD.json NEW.json | check OLD NEW CHANGES REPORT.png REFERENCE.png BROWSER")
    except CheckFailed as failure:
        print(f"browser-check: FAILED: {failure}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
