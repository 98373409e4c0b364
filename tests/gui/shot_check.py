#!/usr/bin/env python3
"""Checks GUI screenshots (24-bit BMP as SDL_SaveBMP writes them).
usage: shot_check.py blank A.bmp       -> fails when A has fewer than 8 colours or one colour covers 97%
       shot_check.py differ A.bmp B.bmp -> fails when A and B have the same pixels
       shot_check.py png A.bmp OUT.png   -> converts (zlib only, no imaging library needed)
       shot_check.py count A.bmp RRGGBB Y... -> prints, for each screen row Y, how many of its pixels
                                              have that colour (one number a line)"""
import struct
import sys
import zlib


def read_bmp(path):
    d = open(path, 'rb').read()
    if d[:2] != b'BM':
        sys.exit(f'{path}: not a BMP file')
    off = struct.unpack_from('<I', d, 10)[0]
    w, h = struct.unpack_from('<ii', d, 18)
    bp = struct.unpack_from('<H', d, 28)[0] // 8
    stride = (w * bp + 3) & ~3
    rows = []
    for y in range(abs(h)):
        sy = (abs(h) - 1 - y) if h > 0 else y
        row = d[off + sy * stride: off + sy * stride + w * bp]
        out = bytearray(w * 3)
        out[0::3] = row[2::bp]
        out[1::3] = row[1::bp]
        out[2::3] = row[0::bp]
        rows.append(bytes(out))
    return w, abs(h), rows


def count(path, rgb, ys):
    """Pixels of colour rgb on each of the screen rows ys, reading only those rows."""
    d = open(path, 'rb').read()
    off = struct.unpack_from('<I', d, 10)[0]
    w, h = struct.unpack_from('<ii', d, 18)
    bp = struct.unpack_from('<H', d, 28)[0] // 8
    stride = (w * bp + 3) & ~3
    bgr = rgb[::-1]
    for y in ys:
        if not 0 <= y < abs(h):
            print(0)
            continue
        sy = (abs(h) - 1 - y) if h > 0 else y
        row = d[off + sy * stride: off + sy * stride + w * bp]
        print(sum(1 for i in range(0, len(row), bp) if row[i:i + 3] == bgr))


def main():
    cmd = sys.argv[1]
    if cmd == 'count':
        count(sys.argv[2], bytes.fromhex(sys.argv[3]), [int(y) for y in sys.argv[4:]])
        return
    w, h, rows = read_bmp(sys.argv[2])
    if cmd == 'blank':
        counts = {}
        for r in rows[::4]:
            for i in range(0, len(r), 12):
                counts[r[i:i + 3]] = counts.get(r[i:i + 3], 0) + 1
        total = sum(counts.values())
        top = max(counts.values())
        if len(counts) < 8 or top > 0.97 * total:
            sys.exit(f'{sys.argv[2]}: looks blank ({len(counts)} colours, the commonest covers {100 * top // total}%)')
        print(f'{sys.argv[2]}: {w}x{h}, {len(counts)} colours')
    elif cmd == 'differ':
        _, _, rows2 = read_bmp(sys.argv[3])
        diff = sum(1 for a, b in zip(rows, rows2) if a != b)
        if diff == 0:
            sys.exit(f'{sys.argv[2]} and {sys.argv[3]} are the same picture')
        print(f'{diff} rows differ')
    elif cmd == 'png':
        raw = b''.join(b'\0' + r for r in rows)

        def chunk(t, b):
            return struct.pack('>I', len(b)) + t + b + struct.pack('>I', zlib.crc32(t + b) & 0xffffffff)

        png = (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0)) +
               chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b''))
        open(sys.argv[3], 'wb').write(png)
    else:
        sys.exit('unknown command ' + cmd)


if __name__ == '__main__':  # also imported for read_bmp (gui_view.sh)
    main()
