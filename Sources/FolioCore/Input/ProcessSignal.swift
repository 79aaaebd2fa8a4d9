/// A signal the event loop handles itself (through a self-pipe, never in the handler): a
/// request to stop, or to suspend. The raw value is Linux's signal number.
public enum ProcessSignal: Int32, Hashable, Sendable, CaseIterable {
  /// SIGHUP: the terminal went away (a dropped SSH session).
  case hangUp = 1
  /// SIGINT: Ctrl-C, or `kill -INT`.
  case interrupt = 2
  /// SIGQUIT: Ctrl-\.
  case quit = 3
  /// SIGTERM: asked to end.
  case terminate = 15
  /// SIGTSTP: Ctrl-Z, suspend until continued.
  case suspend = 20

  /// The exit status of a process ended by this signal: 128 + its number.
  public var exitStatus: Int32 { 128 + rawValue }

  /// Whether the signal asks the process to end (all but `suspend`).
  public var endsProcess: Bool { self != .suspend }
}
