import Glibc

/// The limits a short-lived helper process of folio's own sets on itself before it reads an
/// untrusted file (a SyncTeX query, an annotation edit): memory, processor time, and no core
/// file when a library crashes.
enum ProcessLimits {
  /// Sets at most `memoryBytes` of address space and `processorSeconds` of processor time, and
  /// no core file.
  static func apply(memoryBytes: rlim_t, processorSeconds: rlim_t) {
    var memory = rlimit(rlim_cur: memoryBytes, rlim_max: memoryBytes)
    setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &memory)
    var processor = rlimit(rlim_cur: processorSeconds, rlim_max: processorSeconds)
    setrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &processor)
    var core = rlimit(rlim_cur: 0, rlim_max: 0)
    setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &core)
  }
}
