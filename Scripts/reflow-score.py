#!/usr/bin/env python3
"""Scores `folio --print --mode read` against pdftotext (no -layout), page by page.

For each PDF: the share of pdftotext's body words that the reflowed text holds in the same
order, and the share of words hyphenated across lines (within a page) that come out joined.

Body words: pdftotext's words, less the lines it puts first or last on a page that are only a
page number or repeat (digits aside) a first or last line of a page up to two pages away
(running heads and footers, which the reflow leaves out on purpose). Words are compared
lowercased, NFKC-normalized (ligatures as letters), without the punctuation around them and
without hyphens inside (so "well-known" and "wellknown" are the same word), aligned with
difflib (no junk heuristic).

Hyphenated words: pdftotext in reading order (like the text folio reads through poppler-glib)
already joins most words hyphenated at a line's end, so they are counted from `pdftotext -raw`,
which keeps every line as set: a line ending in a lowercase letter and a hyphen, the next
starting with a lowercase letter. Such a word counts as joined when the reflowed text of its
page holds it whole (each whole word of the page used once).

Running lines in the text: the lines of three words or more stripped from pdftotext's pages as
running heads and footers (page numbers aside) that the reflowed text of the same page still
holds, spaces aside (a running head left inside a paragraph, or shown as text).

Two shares of words: in the running text only (what the reading view shows as text), and with
the text folio prints under each region's placeholder ("│ " lines: the equations, tables and
figures the viewer will show as crops) read in its place.

usage: Scripts/reflow-score.py [--folio PATH] [--pages N] FILE.pdf...
"""
import argparse
import collections
import difflib
import re
import subprocess
import sys
import unicodedata

SEPARATOR = re.compile(r"^\s*── ")
GUTTER = re.compile(r"^\s*│ ")
PLACEHOLDER = re.compile(r"^\s*\[(figure|table|mathematics|page), p\. \d+\]$")
DIGITS = re.compile(r"\d+")
ROMAN = re.compile(r"^[ivxlc]+$")


def canonical(token):
    token = unicodedata.normalize("NFKC", token).lower()
    token = token.strip("\"'“”‘’()[]{}<>.,;:!?*†‡§¶")
    return token.replace("-", "").replace("\u2010", "").replace("\u00ad", "")


def key(line):
    return DIGITS.sub("#", " ".join(line.lower().split()))


def is_page_number(line):
    words = [w for w in re.split(r"[\s\-–—|/]+", key(line)) if w and w not in ("page", "p.", "of")]
    return 0 < len(words) <= 2 and all(w == "#" or ROMAN.match(w) for w in words)


def reference_pages(path, pages, raw=False):
    args = ["pdftotext", "-enc", "UTF-8"] + (["-raw"] if raw else [])
    if pages:
        args += ["-l", str(pages)]
    text = subprocess.run(args + [path, "-"], capture_output=True, text=True, check=True).stdout
    result = [[l for l in page.split("\n") if l.strip()] for page in text.split("\f")]
    if result and not result[-1]:
        result.pop()
    return result


def strip_running(pages):
    """Each page's lines less its running heads, footers and page numbers."""
    edges = [set(key(l) for l in p[:2] + p[-2:]) for p in pages]
    kept = []
    for index, lines in enumerate(pages):
        neighbours = set()
        for other in range(max(0, index - 2), min(len(pages), index + 3)):
            if other != index:
                neighbours |= edges[other]
        edge = set(range(min(2, len(lines)))) | set(range(max(0, len(lines) - 2), len(lines)))
        kept.append(
            [
                l
                for i, l in enumerate(lines)
                if not (i in edge and (is_page_number(l) or key(l) in neighbours))
            ]
        )
    return kept


def reference_words(lines):
    """Canonical words of a page, and the indexes of those joined from a hyphenated pair."""
    words, hyphenated = [], []
    pending = None
    for line in lines:
        tokens = line.split()
        if pending is not None and tokens and tokens[0][:1].islower():
            hyphenated.append(len(words))
            words.append(canonical(pending + tokens[0]))
            tokens = tokens[1:]
        elif pending is not None:
            words.append(canonical(pending))
        pending = None
        for i, token in enumerate(tokens):
            last = i == len(tokens) - 1
            if last and len(token) > 2 and token[-1] in "-\u2010\u00ad" and token[-2].islower():
                pending = token
            else:
                words.append(canonical(token))
    if pending is not None:
        words.append(canonical(pending))
    return [w for w in words if w], hyphenated


def hyphenated_words(lines):
    """The words of a page's raw lines broken by a hyphen at a line's end, whole."""
    words = []
    for line, following in zip(lines, lines[1:]):
        tokens, after = line.split(), following.split()
        if not tokens or not after:
            continue
        last = tokens[-1]
        if len(last) > 2 and last[-1] in "-\u2010\u00ad" and last[-2].islower() and after[0][:1].islower():
            words.append(canonical(last + after[0]))
    return [w for w in words if w]


def reflowed_pages(folio, path, pages, regions):
    args = [folio, "--print", "--mode", "read", "--colors", "none", "--size", "80x24"]
    if pages:
        args += ["--pages", f"1-{pages}"]
    out = subprocess.run(
        args + [path], capture_output=True, text=True, env={"LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"}
    )
    if out.returncode != 0:
        raise RuntimeError(out.stderr.strip())
    result = []
    for line in out.stdout.split("\n"):
        if SEPARATOR.match(line):
            result.append([])
        elif GUTTER.match(line):
            if regions and result:
                result[-1].append(GUTTER.sub("", line))
        elif result and line.strip() and not PLACEHOLDER.match(line):
            result[-1].append(line)
    return result


def score(folio, path, pages, regions):
    reference = strip_running(reference_pages(path, pages))
    raw = reference_pages(path, pages, raw=True)
    ours = reflowed_pages(folio, path, pages, regions)
    total = matched = pairs = joined = heads = 0
    full = reference_pages(path, pages)
    for index, lines in enumerate(reference):
        mine_text = " ".join(" ".join(l.split()) for l in (ours[index] if index < len(ours) else []))
        for line in set(full[index]) - set(lines) if index < len(full) else []:
            if len(line.split()) >= 3 and not is_page_number(line) and " ".join(line.split()) in mine_text:
                heads += 1
        words, _ = reference_words(lines)
        mine = [w for w in (canonical(t) for l in (ours[index] if index < len(ours) else []) for t in l.split()) if w]
        matcher = difflib.SequenceMatcher(None, words, mine, autojunk=False)
        found = set()
        for block in matcher.get_matching_blocks():
            found.update(range(block.a, block.a + block.size))
        total += len(words)
        matched += len(found)
        whole = collections.Counter(mine)
        for word in hyphenated_words(raw[index] if index < len(raw) else []):
            pairs += 1
            if whole[word] > 0:
                whole[word] -= 1
                joined += 1
    return total, matched, pairs, joined, len(reference), heads


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--folio", default=".build/debug/folio")
    parser.add_argument("--pages", type=int, default=0, help="only the first N pages")
    parser.add_argument("files", nargs="+")
    options = parser.parse_args()
    print(
        "| document | pages | body words in order: running text | with the regions' text"
        " | hyphenated words joined | running lines in the text |"
    )
    print("|---|---|---|---|---|---|")
    for path in options.files:
        try:
            total, matched, pairs, joined, count, heads = score(
                options.folio, path, options.pages, False)
            with_regions = score(options.folio, path, options.pages, True)[1]
        except (RuntimeError, subprocess.CalledProcessError) as error:
            print(f"| {path.split('/')[-1]} | failed: {error} | | | | |")
            continue

        def share(part):
            return f"{100 * part / total:.1f} % ({part}/{total})" if total else "no words"

        hyphens = f"{100 * joined / pairs:.1f} % ({joined}/{pairs})" if pairs else "none"
        print(
            f"| {path.split('/')[-1]} | {count} | {share(matched)} | {share(with_regions)}"
            f" | {hyphens} | {heads} |"
        )


if __name__ == "__main__":
    sys.exit(main())
