import FolioCore
import Foundation
import Glibc

/// The SyncTeX fixture (Tests/Fixtures/SyncTeX, built by `make synctex-fixture`) and the
/// answers of the `synctex` tool recorded beside it in expected.tsv.
enum SyncTeXFixture {
  /// The fixture's folder: version 1 is in it, version 2 (a rebuild) in its `v2` folder.
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/SyncTeX").path

  /// The folder of `version` ("v1" or "v2").
  static func folder(_ version: String) -> String {
    version == "v1" ? folder : folder + "/" + version
  }

  /// A forward query and the boxes `synctex view` gave for it, in its order.
  struct Forward {
    var version: String
    var line: Int
    var column: Int
    var input: String
    var boxes: [SyncTeXBoxRow]
  }

  /// One box as `synctex view` prints it: h, v (the bottom), W, H (height + depth).
  struct SyncTeXBoxRow {
    var page: Int
    var h: Double
    var v: Double
    var width: Double
    var height: Double
  }

  /// An inverse query and the first answer of `synctex edit`.
  struct Inverse {
    var version: String
    var page: Int
    var x: Double
    var y: Double
    var input: String
    var line: Int
    var column: Int
  }

  /// The forward queries of expected.tsv, in its order.
  static func forwardQueries() throws -> [Forward] {
    var queries: [Forward] = []
    for fields in try rows() where fields[0] == "forward" {
      guard fields.count == 10, let line = Int(fields[2]), let column = Int(fields[3]),
        let page = Int(fields[5]), let h = Double(fields[6]), let v = Double(fields[7]),
        let width = Double(fields[8]), let height = Double(fields[9])
      else { throw FixtureError.badRow(fields.joined(separator: " ")) }
      let box = SyncTeXBoxRow(page: page, h: h, v: v, width: width, height: height)
      if let last = queries.last, last.version == fields[1], last.line == line,
        last.column == column, last.input == fields[4]
      {
        queries[queries.count - 1].boxes.append(box)
      } else {
        queries.append(
          Forward(version: fields[1], line: line, column: column, input: fields[4], boxes: [box]))
      }
    }
    return queries
  }

  /// The inverse queries of expected.tsv, in its order.
  static func inverseQueries() throws -> [Inverse] {
    try rows().filter { $0[0] == "inverse" }.map { fields in
      guard fields.count == 8, let page = Int(fields[2]), let x = Double(fields[3]),
        let y = Double(fields[4]), let line = Int(fields[6]), let column = Int(fields[7])
      else { throw FixtureError.badRow(fields.joined(separator: " ")) }
      return Inverse(
        version: fields[1], page: page, x: x, y: y, input: fields[5], line: line, column: column)
    }
  }

  /// The tab-separated fields of each row of expected.tsv that is not a comment.
  private static func rows() throws -> [[String]] {
    let text = try String(contentsOfFile: folder + "/expected.tsv", encoding: .utf8)
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
      $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
  }

  enum FixtureError: Error {
    case badRow(String)
  }
}

/// A fresh folder under /tmp for one test, removed when the test is done with it.
final class TemporaryFolder {
  let path: String

  init() throws {
    var template = Array("/tmp/folio-synctex-test-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.flatMap { mkdtemp($0) }
    }
    guard let made else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    path = String(cString: made)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// A path inside the folder.
  func file(_ name: String) -> String { path + "/" + name }

  /// Puts a copy of `source` at `name` as a rebuild does: written beside it, then renamed over
  /// whatever is there (a new inode).
  func replace(_ name: String, with source: String) throws {
    let scratch = file(name + ".part")
    try FileManager.default.copyItem(atPath: source, toPath: scratch)
    guard rename(scratch, file(name)) == 0 else {
      throw POSIXError(.init(rawValue: errno) ?? .EIO)
    }
  }

  /// Writes `bytes` at `name`.
  func write(_ bytes: [UInt8], to name: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: file(name)))
  }
}
