import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs another program to its end, for fixtures, tests and benchmarks: the Poppler tools,
/// tmux, or the built `folio` itself.
///
/// Started with `posix_spawn` and waited for with `waitpid`, rather than with Foundation's
/// `Process`, whose `waitUntilExit()` once never returned for a `pdfinfo` that had exited (two
/// tests waiting at once; the suite hung until killed). Standard output and error go to files,
/// so no pipe can fill up and stop the child. Descriptors are made close-on-exec and children
/// are started under one lock, so no child inherits another one's pipe (a reader would never
/// see its end). Children start with no blocked signals and default handlers, whatever the
/// spawning thread had.
public enum ChildProcess {
  /// What the child reads on standard input.
  public enum Input {
    /// /dev/null.
    case nothing
    /// A pipe that delivers these bytes and then closes.
    case bytes(Data)
    /// This descriptor of the calling process (which keeps it open).
    case descriptor(Int32)
  }

  /// How a child ended and what it wrote.
  public struct Result: Sendable {
    /// Its exit status or, if a signal ended it, the signal's number (like
    /// `Process.terminationStatus`).
    public var status: Int32
    /// Whether a signal ended it.
    public var wasSignaled: Bool
    /// Everything it wrote to standard output.
    public var standardOutput: Data
    /// Everything it wrote to standard error (empty when merged into standard output).
    public var standardError: Data
    /// Whether it outlived its time limit and was killed (with SIGKILL) for it.
    public var wasKilledForTime = false

    /// Standard output decoded as UTF-8.
    public var outputText: String { String(decoding: standardOutput, as: UTF8.self) }
    /// Standard error decoded as UTF-8.
    public var errorText: String { String(decoding: standardError, as: UTF8.self) }
  }

  /// Why a child did not start.
  public struct StartError: Error, CustomStringConvertible {
    /// The program.
    public var executable: String
    /// The `errno` value `posix_spawn` gave (ETXTBSY, ENOENT, …).
    public var code: Int32

    public var description: String {
      "cannot start \(executable): \(String(cString: strerror(code)))"
    }
  }

  /// Runs `executable` (a path, or a name looked up in `PATH`) with `arguments` and waits for
  /// it. `environment` replaces the calling process's when given; `workingDirectory` is the
  /// child's current directory. A child still running after `timeLimit` is killed with
  /// SIGKILL (`wasKilledForTime`).
  public static func run(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
    workingDirectory: String? = nil, input: Input = .nothing, mergesErrorIntoOutput: Bool = false,
    timeLimit: Duration? = nil
  ) throws -> Result {
    let base = NSTemporaryDirectory() + "folio-child-\(getpid())-\(UUID().uuidString)"
    let (outputPath, errorPath) = (base + ".out", base + ".err")
    defer {
      unlink(outputPath)
      unlink(errorPath)
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    let create = O_WRONLY | O_CREAT | O_TRUNC
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, create, 0o600)
    if mergesErrorIntoOutput {
      posix_spawn_file_actions_adddup2(&actions, 1, 2)
    } else {
      posix_spawn_file_actions_addopen(&actions, 2, errorPath, create, 0o600)
    }
    if let workingDirectory {
      guard let addChdir = addChdir else { throw StartError(executable: executable, code: ENOSYS) }
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
    let cArguments = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { cArguments.forEach { free($0) } }
    let cEnvironment =
      (environment ?? ProcessInfo.processInfo.environment)
      .map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { cEnvironment.forEach { free($0) } }

    var pid: pid_t = 0
    var writeEnd: Int32 = -1
    let status: Int32 = spawnLock.withLock {
      switch input {
      case .nothing:
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
      case .descriptor(let descriptor):
        posix_spawn_file_actions_adddup2(&actions, descriptor, 0)
      case .bytes:
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return errno }
        // Inside the lock, so no other child starts before both ends are close-on-exec.
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        posix_spawn_file_actions_adddup2(&actions, ends[0], 0)
        writeEnd = ends[1]
        defer { close(ends[0]) }
        return spawn(&pid, executable, &actions, &attributes, cArguments, cEnvironment)
      }
      return spawn(&pid, executable, &actions, &attributes, cArguments, cEnvironment)
    }
    guard status == 0 else {
      if writeEnd >= 0 { close(writeEnd) }
      throw StartError(executable: executable, code: status)
    }
    if case .bytes(let bytes) = input {
      // Written while the child reads; a child that stops reading early closes its end, which
      // must not kill the caller (SIGPIPE ignored, the write error dropped).
      signal(SIGPIPE, SIG_IGN)
      let descriptor = writeEnd
      let writer = Thread {
        bytes.withUnsafeBytes { buffer in
          var offset = 0
          while offset < buffer.count {
            guard let base = buffer.baseAddress else { break }
            let written = write(descriptor, base + offset, buffer.count - offset)
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { break }
            offset += written
          }
        }
        close(descriptor)
      }
      writer.start()
    }
    let deadline = timeLimit.map { DeadlineKiller(pid: pid, after: $0) }
    // Waited for without reaping first: until the killer stands down, the pid stays this
    // child's and cannot be reused by another process.
    var exited = siginfo_t()
    while waitid(P_PID, id_t(pid), &exited, WEXITED | WNOWAIT) < 0 {
      guard errno == EINTR else { break }
    }
    let wasKilledForTime = deadline?.standDown() ?? false
    var waitStatus: Int32 = 0
    while waitpid(pid, &waitStatus, 0) < 0 {
      guard errno == EINTR else { throw StartError(executable: executable, code: errno) }
    }
    // The <sys/wait.h> macros, which Swift does not import.
    let signal = waitStatus & 0x7f
    let wasSignaled = signal != 0 && signal != 0x7f
    return Result(
      status: wasSignaled ? signal : (waitStatus >> 8) & 0xff, wasSignaled: wasSignaled,
      standardOutput: FileManager.default.contents(atPath: outputPath) ?? Data(),
      standardError: mergesErrorIntoOutput
        ? Data() : FileManager.default.contents(atPath: errorPath) ?? Data(),
      wasKilledForTime: wasKilledForTime)
  }

  /// Starts a child: by path when `program` has a slash, else looked up in `PATH`.
  private static func spawn(
    _ pid: inout pid_t, _ program: String, _ actions: inout posix_spawn_file_actions_t,
    _ attributes: inout posix_spawnattr_t, _ arguments: [UnsafeMutablePointer<CChar>?],
    _ environment: [UnsafeMutablePointer<CChar>?]
  ) -> Int32 {
    program.contains("/")
      ? posix_spawn(&pid, program, &actions, &attributes, arguments, environment)
      : posix_spawnp(&pid, program, &actions, &attributes, arguments, environment)
  }

  /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29 and later), which Swift does not
  /// import: the child's working directory.
  private static let addChdir:
    (
      @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) ->
        Int32
    )? =
      dlsym(nil, "posix_spawn_file_actions_addchdir_np").map {
        unsafeBitCast($0, to: AddChdir.self)
      }
  private typealias AddChdir =
    @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

  /// Held while a child starts (and while a pipe for one is made close-on-exec).
  private static let spawnLock = NSLock()
}
