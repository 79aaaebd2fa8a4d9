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

/// Gives freed heap memory back to the system (glibc keeps it otherwise).
static inline void folio_release_freed_memory(void) { malloc_trim(0); }

/// Keeps the heap from holding on to freed pictures: blocks of `mmap_bytes` or more are mapped
/// on their own (and unmapped when freed) whatever sizes came before (glibc otherwise raises
/// that bound to the largest block freed), and threads share at most `arenas` heaps.
static inline void folio_limit_heap_growth(int mmap_bytes, int arenas) {
  mallopt(M_MMAP_THRESHOLD, mmap_bytes);
  mallopt(M_ARENA_MAX, arenas);
}

#endif
