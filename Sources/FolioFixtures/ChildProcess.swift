import FolioSystem
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs another program to its end, for fixtures, tests and benchmarks: the Poppler tools,
/// tmux, or the built `folio` itself.
///
/// Started and waited for by `ChildRun` (FolioSystem), rather than with Foundation's `Process`,
/// whose `waitUntilExit()` once never returned for a `pdfinfo` that had exited (two tests
/// waiting at once; the suite hung until killed). Standard output and error go to files, so no
/// pipe can fill up and stop the child. Descriptors are close-on-exec and pipes are made under
/// `ChildRun`'s lock, so no child inherits another one's pipe (a reader would never see its
/// end).
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
  /// it (with `ChildRun`, the one way children are started). `environment` replaces the calling
  /// process's when given; `workingDirectory` is the child's current directory. A child still
  /// running after `timeLimit` is killed with SIGKILL (`wasKilledForTime`).
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
    let create = O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC
    let output = open(outputPath, create, 0o600)
    guard output >= 0 else { throw StartError(executable: executable, code: errno) }
    defer { close(output) }
    let error = mergesErrorIntoOutput ? output : open(errorPath, create, 0o600)
    guard error >= 0 else { throw StartError(executable: executable, code: errno) }
    defer { if error != output { close(error) } }
    var standardInput: Int32?
    var pipeRead: Int32 = -1
    defer { if pipeRead >= 0 { close(pipeRead) } }
    switch input {
    case .nothing:
      standardInput = nil
    case .descriptor(let descriptor):
      standardInput = descriptor
    case .bytes(let bytes):
      guard let ends = ChildRun.makePipe() else {
        throw StartError(executable: executable, code: errno)
      }
      pipeRead = ends.read
      standardInput = ends.read
      write(bytes, to: ends.write)
    }
    let outcome = ChildRun.run(
      [executable] + arguments, environment: environment, workingDirectory: workingDirectory,
      input: standardInput, output: .descriptor(output), error: .descriptor(error),
      deadline: timeLimit)
    var status: Int32
    var wasSignaled = false
    switch outcome.ending {
    case .couldNotStart(let code):
      throw StartError(executable: executable, code: code)
    case .exited(let code):
      status = code
    case .signaled(let signal):
      (status, wasSignaled) = (signal, true)
    case .timedOut, .stillRunning:
      // Never left running here: a fixture's child is killed at its deadline.
      (status, wasSignaled) = (SIGKILL, true)
    }
    return Result(
      status: status, wasSignaled: wasSignaled,
      standardOutput: FileManager.default.contents(atPath: outputPath) ?? Data(),
      standardError: mergesErrorIntoOutput
        ? Data() : FileManager.default.contents(atPath: errorPath) ?? Data(),
      wasKilledForTime: outcome.ending == .timedOut)
  }

  /// Writes `bytes` to `descriptor` on a thread of its own while the child reads, then closes
  /// it; a child that stops reading early closes its end, which must not kill the caller
  /// (SIGPIPE ignored, the write error dropped).
  private static func write(_ bytes: Data, to descriptor: Int32) {
    signal(SIGPIPE, SIG_IGN)
    let writer = Thread {
      bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
          guard let base = buffer.baseAddress else { break }
          let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
          if written < 0 && errno == EINTR { continue }
          if written <= 0 { break }
          offset += written
        }
      }
      close(descriptor)
    }
    writer.start()
  }
}
