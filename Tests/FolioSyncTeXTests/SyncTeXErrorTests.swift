import FolioSyncTeX
import Foundation
import Testing

/// A missing or damaged SyncTeX file is a `SyncTeXError` with a one-line reason, never a crash.
@Suite("SyncTeX errors")
struct SyncTeXErrorTests {
  @Test("No SyncTeX file beside the PDF: missing")
  func missing() throws {
    let folder = try TemporaryFolder()
    try FileManager.default.copyItem(
      atPath: SyncTeXFixture.folder + "/main.pdf", toPath: folder.file("main.pdf"))
    let pdf = folder.file("main.pdf")
    #expect(throws: SyncTeXError.missing(pdfPath: pdf)) { try SyncTeXIndex(pdfPath: pdf) }
    #expect(throws: SyncTeXError.missing(pdfPath: "")) { try SyncTeXIndex(pdfPath: "") }
    // A folder where the file should be is not a SyncTeX file either.
    try FileManager.default.createDirectory(
      atPath: folder.file("main.synctex.gz"), withIntermediateDirectories: false)
    #expect(throws: SyncTeXError.missing(pdfPath: pdf)) { try SyncTeXIndex(pdfPath: pdf) }
  }

  @Test("A truncated, empty, garbage or non-SyncTeX file: damaged")
  func damaged() throws {
    let original = try [UInt8](
      Data(contentsOf: URL(fileURLWithPath: SyncTeXFixture.folder + "/main.synctex.gz")))
    var garbage = SplitMix(seed: 47)
    let cases: [(String, [UInt8])] = [
      ("main.synctex.gz", Array(original.prefix(original.count / 2))),
      ("main.synctex.gz", Array(original.prefix(10))),
      ("main.synctex.gz", []),
      ("main.synctex.gz", (0..<3000).map { _ in garbage.nextByte() }),
      ("main.synctex", Array("SyncTeX Version:1\nInput:1:./main.tex\n".utf8)),
      ("main.synctex", Array("%PDF-1.5 not a synctex file\n".utf8)),
    ]
    for (name, bytes) in cases {
      let folder = try TemporaryFolder()
      try folder.write(bytes, to: name)
      let pdf = folder.file("main.pdf")
      #expect(throws: SyncTeXError.damaged(synctexPath: folder.file(name)), "\(bytes.count)") {
        try SyncTeXIndex(pdfPath: pdf)
      }
    }
  }

  @Test("Each reason is one line that names the file")
  func reasons() {
    let missing = SyncTeXError.missing(pdfPath: "/p/main.pdf").description
    let damaged = SyncTeXError.damaged(synctexPath: "/p/main.synctex.gz").description
    #expect(missing.contains("/p/main.pdf") && !missing.contains("\n"))
    #expect(damaged.contains("/p/main.synctex.gz") && !damaged.contains("\n"))
  }
}

/// Deterministic bytes (SplitMix64), so a failing case can be repeated.
struct SplitMix {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func nextByte() -> UInt8 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return UInt8(truncatingIfNeeded: value ^ (value >> 31))
  }
}
