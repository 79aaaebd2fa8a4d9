// Shim for libsixel: sixel images for terminals that show them (xterm -ti vt340, foot, mlterm).
#ifndef FOLIO_CSIXEL_SHIM_H
#define FOLIO_CSIXEL_SHIM_H

#include <sixel.h>

#endif
