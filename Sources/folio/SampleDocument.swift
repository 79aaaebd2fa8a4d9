import Foundation

/// The sample PDF built into the package, opened when `folio` gets no file. SwiftPM copies it
/// into a resource folder beside the executable; an installed copy needs that folder too.
enum SampleDocument {
  static let bundleName = "Folio_folio.resources"

  static func path() throws -> String {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    let candidates = [
      Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent(),
      executable.deletingLastPathComponent(),
    ].compactMap { $0 }
    for directory in candidates {
      let file = directory.appendingPathComponent(bundleName).appendingPathComponent("sample.pdf")
      if FileManager.default.fileExists(atPath: file.path) { return file.path }
    }
    throw Failure(
      path: nil,
      reason: "the built-in sample document (\(bundleName)/sample.pdf) is not beside the executable")
  }
}
