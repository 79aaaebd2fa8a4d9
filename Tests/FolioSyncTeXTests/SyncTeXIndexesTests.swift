import FolioCore
import FolioSyncTeX
import Testing

/// The cache reads a PDF's index once per build and again after a rebuild, not before.
@Suite("SyncTeX index cache")
struct SyncTeXIndexesTests {
  @Test("The index is kept until the SyncTeX file is replaced, then read again (v1 to v2)")
  func rebuild() throws {
    let folder = try TemporaryFolder()
    try folder.replace("main.pdf", with: SyncTeXFixture.folder("v1") + "/main.pdf")
    try folder.replace("main.synctex.gz", with: SyncTeXFixture.folder("v1") + "/main.synctex.gz")
    let pdf = folder.file("main.pdf")
    let cache = SyncTeXIndexes()
    let first = try cache.index(pdfPath: pdf)
    #expect(try cache.index(pdfPath: pdf) === first)
    #expect(try cache.index(pdfPath: folder.path + "/./main.pdf") === first)
    let v1 = try answers(of: first, version: "v1")
    #expect(v1.actual == v1.expected)

    // The PDF alone rebuilt: the SyncTeX file is still the old one, so is the index.
    try folder.replace("main.pdf", with: SyncTeXFixture.folder("v2") + "/main.pdf")
    #expect(try cache.index(pdfPath: pdf) === first)

    try folder.replace("main.synctex.gz", with: SyncTeXFixture.folder("v2") + "/main.synctex.gz")
    let second = try cache.index(pdfPath: pdf)
    #expect(second !== first)
    #expect(try cache.index(pdfPath: pdf) === second)
    let v2 = try answers(of: second, version: "v2")
    #expect(v2.actual == v2.expected)
    #expect(v2.actual != v1.actual)
  }

  @Test("A missing SyncTeX file is kept as missing until one appears")
  func appears() throws {
    let folder = try TemporaryFolder()
    try folder.replace("main.pdf", with: SyncTeXFixture.folder + "/main.pdf")
    let pdf = folder.file("main.pdf")
    let cache = SyncTeXIndexes()
    #expect(throws: SyncTeXError.missing(pdfPath: pdf)) { try cache.index(pdfPath: pdf) }
    #expect(throws: SyncTeXError.missing(pdfPath: pdf)) { try cache.index(pdfPath: pdf) }
    try folder.write(Array("garbage".utf8), to: "main.synctex.gz")
    #expect(throws: SyncTeXError.damaged(synctexPath: folder.file("main.synctex.gz"))) {
      try cache.index(pdfPath: pdf)
    }
    try folder.replace("main.synctex.gz", with: SyncTeXFixture.folder + "/main.synctex.gz")
    let index = try cache.index(pdfPath: pdf)
    #expect(index.source(page: PageIndex(number: 2), x: 250, y: 480)?.line == 13)
  }

  @Test("Many PDFs: each still answers for its own file")
  func manyDocuments() throws {
    let folders = try (0..<12).map { _ in try TemporaryFolder() }
    for (number, folder) in folders.enumerated() {
      let version = number.isMultiple(of: 2) ? "v1" : "v2"
      try folder.replace("main.pdf", with: SyncTeXFixture.folder(version) + "/main.pdf")
      try folder.replace(
        "main.synctex.gz", with: SyncTeXFixture.folder(version) + "/main.synctex.gz")
    }
    let cache = SyncTeXIndexes()
    var read: [SyncTeXIndex] = []
    for (number, folder) in folders.enumerated() {
      let index = try cache.index(pdfPath: folder.file("main.pdf"))
      let version = number.isMultiple(of: 2) ? "v1" : "v2"
      let answers = try answers(of: index, version: version)
      #expect(answers.actual == answers.expected, "\(folder.path)")
      read.append(index)
    }
    // The last 8 are kept; the first, used longest ago, was let go and is read again.
    #expect(try cache.index(pdfPath: folders[11].file("main.pdf")) === read[11])
    #expect(try cache.index(pdfPath: folders[4].file("main.pdf")) === read[4])
    let again = try cache.index(pdfPath: folders[0].file("main.pdf"))
    #expect(again !== read[0])
    let answers = try answers(of: again, version: "v1")
    #expect(answers.actual == answers.expected)
  }

  /// The first page each forward query of `version` finds, as the index and the tool give them.
  private func answers(of index: SyncTeXIndex, version: String) throws -> (
    actual: [Int?], expected: [Int?]
  ) {
    let queries = try SyncTeXFixture.forwardQueries().filter { $0.version == version }
    #expect(!queries.isEmpty)
    let actual = queries.map {
      index.boxes(line: $0.line, column: $0.column, input: $0.input).first?.page.number
    }
    return (actual, queries.map { $0.boxes.first?.page })
  }
}
