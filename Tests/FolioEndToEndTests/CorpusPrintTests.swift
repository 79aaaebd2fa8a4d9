import FolioFixtures
import FolioTestSupport
import Foundation
import Testing

/// `folio --print` on every real-world PDF of the shared corpus that opens, in every mode:
/// exit 0, exactly ROWS lines, the status line last, no control characters but SGR.
@Suite("Corpus --print")
struct CorpusPrintTests {
  static let files = ErrorTests.corpusFiles.filter {
    !["ocrmypdf-invalid.pdf", "pypdf-password-openpassword.pdf"].contains($0)
  }

  @Test(arguments: files)
  func printsEveryMode(file: String) throws {
    let path = ErrorTests.corpus + "/" + file
    for mode in ["grid", "continuous", "spread"] {
      let result = try FolioProcess.run([
        "--print", "--mode", mode, "--size", "90x28", "--colors", "256", path,
      ])
      #expect(result.status == 0, "\(file) \(mode): \(Self.crashReport(result.standardError))")
      let problems = AnsiTextChecks.problems(
        in: result.standardOutput, columns: 90, rows: 28, colored: true)
      #expect(problems.isEmpty, "\(file) \(mode): \(problems.prefix(3))")
      let lines = result.standardOutput.split(separator: "\n")
      #expect(lines.last?.contains("/ ") == true, "\(file) \(mode): status line")
    }
  }

  /// The part of an error output that tells why: for a crash, the crashed thread's backtrace
  /// first (test logs cut long messages, and the runtime lists the main thread first).
  static func crashReport(_ standardError: String) -> String {
    let lines = standardError.split(separator: "\n", omittingEmptySubsequences: false)
    guard let crashed = lines.firstIndex(where: { $0.contains(" crashed:") }) else {
      return standardError
    }
    let reason = lines.first { $0.contains("Program crashed") } ?? ""
    return ([reason] + lines[crashed...].prefix(24)).joined(separator: "\n")
  }

  @Test func encryptedPrintsWithItsPassword() throws {
    let result = try FolioProcess.run([
      "--print", "--mode", "grid", "--size", "60x20", "--password", "openpassword",
      ErrorTests.corpus + "/pypdf-password-openpassword.pdf",
    ])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("1 / 1"))
  }
}
