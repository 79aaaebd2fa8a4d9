import FolioCore
import FolioFixtures
import Foundation

/// `folio-bench --write-library N FOLDER`: N small PDFs (one to four pages of the manual
/// fixture's words, each file's own), a hundred to a folder, for the library benchmarks; every
/// seventh file says "quaternion" on its last page.
enum LibraryWriter {
  static func write(count: Int, into folder: String) throws {
    var generator = SplitMix64(seed: UInt64(count))
    for index in 0..<count {
      let shelf = folder + "/shelf-\(index / 100)"
      try FileManager.default.createDirectory(atPath: shelf, withIntermediateDirectories: true)
      let pageCount = 1 + index % 4
      let pages = (1...pageCount).map { number in
        var lines = (0..<24).map { _ in ManualText.line(using: &generator) }
        if index % 7 == 0 && number == pageCount { lines[number % 24] += " quaternion" }
        return FixturePage(
          width: 612, height: 792, lines: ["Paper \(index + 1), page \(number)"] + lines)
      }
      try FixturePDF.write(
        pages, title: "Paper \(index + 1)", to: shelf + String(format: "/paper-%05d.pdf", index))
    }
  }
}
