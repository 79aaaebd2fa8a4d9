#!/usr/bin/env python3
"""Writes folio's man page (roff) to standard output: the options from the built binary's
`--experimental-dump-help` (so every option is listed as the binary parses it), the keys from
the README's key table (the table the `?` overlay matches), and where folio keeps its files.

Usage: Scripts/make-man.py FOLIO_BINARY [README]
"""
import json, re, subprocess, sys

def roff(text):
    text = text.replace('\\', '\\e').replace('-', '\\-')
    return re.sub(r'^([.\'])', r'\\&\1', text, flags=re.M)

def plain(markdown):
    return roff(re.sub(r'`([^`]*)`', r'\1', markdown))

def inversion(argument, flags):
    """For a flag with a --no- form (swift-argument-parser's `inversion: .prefixedNo`, which
    gives both forms one help): the positive form's name, and the name of the form that
    the entry is."""
    name = argument['names'][0]['name']
    positive = name[3:] if name.startswith('no-') else name
    other = flags.get('no-' + positive if positive == name else positive)
    if argument['kind'] != 'flag' or other is None or other.get('abstract') != argument.get('abstract'):
        return None
    return positive, name

def description(argument, flags):
    """An option's description. The two forms of a flag with a --no- form each get their own:
    the flag's help says what --no-NAME does in a sentence of its discussion starting
    "--no-NAME: ", which is the --no- form's description and no part of the other's."""
    abstract = argument.get('abstract', '')
    discussion = argument.get('discussion') if isinstance(argument.get('discussion'), str) else ''
    pair = inversion(argument, flags)
    if pair is None:
        return (abstract + ' ' + discussion).strip()
    positive, name = pair
    marker = '--no-%s: ' % positive
    if marker not in discussion:
        sys.exit('make-man.py: the help of --%s says nothing of its own about --no-%s '
                 '(its discussion needs a sentence starting "%s")' % (positive, positive, marker))
    before, negative = discussion.split(marker, 1)
    if name == positive:
        return (abstract + ' ' + before).strip()
    return negative[:1].upper() + negative[1:].strip()

def main():
    binary = sys.argv[1]
    readme = sys.argv[2] if len(sys.argv) > 2 else 'README.md'
    command = json.loads(subprocess.run([binary, '--experimental-dump-help'],
                                        capture_output=True, text=True, check=True).stdout)['command']
    version = subprocess.run([binary, '--version'], capture_output=True, text=True).stdout.strip()
    out = ['.TH FOLIO 1 "" "%s" "User Commands"' % roff(version),
           '.SH NAME', 'folio \\- browse the pages of a PDF file in the terminal',
           '.SH SYNOPSIS', '.B folio', '[\\fIoptions\\fR] [\\fIFILE\\fR]',
           '.br', '.B folio', '\\-\\-preview \\fIFILE\\fR [\\fIWIDTH HEIGHT\\fR [\\fIX Y\\fR]]',
           '.br', '.B folio', '\\-\\-remote [\\-\\-to \\fIPDF\\fR|\\fISOCKET\\fR] \\fICOMMAND\\fR [\\fIARGS\\fR...]',
           '.br', '.B folio', '\\-\\-synctex\\-forward \\fILINE\\fR:\\fICOLUMN\\fR:\\fITEXFILE\\fR \\fIFILE\\fR',
           '.br', '.B folio', '\\-\\-annotations [\\-\\-list | \\-\\-format markdown] \\fIFILE\\fR|\\fIFOLDER\\fR...',
           '.SH DESCRIPTION',
           roff(command.get('abstract', '')) + ' ' + roff(command.get('discussion', '')),
           'Pages are drawn with block characters in true color, in a smart grid of thumbnails, a '
           'continuous view or one spread at a time; the text of a page is drawn as characters '
           'where it is legible. FILE \\- reads the PDF from standard input.',
           '.SH OPTIONS']
    arguments = [a for a in command['arguments']
                 if a.get('shouldDisplay') is not False and a['kind'] != 'positional']
    flags = {a['names'][0]['name']: a for a in arguments if a['kind'] == 'flag'}
    for argument in arguments:
        names = ', '.join(('-' if n['kind'] == 'short' else '--') + n['name'] for n in argument['names'])
        value = argument.get('valueName')
        head = '\\fB%s\\fR' % roff(names)
        if argument['kind'] == 'option' and value:
            head += ' \\fI%s\\fR' % roff(value.upper())
        out += ['.TP', head, roff(description(argument, flags))]
    out += ['.SH KEYS', 'Also shown by \\fB?\\fR in the viewer.']
    table = open(readme).read().split('Keys (also shown by `?`):', 1)[1]
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip().strip('|').split('|')] if line.startswith('|') else None
        if not cells or cells[0] in ('keys', '---') or set(cells[0]) <= set('-'):
            if line.strip() == '' and out[-1] != 'Also shown by \\fB?\\fR in the viewer.':
                break
            continue
        out += ['.TP', '\\fB%s\\fR' % plain(cells[0]), plain(cells[1])]
    actions = subprocess.run([binary, '--list-actions', '--no-config'], capture_output=True,
                             text=True, check=True).stdout.split()
    out += ['.SH ACTIONS', 'The names the config file\'s [keys] table binds keys to:',
            # \% keeps each name whole: a name broken across lines could not be copied.
            '.PP', ', '.join('\\%' + roff(action) for action in actions) + '.']
    out += ['.SH FILES',
            '.TP', '\\fI$XDG_STATE_HOME/folio/places.sqlite\\fR (default \\fI~/.local/state/folio/\\fR)',
            'Where each document was left, its view settings and marks. A damaged file is set '
            'aside with a timestamp and a new one started.',
            '.TP', '\\fI$XDG_CACHE_HOME/folio/text.sqlite\\fR (default \\fI~/.cache/folio/\\fR)',
            'Extracted page text for searching, at most 512 MiB, least recently used documents '
            'first to go.',
            '.TP', '\\fI$XDG_CONFIG_HOME/folio/config.toml\\fR (default \\fI~/.config/folio/\\fR)',
            'The configuration file (TOML): defaults for mode, spreads, rtl, symbols, colors, '
            'invert, text, trim, cache\\-mb, cell\\-aspect and remember, and a [keys] table binding '
            'any key ("J", "ctrl\\-n", "space") to any action that \\fB\\-\\-list\\-actions\\fR '
            'names ("" unbinds). The command line wins over it; a mistake in it is one line on '
            'standard error and the rest applies. synctex\\-editor\\-command is the editor '
            'an inverse search opens (its words split as a shell would, never run by one; '
            '%{input}, %{line} and %{column} filled in); synctex\\-tmux (split or window) is '
            'where \\fB\\-\\-synctex\\-forward\\fR opens a viewer from tmux; highlight\\-color, '
            'underline\\-color and strike\\-out\\-color ("#RRGGBB") colour the marks H, U, X, T '
            'and N write into the PDF.',
            '.TP', '\\fI$XDG_RUNTIME_DIR/folio/PID.sock\\fR (else \\fI$XDG_STATE_HOME/folio/sockets/\\fR)',
            'Each viewer\'s control socket, in a folder only its user can open: JSON lines in '
            'the style of mpv\'s ({"command": ["goto", "xii"], "id": 1}); every action of '
            '\\fB\\-\\-list\\-actions\\fR with a count, goto, open, find, get, subscribe, quit. '
            '\\fB\\-\\-remote\\fR sends one.',
            '.SH ENVIRONMENT',
            '.TP', '\\fBNO_COLOR\\fR', 'No colors unless \\fB\\-\\-colors\\fR says otherwise.',
            '.TP', '\\fBCOLORTERM\\fR', 'truecolor or 24bit: 24\\-bit colors.',
            '.TP', '\\fBTMUX\\fR, \\fBTMUX_PANE\\fR',
            'Inside tmux, \\fB\\-\\-synctex\\-forward\\fR with no viewer and no terminal '
            'opens one in a pane beside the editor\'s, and an inverse search selects the '
            'editor\'s pane.',
            '.TP', '\\fBFZF_PREVIEW_COLUMNS\\fR, \\fBFZF_PREVIEW_LINES\\fR',
            'The pane size for \\fB\\-\\-preview\\fR without WIDTH and HEIGHT.',
            '.SH EXIT STATUS',
            '0 on success; 1 for an unusable file or output; 2 for usage errors; with '
            '\\fB\\-\\-list\\fR, 1 when nothing matches; with \\fB\\-\\-annotations\\fR, 1 when '
            'no annotation was printed and 2 when a file could not be read; with \\fB\\-\\-pick\\fR, 130 when cancelled; '
            'with \\fB\\-\\-remote\\fR and \\fB\\-\\-synctex\\-forward\\fR, 1 when the viewer '
            'refuses and 2 when there is no viewer; '
            '128 + the signal\'s number when a signal ends the viewer.',
            '.SH SEE ALSO', 'pdftotext(1), qpdf(1)']
    print('\n'.join(out))

main()
