import Foundation

/// A PDF the fuzzer starts from: its bytes as found, and an uncompressed copy (qpdf's QDF form,
/// no object streams) in which number and page-box mutations reach the page dictionaries and
/// content streams.
public struct FuzzSeed: Sendable {
  /// The file's name (for reports).
  public var name: String
  /// The file as found.
  public var bytes: [UInt8]
  /// qpdf's uncompressed copy, if qpdf could read the file.
  public var expandedBytes: [UInt8]?
  /// How many pages qpdf counted, if it could read the file.
  public var pageCount: Int?
  /// The number tokens of `bytes` and of `expandedBytes`, found once (a scan of megabytes is
  /// slow in a debug build).
  public var numberRanges: [Range<Int>] = []
  /// The number tokens of `expandedBytes`.
  public var expandedNumberRanges: [Range<Int>] = []

  /// A seed of these bytes.
  public init(name: String, bytes: [UInt8], expandedBytes: [UInt8]? = nil, pageCount: Int? = nil) {
    self.name = name
    self.bytes = bytes
    self.expandedBytes = expandedBytes
    self.pageCount = pageCount
    numberRanges = PDFScanner.numberRanges(in: bytes)
    expandedNumberRanges = expandedBytes.map { PDFScanner.numberRanges(in: $0) } ?? []
  }

  /// Reads `path` and makes its uncompressed copy in `scratch` with qpdf (left out when qpdf
  /// is missing or cannot read the file; an encrypted or damaged file stays a seed as it is).
  /// When uncompressing the streams makes the file more than four times larger (and over
  /// 2 MB), the copy keeps its streams compressed.
  public static func load(path: String, scratch: String) throws -> FuzzSeed {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw FixtureError(description: "cannot read \(path)")
    }
    let name = URL(fileURLWithPath: path).lastPathComponent
    var seed = FuzzSeed(name: name, bytes: [UInt8](data))
    let expanded = scratch + "/" + name + ".qdf"
    defer { try? FileManager.default.removeItem(atPath: expanded) }
    // Uncompressed images can grow a file a hundredfold (250 MB), which makes every run slow:
    // then only the objects are written out, the streams kept as they are.
    for streams in ["uncompress", "preserve"] {
      let arguments = [
        "--qdf", "--object-streams=disable", "--stream-data=\(streams)", "--deterministic-id",
        path, expanded,
      ]
      // qpdf exits 3 for warnings, which still writes the file.
      guard let result = try? ChildProcess.run("qpdf", arguments),
        result.status == 0 || result.status == 3,
        let copy = FileManager.default.contents(atPath: expanded)
      else { break }
      if copy.count <= max(2 << 20, 4 * data.count) || streams == "preserve" {
        let expandedBytes = [UInt8](copy)
        seed.expandedBytes = expandedBytes
        seed.expandedNumberRanges = PDFScanner.numberRanges(in: expandedBytes)
        break
      }
    }
    if let result = try? ChildProcess.run("qpdf", ["--show-npages", path]) {
      let firstLine = result.outputText.split(separator: "\n").first ?? ""
      seed.pageCount = Int(firstLine.trimmingCharacters(in: .whitespaces))
    }
    return seed
  }

  /// Every `*.pdf` in `directory` no larger than `maximumBytes`, sorted by name (so a seed
  /// draws the same inputs wherever it runs).
  public static func loadAll(
    in directory: String, scratch: String, maximumBytes: Int = .max
  ) throws -> [FuzzSeed] {
    let names = try FileManager.default.contentsOfDirectory(atPath: directory)
      .filter { $0.lowercased().hasSuffix(".pdf") }.sorted()
    var seeds: [FuzzSeed] = []
    for name in names {
      let path = directory + "/" + name
      let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
      if size <= maximumBytes { seeds.append(try load(path: path, scratch: scratch)) }
    }
    return seeds
  }

  /// Small generated documents (mixed sizes, rotated pages, labels, a zero-size page).
  public static func fixtures(scratch: String) throws -> [FuzzSeed] {
    try [FixtureLibrary.Name.mixedSizes, .rotated, .labeled, .degenerate].map { name in
      var seed = try load(path: try FixtureLibrary.path(name), scratch: scratch)
      seed.name = "fixture-" + seed.name
      return seed
    }
  }
}
