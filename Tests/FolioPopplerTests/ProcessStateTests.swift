import FolioCore
import FolioFixtures
import Foundation
import Testing

@testable import FolioPoppler

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Poppler's process-wide state")
struct ProcessStateTests {
  /// Opening any document first renders the built-in empty page, so Poppler's lazily made
  /// color profiles exist before a render thread can race another to make them.
  @Test func openingADocumentPreparesPoppler() throws {
    _ = try PopplerDocument.open(path: FixtureLibrary.path(.onePage))
    #expect(PopplerProcessState.isPrepared)
    // The very state that preparation is for: Poppler's static `GfxState::sRGBProfile`, a
    // `std::shared_ptr` whose first word is the profile. (Poppler built without color
    // management has no such symbol and no such race.)
    let symbol = try #require(
      dlsym(nil, "_ZN8GfxState11sRGBProfileE"),
      "this Poppler has no GfxState::sRGBProfile: see whether its first render still races")
    #expect(symbol.load(as: UnsafeRawPointer?.self) != nil)
  }

  /// The built-in PDF is well formed: each cross-reference entry points at its object, so
  /// Poppler reads it without repairing it (and printing warnings).
  @Test func emptyDocumentIsWellFormed() throws {
    let pdf = PopplerProcessState.emptyDocument()
    let text = try #require(String(bytes: pdf, encoding: .ascii))
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let table = try #require(lines.firstIndex(of: "xref"))
    #expect(lines[table + 1] == "0 4")
    for object in 1...3 {
      let entry = lines[table + 2 + object]
      #expect(entry.utf8.count == 19, "an entry is 20 bytes with its newline")
      let offset = try #require(Int(entry.prefix(10)))
      #expect(text.utf8.dropFirst(offset).starts(with: "\(object) 0 obj\n".utf8))
    }
    let start = try #require(lines.firstIndex(of: "startxref"))
    #expect(
      Int(lines[start + 1]).map { text.utf8.dropFirst($0).starts(with: "xref\n".utf8) } == true)
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("folio-empty-\(getpid()).pdf")
    try Data(pdf).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let document = try PopplerDocument.open(path: url.path)
    #expect(document.pageCount == 1)
    #expect(document.pageSize(at: PageIndex(0)) == PointSize(width: 1, height: 1))
  }
}
