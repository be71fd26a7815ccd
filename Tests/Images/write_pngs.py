#!/usr/bin/env python3
"""Writes one PNG of every kind PNG allows into FOLDER with pypng (an encoder independent
of animator-host), and prints JSON naming each file with the straight 8-bit RGBA value
every pixel must decode to:

    write_pngs.py FOLDER

Each picture is 13 x 7 pixels (odd sizes exercise Adam7's partial passes), its samples
from a formula of x and y. Kinds: grey at 1, 2, 4, 8 and 16 bits, RGB at 8 and 16, a
palette at 1, 2, 4 and 8 bits (with tRNS alpha), grey+alpha and RGBA at 8 and 16, grey
and RGB with a tRNS transparent color, each plain and Adam7-interlaced."""
import json
import os
import sys

import png

WIDTH, HEIGHT = 13, 7


def scale(value, depth):
    """A sample at `depth` bits as 8 bits, rounded: value * 255 / (2^depth - 1)."""
    maximum = (1 << depth) - 1
    return (value * 255 + maximum // 2) // maximum


def sample(x, y, channel, depth):
    maximum = (1 << depth) - 1
    return (x * 37 + y * 91 + channel * 53 + x * y * 7) % (maximum + 1)


def main():
    folder = sys.argv[1]
    cases = []
    for interlace in (False, True):
        suffix = "-adam7" if interlace else ""

        def write(name, rows, expected, **options):
            path = os.path.join(folder, name + suffix + ".png")
            with open(path, "wb") as handle:
                png.Writer(WIDTH, HEIGHT, interlace=interlace, **options).write(handle, rows)
            cases.append({"path": path, "pixels": expected})

        for depth in (1, 2, 4, 8, 16):
            rows = [[sample(x, y, 0, depth) for x in range(WIDTH)] for y in range(HEIGHT)]
            expected = [[[scale(v, depth)] * 3 + [255] for v in row] for row in rows]
            write("grey%d" % depth, rows, expected, greyscale=True, bitdepth=depth)
        for depth in (8, 16):
            rows = [[sample(x, y, c, depth) for x in range(WIDTH) for c in range(3)] for y in range(HEIGHT)]
            expected = [[[scale(row[3 * x + c], depth) for c in range(3)] + [255] for x in range(WIDTH)] for row in rows]
            write("rgb%d" % depth, rows, expected, greyscale=False, bitdepth=depth)
            rows = [[sample(x, y, c, depth) for x in range(WIDTH) for c in range(2)] for y in range(HEIGHT)]
            expected = [[[scale(row[2 * x], depth)] * 3 + [scale(row[2 * x + 1], depth)] for x in range(WIDTH)] for row in rows]
            write("greyalpha%d" % depth, rows, expected, greyscale=True, alpha=True, bitdepth=depth)
            rows = [[sample(x, y, c, depth) for x in range(WIDTH) for c in range(4)] for y in range(HEIGHT)]
            expected = [[[scale(row[4 * x + c], depth) for c in range(4)] for x in range(WIDTH)] for row in rows]
            write("rgba%d" % depth, rows, expected, greyscale=False, alpha=True, bitdepth=depth)
        for depth in (1, 2, 4, 8):
            count = 1 << depth
            palette = [((i * 73) % 256, (i * 151) % 256, (i * 29 + 7) % 256, 255 - (i * 41) % 200) for i in range(count)]
            rows = [[sample(x, y, 0, depth) for x in range(WIDTH)] for y in range(HEIGHT)]
            expected = [[list(palette[v]) for v in row] for row in rows]
            write("palette%d" % depth, rows, expected, palette=palette, bitdepth=depth)
        # A transparent key color: grey 8 and RGB 8.
        rows = [[sample(x, y, 0, 8) for x in range(WIDTH)] for y in range(HEIGHT)]
        key = rows[3][5]
        expected = [[[v] * 3 + [0 if v == key else 255] for v in row] for row in rows]
        write("greykey", rows, expected, greyscale=True, bitdepth=8, transparent=key)
        rows = [[sample(x, y, c, 8) for x in range(WIDTH) for c in range(3)] for y in range(HEIGHT)]
        key = tuple(rows[2][3 * 4:3 * 4 + 3])
        expected = [[row[3 * x:3 * x + 3] + [0 if tuple(row[3 * x:3 * x + 3]) == key else 255] for x in range(WIDTH)]
                    for row in rows]
        write("rgbkey", rows, expected, greyscale=False, bitdepth=8, transparent=key)
    json.dump(cases, sys.stdout)


main()
