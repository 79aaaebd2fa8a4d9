// Shim for libsynctex (synctex 1.21, Debian libsynctex-dev): the SyncTeX parser that maps a
// source line to boxes in the PDF (display query) and a point on a page to a source line
// (edit query).
#ifndef FOLIO_CSYNCTEX_SHIM_H
#define FOLIO_CSYNCTEX_SHIM_H

#include <synctex/synctex_parser.h>

#endif
