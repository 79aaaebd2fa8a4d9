// Shim for zlib: kitty's graphics protocol takes pixels compressed with deflate (o=z).
#ifndef FOLIO_CZLIB_SHIM_H
#define FOLIO_CZLIB_SHIM_H

#include <zlib.h>

#endif
