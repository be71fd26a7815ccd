#!/usr/bin/env python3
"""Prints what fontTools (an independent TrueType reader) says about a font, as JSON,
for the tests to hold animator-host's own reader against:

    font_facts.py FONT.ttf CHARACTERS [PAIR ...]

unitsPerEm, hhea's ascender/descender/lineGap, and per character its glyph id, advance
width and outline (contours of [x, y, on-curve 1 or 0], composites resolved), and the kerning
of each two-character PAIR from the 'kern' table (0 where none)."""
import json
import sys

from fontTools.ttLib import TTFont


def main():
    path, characters, pairs = sys.argv[1], sys.argv[2], sys.argv[3:]
    font = TTFont(path)
    cmap = font.getBestCmap()
    glyf = font["glyf"]
    order = font.getGlyphOrder()
    facts = {
        "unitsPerEm": font["head"].unitsPerEm,
        "ascender": font["hhea"].ascent,
        "descender": font["hhea"].descent,
        "lineGap": font["hhea"].lineGap,
        "glyphs": {},
        "kerning": {},
    }
    for character in characters:
        name = cmap.get(ord(character), ".notdef")
        glyph = glyf[name]
        contours = []
        if glyph.numberOfContours != 0:
            coordinates, ends, flags = glyph.getCoordinates(glyf)
            start = 0
            for end in ends:
                contours.append([[coordinates[i][0], coordinates[i][1], 1 if flags[i] & 1 else 0]
                                 for i in range(start, end + 1)])
                start = end + 1
        facts["glyphs"][character] = {
            "id": order.index(name),
            "advance": font["hmtx"][name][0],
            "composite": glyph.isComposite(),
            "contours": contours,
        }
    kern = font["kern"].kernTables[0].kernTable if "kern" in font else {}
    for pair in pairs:
        left, right = cmap.get(ord(pair[0])), cmap.get(ord(pair[1]))
        facts["kerning"][pair] = kern.get((left, right), 0)
    json.dump(facts, sys.stdout)


main()
