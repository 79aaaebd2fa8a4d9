import FolioCore
import Foundation
import Testing

/// Checks `screen` against its golden file in Swift Testing, recording an issue at the caller
/// when it differs, when there is no golden, or when recording is switched on.
///
/// The golden is `Snapshots/<test file name>/<function>[.<name>].txt` beside the calling test
/// file (see `ScreenSnapshot.goldenPath`); give a `name` for a second screen in one test or for
/// each case of a parameterized test. With `RECORD_SNAPSHOTS=1` in the environment the golden
/// is written (over any old one) and the check fails all the same, so a recording run never
/// passes.
public func expectSnapshot(
  _ screen: ScreenBuffer, named name: String? = nil, function: StaticString = #function,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let path = ScreenSnapshot.goldenPath(
    testFile: sourceLocation.filePath, function: "\(function)", name: name)
  let actual = ScreenSnapshot.text(of: screen)
  let golden: String?
  if FileManager.default.fileExists(atPath: path) {
    do {
      golden = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      Issue.record(
        "cannot read the golden screen \(path): \(error)", sourceLocation: sourceLocation)
      return
    }
  } else {
    golden = nil
  }
  let verdict = ScreenSnapshot.verdict(
    actual: actual, golden: golden, environment: ProcessInfo.processInfo.environment)
  if verdict == .record {
    do {
      let folder = (path as NSString).deletingLastPathComponent
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try actual.write(toFile: path, atomically: true, encoding: .utf8)
    } catch {
      Issue.record("cannot record \(path): \(error)", sourceLocation: sourceLocation)
      return
    }
  }
  if let message = verdict.failureMessage(goldenPath: path) {
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
  }
}
