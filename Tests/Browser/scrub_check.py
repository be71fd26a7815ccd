#!/usr/bin/env python3
"""Drives a page written by `animator-host run ... --out page.html` in headless Chromium.

It speaks the DevTools protocol over --remote-debugging-pipe (no Python packages beyond
Pillow), clicks the page's scrubber at given fractions of its width with real mouse
events, and after each click reports what the page shows: the scrubber's value, the
frame number in the readout, and the RGB of requested pixels of the picture, taken
from a real screenshot decoded with Pillow.

usage: scrub_check.py PAGE.html FRACTION[,FRACTION...] X,Y[;X,Y...] [KEY,KEY,...]
prints one JSON object: {"clicks": [{"fraction", "value", "readout", "pixels": [[r,g,b]...]}],
"keys": [{"key", "readout", "speed", "loop", "help", "onion", "view", "series", "legend"}]}: after the clicks, each KEY (a DOM key
name such as ArrowRight, ']' or '?', 'shift+' in front for Shift) is pressed in turn and
what the page's player shows is reported (for pages with those controls).
"""
import base64, io, json, os, shutil, subprocess, sys, tempfile
from PIL import Image

page, fractions, points = sys.argv[1], [float(f) for f in sys.argv[2].split(',')], \
    [tuple(int(v) for v in p.split(',')) for p in sys.argv[3].split(';')]
keys = sys.argv[4].split(',') if len(sys.argv) > 4 else []
KEY_CODES = {'ArrowRight': 39, 'ArrowLeft': 37, 'Home': 36, 'End': 35, ']': 221, '[': 219, 'l': 76, '?': 191, ' ': 32,
             'o': 79, 'v': 86}
# Debian's /usr/bin/chromium is a shell launcher; the browser itself sits beside its libraries.
candidates = ['/usr/lib/chromium/chromium', shutil.which('chromium'), shutil.which('chromium-browser'),
              shutil.which('google-chrome')]
browser = next((c for c in candidates if c and os.access(c, os.X_OK)), None)
if not browser:
    sys.exit('ModuleNotFoundError: no chromium on PATH')

to_browser_read, to_browser_write = os.pipe()
from_browser_read, from_browser_write = os.pipe()
profile = tempfile.mkdtemp()


def child_setup():
    # The browser reads commands on fd 3 and writes replies on fd 4; copies first, as the
    # pipe's own descriptors may already be 3 or 4 (and dup2 onto itself keeps close-on-exec).
    commands, replies = os.dup(to_browser_read), os.dup(from_browser_write)
    os.dup2(commands, 3)
    os.dup2(replies, 4)


process = subprocess.Popen(
    [browser, '--headless=new', '--no-sandbox', '--disable-gpu', '--remote-debugging-pipe',
     '--user-data-dir=' + profile, '--window-size=1200,1000', '--hide-scrollbars', 'about:blank'],
    preexec_fn=child_setup, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
    stderr=subprocess.DEVNULL, close_fds=False)
os.close(to_browser_read)
os.close(from_browser_write)
writer = os.fdopen(to_browser_write, 'wb', buffering=0)
reader = os.fdopen(from_browser_read, 'rb', buffering=0)
buffer = b''
counter = 0
events = []


def receive():
    global buffer
    while b'\0' not in buffer:
        chunk = reader.read(65536)
        if not chunk:
            raise SystemExit('browser closed the pipe')
        buffer += chunk
    message, buffer = buffer.split(b'\0', 1)
    return json.loads(message)


def send(method, params=None, session=None):
    global counter
    counter += 1
    message = {'id': counter, 'method': method, 'params': params or {}}
    if session:
        message['sessionId'] = session
    writer.write(json.dumps(message).encode() + b'\0')
    while True:
        reply = receive()
        if reply.get('id') == counter:
            if 'error' in reply:
                raise SystemExit(f'{method}: {reply["error"]}')
            return reply.get('result', {})
        events.append(reply)


def wait_for(event, session):
    while True:
        for index, message in enumerate(events):
            if message.get('method') == event and message.get('sessionId') == session:
                del events[index]
                return message
        events.append(receive())


try:
    target = send('Target.createTarget', {'url': 'about:blank'})['targetId']
    session = send('Target.attachToTarget', {'targetId': target, 'flatten': True})['sessionId']
    send('Page.enable', session=session)
    send('Emulation.setDeviceMetricsOverride',
         {'width': 1200, 'height': 1000, 'deviceScaleFactor': 1, 'mobile': False}, session)
    send('Page.navigate', {'url': 'file://' + os.path.abspath(page)}, session)
    wait_for('Page.loadEventFired', session)

    def evaluate(expression):
        result = send('Runtime.evaluate', {'expression': expression, 'returnByValue': True}, session)
        return result['result'].get('value')

    box = evaluate("(() => { const r = document.getElementById('scrubber').getBoundingClientRect();"
                   " return [r.left, r.top, r.width, r.height]; })()")
    image_box = evaluate("(() => { const r = document.getElementById('frame').getBoundingClientRect();"
                         " return [r.left, r.top]; })()")
    clicks = []
    for fraction in fractions:
        x = box[0] + min(max(fraction * box[2], 1), box[2] - 1)
        y = box[1] + box[3] / 2
        for kind in ('mousePressed', 'mouseReleased'):
            send('Input.dispatchMouseEvent', {'type': kind, 'x': x, 'y': y, 'button': 'left', 'clickCount': 1}, session)
        # Let the page decode and paint the new frame.
        evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        send('Runtime.evaluate', {'expression': "document.getElementById('frame').decode()", 'awaitPromise': True}, session)
        shot = send('Page.captureScreenshot', {'format': 'png'}, session)['data']
        picture = Image.open(io.BytesIO(base64.b64decode(shot))).convert('RGB')
        pixels = [list(picture.getpixel((int(image_box[0]) + px, int(image_box[1]) + py))) for (px, py) in points]
        clicks.append({'fraction': fraction, 'value': float(evaluate("document.getElementById('scrubber').value")),
                       'readout': evaluate("document.getElementById('readout').textContent"), 'pixels': pixels})
    pressed = []
    for name in keys:
        shift = name.startswith('shift+')
        key = name[6:] if shift else name
        for kind in ('rawKeyDown', 'keyUp'):
            send('Input.dispatchKeyEvent', {'type': kind, 'key': key, 'windowsVirtualKeyCode': KEY_CODES.get(key, 0),
                                            'modifiers': 8 if shift else 0}, session)
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
finally:
    try:
        send('Browser.close')
    except BaseException:
        pass
    process.wait(timeout=10)
    shutil.rmtree(profile, ignore_errors=True)
