#!/usr/bin/env python3
"""Runs `animator-host play ...` (or any command) in a pseudo-terminal, as a user at a
terminal would.

Once playback has begun and `wait` more seconds have passed, it sends `key` ('q', 'ctrl-c' or 'none'), waits for the program to
end, and prints one JSON object: the exit status (or -signal), whether the output
entered and left the alternate screen and hid and showed the cursor, which colour
escapes it used (24-bit, 256-colour), whether it drew half blocks or shade characters,
the last line it printed, whether the terminal was in raw mode while it played and
whether echo and line mode were back on afterwards.

usage: play_in_pty.py WAIT KEY PROGRAM ARGS...   (environment passed through; PTY_SIZE=ROWSxCOLUMNS
sets the window, 40x100 by default)
The report also gives every status line shown (the text after an erase-line that names a
frame) and the widest of them in terminal columns, counted by Unicode's East Asian Width.
KEY 'resize' grows the window to 60 × 200 cells, waits for frames of a new width, then sends q; the
report gives the widest row of half blocks before and after.
KEY 'keys:K1,K2,...' sends those keys 0.5 s apart (space, left, right, plus, minus, r, q) and
reports under 'steps' the last status line shown after each.
KEY 'none' sends nothing and does not wait for playback (a command that ends by itself);
the report then also says whether a progress bar was drawn and erased.
"""
import json, os, pty, select, signal, sys, termios, time, unicodedata

wait, key, argv = float(sys.argv[1]), sys.argv[2], sys.argv[3:]
pid, master = pty.fork()
if pid == 0:
    os.execvp(argv[0], argv)

import fcntl, struct
rows, columns = (int(n) for n in os.environ.get('PTY_SIZE', '40x100').split('x'))
fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack('HHHH', rows, columns, 0, 0))


def status_lines(text):
    """The status lines: after an erase-line, up to the next escape, naming a frame or keys."""
    lines = [part.split('\x1b')[0].rstrip('\r\n') for part in text.split('\x1b[2K')[1:]]
    return [l for l in lines if 'frame ' in l or 'keys: ' in l or 'q quits' in l]


def columns_of(line):
    return sum(0 if unicodedata.combining(c) or unicodedata.category(c) == 'Cf'
               else 2 if unicodedata.east_asian_width(c) in 'WF' else 1 for c in line)
output = b''


def pump(seconds):
    global output
    end = time.time() + seconds
    while time.time() < end:
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                return False
            if not chunk:
                return False
            output += chunk
    return True


# Wait until playback has begun (the alternate screen is entered after rendering), then
# let it play for `wait` seconds.
started = time.time()
while key != 'none' and b'\x1b[?1049h' not in output and time.time() - started < 60:
    if not pump(0.1):
        break
pump(wait)
during = termios.tcgetattr(master)
mark = len(output)
if key == 'resize':
    # The window grows to 60 rows of 200 columns; the kernel tells the program (SIGWINCH).
    def widest(data):
        return max((l.count('\u2580') for l in data.decode('utf-8', 'replace').split('\n')), default=0)
    before = widest(output)
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack('HHHH', 60, 200, 0, 0))
    mark = len(output)
    # Until frames of another width come (drawing them again takes a while), or 60 s.
    resized = time.time()
    while widest(output[mark:]) in (0, before) and time.time() - resized < 60:
        if not pump(0.2):
            break
    pump(0.5)
    key = 'q'
steps = []
if key.startswith('keys:'):
    codes = {'space': b' ', 'left': b'\x1b[D', 'right': b'\x1b[C', 'plus': b'+', 'minus': b'-', 'r': b'r', 'q': b'q'}
    for name in key[5:].split(','):
        mark = len(output)
        os.write(master, codes[name])
        pump(0.5)
        shown = status_lines(output[mark:].decode('utf-8', 'replace'))
        steps.append(shown[-1] if shown else '')
    key = 'sent'
if key == 'q':
    os.write(master, b'q')
elif key == 'ctrl-c':
    os.write(master, b'\x03')
status = None
deadline = time.time() + 90
while time.time() < deadline:
    alive = pump(0.2)
    done, code = os.waitpid(pid, os.WNOHANG)
    if done:
        status = os.waitstatus_to_exitcode(code)
        pump(0.2)
        break
    if not alive:
        _, code = os.waitpid(pid, 0)
        status = os.waitstatus_to_exitcode(code)
        break
if status is None:
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
after = termios.tcgetattr(master)
text = output.decode('utf-8', 'replace')
lines = [l for l in text.replace('\r', '\n').split('\n') if l.strip()]
print(json.dumps({
    'status': status,
    'alternate_screen': '\x1b[?1049h' in text and '\x1b[?1049l' in text,
    'cursor_hidden_and_shown': '\x1b[?25l' in text and text.rfind('\x1b[?25h') > text.rfind('\x1b[?25l'),
    'truecolor': '\x1b[38;2;' in text,
    'indexed': '\x1b[38;5;' in text,
    'half_blocks': '\u2580' in text,
    'shades': '@' in text or '#' in text,
    'last_line': lines[-1] if lines else '',
    # The status lines under the frames, and the widest in columns.
    'captions': sorted(set(status_lines(text))),
    'widest_status': max((columns_of(l) for l in status_lines(text)), default=0),
    # The most rows of half blocks (a picture's rows) drawn between two cursor-homes.
    'tallest_picture': max((sum(1 for l in frame.split('\n') if '\u2580' in l or '@' in l or '#' in l)
                            for frame in text.split('\x1b[H')[1:]), default=0),
    'widest_before': max((l.count('\u2580') for l in output[:mark].decode('utf-8', 'replace').split('\n')), default=0),
    'widest_after': max((l.count('\u2580') for l in output[mark:].decode('utf-8', 'replace').split('\n')), default=0),
    'progress_bar': 'rendering' in text and '%' in text and '\u2588' in text,
    'progress_erased': '\r\x1b[2K' in text,
    'raw_while_playing': not (during[3] & termios.ECHO) and not (during[3] & termios.ICANON),
    'echo_restored': bool(after[3] & termios.ECHO),
    'line_mode_restored': bool(after[3] & termios.ICANON),
    'steps': steps,
}))
