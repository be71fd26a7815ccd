#!/usr/bin/env python3
"""Drives a page written by `animator-host run ... --out page.html` in headless Chromium.

It speaks the DevTools protocol over --remote-debugging-pipe (no Python packages beyond
Pillow), clicks the page's scrubber at given fractions of its width with real mouse
events, and after each click reports what the page shows: the scrubber's value, the
frame number in the readout, and the RGB of requested pixels of the picture, taken
from a real screenshot decoded with Pillow.

usage: scrub_check.py PAGE.html FRACTION[,FRACTION...] X,Y[;X,Y...] [KEY,KEY,...]
prints one JSON object: {"clicks": [{"fraction", "value", "readout", "pixels": [[r,g,b]...], "diff"}],
"keys": [{"key", "readout", "speed", "loop", "help", "onion", "view", "series", "legend"}]}: after the clicks, each KEY (a DOM key
name such as ArrowRight, ']' or '?', 'shift+' in front for Shift) is pressed in turn and
what the page's player shows is reported (for pages with those controls). On a snapshot
report, whose diff is a canvas the page draws from the golden and actual frames, "diff" is
[golden's source, actual's source, the canvas as a PNG data URL] once it is drawn.
"""
import json, os, sys
from browser import Browser

page_path, fractions, points = sys.argv[1], [float(f) for f in sys.argv[2].split(',')], \
    [tuple(int(v) for v in p.split(',')) for p in sys.argv[3].split(';')]
keys = sys.argv[4].split(',') if len(sys.argv) > 4 else []

with Browser() as browser:
    page = browser.open('file://' + os.path.abspath(page_path))
    evaluate = page.evaluate
    box = page.box('scrubber')
    clicks = []
    for fraction in fractions:
        x = box[0] + min(max(fraction * box[2], 1), box[2] - 1)
        y = box[1] + box[3] / 2
        page.click(x, y)
        page.settle()
        diff = None
        if evaluate("!!(document.getElementById('diff') && document.getElementById('diff').getContext)"):
            evaluate("document.getElementById('diff').drawn || 0", await_promise=True)
            diff = [evaluate("document.getElementById('golden').src"), evaluate("document.getElementById('frame').src"),
                    evaluate("document.getElementById('diff').toDataURL('image/png')")]
        clicks.append({'fraction': fraction, 'value': float(evaluate("document.getElementById('scrubber').value")),
                       'readout': evaluate("document.getElementById('readout').textContent"),
                       'pixels': page.pixels(points, origin='frame'), 'diff': diff})
    pressed = []
    for name in keys:
        page.key(name)
        pressed.append({'key': name, 'readout': evaluate("document.getElementById('readout').textContent"),
                        'speed': evaluate("document.getElementById('speed').value"),
                        'loop': evaluate("document.getElementById('loop').checked"),
                        'help': not evaluate("document.getElementById('help').hidden"),
                        'onion': evaluate("document.getElementById('before').hidden ? [] : "
                                          "[+document.getElementById('before').dataset.frame, +document.getElementById('after').dataset.frame]"),
                        'view': evaluate("document.getElementById('view').value"),
                        'series': evaluate("[...document.querySelectorAll('#graph polyline.series')].map(l => l.getAttribute('points').split(' ').length)"),
                        'legend': evaluate("document.getElementById('legend').textContent")})
    print(json.dumps({'clicks': clicks, 'keys': pressed}))
