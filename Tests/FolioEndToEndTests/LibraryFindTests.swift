import FolioFixtures
import Foundation
import Testing

/// `--find TEXT --list` over a folder and over several files: `FILE PAGE LABEL COUNT CONTEXT`
/// for every page with hits, the same pages of the same files as `pdfgrep -r -n`, files in
/// folders under it but not behind a linked folder, a `.PDF` name too, and a file that is no
/// PDF said on standard error with status 2.
@Suite("Finding in a library")
struct LibraryFindTests {
  /// A folder of documents whose words the test knows: "orbit" on known pages of three of
  /// them, one in a subfolder, one named in capitals; a linked folder, a non-PDF named .pdf.
  func makeLibrary(_ folder: ScratchFolder, withNonPDF: Bool) throws -> String {
    let root = folder.path + "/library"
    try FileManager.default.createDirectory(
      atPath: root + "/papers/older", withIntermediateDirectories: true)
    func write(_ name: String, _ hits: [Int: String], pages: Int) throws {
      let content = (1...pages).map { page in
        FixturePage(
          width: 612, height: 792,
          lines: ["Page \(page) of \(name)."] + (hits[page].map { [$0] } ?? ["Nothing here."]))
      }
      try FixturePDF.write(content, title: name, to: root + "/" + name)
    }
    try write("alpha.pdf", [2: "an orbit of the moon", 5: "orbit and orbit again"], pages: 6)
    try write("papers/beta.pdf", [1: "no match on this one"], pages: 3)
    try write("papers/older/gamma.pdf", [3: "the Orbit decays"], pages: 4)
    try write("papers/DELTA.PDF", [1: "orbit in capitals' file"], pages: 2)
    // Behind a link to a folder: not entered (it would list gamma twice).
    try FileManager.default.createSymbolicLink(
      atPath: root + "/again", withDestinationPath: root + "/papers")
    if withNonPDF {
      try Data("not a PDF at all".utf8).write(to: URL(fileURLWithPath: root + "/fake.pdf"))
    }
    return root
  }

  /// Lines of `--list` over several files as (file, page) → count.
  func parse(_ output: String) -> [String: Int] {
    var pages: [String: Int] = [:]
    for line in output.split(separator: "\n") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count == 5, Int(fields[1]) != nil, let count = Int(fields[3]) else {
        Issue.record("not a library --list line: \(line)")
        continue
      }
      pages["\(fields[0]):\(fields[1])"] = count
    }
    return pages
  }

  @Test func aFolderIsSearchedAsPdfgrepDoes() throws {
    let folder = try ScratchFolder()
    let root = try makeLibrary(folder, withNonPDF: false)
    let result = try FolioProcess.run(
      ["--find", "orbit", "--list", root], environment: folder.environment,
      timeLimit: .seconds(120))
    #expect(result.status == 0, "\(result.standardError)")
    let found = parse(result.standardOutput)
    // pdfgrep -r takes lowercase .pdf names only and, like Folio, no linked folder.
    let grep = try ChildProcess.run(
      "/usr/bin/pdfgrep", ["-r", "-n", "-i", "orbit", root],
      environment: ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"])
    var expected = Set<String>()
    for line in grep.outputText.split(separator: "\n") {
      let fields = line.split(separator: ":", maxSplits: 2)
      if fields.count == 3 { expected.insert("\(fields[0]):\(fields[1])") }
    }
    #expect(!expected.isEmpty)
    #expect(Set(found.keys.filter { !$0.contains("DELTA") }) == expected)
    #expect(found[root + "/alpha.pdf:5"] == 2)
    #expect(found[root + "/papers/DELTA.PDF:1"] == 1)
    #expect(!found.keys.contains { $0.contains("/again/") })
    // Files in name order, each file's pages in order.
    let files = result.standardOutput.split(separator: "\n").map { $0.split(separator: "\t")[0] }
    #expect(files.first == Substring(root + "/alpha.pdf"))
  }

  @Test func severalFilesAFileThatIsNoPDFAndNoHits() throws {
    let folder = try ScratchFolder()
    let root = try makeLibrary(folder, withNonPDF: true)
    let named = try FolioProcess.run(
      ["--find", "orbit", "--list", root + "/papers/beta.pdf", root + "/alpha.pdf"],
      environment: folder.environment, timeLimit: .seconds(120))
    #expect(named.status == 0)
    #expect(
      Set(parse(named.standardOutput).keys) == [root + "/alpha.pdf:2", root + "/alpha.pdf:5"])
    // A file that is no PDF: said on one line, the others still searched, status 2.
    let withFake = try FolioProcess.run(
      ["--find", "orbit", "--list", root], environment: folder.environment,
      timeLimit: .seconds(120))
    #expect(withFake.status == 2)
    #expect(withFake.standardError.contains("fake.pdf"))
    #expect(withFake.standardError.split(separator: "\n").count == 1)
    #expect(parse(withFake.standardOutput).count == 4)
    let none = try FolioProcess.run(
      ["--find", "nebula", "--list", root + "/papers"], environment: folder.environment,
      timeLimit: .seconds(120))
    #expect(none.status == 1 && none.standardOutput.isEmpty)
  }

  /// A book too long to be read in one answer is searched as one file is: the same lines.
  @Test func aLongBookInALibraryFindsWhatItFindsAlone() throws {
    let folder = try ScratchFolder()
    let root = folder.path + "/books"
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    let manual = try FixtureLibrary.path(.manual)
    try FileManager.default.createSymbolicLink(
      atPath: root + "/manual.pdf", withDestinationPath: manual)
    let alone = try FolioProcess.run(
      ["--find", "quaternion", "--list", root + "/manual.pdf"], environment: folder.environment,
      timeLimit: .seconds(300))
    let library = try FolioProcess.run(
      ["--find", "quaternion", "--list", root], environment: folder.environment,
      timeLimit: .seconds(300))
    #expect(library.status == 0, "\(library.standardError)")
    #expect(!alone.standardOutput.isEmpty)
    #expect(
      library.standardOutput
        == alone.standardOutput.split(separator: "\n").map { root + "/manual.pdf\t" + $0 + "\n" }
        .joined())
  }

  /// A document whose own text holds the characters the shelf's search once used as marks
  /// (U+E000 between pages, U+0000 for a failure, U+000C between pages apart): its hits keep
  /// their pages, and the hits after those characters are found.
  @Test func charactersOnceUsedAsMarksKeepHitsOnTheirPages() throws {
    let folder = try ScratchFolder()
    let root = folder.path + "/marked"
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    try LibrarySearchTests.writeMarkedDocument(to: root + "/marks.pdf")
    try FixturePDF.write(
      [FixturePage(width: 612, height: 792, lines: ["an orbit elsewhere"])], title: "other",
      to: root + "/other.pdf")
    let result = try FolioProcess.run(
      ["--find", "orbit", "--list", root], environment: folder.environment,
      timeLimit: .seconds(120))
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      parse(result.standardOutput) == [
        root + "/marks.pdf:2": 1, root + "/marks.pdf:3": 2, root + "/other.pdf:1": 1,
      ])
  }
}
