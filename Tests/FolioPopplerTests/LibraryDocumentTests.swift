import FolioCore
import FolioFixtures
import FolioPoppler
import Testing

/// A library's files as its workers read them for the library's search: a file's every page
/// apart in one answer, a long one's first pages and a page saying it continues.
@Suite("Library documents")
struct LibraryDocumentTests {
  /// The text of each file of a library of `paths` read for its search, parted at page breaks.
  func pagesOfEachFile(_ paths: [String]) throws -> [[String]] {
    let manifest = try PopplerDocument.readablePath(
      holding: LibraryDocument.manifest(of: paths, separatingPages: true))
    defer { LibraryDocument.close(manifest: manifest) }
    let library = try LibraryDocument(manifestAt: manifest, opensFiles: true)
    return paths.indices.map { file in
      library.text(at: PageIndex(file)).text.unicodeScalars
        .split(separator: LibraryDocument.pageBreak, omittingEmptySubsequences: false)
        .map { String(String.UnicodeScalarView($0)) }
    }
  }

  @Test func aShortFileGivesEveryPage() throws {
    let pages = try pagesOfEachFile([FixtureLibrary.path(.labeled)])[0]
    #expect(pages.count == 8)
    #expect(!pages.contains { $0.unicodeScalars.first == LibraryDocument.failureMark })
  }

  /// 15,000 pages of a few letters each, far below the text limit: their first pages only,
  /// so that one answer never reads a whole long file.
  @Test func aLongFileOfLittleTextGivesItsFirstPagesAndContinues() throws {
    let pages = try pagesOfEachFile([FixtureLibrary.path(.huge)])[0]
    #expect(pages.count == LibraryDocument.pageLimit + 1)
    #expect(pages.first?.contains("1") == true)
    #expect(pages[LibraryDocument.pageLimit - 1].contains(String(LibraryDocument.pageLimit)))
    #expect(pages.last == String(LibraryDocument.failureMark) + LibraryDocument.continues)
  }
}
