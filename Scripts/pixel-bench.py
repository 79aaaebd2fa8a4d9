#!/usr/bin/env python3
"""Measures pages as kitty images, as issue "Pixel pages" asks, on this machine.

- wire: `folio --print --pixels kitty --size 100x70 --cell-pixels 10x20 --page P` less the same
  with `--pixels off`: the image's bytes for a page about 990x1400 pixels (target <= 80 KB).
- in the viewer, under a pseudo-terminal that answers as kitty (10x20-pixel cells): the time
  from the first frame of block art to the first placement (target <= 150 ms); the first
  frame's time asking the terminal (auto) against not asking (off); the image bytes sent while
  paging back over pages already sent (target 0).

Usage: Scripts/pixel-bench.py FOLIO PDF...
"""
import os, pty, select, statistics, subprocess, sys, tempfile, time

folio, pdfs = sys.argv[1], sys.argv[2:]
env = dict(os.environ, LANG='C.UTF-8', TERM='xterm-256color')
env.pop('TMUX', None)
home = tempfile.mkdtemp(prefix='folio-pixel-bench-')
for name in ('XDG_STATE_HOME', 'XDG_CACHE_HOME', 'XDG_CONFIG_HOME', 'XDG_RUNTIME_DIR'):
    env[name] = home


def printed(path, page, pixels):
    return len(subprocess.run(
        [folio, '--print', '--pixels', pixels, '--size', '100x70', '--cell-pixels', '10x20',
         '--page', str(page), path], env=env, capture_output=True).stdout)


def viewer(path, pixels, steps):
    """Runs the viewer on a pty answering as kitty; `steps` are (keys, seconds to wait after).
    Returns the chunks read with their times, and the time of each step."""
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(folio, [folio, '--pixels', pixels, '--mode', 'continuous', '--no-remember',
                          path], env)
    start = time.monotonic()
    chunks, marks, answered = [], [], False
    out = b''
    pending = list(steps)
    next_at = None
    while time.monotonic() - start < 30:
        ready, _, _ = select.select([fd], [], [], 0.01)
        if ready:
            try:
                chunk = os.read(fd, 1 << 16)
            except OSError:
                break
            if not chunk:
                break
            chunks.append((time.monotonic() - start, chunk))
            out += chunk
        if not answered and b'\x1b[c' in out:
            answered = True
            os.write(fd, b'\x1b_Gi=31;OK\x1b\\\x1b[6;20;10t\x1b[?62;4;22c')
        if next_at is None and b'100%' in out:
            next_at = time.monotonic() + 1.5
        if next_at is not None and time.monotonic() >= next_at:
            if not pending:
                os.write(fd, b'q')
                next_at = float('inf')
                continue
            keys, wait = pending.pop(0)
            marks.append(time.monotonic() - start)
            os.write(fd, keys)
            next_at = time.monotonic() + wait
    os.waitpid(pid, 0)
    return chunks, marks


def first(chunks, needle):
    seen = b''
    for at, chunk in chunks:
        seen += chunk
        if needle in seen:
            return at
    return None


def image_bytes_after(chunks, moment):
    seen = b''.join(chunk for at, chunk in chunks if at >= moment)
    total, index = 0, 0
    while True:
        index = seen.find(b'\x1b_Ga=t', index)
        if index < 0:
            return total
        end = seen.find(b'\x1b\\', index)
        total += (end if end >= 0 else len(seen)) - index
        index += 1
        # The chunks after the first of an image.
        while True:
            more = seen.find(b'\x1b_Gm=', index)
            if more < 0 or (seen.find(b'\x1b_Ga=', index) not in (-1,) and
                            seen.find(b'\x1b_Ga=', index) < more):
                break
            end = seen.find(b'\x1b\\', more)
            total += (end if end >= 0 else len(seen)) - more
            index = more + 1


wire, latency, frame_auto, frame_off, back = [], [], [], [], []
for path in pdfs:
    for page in (1, 2, 3):
        wire.append((printed(path, page, 'kitty') - printed(path, page, 'off')) / 1024)
    chunks, marks = viewer(path, 'auto', [(b'\x1b[6~', 1.0)] * 3 + [(b'\x1b[5~', 1.0)] * 3)
    art, image = first(chunks, b'100%'), first(chunks, b'a=p,')
    if art is not None and image is not None:
        latency.append((image - art) * 1000)
        frame_auto.append(art * 1000)
    if len(marks) >= 6:
        back.append(image_bytes_after(chunks, marks[3]))
    chunks, _ = viewer(path, 'off', [])
    art = first(chunks, b'100%')
    if art is not None:
        frame_off.append(art * 1000)


def spread(values, unit):
    if not values:
        return 'n/a'
    return f'{statistics.median(values):.0f} {unit} (max {max(values):.0f})'


print('| measurement | result | target |')
print('|---|---|---|')
print(f'| a page as a kitty image, 990x1400 pixels: bytes on the wire, median (max) of {len(wire)} pages | {spread(wire, "KB")} | ≤ 80 KB |')
print(f'| the first placement after the first frame of block art, continuous view | {spread(latency, "ms")} | ≤ 150 ms |')
print(f'| the first frame asking the terminal (auto) / not asking (off) | {spread(frame_auto, "ms")} / {spread(frame_off, "ms")} | the same |')
print(f'| image bytes sent while paging back over pages sent (3 screens down, 3 up) | {spread(back, "bytes")} | 0 |')
print(f'| images kept in the terminal | at most 48 (each at most 8 Mi pixels) | bounded |')
