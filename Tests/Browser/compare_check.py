#!/usr/bin/env python3
"""Drives a page written by `animator-host compare A B --out page.html` in headless Chromium.

usage: compare_check.py PAGE.html FRACTION[,FRACTION...] X,Y [KEY,KEY,...]
It clicks the one scrubber at each fraction of its width, then presses each KEY, and after
each reports what the page shows: the readout, the frame index each side shows, the RGB
at X,Y of each side's picture (from a real screenshot), the view graphed, and how many
points the A (solid) and B (dashed) lines of the graph have.
Prints {"steps": [{"action", "readout", "frames": [a, b], "pixels": [[r,g,b], [r,g,b]],
"view", "solid", "dashed"}]}.
"""
import json, os, sys
from browser import Browser

page_path, fractions = sys.argv[1], [float(f) for f in sys.argv[2].split(',')]
point = tuple(int(v) for v in sys.argv[3].split(','))
keys = sys.argv[4].split(',') if len(sys.argv) > 4 else []

with Browser(width=1500, height=1100) as browser:
    page = browser.open('file://' + os.path.abspath(page_path))

    def report(action):
        page.settle()
        page.evaluate("Promise.all([...document.images].map(i => i.decode().catch(() => 0)))", await_promise=True)
        return {'action': action, 'readout': page.evaluate("document.getElementById('readout').textContent"),
                'frames': [int(page.evaluate(f"document.getElementById('frame{s}').dataset.frame")) for s in 'AB'],
                'pixels': [page.pixels([point], origin='frame' + s)[0] for s in 'AB'],
                'view': page.evaluate("document.getElementById('view').value"),
                'solid': page.evaluate("[...document.querySelectorAll('#graph polyline.a')].map(l => l.getAttribute('points').split(' ').length)"),
                'dashed': page.evaluate("[...document.querySelectorAll('#graph polyline.b')].map(l => l.getAttribute('points').split(' ').length)")}

    box = page.box('scrubber')
    steps = []
    for fraction in fractions:
        page.click(box[0] + min(max(fraction * box[2], 1), box[2] - 1), box[1] + box[3] / 2)
        steps.append(report(f'click {fraction}'))
    for key in keys:
        page.key(key)
        steps.append(report(key))
    print(json.dumps({'steps': steps}))
