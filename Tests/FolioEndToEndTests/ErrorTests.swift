import FolioFixtures
import Foundation
import Testing

/// Every way a file can be unusable, through the real executable: exact exit status, one
/// line on stderr naming the file and the reason, nothing on stdout.
@Suite("Error messages")
struct ErrorTests {
  static let corpus = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("shared/corpus/pdfs").path

  static var corpusFiles: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? []).filter {
      $0.hasSuffix(".pdf")
    }.sorted()
  }

  static func scratch(_ name: String, contents: Data?) -> String {
    let path = FixtureLibrary.directory + "/" + name
    if let contents { FileManager.default.createFile(atPath: path, contents: contents) }
    return path
  }

  func expectFailure(
    _ arguments: [String], status: Int32, mentions: [String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let result = try FolioProcess.run(arguments)
    #expect(result.status == status, "status for \(arguments)", sourceLocation: sourceLocation)
    #expect(
      result.standardOutput.isEmpty, "stdout for \(arguments)", sourceLocation: sourceLocation)
    let lines = result.standardError.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(
      lines.count == 2 && lines[1].isEmpty, "one line: \(result.standardError)",
      sourceLocation: sourceLocation)
    for word in mentions {
      #expect(
        result.standardError.contains(word), "'\(word)' in: \(result.standardError)",
        sourceLocation: sourceLocation)
    }
  }

  @Test func missingFile() throws {
    let path = Self.scratch("no-such-file.pdf", contents: nil)
    try expectFailure([path], status: 1, mentions: [path, "no such file"])
  }

  /// A folder is a library: one without a PDF says so.
  @Test func folderWithoutPDFs() throws {
    let folder = Self.scratch("no-pdfs-here", contents: nil)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try expectFailure([folder], status: 1, mentions: ["no PDF file", folder])
  }

  /// Several files are a library: each missing one is said, and none left is an error.
  @Test func severalMissingFiles() throws {
    let first = Self.scratch("missing-a.pdf", contents: nil)
    let second = Self.scratch("missing-b.pdf", contents: nil)
    let result = try FolioProcess.run([first, second])
    #expect(result.status == 1 && result.standardOutput.isEmpty)
    let lines = result.standardError.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.first?.contains(first) == true && lines.last?.contains(second) == true)
    #expect(lines.allSatisfy { $0.contains("No such file") })
  }

  @Test func unreadableFile() throws {
    let path = Self.scratch("unreadable.pdf", contents: Data("%PDF-1.4\n".utf8))
    chmod(path, 0)
    defer { chmod(path, 0o644) }
    // root reads anything: only check when permissions are enforced.
    guard getuid() != 0 else { return }
    try expectFailure([path], status: 1, mentions: [path, "cannot be read"])
  }

  @Test func emptyFile() throws {
    let path = Self.scratch("empty.pdf", contents: Data())
    try expectFailure([path], status: 1, mentions: [path, "empty"])
  }

  @Test func notAPDF() throws {
    let path = Self.scratch("text.pdf", contents: Data("hello, this is text\n".utf8))
    try expectFailure([path], status: 1, mentions: [path, "not a PDF"])
  }

  @Test func damagedBeyondRepair() throws {
    try expectFailure(
      [Self.corpus + "/ocrmypdf-invalid.pdf"], status: 1,
      mentions: ["ocrmypdf-invalid.pdf", "damaged"])
    let truncated = Self.scratch("truncated.pdf", contents: Data("%PDF-1.7\n1 0 obj\n<<".utf8))
    try expectFailure([truncated], status: 1, mentions: [truncated, "damaged"])
  }

  @Test func encryptedWithoutAndWithWrongPassword() throws {
    let path = Self.corpus + "/pypdf-password-openpassword.pdf"
    try expectFailure([path], status: 1, mentions: ["encrypted", "--password"])
    try expectFailure([path, "--password", "wrong"], status: 1, mentions: ["encrypted", "wrong"])
  }

  @Test func encryptedWithRightPasswordGetsPastOpening() throws {
    // Opening succeeds; without a terminal the next check stops it with status 2.
    let result = try FolioProcess.run([
      Self.corpus + "/pypdf-password-openpassword.pdf", "--password", "openpassword",
    ])
    #expect(result.status == 2)
    #expect(result.standardError.contains("--print"))
  }

  @Test func usageErrorsExitTwo() throws {
    try expectFailure(["--no-such-option"], status: 2, mentions: ["folio"])
    try expectFailure(["a.pdf", "b.pdf", "--pick"], status: 2, mentions: ["folio"])
  }

  @Test func versionAndHelpGoToStandardOutput() throws {
    let version = try FolioProcess.run(["--version"])
    #expect(version.status == 0 && version.standardError.isEmpty)
    #expect(version.standardOutput.hasPrefix("folio "), "\(version.standardOutput)")
    let help = try FolioProcess.run(["--help"])
    #expect(help.status == 0 && help.standardOutput.contains("USAGE: folio"))
  }

  @Test func aBadChoiceNamesTheChoicesOnItsOneLine() throws {
    // The argument parser lists long sets of choices on lines of their own.
    try expectFailure(
      ["--print", "--symbols", "foo", "a.pdf"], status: 2,
      mentions: ["'foo'", "--symbols", "half", "quad", "sextant", "octant", "braille", "ascii"])
    try expectFailure(
      ["--print", "--colors", "rainbow", "a.pdf"], status: 2, mentions: ["truecolor", "none"])
    // A size out of range says what a size is.
    try expectFailure(
      ["--print", "--size", "20000x100", "a.pdf"], status: 2,
      mentions: ["'20000x100'", "--size", "COLSxROWS", "1 to 10000"])
    // A time limit that is no time, or forever, is a usage error too.
    for limit in ["0", "-1", "nan", "inf", "4000"] {
      try expectFailure(
        ["--print", "--render-timeout=\(limit)", "a.pdf"], status: 2,
        mentions: ["--render-timeout", "0.1 to 3600"])
    }
    // So does a size of more cells than a terminal has.
    try expectFailure(
      ["--print", "--size", "10000x10000", "a.pdf"], status: 2,
      mentions: ["'10000x10000'", "--size", "1,000,000 cells"])
  }

  @Test func controlCharactersInArgumentsAreNotEchoed() throws {
    let result = try FolioProcess.run(["--print", "--size", "\u{1B}]0;pwned\u{07}9x9", "a.pdf"])
    #expect(result.status == 2)
    #expect(!result.standardError.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" })
    #expect(result.standardError.contains("--size"))
    #expect(result.standardError.contains("]0;pwned9x9"), "the value, without its controls")
  }

  @Test func notATerminalPointsToPrint() throws {
    try expectFailure(
      [FixtureLibrary.path(.onePage)], status: 2, mentions: ["terminal", "--print"])
  }

  @Test func fileNameWithControlCharactersIsSanitized() throws {
    let path = Self.scratch("evil\u{1B}[31m.pdf", contents: Data())
    let result = try FolioProcess.run([path])
    #expect(result.status == 1)
    #expect(!result.standardError.contains("\u{1B}"))
  }
}
