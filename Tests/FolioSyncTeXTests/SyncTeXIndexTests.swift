import FolioCore
import FolioSyncTeX
import Foundation
import Testing

/// Forward and inverse search on the committed fixture against the `synctex` tool's answers.
@Suite("SyncTeX index")
struct SyncTeXIndexTests {
  /// Boxes within half a point of the tool's (it prints six decimals of the same floats).
  static let tolerance = 0.5

  @Test("Forward search gives the synctex tool's pages and boxes, in its order")
  func forwardMatchesTool() throws {
    let queries = try SyncTeXFixture.forwardQueries()
    // Lines of both files, on several pages, in both versions.
    #expect(Set(queries.map(\.input)).isSuperset(of: ["main.tex", "chapter.tex", "./chapter.tex"]))
    #expect(Set(queries.flatMap { $0.boxes.map(\.page) }).count >= 3)
    for version in ["v1", "v2"] {
      let index = try SyncTeXIndex(pdfPath: SyncTeXFixture.folder(version) + "/main.pdf")
      for query in queries where query.version == version {
        let boxes = index.boxes(line: query.line, column: query.column, input: query.input)
        let label = "\(version) \(query.input):\(query.line)"
        try #require(boxes.count == query.boxes.count, "\(label): \(boxes)")
        for (box, row) in zip(boxes, query.boxes) {
          #expect(box.page == PageIndex(number: row.page), "\(label)")
          #expect(abs(box.x - row.h) <= Self.tolerance, "\(label): \(box)")
          #expect(abs(box.y - (row.v - row.height)) <= Self.tolerance, "\(label): \(box)")
          #expect(abs(box.width - row.width) <= Self.tolerance, "\(label): \(box)")
          #expect(abs(box.height - row.height) <= Self.tolerance, "\(label): \(box)")
        }
      }
    }
  }

  @Test("Inverse search gives the synctex tool's file and line, the file made absolute")
  func inverseMatchesTool() throws {
    let queries = try SyncTeXFixture.inverseQueries()
    #expect(Set(queries.map(\.input)) == ["./main.tex", "./chapter.tex"])
    for version in ["v1", "v2"] {
      let folder = SyncTeXFixture.folder(version)
      let index = try SyncTeXIndex(pdfPath: folder + "/main.pdf")
      for query in queries where query.version == version {
        let source = index.source(page: PageIndex(number: query.page), x: query.x, y: query.y)
        let name = query.input.hasPrefix("./") ? String(query.input.dropFirst(2)) : query.input
        let expected = SyncTeXSource(
          path: folder + "/" + name, line: query.line,
          column: query.column >= 1 ? query.column : nil)
        #expect(source == expected, "\(version) page \(query.page) (\(query.x), \(query.y))")
      }
    }
  }

  @Test("An input is found by its name relative to the PDF's folder or by its absolute path")
  func inputNames() throws {
    let folder = SyncTeXFixture.folder
    let index = try SyncTeXIndex(pdfPath: folder + "/main.pdf")
    let reference = index.boxes(line: 22, column: 0, input: "chapter.tex")
    #expect(!reference.isEmpty)
    for name in [
      "./chapter.tex", folder + "/chapter.tex", folder + "/./chapter.tex",
      folder + "//v2/../chapter.tex", "v2/../chapter.tex",
    ] {
      #expect(index.boxes(line: 22, column: 0, input: name) == reference, "\(name)")
    }
    // Another file of the same name elsewhere, an unknown file, lines TeX never numbers.
    #expect(index.boxes(line: 22, column: 0, input: "v2/chapter.tex").isEmpty)
    #expect(index.boxes(line: 22, column: 0, input: "/elsewhere/chapter.tex").isEmpty)
    #expect(index.boxes(line: 22, column: 0, input: "appendix.tex").isEmpty)
    #expect(index.boxes(line: 22, column: 0, input: "").isEmpty)
    #expect(index.boxes(line: 0, column: 0, input: "chapter.tex").isEmpty)
    #expect(index.boxes(line: -5, column: 0, input: "chapter.tex").isEmpty)
    #expect(index.boxes(line: Int.max, column: Int.min, input: "chapter.tex").isEmpty)
  }

  @Test("A relative PDF path is read against the working directory, `..` parts applied")
  func relativePDFPath() throws {
    let folder = SyncTeXFixture.folder
    // From the working directory up to the root, then down to the fixture.
    let depth = FileManager.default.currentDirectoryPath.split(separator: "/").count
    let relative = String(repeating: "../", count: depth) + folder.dropFirst() + "/v2/../main.pdf"
    let index = try SyncTeXIndex(pdfPath: relative)
    let source = index.source(page: PageIndex(number: 2), x: 250, y: 480)
    #expect(source?.path == folder + "/chapter.tex")
  }

  @Test("One index answers several threads at once, each as if alone")
  func concurrentQueries() async throws {
    let index = try SyncTeXIndex(pdfPath: SyncTeXFixture.folder + "/main.pdf")
    let queries = try SyncTeXFixture.forwardQueries().filter { $0.version == "v1" }
    let alone = queries.map { index.boxes(line: $0.line, column: $0.column, input: $0.input) }
    let together = await withTaskGroup(of: [[SyncTeXBox]].self) { group in
      for _ in 0..<8 {
        group.addTask {
          var answers: [[SyncTeXBox]] = []
          for _ in 0..<20 {
            answers = queries.map {
              index.boxes(line: $0.line, column: $0.column, input: $0.input)
            }
          }
          return answers
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(together.count == 8)
    for answers in together { #expect(answers == alone) }
  }

  @Test("Points off the index give no source, never a crash")
  func pointsOutside() throws {
    let index = try SyncTeXIndex(pdfPath: SyncTeXFixture.folder + "/main.pdf")
    #expect(index.source(page: PageIndex(number: 2), x: 250, y: 480) != nil)
    #expect(index.source(page: PageIndex(number: 99), x: 250, y: 480) == nil)
    #expect(index.source(page: PageIndex(-1), x: 250, y: 480) == nil)
    #expect(index.source(page: PageIndex(Int.max - 1), x: 250, y: 480) == nil)
    #expect(index.source(page: PageIndex(number: 2), x: .nan, y: 480) == nil)
    #expect(index.source(page: PageIndex(number: 2), x: 250, y: .infinity) == nil)
    #expect(index.source(page: PageIndex(number: 2), x: 1e300, y: 480) == nil)
  }
}
