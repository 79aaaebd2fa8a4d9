#!/usr/bin/env python3
"""Measures the text layer against pdftotext, as issue "Read" asks: for pages of the corpus
PDFs that have text, prints a continuous frame at 160x50 with `--text on` and compares its
words with the words pdftotext -bbox finds in the visible part of the page.

  recall    = visible page words that appear in the frame's text / visible page words
              (target >= 95 %)
  precision = frame words that appear in the text of the page (or the pages beside it, which
              the frame may show too) / frame words                       (target >= 98 %)

"Appear in" is as text, spaces aside: pdftotext cuts "Ux0" into the words "U" and "x0" where
Poppler's text layout (and so the frame) keeps one word, and both are right; and a word's
punctuation is kept inside it ("(−1)k" is a word of "(−1) k", "1)k" is not).

Usage: Scripts/text-layer-words.py FOLIO CORPUS_DIR [PAGES_PER_DOCUMENT]
"""
import collections, functools, html, os, re, subprocess, sys

BLOCKS = re.compile('[\u2580-\u259f\u2800-\u28ff\U0001fb00-\U0001fbff\u25a0-\u25ff]')
EDGE = re.compile(r'^[\W_]+|[\W_]+$')
SIZE = (160, 50)

def raw(texts):
    """The texts run together without spaces or block art, punctuation kept."""
    return ''.join(''.join(BLOCKS.sub(' ', text).split()) for text in texts)

def words(text):
    result = []
    # Block art around the text separates words, as spaces do.
    for token in BLOCKS.sub(' ', text).split():
        token = EDGE.sub('', token)
        if token:
            result.append(token)
    return result

@functools.lru_cache(maxsize=None)  # neighbours are read again for the pages around them
def page_words(path, page):
    out = subprocess.run(['pdftotext', '-bbox', '-f', str(page), '-l', str(page), path, '-'],
                         capture_output=True, text=True).stdout
    size = re.search(r'<page width="([\d.]+)" height="([\d.]+)"', out)
    if not size or float(size.group(1)) <= 0:
        return None, None, ''

    width, height = float(size.group(1)), float(size.group(2))
    boxes = [(float(m.group(2)), float(m.group(4)), html.unescape(m.group(5))) for m in re.finditer(
        r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>', out)]
    # Continuous view at 160 columns: the page fills the width; the screen shows its top.
    page_rows = SIZE[0] * height / width / 2
    visible = min(1.0, (SIZE[1] - 1) / page_rows) * height
    all_words = [w for _, _, text in boxes for w in words(text)]
    seen = [w for top, bottom, text in boxes if bottom <= visible for w in words(text)]
    return all_words, seen, raw(text for _, _, text in boxes)

def frame_words(folio, path, page):
    out = subprocess.run([folio, '--print', '--text', 'on', '--mode', 'continuous', '--page', str(page),
                          '--size', '%dx%d' % SIZE, '--colors', 'none', '--no-remember', '--no-config', path],
                         capture_output=True, text=True, env=dict(os.environ, LANG='C.UTF-8'))
    lines = out.stdout.split('\n')[:SIZE[1] - 1]
    return words('\n'.join(lines)), raw(lines)

def main():
    folio, corpus = sys.argv[1], sys.argv[2]
    per_document = int(sys.argv[3]) if len(sys.argv) > 3 else 12
    found = total = good = drawn = 0
    for name in sorted(os.listdir(corpus)):
        path = os.path.join(corpus, name)
        if not name.endswith('.pdf'):
            continue
        info = subprocess.run(['pdfinfo', path], capture_output=True, text=True).stdout
        pages = re.search(r'Pages:\s+(\d+)', info)
        if not pages:
            continue
        count = int(pages.group(1))
        step = max(1, count // per_document)
        for page in range(1, count + 1, step)[:per_document]:
            everything, seen, _ = page_words(path, page)
            if not seen:
                continue
            frame, frame_text = frame_words(folio, path, page)
            # The frame may show the end of the page before (the last page is scrolled into
            # view whole) and the start of the next.
            page_text = ''.join(page_words(path, p)[2] for p in (page - 1, page, page + 1)
                                if 1 <= p <= count)
            hits = sum(1 for w in seen if w in frame_text)
            real = sum(1 for w in frame if w in page_text)
            found += hits
            total += len(seen)
            good += real
            drawn += len(frame)
            print('%-45s p%-4d recall %5.1f%%  precision %5.1f%%' % (
                name[:45], page, 100 * hits / len(seen), 100 * real / max(1, len(frame))))
    print('all pages: recall %.1f%% (%d / %d), precision %.1f%% (%d / %d)' % (
        100 * found / max(1, total), found, total, 100 * good / max(1, drawn), good, drawn))

main()
