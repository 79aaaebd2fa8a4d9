import FolioFixtures
import FolioPoppler
import Foundation

/// A PDF with known words for the annotation writer's tests, in a scratch folder, with the
/// independent tools that check what the writer did: `pdftotext -bbox` for the words' boxes,
/// pikepdf (Debian's python3-pikepdf, installed by `make test`) to read the annotations back,
/// and `pdftoppm` to render the page.
struct AnnotatedDocument {
  /// A tool that did not answer as expected.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// What pikepdf reads of one annotation.
  struct Read: Decodable {
    var page: Int
    var subtype: String
    var rect: [Double]
    var quadPoints: [Double]?
    var contents: String?
    var color: [Double]?
    var author: String?
  }

  static let lines = ["alpha beta gamma", "delta epsilon zeta"]
  static let pageHeight = 560.0
  let scratch: ScratchFolder
  let path: String

  /// A document whose first page is turned `rotation` degrees (its /Rotate).
  init(rotation: Int = 0) throws {
    scratch = try ScratchFolder()
    path = scratch.path + "/marked.pdf"
    try FixturePDF.write(
      [
        FixturePage(width: 400, height: Self.pageHeight, rotation: rotation, lines: Self.lines),
        FixturePage(width: 400, height: Self.pageHeight, lines: ["second page"]),
      ], title: "Marked", to: path)
  }

  var bytes: Data { (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data() }
  var version: FileVersion {
    FileVersion(path: path) ?? FileVersion(stat())
  }

  /// The box `pdftotext -bbox` gives the first word `word` on page 1 (points, top-left).
  func box(of word: String) throws -> AnnotationBox { try Self.box(of: word, in: path) }

  /// The box `pdftotext -bbox` gives the first word `word` on page 1 of `path`.
  static func box(of word: String, in path: String) throws -> AnnotationBox {
    let result = try ChildProcess.run(
      "pdftotext", ["-bbox", "-f", "1", "-l", "1", path, "-"], timeLimit: .seconds(30))
    for line in result.outputText.split(separator: "\n") where line.hasSuffix(">\(word)</word>") {
      let numbers = ["xMin", "yMin", "xMax", "yMax"].compactMap { key -> Double? in
        guard let start = line.range(of: key + "=\"") else { return nil }
        return Double(line[start.upperBound...].prefix { $0 != "\"" })
      }
      if numbers.count == 4 {
        return AnnotationBox(
          left: numbers[0], top: numbers[1], right: numbers[2], bottom: numbers[3])
      }
    }
    throw Failure(description: "pdftotext finds no \(word)")
  }

  /// Runs the writer through the viewer's API.
  func save(_ edit: AnnotationEdit, expecting version: FileVersion? = nil)
    -> AnnotationSaver.Outcome
  {
    AnnotationSaver.save(
      edit, to: path, expecting: version ?? self.version, executable: FolioProcess.executable,
      deadline: .seconds(60))
  }

  /// Every annotation of the file, read by pikepdf.
  func annotations() throws -> [Read] { try Self.annotations(of: path) }

  /// Every annotation of the file at `path`, read by pikepdf.
  static func annotations(of path: String) throws -> [Read] {
    let script = """
      import json, sys, pikepdf
      out = []
      with pikepdf.open(sys.argv[1]) as pdf:
          for number, page in enumerate(pdf.pages, 1):
              for a in page.obj.get("/Annots", []):
                  get = lambda key: a.get(key)
                  quads = get("/QuadPoints")
                  colour = get("/C")
                  out.append({
                      "page": number, "subtype": str(get("/Subtype"))[1:],
                      "rect": [float(x) for x in get("/Rect")],
                      "quadPoints": [float(x) for x in quads] if quads is not None else None,
                      "contents": str(get("/Contents")) if get("/Contents") is not None else None,
                      "color": [float(x) for x in colour] if colour is not None else None,
                      "author": str(get("/T")) if get("/T") is not None else None})
      print(json.dumps(out))
      """
    let result = try ChildProcess.run(
      "/usr/bin/python3", ["-c", script, path], timeLimit: .seconds(60))
    guard result.status == 0 else {
      throw Failure(description: "pikepdf cannot read \(path): \(result.errorText)")
    }
    return try JSONDecoder().decode([Read].self, from: result.standardOutput)
  }

  /// Page 1 of `file` rendered by pdftoppm at 72 dpi in grey: one byte a point.
  static func render(_ file: String) throws -> (width: Int, pixels: [UInt8]) {
    let result = try ChildProcess.run(
      "pdftoppm", ["-r", "72", "-gray", "-f", "1", "-l", "1", file], timeLimit: .seconds(60))
    let bytes = [UInt8](result.standardOutput)
    // "P5\nWIDTH HEIGHT\n255\n" then the pixels.
    var newlines = 0
    var start = 0
    while start < bytes.count && newlines < 3 {
      if bytes[start] == 10 { newlines += 1 }
      start += 1
    }
    let header = String(decoding: bytes[..<start], as: UTF8.self).split(
      whereSeparator: \.isWhitespace)
    guard header.count == 4, let width = Int(header[1]) else {
      throw Failure(description: "pdftoppm gave no picture of \(file)")
    }
    return (width, Array(bytes[start...]))
  }

  /// The temporary files a writer left beside the document.
  var leftovers: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: scratch.path)) ?? []).filter {
      $0.hasPrefix(".marked.pdf.folio-")
    }
  }
}
