// Shim for poppler-glib and cairo: helpers for GObject macros Swift cannot import.
#ifndef FOLIO_CPOPPLER_SHIM_H
#define FOLIO_CPOPPLER_SHIM_H

#include <glib.h>
#include <glib-object.h>
#include <poppler.h>
#include <cairo.h>
#include <cairo-pdf.h>
#include <malloc.h>

/// Releases a GObject (PopplerDocument, PopplerPage, …).
static inline void folio_object_unref(void *object) {
  if (object) g_object_unref(object);
}

/// The error domain of poppler-glib (POPPLER_ERROR does not import).
static inline GQuark folio_poppler_error_quark(void) { return poppler_error_quark(); }

/// The error domain of GFile errors (missing file and the like).
static inline GQuark folio_file_error_quark(void) { return g_file_error_quark(); }

/// Serves allocations of 128 KiB and more (page bitmaps, cairo surfaces) straight from the
/// system and gives them back when freed. glibc otherwise raises this threshold after the first
/// large free and keeps later bitmaps in its per-thread heaps, where freed space stays resident.
static inline int folio_return_large_allocations_to_system(void) {
  return mallopt(M_MMAP_THRESHOLD, 128 * 1024);
}

/// Gives freed heap memory back to the system (glibc keeps it otherwise).
static inline void folio_release_freed_memory(void) { malloc_trim(0); }

#endif
