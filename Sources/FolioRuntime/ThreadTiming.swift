import Glibc

/// Lowers the calling thread's scheduling priority (Linux nice +5 for this thread only).
func lowerThreadPriority() {
  _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(currentThreadID()), 5)
}

/// glibc's gettid (not exported by the Glibc module).
@_silgen_name("gettid")
private func currentThreadID() -> Int32
