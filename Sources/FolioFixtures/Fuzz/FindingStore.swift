import Foundation

/// One distinct finding, saved once however often it recurs.
public struct Finding: Sendable {
  /// Its category.
  public var category: FindingCategory
  /// What tells it apart (crash site, first stray error line, first frame problem).
  public var signature: String
  /// The saved input; a `.txt` beside it says how it was run and what came out.
  public var path: String
  /// The command line that reproduces it.
  public var commandLine: [String]
  /// How many runs ended this way.
  public var occurrences: Int
}

/// Saves the input of each distinct finding to a folder as `CATEGORY-HASH.pdf`, with a
/// `CATEGORY-HASH.txt` beside it: the command line, the input's origin and mutations, the exit
/// status and the first 30 lines of standard error. Thread-safe.
public final class FindingStore: @unchecked Sendable {
  /// The folder findings go to.
  public let directory: String
  private var byKey: [String: Finding] = [:]
  private var order: [String] = []
  private let lock = NSLock()

  /// A store writing into `directory` (created if needed).
  public init(directory: String) throws {
    self.directory = directory
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  }

  /// The distinct findings so far, in the order they were first seen.
  public var findings: [Finding] { lock.withLock { order.compactMap { byKey[$0] } } }

  /// Counts a finding and, the first time it is seen, saves its input; returns it when new.
  public func record(
    _ category: FindingCategory, signature: String, input: FuzzInput, result: ChildProcess.Result,
    runner: FolioRunner
  ) throws -> Finding? {
    let key = category.rawValue + "\n" + signature
    // Held while saving too (a few KB), so two jobs never write the same files at once.
    lock.lock()
    defer { lock.unlock() }
    if var known = byKey[key] {
      known.occurrences += 1
      byKey[key] = known
      return nil
    }
    let base = directory + "/\(category.rawValue)-\(Self.hash(key))"
    let command = runner.commandLine(for: input, file: base + ".pdf")
    let finding = Finding(
      category: category, signature: signature, path: base + ".pdf", commandLine: command,
      occurrences: 1)
    byKey[key] = finding
    order.append(key)
    try Data(input.bytes).write(to: URL(fileURLWithPath: base + ".pdf"))
    let status =
      result.wasKilledForTime
      ? "killed after the time limit"
      : result.wasSignaled ? "signal \(result.status)" : "exit \(result.status)"
    let report =
      [
        "command: " + command.map(Self.quoted).joined(separator: " "),
        "category: \(category.rawValue)", "signature: \(signature)", "status: \(status)",
        "input: #\(input.index) from \(input.origin)",
      ] + input.mutations.map { "mutation: " + $0 } + ["stderr (first 30 lines):"]
      + result.errorText.split(separator: "\n", omittingEmptySubsequences: false).prefix(30).map(
        String.init)
    try (report.joined(separator: "\n") + "\n").write(
      toFile: base + ".txt", atomically: true, encoding: .utf8)
    return finding
  }

  /// FNV-1a of `text`, as 12 hex digits: a stable file name for a signature.
  static func hash(_ text: String) -> String {
    var value: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in text.utf8 { value = (value ^ UInt64(byte)) &* 0x0100_0000_01B3 }
    return String(String(value, radix: 16).suffix(12))
  }

  /// `word` quoted for a shell when it needs it.
  static func quoted(_ word: String) -> String {
    word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:+,".contains($0) }
      ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
