#!/usr/bin/env python3
"""Writes a C header defining `static const char NAME[]` with the bytes of a text file (plus a
terminating NUL), as an array initializer so no compiler string-length limit applies."""
import sys


def main() -> int:
    if len(sys.argv) != 4:
        sys.stderr.write("usage: embed_text.py INPUT OUTPUT NAME\n")
        return 2
    src, dst, name = sys.argv[1:]
    try:
        with open(src, "rb") as f:
            data = f.read()
    except OSError as e:
        sys.stderr.write(f"embed_text.py: {src}: {e.strerror}\n")
        return 1
    if b"\0" in data:
        sys.stderr.write(f"embed_text.py: {src}: expected text, found a NUL byte\n")
        return 1
    out = [f"/* Generated from {src.rsplit('/', 1)[-1]} by core/embed_text.py; do not edit. */\n",
           f"static const char {name}[] = {{\n"]
    for i in range(0, len(data), 16):
        out.append("    " + ", ".join(str(b) for b in data[i:i + 16]) + ",\n")
    out.append("    0\n};\n")
    with open(dst, "w", encoding="ascii") as f:
        f.writelines(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
