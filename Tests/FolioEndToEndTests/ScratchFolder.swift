import FolioFixtures
import Foundation

/// A temporary folder for one test: documents it writes, and a state folder that several
/// folio sessions share (so a place saved by one is found by the next). Removed at the end.
final class ScratchFolder {
  let path: String

  init() throws {
    path = NSTemporaryDirectory() + "folio-scratch-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: path + "/runtime", withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// The environment that points folio's state, cache and config folders here.
  var environment: [String: String] {
    [
      "XDG_STATE_HOME": path + "/state", "XDG_CACHE_HOME": path + "/cache",
      "XDG_CONFIG_HOME": path + "/config", "XDG_RUNTIME_DIR": path + "/runtime",
    ]
  }

  /// The state file folio keeps places in.
  var placesFile: String { path + "/state/folio/places.sqlite" }

  /// Writes a PDF of `count` numbered pages (`headline` says which version), returns its path.
  @discardableResult
  func writeDocument(
    _ name: String, pages count: Int, version: Int = 1, tint: (Double, Double, Double)? = nil
  ) throws -> String {
    let file = path + "/" + name
    try FixturePDF.write(
      Self.pages(count, version: version, tint: tint), title: "Version \(version)", to: file)
    return file
  }

  /// Pages of a document version: each shows its number and the version.
  static func pages(_ count: Int, version: Int, tint: (Double, Double, Double)? = nil)
    -> [FixturePage]
  {
    (1...count).map {
      FixturePage(
        width: 400, height: 560, headline: String($0), caption: "version \(version)", tint: tint)
    }
  }

  /// The bytes of a document version, made in a side folder.
  func bytesOfDocument(pages count: Int, version: Int, tint: (Double, Double, Double)? = nil) throws
    -> Data
  {
    let file = path + "/.made-\(UUID().uuidString.prefix(6)).pdf"
    try FixturePDF.write(
      Self.pages(count, version: version, tint: tint), title: "Version \(version)", to: file)
    defer { try? FileManager.default.removeItem(atPath: file) }
    return try Data(contentsOf: URL(fileURLWithPath: file))
  }
}
