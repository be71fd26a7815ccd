#!/usr/bin/env python3
"""Follows the page `animator-host watch --serve` serves while a plan edits the sources.

usage: watch_check.py URL PLAN.json
PLAN: {"source": FILE, "points": [[x, y], ...], "timeout": S,
       "edits": [{"old": TEXT, "new": TEXT, "expect": "reload" | "failed"}, ...]}

It opens URL in headless Chromium, waits for the first preview (window.previewGeneration
at least 1), shows the last frame (End) and reads the RGB of the points (relative to the
frame picture, from a real screenshot). Then, for each edit, it replaces OLD with NEW in
FILE and waits until the page reloads with a newer generation ("reload") or its watch bar
says the build or run failed ("failed"), shows the last frame again and reads the points.
Prints one JSON object: {"steps": [{"generation", "phase", "message", "readout",
"pixels", "seconds"}, ...]}, the first step being the page before any edit; "seconds" is
the time from the edit to the page showing the outcome.
"""
import json, sys, time
from browser import Browser

url, plan = sys.argv[1], json.load(open(sys.argv[2]))
points = [tuple(p) for p in plan['points']]
timeout = plan.get('timeout', 120)


def state(page):
    try:
        return page.evaluate("[window.previewGeneration || 0, document.getElementById('watch-bar').dataset.phase,"
                             " document.getElementById('watch-message').textContent, document.readyState]")
    except SystemExit:
        return None     # the page was navigating


def wait(page, condition, what):
    deadline = time.time() + timeout
    while time.time() < deadline:
        now = state(page)
        if now and now[3] == 'complete' and condition(now):
            return now
        time.sleep(0.02)
    raise SystemExit(f'timed out waiting for {what}: {state(page)}')


def step(page, now, seconds):
    page.key('End')
    page.settle()
    readout = page.evaluate("document.getElementById('readout') ? document.getElementById('readout').textContent : ''")
    return {'generation': now[0], 'phase': now[1], 'message': now[2], 'readout': readout,
            'pixels': page.pixels(points, origin='frame'), 'seconds': seconds}


with Browser() as browser:
    page = browser.open(url)
    now = wait(page, lambda s: s[0] >= 1 and s[1] == 'ready', 'the first preview')
    steps = [step(page, now, 0)]
    for edit in plan['edits']:
        generation = steps[-1]['generation']
        text = open(plan['source']).read()
        if edit['old'] not in text:
            raise SystemExit(f"{plan['source']} has no {edit['old']!r}")
        start = time.time()
        with open(plan['source'], 'w') as file:
            file.write(text.replace(edit['old'], edit['new']))
        if edit['expect'] == 'reload':
            now = wait(page, lambda s: s[0] > generation and s[1] == 'ready', 'a new preview')
        else:
            now = wait(page, lambda s: s[1] == 'failed', 'the failure')
        steps.append(step(page, now, round(time.time() - start, 3)))
    print(json.dumps({'steps': steps}))
