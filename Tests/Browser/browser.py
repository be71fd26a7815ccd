"""Headless Chromium driven over the DevTools protocol (--remote-debugging-pipe), with no
Python packages beyond Pillow: what the page checks in this folder share.

    with Browser() as browser:
        page = browser.open('file:///tmp/page.html')      # waits for the load event
        page.evaluate("document.title")
        page.pixels([(10, 20)], origin='frame')           # RGB from a real screenshot
"""
import base64, io, json, os, shutil, subprocess, tempfile
from PIL import Image

KEY_CODES = {'ArrowRight': 39, 'ArrowLeft': 37, 'Home': 36, 'End': 35, ']': 221, '[': 219, 'l': 76, '?': 191, ' ': 32,
             'o': 79, 'v': 86}


def find_browser():
    # Debian's /usr/bin/chromium is a shell launcher; the browser itself sits beside its libraries.
    candidates = ['/usr/lib/chromium/chromium', shutil.which('chromium'), shutil.which('chromium-browser'),
                  shutil.which('google-chrome')]
    return next((c for c in candidates if c and os.access(c, os.X_OK)), None)


class Browser:
    def __init__(self, width=1200, height=1000):
        browser = find_browser()
        if not browser:
            raise SystemExit('ModuleNotFoundError: no chromium on PATH')
        self.width, self.height = width, height
        to_browser_read, to_browser_write = os.pipe()
        from_browser_read, from_browser_write = os.pipe()
        self.profile = tempfile.mkdtemp()

        def child_setup():
            # The browser reads commands on fd 3 and writes replies on fd 4; copies first, as the
            # pipe's own descriptors may already be 3 or 4 (and dup2 onto itself keeps close-on-exec).
            commands, replies = os.dup(to_browser_read), os.dup(from_browser_write)
            os.dup2(commands, 3)
            os.dup2(replies, 4)

        self.process = subprocess.Popen(
            [browser, '--headless=new', '--no-sandbox', '--disable-gpu', '--remote-debugging-pipe',
             '--user-data-dir=' + self.profile, f'--window-size={width},{height}', '--hide-scrollbars', 'about:blank'],
            preexec_fn=child_setup, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, close_fds=False)
        os.close(to_browser_read)
        os.close(from_browser_write)
        self.writer = os.fdopen(to_browser_write, 'wb', buffering=0)
        self.reader = os.fdopen(from_browser_read, 'rb', buffering=0)
        self.buffer = b''
        self.counter = 0
        self.events = []

    def __enter__(self):
        return self

    def __exit__(self, *error):
        try:
            self.send('Browser.close')
        except BaseException:
            pass
        self.process.wait(timeout=10)
        shutil.rmtree(self.profile, ignore_errors=True)

    def receive(self):
        while b'\0' not in self.buffer:
            chunk = self.reader.read(65536)
            if not chunk:
                raise SystemExit('browser closed the pipe')
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b'\0', 1)
        return json.loads(message)

    def send(self, method, params=None, session=None):
        self.counter += 1
        message = {'id': self.counter, 'method': method, 'params': params or {}}
        if session:
            message['sessionId'] = session
        self.writer.write(json.dumps(message).encode() + b'\0')
        while True:
            reply = self.receive()
            if reply.get('id') == self.counter:
                if 'error' in reply:
                    raise SystemExit(f'{method}: {reply["error"]}')
                return reply.get('result', {})
            self.events.append(reply)

    def wait_for(self, event, session):
        while True:
            for index, message in enumerate(self.events):
                if message.get('method') == event and message.get('sessionId') == session:
                    del self.events[index]
                    return message
            self.events.append(self.receive())

    def open(self, url):
        target = self.send('Target.createTarget', {'url': 'about:blank'})['targetId']
        session = self.send('Target.attachToTarget', {'targetId': target, 'flatten': True})['sessionId']
        self.send('Page.enable', session=session)
        self.send('Emulation.setDeviceMetricsOverride',
                  {'width': self.width, 'height': self.height, 'deviceScaleFactor': 1, 'mobile': False}, session)
        page = Page(self, session)
        page.navigate(url)
        return page


class Page:
    def __init__(self, browser, session):
        self.browser, self.session = browser, session

    def send(self, method, params=None):
        return self.browser.send(method, params, self.session)

    def navigate(self, url):
        self.send('Page.navigate', {'url': url})
        self.browser.wait_for('Page.loadEventFired', self.session)

    def evaluate(self, expression, await_promise=False):
        result = self.send('Runtime.evaluate', {'expression': expression, 'returnByValue': True,
                                                'awaitPromise': await_promise})
        return result['result'].get('value')

    def settle(self):
        """Lets the page decode and paint what it shows."""
        self.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))", await_promise=True)
        self.evaluate("document.getElementById('frame') ? document.getElementById('frame').decode().then(() => 1, () => 0) : 1",
                      await_promise=True)

    def box(self, element_id):
        return self.evaluate(f"(() => {{ const r = document.getElementById('{element_id}').getBoundingClientRect();"
                             " return [r.left, r.top, r.width, r.height]; })()")

    def screenshot(self):
        shot = self.send('Page.captureScreenshot', {'format': 'png'})['data']
        return Image.open(io.BytesIO(base64.b64decode(shot))).convert('RGB')

    def pixels(self, points, origin=None):
        """RGB at points (x, y), relative to the element with id `origin` when given."""
        left, top = (self.box(origin)[:2] if origin else (0, 0))
        picture = self.screenshot()
        return [list(picture.getpixel((int(left) + x, int(top) + y))) for (x, y) in points]

    def click(self, x, y):
        for kind in ('mousePressed', 'mouseReleased'):
            self.send('Input.dispatchMouseEvent', {'type': kind, 'x': x, 'y': y, 'button': 'left', 'clickCount': 1})

    def key(self, name):
        shift = name.startswith('shift+')
        key = name[6:] if shift else name
        for kind in ('rawKeyDown', 'keyUp'):
            self.send('Input.dispatchKeyEvent', {'type': kind, 'key': key, 'windowsVirtualKeyCode': KEY_CODES.get(key, 0),
                                                 'modifiers': 8 if shift else 0})
