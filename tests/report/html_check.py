#!/usr/bin/env python3
"""Structure checks of a report page (docs/reports.md): one well-nested HTML5 document, no
script, no external resource, some charts, axes ticked at nice numbers.
Usage: html_check.py PAGE [MIN_SVG]. Prints one line
per problem and exits 1 when there is any."""
import math
import re
import sys
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Checker(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.problems, self.counts = [], [], {}

    def handle_starttag(self, tag, attrs):
        self._start(tag, attrs)
        if tag not in VOID:
            self.stack.append((tag, self.getpos()[0]))

    def handle_startendtag(self, tag, attrs):
        self._start(tag, attrs)

    def _start(self, tag, attrs):
        if not any(t == "svg" for t, _ in self.stack):  # an SVG <title> is a tooltip
            self.counts[tag] = self.counts.get(tag, 0) + 1
        if tag in ("script", "iframe", "object", "embed", "link", "img", "base"):
            self.problems.append(f"line {self.getpos()[0]}: <{tag}> is not allowed in a report")
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append(f"line {self.getpos()[0]}: event handler attribute {name}")
            if name in ("src", "href", "xlink:href", "srcset", "action", "data"):
                self.problems.append(f"line {self.getpos()[0]}: resource attribute {name}={value!r}")

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack:
            self.problems.append(f"line {self.getpos()[0]}: </{tag}> closes nothing")
            return
        top, line = self.stack.pop()
        if top != tag:
            self.problems.append(f"line {self.getpos()[0]}: </{tag}> closes <{top}> of line {line}")


TICK = re.compile(r'<text x="([-0-9.]+)" y="([-0-9.]+)" text-anchor="(middle|end)" class="tick">([^<]*)</text>')


def tick_problems(text):
    """Every axis (the tick labels of one chart on one line) must step by 1, 2 or 5 times a
    power of ten, each label a multiple of the step, positions evenly spaced."""
    problems, checked = [], 0
    for k, svg in enumerate(re.findall(r"<svg.*?</svg>", text, re.S)):
        axes = {}
        for x, y, anchor, label in TICK.findall(svg):
            key = (anchor, y if anchor == "middle" else x)  # x axis: one y; y axis: one x
            axes.setdefault(key, []).append((float(x) if anchor == "middle" else float(y), float(label), label))
        for key, ticks in axes.items():
            if len(ticks) < 2:
                continue
            checked += 1
            ticks.sort(key=lambda t: t[1])
            step = ticks[1][1] - ticks[0][1]
            mant = step / 10 ** math.floor(math.log10(step))
            if not any(abs(mant - m) < 1e-6 for m in (1, 2, 5, 10)):
                problems.append(f"chart {k + 1}: ticks step by {step:g}, not 1, 2 or 5 x 10^k")
            gap = abs(ticks[1][0] - ticks[0][0])
            for (p0, v0, _), (p1, v1, l1) in zip(ticks, ticks[1:]):
                if abs((v1 - v0) - step) > step * 1e-6 or abs(abs(p1 - p0) - gap) > 0.25:
                    problems.append(f"chart {k + 1}: uneven ticks at {l1}")
                    break
            for _, v, label in ticks:
                if abs(v / step - round(v / step)) > 1e-6:
                    problems.append(f"chart {k + 1}: tick {label} is not a multiple of {step:g}")
                    break
    if "<svg" in text and not checked:
        problems.append("charts without tick labels (class tick)")
    return problems


def main():
    path = sys.argv[1]
    min_svg = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    text = open(path, encoding="utf-8").read()
    c = Checker()
    c.feed(text)
    c.close()
    p = c.problems
    if not text.startswith("<!DOCTYPE html>"):
        p.append("no <!DOCTYPE html> first")
    for tag, line in c.stack:
        p.append(f"<{tag}> of line {line} never closed")
    for tag in ("html", "head", "body", "title", "style", "h1"):
        if c.counts.get(tag, 0) != 1:
            p.append(f"{c.counts.get(tag, 0)} <{tag}> elements, want 1")
    if c.counts.get("svg", 0) < min_svg:
        p.append(f"{c.counts.get('svg', 0)} charts (<svg>), want at least {min_svg}")
    p.extend(tick_problems(text))
    if re.search(r"https?:|ftp:|//[a-z0-9.-]+\.[a-z]{2,}/", text, re.I):
        p.append("a network address in the page")
    if re.search(r"url\s*\(|@import", text, re.I):
        p.append("a CSS resource reference (url() or @import)")
    if "NaN" in text or re.search(r"[\"\s>]-?inf\b", text):
        p.append("a NaN or inf printed into the page")
    for msg in p:
        print(f"{path}: {msg}")
    sys.exit(1 if p else 0)


main()
