import FolioCore
import FolioSyncTeX
import Foundation

/// `folio --internal-synctex boxes PDF INPUT LINE COLUMN` and `… line PDF PAGE X Y`: one SyncTeX
/// query answered in a process of its own, so libsynctex, a C parser reading a file that may be
/// damaged (it crashes on some, and prints what it finds wrong to standard output), never runs
/// in the viewer. Started by the viewer's SyncTeX service (`SyncTeXSetup`); answers on standard
/// output, one record a line, fields apart by tabs (a path's `%`, tab and line feed written
/// `%25`, `%09`, `%0A`):
///
///     box PAGE X Y WIDTH HEIGHT     (forward: each box, in SyncTeX's order)
///     line LINE COLUMN PATH         (inverse: the source line; COLUMN 0 when unknown)
///     error REASON                  (exit status 1)
enum SyncTeXQueryMode {
  /// The hidden flag.
  static let flag = "--internal-synctex"
  /// The most memory and processor time one query may take.
  static let memoryBytes: rlim_t = 2 << 30
  static let processorSeconds: rlim_t = 30

  /// Answers one query and exits.
  static func run(arguments: [String]) -> Never {
    // A crash (a library on a damaged file) leaves no core file behind.
    ProcessLimits.apply(memoryBytes: memoryBytes, processorSeconds: processorSeconds)
    let records: [String]
    do {
      records = try answer(arguments)
    } catch {
      write(["error\t\(error)"])
      exit(1)
    }
    write(records)
    exit(0)
  }

  private struct Refusal: Error, CustomStringConvertible {
    var description: String
  }

  private static func answer(_ arguments: [String]) throws -> [String] {
    switch arguments.first {
    case "boxes" where arguments.count == 5:
      guard let line = Int(arguments[3]), let column = Int(arguments[4]) else {
        throw Refusal(description: "a line and a column are numbers")
      }
      let index = try SyncTeXIndex(pdfPath: arguments[1])
      return index.boxes(line: line, column: column, input: arguments[2]).map { box in
        "box\t\(box.page.rawValue)\t\(box.x)\t\(box.y)\t\(box.width)\t\(box.height)"
      }
    case "line" where arguments.count == 5:
      guard let page = Int(arguments[2]), let x = Double(arguments[3]),
        let y = Double(arguments[4])
      else { throw Refusal(description: "a page and a point are numbers") }
      let index = try SyncTeXIndex(pdfPath: arguments[1])
      guard let source = index.source(page: PageIndex(page), x: x, y: y) else { return [] }
      return ["line\t\(source.line)\t\(source.column ?? 0)\t\(escaped(source.path))"]
    default:
      throw Refusal(description: "not a SyncTeX query")
    }
  }

  /// `path` with `%`, tab and line feed escaped, so it stays one field of one line.
  static func escaped(_ path: String) -> String {
    path.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\t", with: "%09")
      .replacingOccurrences(of: "\n", with: "%0A")
  }

  /// `field` as it was before `escaped`.
  static func unescaped(_ field: Substring) -> String {
    String(field).replacingOccurrences(of: "%0A", with: "\n")
      .replacingOccurrences(of: "%09", with: "\t").replacingOccurrences(of: "%25", with: "%")
  }

  private static func write(_ records: [String]) {
    let text = records.map { $0 + "\n" }.joined()
    // libsynctex may have printed on standard output: records start lines of their own.
    FileHandle.standardOutput.write(Data(("\n" + text).utf8))
  }
}
