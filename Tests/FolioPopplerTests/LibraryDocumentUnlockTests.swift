import FolioCore
import FolioFixtures
import FolioPoppler
import Foundation
import Testing

/// An encrypted file of a library: its cover cannot be drawn until a password that opens it is
/// given (`unlock`), then it is drawn, labeled and read as any other file's.
@Suite("Library document unlock")
struct LibraryDocumentUnlockTests {
  /// A folder with plain.pdf (a fixture) and locked.pdf (the same, encrypted with "secret").
  final class Folder {
    let path = NSTemporaryDirectory() + "folio-unlock-\(UUID().uuidString.prefix(8))"
    var plain: String { path + "/plain.pdf" }
    var locked: String { path + "/locked.pdf" }
    init() throws {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      try FileManager.default.copyItem(atPath: try FixtureLibrary.path(.labeled), toPath: plain)
      let encrypt = try ChildProcess.run(
        "/usr/bin/qpdf", ["--encrypt", "secret", "secret", "256", "--", plain, locked])
      #expect(encrypt.status == 0, "\(encrypt.errorText)")
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
  }

  static let size = PixelSize(width: 60, height: 80)
  static let whole = PageRegion(x: 0, y: 0, width: 1, height: 1)

  @Test func aPasswordThatOpensTheFileDrawsItsCover() throws {
    let folder = try Folder()
    let manifest = try PopplerDocument.readablePath(
      holding: LibraryDocument.manifest(of: [folder.plain, folder.locked]))
    defer { LibraryDocument.close(manifest: manifest) }
    let library = try LibraryDocument(manifestAt: manifest, opensFiles: true)
    let cover = PageIndex(1)
    #expect(throws: DocumentError.self) {
      try library.render(cover, region: Self.whole, size: Self.size)
    }
    #expect(library.pageLabel(at: cover)?.hasSuffix("encrypted") == true)
    #expect(library.text(at: cover).text.isEmpty)
    // A wrong password leaves it as it was.
    #expect(throws: DocumentError.self) { try library.unlock(path: folder.locked, password: "no") }
    #expect(throws: DocumentError.self) {
      try library.render(cover, region: Self.whole, size: Self.size)
    }
    try library.unlock(path: folder.locked, password: "secret")
    let drawn = try library.render(cover, region: Self.whole, size: Self.size)
    let plain = try library.render(PageIndex(0), region: Self.whole, size: Self.size)
    #expect(drawn == plain, "the encrypted copy's cover is the plain file's")
    let label = try #require(library.pageLabel(at: cover))
    #expect(label.hasPrefix("locked.pdf") && label.hasSuffix("8 pages"), "\(label)")
    #expect(library.text(at: cover).text == library.text(at: PageIndex(0)).text)
    #expect(!library.text(at: cover).text.isEmpty)
  }
}
