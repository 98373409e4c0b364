#!/usr/bin/env python3
"""Is a screenshot of a report not blank? Decodes the PNG with zlib alone (8-bit RGB or RGBA,
not interlaced: what Chromium writes) and counts non-white pixels, distinct colours and pixels
of the charts' first colour (Okabe-Ito blue #0072B2).
Usage: png_check.py FILE [--expect-blank]. Prints the counts; exits 1 when the verdict is wrong."""
import struct
import sys
import zlib


def decode(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    pos, idat, hdr = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            hdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
        pos += 12 + length
    w, h, depth, ctype, _, _, interlace = hdr
    if depth != 8 or ctype not in (2, 6) or interlace:
        raise ValueError(f"unsupported PNG (depth {depth}, colour type {ctype}, interlace {interlace})")
    bpp = 3 if ctype == 2 else 4
    raw = zlib.decompress(b"".join(idat))
    stride = w * bpp
    rows, prev, zero = [], bytearray(stride), bytes(stride)
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if f == 2 and line == zero:  # fast paths: a row like the one above, or "up" alone
            line = bytearray(prev)
            f = 0
        elif f == 2:
            line = bytearray((x + b) & 255 for x, b in zip(line, prev))
            f = 0
        for i in range(stride if f else 0):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return w, h, bpp, rows


def main():
    path, expect_blank = sys.argv[1], "--expect-blank" in sys.argv[2:]
    w, h, bpp, rows = decode(path)
    nonwhite, blue, colours = 0, 0, set()
    white = b"\xff" * (w * bpp)
    for line in rows:
        if line == white:
            colours.add((255, 255, 255))
            continue
        for r, g, b in zip(line[0::bpp], line[1::bpp], line[2::bpp]):
            colours.add((r, g, b))
            if r < 245 or g < 245 or b < 245:
                nonwhite += 1
            if abs(r - 0x00) < 40 and abs(g - 0x72) < 40 and abs(b - 0xB2) < 40:
                blue += 1
    share = nonwhite / (w * h)
    blank = share < 0.02 or len(colours) < 64 or blue < 200
    print(f"{path}: {w}x{h}, {100 * share:.1f}% non-white, {len(colours)} colours, {blue} chart-blue pixels: "
          f"{'blank' if blank else 'not blank'}")
    sys.exit(0 if blank == expect_blank else 1)


main()
