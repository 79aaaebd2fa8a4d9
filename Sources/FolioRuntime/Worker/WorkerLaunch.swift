/// How to start a page worker: a program that speaks the worker message format on descriptor 0.
public struct WorkerLaunch: Hashable, Sendable {
  /// The hidden argument that puts `folio` in worker mode.
  public static let flag = "--internal-page-worker"
  /// The program: the running `folio` itself unless told otherwise (tests, the benchmarks).
  public var executable: String

  /// Starts `executable` (by default the running program, `/proc/self/exe`) in worker mode.
  public init(executable: String = "/proc/self/exe") { self.executable = executable }

  /// The arguments after the program's name: the flag, the memory limit in bytes and the
  /// nice value.
  func arguments(_ limits: WorkerLimits) -> [String] {
    [Self.flag, String(limits.memoryBytes), String(limits.niceness)]
  }
}
