#!/usr/bin/env python3
"""Pages as pixels in real terminals under Xvfb, measured from screenshots (issue 51).

For each terminal (xterm with sixel, kitty) and each one-page PDF given, runs
`folio --pixels P --no-remember --mode spread PDF` (the page fitted to the screen, the filmstrip turned off with `F`) in the
terminal under `script` (which records every byte
Folio writes), then:

  1. with nothing over the page: the page's rectangle on screen (the bright pixels above the
     status line), its aspect ratio against the PDF's (pdfinfo), and how like Poppler's raster
     at that size (pdftocairo) the pixels are;
  2. with the help over the page (`?`): how like the raster the page's pixels outside the help
     box are (the box: the pixels that changed), so the page around it is still an image;
  3. with the search prompt and its hits (`/` and a word): the same;
  4. after each is closed: the image bytes Folio sent (kitty's transmissions `a=t`; sixel
     images `ESC P … q`).

Likeness is 1 - mean absolute difference / 255 over the red, green and blue of the pixels
compared. Needs Xvfb, xterm, kitty, xdotool, ImageMagick's `import` and `convert`, Poppler's
`pdfinfo` and `pdftocairo`, and `script`; stdlib Python only.

    Scripts/pixel-screens.py --folio .build/debug/folio --word light PDF...
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

WIDTH, HEIGHT = 1280, 800


def run(*arguments, **options):
    return subprocess.run(arguments, check=True, capture_output=True, **options)


def read_ppm(path):
    """A PPM (P6) as (width, height, bytes)."""
    data = open(path, "rb").read()
    fields = []
    index = 0
    while len(fields) < 4:
        while data[index : index + 1].isspace():
            index += 1
        if data[index : index + 1] == b"#":
            index = data.index(b"\n", index) + 1
            continue
        start = index
        while not data[index : index + 1].isspace():
            index += 1
        fields.append(data[start:index])
    index += 1
    width, height = int(fields[1]), int(fields[2])
    return width, height, data[index : index + width * height * 3]


def screenshot(display, folder, name):
    png = os.path.join(folder, name + ".png")
    ppm = os.path.join(folder, name + ".ppm")
    run("import", "-display", display, "-window", "root", png)
    run("convert", png, ppm)
    return read_ppm(ppm)


def page_box(shot, bottom):
    """The page's rectangle: x0, y0, x1, y1. Its sides and top are those of the bright pixels
    (paper) above row `bottom` (clear of the status line); its bottom is where its left and
    right margins stop being the paper's color for good (the status line, drawn in another
    light gray, may touch it; a rule across the page stops them for a few rows)."""
    width, height, pixels = shot
    x0, y0, x1, y1 = width, bottom, -1, -1
    for y in range(bottom):
        row = y * width * 3
        for x in range(0, width, 1):
            i = row + x * 3
            if pixels[i] > 200 and pixels[i + 1] > 200 and pixels[i + 2] > 200:
                if x < x0:
                    x0 = x
                if x > x1:
                    x1 = x
                if y < y0:
                    y0 = y
    x1 += 1

    def at(x, y):
        i = (y * width + x) * 3
        return pixels[i : i + 3]

    paper = at(x0 + 1, y0 + 1)

    def is_paper(x, y):
        return all(abs(a - b) <= 4 for a, b in zip(at(x, y), paper))

    # A rule across the page (a slide's) interrupts the margins for a few rows only.
    y1 = y0
    y = y0
    while y < height and y - y1 < 8:
        if is_paper(x0 + 1, y) or is_paper(x1 - 2, y):
            y1 = y + 1
        y += 1
    return x0, y0, x1, y1


def raster(pdf, folder, width, height):
    base = os.path.join(folder, "raster")
    run("pdftocairo", "-singlefile", "-png", "-scale-to-x", str(width), "-scale-to-y",
        str(height), pdf, base)
    run("convert", base + ".png", "-alpha", "off", base + ".ppm")
    return read_ppm(base + ".ppm")


def likeness(shot, box, page, skip=None):
    """1 - mean |difference| / 255 between the screenshot's `box` and the raster `page`,
    leaving out the pixels inside `skip` (screen coordinates)."""
    width, _, pixels = shot
    page_width, _, page_pixels = page
    x0, y0, x1, y1 = box
    total = 0
    count = 0
    for y in range(y0, y1):
        for x in range(x0, x1):
            if skip and skip[0] <= x < skip[2] and skip[1] <= y < skip[3]:
                continue
            i = (y * width + x) * 3
            j = ((y - y0) * page_width + (x - x0)) * 3
            total += (abs(pixels[i] - page_pixels[j]) + abs(pixels[i + 1] - page_pixels[j + 1])
                      + abs(pixels[i + 2] - page_pixels[j + 2]))
            count += 3
    return 1 - total / (255 * max(1, count)), count // 3


def changed_box(before, after, box):
    """The bounding box of the pixels inside `box` that differ much between two shots."""
    width, _, a = before
    _, _, b = after
    x0, y0, x1, y1 = box
    found = [x1, y1, x0 - 1, y0 - 1]
    for y in range(y0, y1):
        for x in range(x0, x1):
            i = (y * width + x) * 3
            if abs(a[i] - b[i]) + abs(a[i + 1] - b[i + 1]) + abs(a[i + 2] - b[i + 2]) > 90:
                found = [min(found[0], x), min(found[1], y), max(found[2], x + 1),
                         max(found[3], y + 1)]
    return tuple(found) if found[2] > found[0] else None


def image_bytes(text, pixels):
    if pixels == "kitty":
        return sum(len(m) for m in re.findall(r"\x1b_Ga=t,[^\x1b]*\x1b\\(?:\x1b_Gm=[^\x1b]*\x1b\\)*",
                                              text))
    return sum(len(m) for m in re.findall(r"\x1bP[0-9;]*q[^\x1b]*\x1b\\", text))


def wait_for(condition, seconds=20):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if condition():
            return True
        time.sleep(0.2)
    return False


def settle(log, seconds=1.5):
    """Waits until the log stops growing for `seconds` (at most 20 s)."""
    last, since = -1, time.time()
    deadline = time.time() + 20
    while time.time() < deadline:
        size = os.path.getsize(log) if os.path.exists(log) else 0
        if size != last:
            last, since = size, time.time()
        elif time.time() - since >= seconds:
            return
        time.sleep(0.1)


def measure(terminal, pdf, folio, word, display, folder):
    log = os.path.join(folder, "output")
    xdg = os.path.join(folder, "xdg")
    for sub in ["config", "data", "cache", "state", "run"]:
        os.makedirs(os.path.join(xdg, sub), exist_ok=True)
    os.chmod(os.path.join(xdg, "run"), 0o700)
    pixels = "sixel" if terminal == "xterm" else "kitty"
    command = (
        f"env XDG_CONFIG_HOME={xdg}/config XDG_DATA_HOME={xdg}/data XDG_CACHE_HOME={xdg}/cache"
        f" XDG_STATE_HOME={xdg}/state XDG_RUNTIME_DIR={xdg}/run"
        f" {folio} --pixels {pixels} --no-remember --mode spread {pdf}")
    scripted = ["script", "-q", "-f", "-c", command, log]
    environment = dict(os.environ, DISPLAY=display)
    if terminal == "xterm":
        argv = ["xterm", "-ti", "vt340", "-geometry", "120x38+0+0", "-fa", "Monospace", "-fs",
                "10", "-bg", "black", "-fg", "white", "-xrm", "XTerm*decGraphicsID: vt340",
                "-xrm", "XTerm*numColorRegisters: 256", "-xrm", "XTerm*maxGraphicSize: 2000x2000",
                "-e"] + scripted
    else:
        environment["LIBGL_ALWAYS_SOFTWARE"] = "1"
        argv = ["kitty", "-o", "font_size=10", "-o", f"initial_window_width={WIDTH - 80}",
                "-o", f"initial_window_height={HEIGHT - 20}", "-o", "remember_window_size=no",
                "-o", "background=#000000"] + scripted
    process = subprocess.Popen(argv, env=environment, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    try:
        marker = "a=p," if pixels == "kitty" else "\x1bP"
        if not wait_for(lambda: os.path.exists(log) and marker in open(log, errors="replace").read()):
            return {"error": "no image was shown"}
        settle(log)
        run("xdotool", "mousemove", "400", "300", env=environment)
        # The filmstrip off: the page alone on screen.
        run("xdotool", "key", "F", env=environment)
        settle(log)
        plain = screenshot(display, folder, "plain")
        status_top = HEIGHT - 60
        box = page_box(plain, status_top)
        x0, y0, x1, y1 = box
        info = run("pdfinfo", pdf).stdout.decode()
        size = re.search(r"Page size:\s+([\d.]+) x ([\d.]+)", info)
        rotation = re.search(r"Page rot:\s+(\d+)", info)
        pdf_width, pdf_height = float(size.group(1)), float(size.group(2))
        if rotation and int(rotation.group(1)) % 180 == 90:
            pdf_width, pdf_height = pdf_height, pdf_width
        result = {
            "box": box,
            "aspect error %": 100 * abs((x1 - x0) / (y1 - y0) / (pdf_width / pdf_height) - 1),
        }
        page = raster(pdf, folder, x1 - x0, y1 - y0)
        result["plain likeness"], _ = likeness(plain, box, page)
        for name, keys, close in [("help", ["question"], ["Escape"]),
                                  ("search", ["slash"] + list(word), ["Escape"])]:
            for key in keys:
                run("xdotool", "key", key, env=environment)
            settle(log)
            covered = screenshot(display, folder, name)
            hole = changed_box(plain, covered, box)
            result[f"{name}: covered box"] = hole
            result[f"{name}: likeness outside it"], compared = likeness(covered, box, page, hole)
            result[f"{name}: pixels compared"] = compared
            before = open(log, errors="replace").read()
            for key in close:
                run("xdotool", "key", key, env=environment)
            settle(log)
            after = open(log, errors="replace").read()
            result[f"{name}: image bytes after closing"] = image_bytes(after[len(before):], pixels)
        run("xdotool", "key", "q", env=environment)
        return result
    finally:
        time.sleep(0.5)
        process.terminate()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--folio", default=".build/debug/folio")
    parser.add_argument("--word", default="the")
    parser.add_argument("--terminals", default="xterm,kitty")
    parser.add_argument("--display", default=":9")
    parser.add_argument("pdfs", nargs="+")
    arguments = parser.parse_args()
    started = None
    if subprocess.run(["xdpyinfo", "-display", arguments.display], capture_output=True).returncode:
        started = subprocess.Popen(["Xvfb", arguments.display, "-screen", "0",
                                    f"{WIDTH}x{HEIGHT}x24"], stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        time.sleep(1)
    try:
        for terminal in arguments.terminals.split(","):
            for pdf in arguments.pdfs:
                folder = tempfile.mkdtemp(prefix="folio-pixel-screens-")
                result = measure(terminal, os.path.abspath(pdf), os.path.abspath(arguments.folio),
                                 arguments.word, arguments.display, folder)
                print(f"{terminal} {os.path.basename(pdf)}:")
                for key, value in result.items():
                    shown = f"{value:.4f}" if isinstance(value, float) else value
                    print(f"  {key}: {shown}")
                print(f"  screenshots: {folder}")
                sys.stdout.flush()
    finally:
        if started:
            started.terminate()


if __name__ == "__main__":
    main()
