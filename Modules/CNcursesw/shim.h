// Shim for ncursesw: the wide-character API and the macros Swift cannot import.
#ifndef FOLIO_CNCURSESW_SHIM_H
#define FOLIO_CNCURSESW_SHIM_H

// SwiftPM drops ncursesw's -D_XOPEN_SOURCE flags; without these the wide API is missing.
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <wchar.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <ncursesw/curses.h>

static inline WINDOW *folio_stdscr(void) { return stdscr; }
static inline int folio_lines(void) { return LINES; }
static inline int folio_cols(void) { return COLS; }
static inline int folio_colors(void) { return COLORS; }
static inline int folio_color_pairs(void) { return COLOR_PAIRS; }
static inline int folio_getmaxy(WINDOW *w) { int y, x; getmaxyx(w, y, x); (void)x; return y; }
static inline int folio_getmaxx(WINDOW *w) { int y, x; getmaxyx(w, y, x); (void)y; return x; }

static const attr_t folio_a_normal = A_NORMAL;
static const attr_t folio_a_bold = A_BOLD;
static const attr_t folio_a_reverse = A_REVERSE;
static const attr_t folio_a_underline = A_UNDERLINE;
static const attr_t folio_a_dim = A_DIM;

static const int folio_key_resize = KEY_RESIZE;
static const int folio_key_mouse = KEY_MOUSE;
static const int folio_key_code_yes = KEY_CODE_YES;
static const int folio_key_up = KEY_UP;
static const int folio_key_down = KEY_DOWN;
static const int folio_key_left = KEY_LEFT;
static const int folio_key_right = KEY_RIGHT;
static const int folio_key_npage = KEY_NPAGE;
static const int folio_key_ppage = KEY_PPAGE;
static const int folio_key_home = KEY_HOME;
static const int folio_key_end = KEY_END;
static const int folio_key_enter = KEY_ENTER;
static const int folio_key_backspace = KEY_BACKSPACE;
static const int folio_key_btab = KEY_BTAB;
static const int folio_key_dc = KEY_DC;
static inline int folio_key_f(int n) { return KEY_F(n); }
static const int folio_ok = OK;
static const int folio_err = ERR;

static const mmask_t folio_all_mouse_events = ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION;
static const mmask_t folio_button1_clicked = BUTTON1_CLICKED;
static const mmask_t folio_button_ctrl = BUTTON_CTRL;
static const mmask_t folio_button1_pressed = BUTTON1_PRESSED;
static const mmask_t folio_button1_released = BUTTON1_RELEASED;
static const mmask_t folio_button1_double_clicked = BUTTON1_DOUBLE_CLICKED;
static const mmask_t folio_button4_pressed = BUTTON4_PRESSED;
static const mmask_t folio_button5_pressed = BUTTON5_PRESSED;
static const mmask_t folio_report_mouse_position = REPORT_MOUSE_POSITION;

/// Draws one wide character with an extended color pair (pair numbers above 255 work).
static inline int folio_mvadd_wch_pair(int y, int x, wchar_t ch, attr_t attrs, int pair) {
  cchar_t cell;
  wchar_t text[2] = { ch, 0 };
  setcchar(&cell, text, attrs, 0, &pair);
  return mvadd_wch(y, x, &cell);
}

/// Draws a spacing character and up to four combining marks (`text` ends with 0) with an
/// extended color pair.
static inline int folio_mvadd_wchars_pair(int y, int x, const wchar_t *text, attr_t attrs,
                                          int pair) {
  cchar_t cell;
  setcchar(&cell, text, attrs, 0, &pair);
  return mvadd_wch(y, x, &cell);
}

/// Columns a character takes in the current locale (glibc declares wcwidth only under
/// _XOPEN_SOURCE, which SwiftPM strips).
extern int wcwidth(wchar_t c);
static inline int folio_wcwidth(wchar_t c) { return wcwidth(c); }

/// Reads one mouse event after KEY_MOUSE: 0 on success.
static inline int folio_getmouse(int *x, int *y, mmask_t *state) {
  MEVENT event;
  if (getmouse(&event) != OK) return -1;
  *x = event.x; *y = event.y; *state = event.bstate;
  return 0;
}

/// Whether terminfo has an entry for `name` where newterm would look (TERMINFO, ~/.terminfo,
/// TERMINFO_DIRS, the system's folders): 1 or 0. The entry is read aside and dropped; the
/// terminal and the current screen are untouched (declared here: term.h's capability macros
/// would come with it).
struct term;
extern int setupterm(const char *, int, int *);
extern struct term *set_curterm(struct term *);
extern int del_curterm(struct term *);
static inline int folio_has_terminfo(const char *name) {
  struct term *saved = set_curterm(NULL);
  int status = 0;
  int found = setupterm(name, STDOUT_FILENO, &status) == OK && status == 1;
  if (found) del_curterm(set_curterm(saved));
  else set_curterm(saved);
  return found;
}

/// Terminal pixel size as the kernel reports it (0 when unknown).
static inline int folio_window_pixels(int fd, unsigned short *cols, unsigned short *rows,
                                      unsigned short *xpixel, unsigned short *ypixel) {
  struct winsize ws;
  if (ioctl(fd, TIOCGWINSZ, &ws) != 0) return -1;
  *cols = ws.ws_col; *rows = ws.ws_row; *xpixel = ws.ws_xpixel; *ypixel = ws.ws_ypixel;
  return 0;
}

#endif
