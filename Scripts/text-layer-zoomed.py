#!/usr/bin/env python3
"""Measures the text layer in the real viewer, zoomed and panned, as issue "Read and copy" asks.

For each PDF and page, at 80x24, 120x40 and 200x60, runs `folio --mode continuous --page P` in
tmux, presses `z` (the text column at reading size), then `l` (panned right), then `j` three
times (scrolled down). After each step it waits for the screen to settle, captures it, and reads
which part of which page each screen rectangle shows (`FOLIO_VIEW_REPORT`). It compares the
words on the screen with the words `pdftotext -bbox` finds on the page:

  recall    = page words lying wholly inside the part shown that appear in the text the
              screen shows there / those page words                    (target >= 95 %)
  precision = words on the screen that appear in the page's text / words on the screen
                                                                          (target >= 98 %)

"Appear in" is as text, spaces aside: pdftotext cuts "Ux0" into the words "U" and "x0" where
Poppler's text layout (and so the screen) keeps one word, and both are right; and a word's
punctuation is kept inside it ("(−1)k" is a word of "(−1) k", "1)k" is not).

Usage: Scripts/text-layer-zoomed.py FOLIO PDF_OR_DIR... [--pages N]
"""
import functools, html, os, re, shutil, subprocess, sys, tempfile, time

BLOCKS = re.compile('[\u2580-\u259f\u2800-\u28ff\U0001fb00-\U0001fbff\u25a0-\u25ff]')
EDGE = re.compile(r'^[\W_]+|[\W_]+$')
SIZES = [(80, 24), (120, 40), (200, 60)]
STEPS = [('z', 'zoomed'), ('l', 'panned'), ('jjj', 'scrolled')]


def raw(texts):
    """The texts run together without spaces or block art, punctuation kept."""
    return ''.join(''.join(BLOCKS.sub(' ', text).split()) for text in texts)


def words(text):
    result = []
    for token in BLOCKS.sub(' ', text).split():  # block art separates words, as spaces do
        token = EDGE.sub('', token)
        if token:
            result.append(token)
    return result


@functools.lru_cache(maxsize=None)
def page_boxes(path, page):
    """The page's size in points and its words with their boxes."""
    out = subprocess.run(['pdftotext', '-bbox', '-f', str(page), '-l', str(page), path, '-'],
                         capture_output=True, text=True).stdout
    size = re.search(r'<page width="([\d.]+)" height="([\d.]+)"', out)
    if not size or float(size.group(1)) <= 0:
        return None
    boxes = [(float(m.group(1)), float(m.group(2)), float(m.group(3)), float(m.group(4)),
              html.unescape(m.group(5))) for m in re.finditer(
        r'<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)">(.*?)</word>',
        out)]
    return float(size.group(1)), float(size.group(2)), boxes


class Viewer:
    """One folio in a tmux session of its own."""

    def __init__(self, folio, path, page, size, home):
        self.socket = os.path.join(home, 'tmux')
        self.report = os.path.join(home, 'view')
        env = ' '.join('%s=%s' % pair for pair in [
            ('LANG', 'C.UTF-8'), ('TERM', 'tmux-256color'), ('COLORTERM', 'truecolor'),
            ('XDG_STATE_HOME', home), ('XDG_CACHE_HOME', home), ('XDG_CONFIG_HOME', home),
            ('XDG_RUNTIME_DIR', home),
            ('FOLIO_VIEW_REPORT', self.report)])
        command = "env %s %s --mode continuous --page %d --no-remember --no-config '%s'" % (
            env, folio, page, path)
        self.tmux('new-session', '-d', '-x', str(size[0]), '-y', str(size[1]), command)

    def tmux(self, *arguments):
        return subprocess.run(['tmux', '-S', self.socket, '-f', '/dev/null'] + list(arguments),
                              capture_output=True, text=True).stdout

    def screen(self):
        return self.tmux('capture-pane', '-p', '-N')

    def settled(self, deadline=20.0, quiet=0.8):
        """The screen once it and the report have not changed for `quiet` seconds."""
        start = time.monotonic()
        last, since = None, time.monotonic()
        while time.monotonic() - start < deadline:
            now = (self.screen(), self.regions())
            if now != last:
                last, since = now, time.monotonic()
            elif time.monotonic() - since >= quiet and now[1]:
                return now
            time.sleep(0.1)
        return last

    def regions(self):
        try:
            with open(self.report) as file:
                rows = [line.split() for line in file if line.strip()]
        except FileNotFoundError:
            return []
        return [(int(r[0]), *map(float, r[1:5]), *map(int, r[5:9])) for r in rows]

    def press(self, keys):
        for key in keys:
            self.tmux('send-keys', '-t', '=0:', key)
            time.sleep(0.05)

    def close(self):
        self.tmux('kill-server')


def measure(path, screen, regions):
    """Per page on screen: (page words inside, of them shown, screen words, of them real)."""
    lines = screen.split('\n')
    seen = shown = drawn = real = 0
    for page, x, y, width, height, column, row, columns, rows in regions:
        boxes = page_boxes(path, page)
        if boxes is None:
            continue
        page_width, page_height, page_words = boxes
        left, top = x * page_width, y * page_height
        right, bottom = left + width * page_width, top + height * page_height
        text = '\n'.join(line[column:column + columns] for line in lines[row:row + rows])
        frame = words(text)
        frame_text = raw([text])
        inside = [w for x0, y0, x1, y1, word in page_words
                  if x0 >= left and x1 <= right and y0 >= top and y1 <= bottom
                  for w in words(word)]
        everything = raw(word for *_, word in page_words)
        seen += len(inside)
        shown += sum(1 for w in inside if w in frame_text)
        drawn += len(frame)
        real += sum(1 for w in frame if w in everything)
    return seen, shown, drawn, real


def main():
    arguments = sys.argv[1:]
    per_document = 3
    if '--pages' in arguments:
        at = arguments.index('--pages')
        per_document = int(arguments[at + 1])
        del arguments[at:at + 2]
    folio, targets = os.path.abspath(arguments[0]), arguments[1:]
    paths = []
    for target in targets:
        if os.path.isdir(target):
            paths += [os.path.join(target, n) for n in sorted(os.listdir(target)) if n.endswith('.pdf')]
        else:
            paths.append(target)
    totals = {}
    for path in paths:
        info = subprocess.run(['pdfinfo', path], capture_output=True, text=True).stdout
        count = re.search(r'Pages:\s+(\d+)', info)
        if not count:
            continue
        count = int(count.group(1))
        pages = [p for p in range(1, count + 1, max(1, count // per_document))][:per_document]
        pages = [p for p in pages if page_boxes(path, p) and len(page_boxes(path, p)[2]) >= 20]
        for page in pages:
            for size in SIZES:
                home = tempfile.mkdtemp(prefix='folio-zoomed-')
                viewer = Viewer(folio, path, page, size, home)
                try:
                    viewer.settled()
                    for keys, step in STEPS:
                        viewer.press(keys)
                        screen, regions = viewer.settled()
                        seen, shown, drawn, real = measure(path, screen, regions)
                        total = totals.setdefault((size, step), [0, 0, 0, 0])
                        for i, value in enumerate((seen, shown, drawn, real)):
                            total[i] += value
                        print('%-36s p%-4d %3dx%-3d %-8s recall %5.1f%% (%4d) precision %5.1f%% (%4d)' % (
                            os.path.basename(path)[:36], page, size[0], size[1], step,
                            100 * shown / max(1, seen), seen, 100 * real / max(1, drawn), drawn),
                            flush=True)
                finally:
                    viewer.close()
                    shutil.rmtree(home, ignore_errors=True)
    print()
    all_seen = all_shown = all_drawn = all_real = 0
    for (size, step), (seen, shown, drawn, real) in sorted(totals.items()):
        all_seen, all_shown, all_drawn, all_real = (
            all_seen + seen, all_shown + shown, all_drawn + drawn, all_real + real)
        print('%3dx%-3d %-8s recall %5.1f%% (%d / %d), precision %5.1f%% (%d / %d)' % (
            size[0], size[1], step, 100 * shown / max(1, seen), shown, seen,
            100 * real / max(1, drawn), real, drawn))
    print('all: recall %.1f%% (%d / %d), precision %.1f%% (%d / %d)' % (
        100 * all_shown / max(1, all_seen), all_shown, all_seen,
        100 * all_real / max(1, all_drawn), all_real, all_drawn))


main()
