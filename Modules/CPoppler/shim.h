// Shim for poppler-glib and cairo: helpers for GObject macros Swift cannot import.
#ifndef FOLIO_CPOPPLER_SHIM_H
#define FOLIO_CPOPPLER_SHIM_H

#include <glib.h>
#include <glib-object.h>
#include <poppler.h>
#include <cairo.h>
#include <cairo-pdf.h>
#include <malloc.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/sched.h>

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

/// A page worker gives up gaining privileges (setuid programs, file capabilities) for good.
static inline int folio_forbid_new_privileges(void) { return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); }

/// A page worker is sent `signal` when the thread that started it ends (prctl is variadic).
static inline int folio_die_with_parent(int signal) { return prctl(PR_SET_PDEATHSIG, signal, 0, 0, 0); }

/// A page worker moves to a network namespace of its own (no interface but a loopback that is
/// down): in a new user namespace when the system allows it, else alone (root). 0 on success.
static inline int folio_leave_network(void) {
  if (syscall(SYS_unshare, CLONE_NEWUSER | CLONE_NEWNET) == 0) return 0;
  return (int)syscall(SYS_unshare, CLONE_NEWNET);
}

#endif
