import Glibc

/// Runs a program to its end with a deadline: the one way Folio starts a short-lived child
/// (tmux in the viewer, the tools of tests and benchmarks). Arguments go to the program as
/// they are, never through a shell. Its standard input is /dev/null or a descriptor given; its
/// output and error are discarded, captured (output only) or written to a descriptor given.
/// Past the deadline the child is killed with SIGKILL; it is always reaped before `run`
/// returns, so it leaves no zombie. Children start with no blocked signals and default
/// handlers, whatever the calling thread had. Every system call is retried on EINTR.
///
/// `run` blocks its thread until the child ends or the deadline passes: call it from a
/// service thread, never from the loop's.
public enum ChildRun {
  /// Where a child's output (or error) goes.
  public enum Sink: Sendable {
    /// /dev/null.
    case discarded
    /// A pipe read by `run` into `Outcome.output` (standard output only; at most
    /// `outputLimit` bytes are kept, the rest is read and dropped).
    case captured
    /// This descriptor of the caller (which keeps it open).
    case descriptor(Int32)
  }

  /// How a child ended.
  public enum Ending: Sendable, Equatable {
    /// It exited with this status.
    case exited(Int32)
    /// This signal ended it.
    case signaled(Int32)
    /// It was still running at the deadline and was killed (and reaped).
    case timedOut
    /// It was still running at the deadline and was left to run (`leavesRunning`: an editor
    /// that stays open); it is reaped when it ends.
    case stillRunning
    /// It could not be started: the `errno` value (ENOENT for a missing program, …).
    case couldNotStart(Int32)
  }

  /// How a child ended and what it wrote to a captured output.
  public struct Outcome: Sendable, Equatable {
    /// How it ended.
    public var ending: Ending
    /// What it wrote to standard output, when captured.
    public var output: [UInt8]

    /// Whether it exited with status 0.
    public var succeeded: Bool { ending == .exited(0) }

    /// One line saying why it did not succeed (nil when it did), naming `program`.
    public func problem(running program: String) -> String? {
      switch ending {
      case .exited(0): nil
      case .exited(let status): "\(program) failed (exit status \(status))"
      case .signaled(let signal): "\(program) was ended by signal \(signal)"
      case .timedOut: "\(program) did not answer in time"
      case .stillRunning: nil
      case .couldNotStart(let code): "cannot start \(program): \(String(cString: strerror(code)))"
      }
    }
  }

  /// Runs `arguments` (the program, a path or a name looked up in `PATH`, then its
  /// arguments) and waits for it, at most `deadline` when one is given. `environment`
  /// replaces the caller's when given; `workingDirectory` is the child's current directory.
  /// `input` is a descriptor for standard input (/dev/null when nil). With `leavesRunning`, a
  /// child still running at the deadline is left to run (an editor that stays open) instead
  /// of killed, and reaped on a thread of its own when it ends.
  public static func run(
    _ arguments: [String], environment: [String: String]? = nil,
    workingDirectory: String? = nil, input: Int32? = nil, output: Sink = .discarded,
    error: Sink = .discarded, deadline: Duration?, leavesRunning: Bool = false,
    outputLimit: Int = 1 << 20
  ) -> Outcome {
    guard let program = arguments.first, !program.isEmpty else {
      return Outcome(ending: .couldNotStart(ENOENT), output: [])
    }
    let started = ContinuousClock.now
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if let input {
      posix_spawn_file_actions_adddup2(&actions, input, 0)
    } else {
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    }
    if let workingDirectory {
      guard let addChdir else { return Outcome(ending: .couldNotStart(ENOSYS), output: []) }
      _ = addChdir(&actions, workingDirectory)
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
    defer { envp?.forEach { free($0) } }

    var pid: pid_t = 0
    var readEnd: Int32 = -1
    let status: Int32 = spawnLock.withLock {
      var writeEnd: Int32 = -1
      if case .captured = output {
        guard let ends = makePipeLocked() else { return errno }
        (readEnd, writeEnd) = ends
      }
      defer { if writeEnd >= 0 { close(writeEnd) } }
      add(output, as: 1, writeEnd: writeEnd, to: &actions)
      add(error, as: 2, writeEnd: -1, to: &actions)
      let program = arguments[0]
      let spawn = program.contains("/") ? posix_spawn : posix_spawnp
      if let envp {
        return envp.withUnsafeBufferPointer { environment in
          spawn(&pid, program, &actions, &attributes, argv, environment.baseAddress)
        }
      }
      return spawn(&pid, program, &actions, &attributes, argv, environ)
    }
    guard status == 0 else {
      if readEnd >= 0 { close(readEnd) }
      return Outcome(ending: .couldNotStart(status), output: [])
    }
    if readEnd >= 0 {
      // Read without blocking: a child of the child may hold the pipe open after it exits.
      _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
    }
    var waiter = ChildWait(pid: pid, output: readEnd, outputLimit: outputLimit)
    let ending = waiter.wait(
      until: deadline.map { started + $0 }, leavesRunning: leavesRunning)
    return Outcome(ending: ending, output: waiter.captured)
  }

  /// A pipe whose ends are both close-on-exec, made while no child starts (so none inherits
  /// it): for a child's input written by the caller. Nil when no pipe can be made.
  public static func makePipe() -> (read: Int32, write: Int32)? {
    spawnLock.withLock { makePipeLocked() }
  }

  private static func makePipeLocked() -> (read: Int32, write: Int32)? {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
    return (ends[0], ends[1])
  }

  private static func add(
    _ sink: Sink, as target: Int32, writeEnd: Int32,
    to actions: inout posix_spawn_file_actions_t
  ) {
    switch sink {
    case .discarded:
      posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
    case .captured where writeEnd >= 0:
      posix_spawn_file_actions_adddup2(&actions, writeEnd, target)
    case .captured:
      posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
    case .descriptor(let descriptor):
      posix_spawn_file_actions_adddup2(&actions, descriptor, target)
    }
  }

  /// Held while a child starts and while a pipe is made close-on-exec.
  private static let spawnLock = SpawnLock()

  /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29 and later), which Swift does not
  /// import: the child's working directory.
  private static let addChdir: AddChdir? = dlsym(nil, "posix_spawn_file_actions_addchdir_np")
    .map { unsafeBitCast($0, to: AddChdir.self) }
  private typealias AddChdir =
    @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
}

/// A mutex (pthread's; FolioSystem uses Glibc only).
final class SpawnLock: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  init() { pthread_mutex_init(mutex, nil) }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }
}
