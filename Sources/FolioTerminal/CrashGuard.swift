@preconcurrency import CNcursesw
import Glibc

/// Gives the terminal back when folio crashes (a Swift trap, a segmentation fault in a
/// library, an abort), before the crash is reported: leaves the alternate screen, turns mouse
/// reporting and the keypad mode off, shows the cursor, restores echo and canonical mode, and
/// gives standard error back. Then it writes `folio: internal error: …` and hands the signal
/// to the handler that was there before (the Swift runtime's backtracer), with standard input
/// replaced by /dev/null so that the backtracer never waits for a key.
///
/// The handler uses only async-signal-safe calls (`write`, `tcsetattr`, `open`, `dup2`,
/// `sigaction`, `raise`) on memory prepared by `install()`.
public enum CrashGuard {
  /// The signals a crash arrives as.
  static let fatalSignals = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE]

  /// What the handler needs, in plain memory prepared before any crash can happen.
  private struct Record {
    /// The action each fatal signal had before `install()`, by signal number.
    var previous: (sigaction, sigaction, sigaction, sigaction, sigaction, sigaction)
    /// Whether a crash is being handled already (a second fault goes straight on).
    var isCrashing: Int32 = 0
    /// The terminal whose settings `settings` holds, or -1.
    var terminal: Int32 = -1
    var settings = termios()
    /// Whether curses owns the screen: then `restoreBytes` are written to `terminal`.
    var isCursesActive: Int32 = 0
    /// Standard error as it was before curses silenced it, or -1.
    var savedStandardError: Int32 = -1
    var restoreBytes: (UnsafeMutablePointer<UInt8>, Int) = (.allocate(capacity: 1), 0)
    /// Whether kitty images were shown: then `imageDeletion` deletes them.
    var showsImages: Int32 = 0
    var imageDeletion: (UnsafeMutablePointer<UInt8>, Int) = (.allocate(capacity: 1), 0)
  }

  nonisolated(unsafe) private static var record: UnsafeMutablePointer<Record>? = nil
  /// The first line written for each fatal signal, indexed like `fatalSignals`.
  nonisolated(unsafe) private static var messages: [(UnsafeMutablePointer<UInt8>, Int)] = []

  /// Where a crash is to be reported, named in the message.
  public static let reportingHint =
    "please report it with the lines below (README, “Reporting a crash”)"

  /// Installs the handler for every fatal signal, keeping the actions installed before (the
  /// Swift runtime's) to pass each crash on to. Call once, first thing in `main`.
  public static func install() {
    guard record == nil else { return }
    let pointer = UnsafeMutablePointer<Record>.allocate(capacity: 1)
    pointer.initialize(
      to: Record(
        previous: (sigaction(), sigaction(), sigaction(), sigaction(), sigaction(), sigaction())))
    messages = fatalSignals.map { signal in
      bytes("folio: internal error: \(name(of: signal)); \(reportingHint)\n")
    }
    // The terminal as the shell left it, to give back after a crash.
    for descriptor in [STDIN_FILENO, STDOUT_FILENO] where isatty(descriptor) == 1 {
      if tcgetattr(descriptor, &pointer.pointee.settings) == 0 {
        pointer.pointee.terminal = descriptor
        break
      }
    }
    record = pointer
    withUnsafeMutableBytes(of: &pointer.pointee.previous) { raw in
      let previous = raw.bindMemory(to: sigaction.self)
      for (index, signal) in fatalSignals.enumerated() {
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = { signal, info, context in
          CrashGuard.handle(signal, info, context)
        }
        action.sa_flags = SA_SIGINFO | SA_ONSTACK
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, &previous[index])
      }
    }
  }

  /// Called while curses owns the screen: a crash then writes `restoreBytes` (this terminal's
  /// own strings for leaving the alternate screen, the keypad mode, hidden cursor and colors,
  /// and xterm's for mouse reporting) and gives standard error back (`savedStandardError`, or
  /// -1 when `ErrorStream` keeps it).
  static func cursesDidStart(savedStandardError: Int32) {
    guard let record else { return }
    // An image sequence cut short by the crash ends first (CAN, then ST), and a synchronized
    // update with it: else the terminal would swallow what follows.
    var sequence = "\u{18}\u{1B}\\\u{1B}[?2026l"
    for capability in ["sgr0", "rmkx", "cnorm"] { sequence += terminfoString(capability) ?? "" }
    // Mouse reporting off in every mode ncurses may have turned on, then the normal screen.
    sequence += "\u{1B}[?1006l\u{1B}[?1015l\u{1B}[?1003l\u{1B}[?1002l\u{1B}[?1000l"
    sequence += terminfoString("rmcup") ?? "\u{1B}[?1049l"
    record.pointee.restoreBytes = bytes(sequence)
    record.pointee.savedStandardError = savedStandardError
    record.pointee.isCursesActive = 1
  }

  /// Called when kitty images are first shown: a crash then writes `deletion` (sent only
  /// then: a terminal without kitty's images might print the sequence).
  static func imagesDidShow(deletion: [UInt8]) {
    guard let record, record.pointee.showsImages == 0 else { return }
    record.pointee.imageDeletion = bytes(String(decoding: deletion, as: UTF8.self))
    record.pointee.showsImages = 1
  }

  /// Called once curses has given the terminal back.
  static func cursesDidEnd() {
    record?.pointee.isCursesActive = 0
    record?.pointee.showsImages = 0
    record?.pointee.savedStandardError = -1
  }

  /// Crashes on purpose, for the tests of this guard: `trap` (a Swift runtime trap), `segv`
  /// (a write through a bad pointer, as a library's bug would) or `abort`.
  public static func crash(_ kind: String) -> Never {
    switch kind {
    case "segv":
      let bad = UnsafeMutablePointer<Int>(bitPattern: 8)
      bad?.pointee = 1
      abort()
    case "abort":
      abort()
    default:
      let huge = Double(kind.count) * .greatestFiniteMagnitude
      _ = Int(huge)
      abort()
    }
  }

  /// Gives the terminal back with async-signal-safe calls only (for a signal handler that must
  /// end the process): the terminal's reset sequence when curses owns the screen, standard
  /// error, and the shell's terminal settings.
  static func restoreTerminalFromHandler() {
    guard let record else { return }
    if record.pointee.isCursesActive != 0 {
      let terminal = record.pointee.terminal >= 0 ? record.pointee.terminal : STDOUT_FILENO
      // Images first, while the alternate screen they are on is still shown.
      if record.pointee.showsImages != 0 { writeAll(terminal, record.pointee.imageDeletion) }
      writeAll(terminal, record.pointee.restoreBytes)
      if record.pointee.savedStandardError >= 0 {
        dup2(record.pointee.savedStandardError, STDERR_FILENO)
      }
    }
    if record.pointee.terminal >= 0 {
      tcsetattr(record.pointee.terminal, TCSANOW, &record.pointee.settings)
    }
  }

  private static func handle(
    _ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
  ) {
    guard let record else { return }
    guard let index = fatalSignals.firstIndex(of: signal) else { return }
    if record.pointee.isCrashing == 0 {
      record.pointee.isCrashing = 1
      restoreTerminalFromHandler()
      // Our line first, then what the libraries wrote last (the runtime's reason), then the
      // backtrace on the real standard error.
      writeAll(ErrorStream.real, messages[index])
      ErrorStream.forwardTailAndRelease()
      // The backtracer asks for a key when standard input is a terminal: it must not.
      let null = open("/dev/null", O_RDONLY)
      if null >= 0 { dup2(null, STDIN_FILENO) }
    }
    // Pass the crash on to whoever handled it before, as if this handler had not been there.
    var previous = withUnsafeBytes(of: record.pointee.previous) { raw in
      raw.bindMemory(to: sigaction.self)[index]
    }
    sigaction(signal, &previous, nil)
    if previous.sa_flags & SA_SIGINFO != 0, let handler = previous.__sigaction_handler.sa_sigaction
    {
      handler(signal, info, context)
    } else {
      // The default action (or an ignored one, which a fault cannot be): die by the signal
      // once this handler returns, for a fault when the instruction runs again.
      var fallback = sigaction()
      sigaction(signal, &fallback, nil)
      raise(signal)
    }
  }

  private static func writeAll(_ descriptor: Int32, _ text: (UnsafeMutablePointer<UInt8>, Int)) {
    ErrorStream.writeAll(descriptor, text.0, text.1)
  }

  /// `text` as UTF-8 in memory that is never freed.
  private static func bytes(_ text: String) -> (UnsafeMutablePointer<UInt8>, Int) {
    let utf8 = Array(text.utf8)
    let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, utf8.count))
    pointer.initialize(from: utf8, count: utf8.count)
    return (pointer, utf8.count)
  }

  private static func terminfoString(_ capability: String) -> String? {
    guard let value = tigetstr(capability), Int(bitPattern: value) != -1 else { return nil }
    return String(cString: value)
  }

  static func name(of signal: Int32) -> String {
    switch signal {
    case SIGILL: return "illegal instruction (SIGILL)"
    case SIGTRAP: return "trap (SIGTRAP)"
    case SIGSEGV: return "segmentation fault (SIGSEGV)"
    case SIGBUS: return "bus error (SIGBUS)"
    case SIGABRT: return "aborted (SIGABRT)"
    case SIGFPE: return "arithmetic error (SIGFPE)"
    default: return "signal \(signal)"
    }
  }
}
