import FolioFixtures
import Foundation

/// Runs shell commands for peer comparisons.
enum Shell {
  static func run(_ command: String) {
    _ = try? ChildProcess.run("/bin/sh", ["-c", command])
  }

  /// Runs a command and returns its standard output.
  static func output(_ command: String) -> String {
    let result = try? ChildProcess.run("/bin/sh", ["-c", command])
    return (result?.outputText ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
