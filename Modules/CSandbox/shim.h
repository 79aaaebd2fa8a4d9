// Shim for the page worker's sandbox: prctl (variadic) and the unshare system call, which
// Swift cannot call directly.
#ifndef FOLIO_CSANDBOX_SHIM_H
#define FOLIO_CSANDBOX_SHIM_H

#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/sched.h>

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
