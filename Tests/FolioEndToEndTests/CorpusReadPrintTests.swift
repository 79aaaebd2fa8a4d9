import FolioCore
import FolioPoppler
import Foundation
import Testing

/// `folio --print --mode read` on every real-world PDF of the shared corpus that opens (scans,
/// turned pages, huge and tiny pages, forms, slides): exit 0, a rule for every page, no line
/// wider than the width, no control character but the SGR of headings and of regions' crops.
@Suite("Corpus --print --mode read")
struct CorpusReadPrintTests {
  @Test(arguments: CorpusPrintTests.files)
  func reflowsEveryPage(file: String) throws {
    let path = ErrorTests.corpus + "/" + file
    let result = try FolioProcess.run([
      "--print", "--mode", "read", "--size", "60x20", "--colors", "256", path,
    ])
    #expect(result.status == 0, "\(file): \(CorpusPrintTests.crashReport(result.standardError))")
    // Colors and bold are the only sequences (headings, the crops of regions, scans' pages).
    let plain = result.standardOutput.replacing(#/\u{1B}\[[0-9;]*m/#, with: "")
    let controls = plain.unicodeScalars.filter {
      $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value))
    }
    #expect(controls.isEmpty, "\(file): \(controls.prefix(3).map(\.value))")
    let lines = plain.split(separator: "\n")
    let wide = lines.filter { TextWidth.approximate.width(of: String($0)) > 60 }
    #expect(wide.isEmpty, "\(file): \(wide.prefix(2))")
    let pages = try PopplerDocument.open(path: path).pageCount
    #expect(lines.filter { $0.hasPrefix("──") }.count == pages, "\(file)")
  }
}
