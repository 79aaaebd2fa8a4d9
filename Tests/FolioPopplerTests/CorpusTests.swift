import FolioCore
import FolioFixtures
import FolioPoppler
import Foundation
import Testing

/// Every real-world PDF of the shared corpus: what Folio reads must match what Poppler's
/// `pdfinfo` and qpdf report, and the broken ones must give the right error.
@Suite("Corpus")
struct CorpusTests {
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("shared/corpus/pdfs").path

  static let passwords = ["pypdf-password-openpassword.pdf": "openpassword"]

  static var files: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
      .filter { $0.hasSuffix(".pdf") }.sorted()
  }

  @Test func corpusIsPresent() {
    #expect(Self.files.count >= 20, "corpus at \(Self.directory)")
  }

  @Test(arguments: files)
  func matchesPdfinfo(file: String) throws {
    let path = Self.directory + "/" + file
    let password = Self.passwords[file]
    let info = try Tool.pdfinfo(path, password: password)
    guard let expectedPages = info.pages else {
      // pdfinfo cannot open it either: Folio must refuse it with a reason, not crash.
      #expect(throws: DocumentError.self) {
        try PopplerDocument.open(path: path, password: password)
      }
      return
    }
    let document = try PopplerDocument.open(path: path, password: password)
    #expect(document.pageCount == expectedPages)
    #expect((document.title ?? "") == info.title, "\(file) title")
    let labels = try Tool.qpdfLabels(path, password: password, pageCount: expectedPages)
    for (index, page) in info.sizes.enumerated() {
      var expected = PointSize(width: page.width, height: page.height)
      if page.rotation % 180 == 90 { expected = expected.transposed }
      expected = expected.sanitized
      let actual = document.pageSize(at: PageIndex(index))
      #expect(
        abs(actual.width - expected.width) < 0.01 && abs(actual.height - expected.height) < 0.01,
        "\(file) page \(index + 1): \(actual) vs pdfinfo \(expected)")
      if let labels {
        #expect(
          document.displayLabel(at: PageIndex(index)) == labels[index], "\(file) label \(index + 1)"
        )
      }
    }
  }

  @Test func encryptedNeedsItsPassword() throws {
    let path = Self.directory + "/pypdf-password-openpassword.pdf"
    #expect(throws: DocumentError.encrypted(passwordGiven: false)) {
      try PopplerDocument.open(path: path)
    }
    #expect(throws: DocumentError.encrypted(passwordGiven: true)) {
      try PopplerDocument.open(path: path, password: "nope")
    }
    #expect(try PopplerDocument.open(path: path, password: "openpassword").pageCount == 1)
  }

  @Test func invalidFileIsDamaged() throws {
    let path = Self.directory + "/ocrmypdf-invalid.pdf"
    #expect {
      try PopplerDocument.open(path: path)
    } throws: { error in
      if case DocumentError.damaged = error { return true }
      return false
    }
  }

  @Test func brokenPageTreeGivesFallbackSizes() throws {
    let document = try PopplerDocument.open(path: Self.directory + "/pypdf-unreadable-metadata.pdf")
    for page in document.pageIndices {
      #expect(document.pageSize(at: page).isUsable)
      let image = try document.render(page, size: PixelSize(width: 8, height: 10))
      #expect(image.size == PixelSize(width: 8, height: 10))
    }
  }
}

/// The reference tools, run and parsed.
enum Tool {
  struct Info {
    var pages: Int?
    var title = ""
    var sizes: [(width: Double, height: Double, rotation: Int)] = []
  }

  static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let result = try ChildProcess.run(arguments[0], Array(arguments.dropFirst()))
    return (result.status, result.outputText)
  }

  /// Page count, title and every page's size and rotation as `pdfinfo` reports them.
  static func pdfinfo(_ path: String, password: String?) throws -> Info {
    var arguments = ["pdfinfo", "-f", "1", "-l", "100000"]
    if let password { arguments += ["-upw", password] }
    let (status, output) = try run(arguments + [path])
    var info = Info()
    guard status == 0 else { return info }
    for line in output.split(separator: "\n") {
      if line.hasPrefix("Pages:") {
        info.pages = Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces))
      } else if line.hasPrefix("Title:") {
        // pdfinfo prints embedded NULs; poppler-glib's C string ends at the first one.
        let raw =
          line.dropFirst(6).split(separator: "\0", omittingEmptySubsequences: false).first ?? ""
        info.title = raw.trimmingCharacters(in: .whitespaces)
      } else if line.hasPrefix("Page "), line.contains(" size:") {
        let numbers = line.split(separator: ":", maxSplits: 1)[1].split(separator: " ")
        info.sizes.append((Double(numbers[0]) ?? 0, Double(numbers[2]) ?? 0, 0))
      } else if line.hasPrefix("Page "), line.contains(" rot:"), !info.sizes.isEmpty {
        let value = line.split(separator: ":", maxSplits: 1)[1].trimmingCharacters(in: .whitespaces)
        info.sizes[info.sizes.count - 1].rotation = Int(value) ?? 0
      }
    }
    return info
  }

  /// Every page's label from qpdf's /PageLabels, or nil when the document has none.
  static func qpdfLabels(_ path: String, password: String?, pageCount: Int) throws -> [String]? {
    var arguments = ["qpdf", "--json", "--json-key=pagelabels"]
    if let password { arguments.append("--password=\(password)") }
    let (_, output) = try run(arguments + [path])
    guard let json = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any],
      let ranges = json["pagelabels"] as? [[String: Any]], !ranges.isEmpty
    else { return nil }
    var labels = (1...max(pageCount, 1)).map(String.init)
    for (n, range) in ranges.enumerated() {
      guard let start = range["index"] as? Int, let label = range["label"] as? [String: Any] else {
        continue
      }
      let end = n + 1 < ranges.count ? (ranges[n + 1]["index"] as? Int ?? pageCount) : pageCount
      let style = label["/S"] as? String
      var prefix = label["/P"] as? String ?? ""
      if prefix.hasPrefix("u:") { prefix.removeFirst(2) }
      let first = label["/St"] as? Int ?? 1
      for page in start..<min(end, pageCount) {
        let value = first + page - start
        labels[page] = prefix + format(value, style: style)
      }
    }
    return labels
  }

  static func format(_ value: Int, style: String?) -> String {
    switch style {
    case "/D": return String(value)
    case "/r": return roman(value).lowercased()
    case "/R": return roman(value)
    case "/a", "/A":
      let letter = Character(UnicodeScalar(UInt8(65 + (value - 1) % 26)))
      let text = String(repeating: letter, count: (value - 1) / 26 + 1)
      return style == "/a" ? text.lowercased() : text
    default: return ""
    }
  }

  static func roman(_ value: Int) -> String {
    let table = [
      (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
      (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
    ]
    var rest = value
    var result = ""
    for (amount, letters) in table {
      while rest >= amount {
        result += letters
        rest -= amount
      }
    }
    return result
  }
}
