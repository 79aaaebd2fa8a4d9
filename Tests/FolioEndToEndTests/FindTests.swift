import FolioFixtures
import Foundation
import Testing

/// `--find` end to end: `--list` against pdfgrep on documents whose text the test wrote, its
/// exit statuses, the text cache it fills and uses, and searching in the viewer (the prompt,
/// `n`/`N`, the status line, the badges on thumbnails).
@Suite(.serialized)
struct FindTests {
  /// A document of `pages` pages whose lines the test knows: every page says which page it
  /// is; "gamma" appears on pages 3, 7 (twice, once hyphenated across lines) and 12; "Gamma"
  /// with a capital on page 12 only.
  static func writeDocument(in folder: ScratchFolder, pages: Int = 14) throws -> String {
    let file = folder.path + "/known-text.pdf"
    let content: [[String]] = (1...pages).map { number in
      var lines = ["This is page \(number) of the known text.", "Nothing else is written here."]
      switch number {
      case 3: lines += ["alpha beta gamma delta"]
      case 7: lines += ["a gamma ray, and then the gam-", "ma function"]
      case 12: lines += ["Gamma rules: gamma"]
      default: break
      }
      return lines
    }
    try FixturePDF.write(
      content.map { FixturePage(width: 612, height: 792, lines: $0) }, title: "Known", to: file)
    return file
  }

  static func list(_ query: String, _ file: String, folder: ScratchFolder) throws
    -> FolioProcess.Result
  {
    try FolioProcess.run(
      ["--find", query, "--list", file], environment: folder.environment,
      timeLimit: .seconds(120))
  }

  /// pdfgrep's count of `query` per page (ignoring case as smart case does for this query):
  /// page → count.
  static func pdfgrepCounts(_ query: String, _ file: String, ignoringCase: Bool) throws
    -> [Int: Int]
  {
    let result = try ChildProcess.run(
      "/usr/bin/pdfgrep", (ignoringCase ? ["-i"] : []) + ["--page-count", query, file],
      environment: ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"])
    var counts: [Int: Int] = [:]
    for line in result.outputText.split(separator: "\n") {
      let fields = line.split(separator: ":")
      guard fields.count == 2, let page = Int(fields[0]), let count = Int(fields[1]), count > 0
      else { continue }
      counts[page] = count
    }
    return counts
  }

  /// The `--list` lines as page → (label, count, context).
  static func parse(_ output: String) -> [Int: (label: String, count: Int, context: String)] {
    var pages: [Int: (String, Int, String)] = [:]
    for line in output.split(separator: "\n") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count == 4, let page = Int(fields[0]), let count = Int(fields[2]) else {
        Issue.record("not a --list line: \(line)")
        continue
      }
      pages[page] = (String(fields[1]), count, String(fields[3]))
    }
    return pages
  }

  /// A running head (alternating on facing pages, with the page number) and foot are not
  /// context: the line around a hit near them is the page's own text.
  @Test func listContextLeavesOutRunningHeadsAndFeet() throws {
    let folder = try ScratchFolder()
    let file = folder.path + "/headed.pdf"
    let bodies = [
      "Opening words of the book.", "Tools are described here in full.",
      "The tools need a config file.", "Nothing to see.", "Config files are read at start.",
      "The end.",
    ]
    let pages = bodies.enumerated().map { index, body in
      let number = index + 1
      let head =
        number.isMultiple(of: 2) ? "\(number)   Chapter 2: Tools" : "Folio manual   \(number)"
      return FixturePage(
        width: 612, height: 792, lines: [head, body, "Set in Folio Serif, version \(number)"])
    }
    try FixturePDF.write(pages, title: "Headed", to: file)
    let run = try Self.list("config", file, folder: folder)
    #expect(run.status == 0, "\(run.standardError)")
    let found = Self.parse(run.standardOutput)
    #expect(found.keys.sorted() == [3, 5])
    #expect(found[3]?.context == "The tools need a config file.")
    #expect(found[5]?.context == "Config files are read at start.")
    // A hit in the running head itself keeps its page's text around it.
    let inHead = Self.parse(try Self.list("chapter", file, folder: folder).standardOutput)
    #expect(inHead.keys.sorted() == [2, 4, 6])
    #expect(inHead[4]?.context.hasPrefix("4 Chapter 2: Tools") == true, "\(inHead)")
  }

  @Test func listAgreesWithPdfgrepAndCountsTheHyphenatedWordToo() throws {
    let folder = try ScratchFolder()
    let file = try Self.writeDocument(in: folder)
    let run = try Self.list("gamma", file, folder: folder)
    #expect(run.status == 0, "\(run.standardError)")
    let pages = Self.parse(run.standardOutput)
    #expect(pages.keys.sorted() == [3, 7, 12])
    // pdfgrep finds the same pages; on page 7 it misses the word split across lines.
    let grep = try Self.pdfgrepCounts("gamma", file, ignoringCase: true)
    #expect(Set(grep.keys) == Set(pages.keys))
    #expect(pages[3]?.count == grep[3] && pages[12]?.count == grep[12])
    #expect(pages[7]?.count == 2 && grep[7] == 1)
    #expect(pages[3]?.context.contains("alpha beta gamma delta") == true)
    #expect(pages[7]?.label == "7")
    // Lines come in page order.
    let order = run.standardOutput.split(separator: "\n").compactMap {
      Int($0.prefix { $0 != "\t" })
    }
    #expect(order == [3, 7, 12])
  }

  @Test func aCapitalMakesTheSearchCaseSensitive() throws {
    let folder = try ScratchFolder()
    let file = try Self.writeDocument(in: folder)
    let run = try Self.list("Gamma", file, folder: folder)
    #expect(run.status == 0)
    let pages = Self.parse(run.standardOutput)
    #expect(pages.keys.sorted() == [12] && pages[12]?.count == 1)
    let grep = try Self.pdfgrepCounts("Gamma", file, ignoringCase: false)
    #expect(Set(pages.keys) == Set(grep.keys))
  }

  @Test func noHitsExitOneAndErrorsExitTwo() throws {
    let folder = try ScratchFolder()
    let file = try Self.writeDocument(in: folder)
    let none = try Self.list("omega", file, folder: folder)
    #expect(none.status == 1)
    #expect(none.standardOutput.isEmpty)
    let missing = try Self.list("gamma", folder.path + "/nowhere.pdf", folder: folder)
    #expect(missing.status == 2)
    #expect(missing.standardError.hasPrefix("folio: "))
    let usage = try FolioProcess.run(["--list", file], environment: folder.environment)
    #expect(usage.status == 2)
    let both = try FolioProcess.run(
      ["--find", "x", "--list", "--print", file], environment: folder.environment)
    #expect(both.status == 2)
  }

  @Test func aSecondSearchReadsTheCacheNotTheDocument() throws {
    let folder = try ScratchFolder()
    let file = try Self.writeDocument(in: folder)
    let first = try FolioProcess.run(
      ["--find", "gamma", "--list", "--verbose", file], environment: folder.environment)
    #expect(first.status == 0)
    #expect(first.standardError.contains("text of 14 pages: 14 read, 0 from the cache"))
    let cache = folder.path + "/cache/folio/text.sqlite"
    #expect(FileManager.default.fileExists(atPath: cache))
    let second = try FolioProcess.run(
      ["--find", "page 9 of", "--list", "--verbose", file], environment: folder.environment)
    #expect(second.status == 0)
    #expect(second.standardError.contains("text of 14 pages: 0 read, 14 from the cache"))
    #expect(Self.parse(second.standardOutput).keys.sorted() == [9])
  }

  @Test func aDamagedCacheIsSetAsideAndRebuilt() throws {
    let folder = try ScratchFolder()
    let file = try Self.writeDocument(in: folder)
    let cacheFolder = folder.path + "/cache/folio"
    try FileManager.default.createDirectory(atPath: cacheFolder, withIntermediateDirectories: true)
    try Data("this is not a database".utf8).write(
      to: URL(fileURLWithPath: cacheFolder + "/text.sqlite"))
    let run = try Self.list("gamma", file, folder: folder)
    #expect(run.status == 0)
    #expect(Self.parse(run.standardOutput).keys.sorted() == [3, 7, 12])
    let names = try FileManager.default.contentsOfDirectory(atPath: cacheFolder)
    #expect(names.contains("text.sqlite"))
    // Set aside beside it as text-<time>.sqlite, with the bytes it had.
    let setAside = names.filter { $0.hasPrefix("text-") && $0.hasSuffix(".sqlite") }
    #expect(setAside.count == 1)
    let kept = try setAside.first.map {
      try String(contentsOfFile: cacheFolder + "/" + $0, encoding: .utf8)
    }
    #expect(kept == "this is not a database")
  }

  @Test func theViewerSearchesAsYouTypeAndWalksTheHits() throws {
    let folder = try ScratchFolder()
    let file = try Self.writeDocument(in: folder)
    let folio = try FolioSession(
      nil, arguments: [file, "--mode", "continuous"], environment: folder.environment)
    try folio.type("/gamma")
    try folio.expectStatus("5 hits on 3 pages")
    try folio.press("Enter")
    let first = try folio.expectStatus("hit 1 / 5")
    #expect(FolioSession.position(in: first)?.page == 3)
    try folio.press("n")
    try folio.expectStatus("hit 2 / 5")
    try folio.expectPage(7, of: 14)
    try folio.press("N")
    try folio.expectStatus("hit 1 / 5")
    try folio.expectPage(3, of: 14)
    try folio.press("N")
    try folio.expectStatus("to the last")
    try folio.expectPage(12, of: 14)
    // The grid shows the counts on the thumbnails with hits, the rest dimmed.
    try folio.press("1")
    try folio.expectScreen("badges with the hit counts") { screen in
      let text = screen.rows.indices.map { screen.text(ofRow: $0) }
      return text.contains { $0.contains(" 2 ") } && text.contains { $0.contains(" 1 ") }
    }
    // `&`: only the three pages with hits, and back to all fourteen.
    try folio.press("&")
    try folio.expectStatus("3 of 14 pages")
    try folio.press("g")
    try folio.expectPage(3, of: 14)
    try folio.press("l")
    try folio.expectPage(7, of: 14)
    try folio.press("&")
    try folio.expectStatus("every page")
    try folio.press("l")
    try folio.expectPage(8, of: 14)
    try folio.quit()
  }

  @Test func findOpensOnTheFirstHitAndPrintShowsTheHits() throws {
    let folder = try ScratchFolder()
    let file = try Self.writeDocument(in: folder)
    // The frame printed with the hits: continuous view, on page 7, the hit tinted.
    let printed = try FolioProcess.run(
      [
        "--find", "gamma", "--print", "--page", "5", "--size", "80x30", "--colors", "truecolor",
        file,
      ],
      environment: folder.environment, timeLimit: .seconds(120))
    #expect(printed.status == 0, "\(printed.standardError)")
    let status = printed.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
    #expect(status.contains("hit 2 / 5"), "\(status)")
    #expect(status.contains("7 / 14"), "\(status)")
    // The current hit's tint (orange mixed into white paper) is in the frame, and without
    // --find the same frame has none.
    func tinted(_ output: String) -> Int {
      output.matches(of: #/48;2;(\d+);(\d+);(\d+)m/#).filter { match in
        let (red, green, blue) = (Int(match.1) ?? 0, Int(match.2) ?? 0, Int(match.3) ?? 0)
        return red >= 230 && (100...200).contains(green) && blue < 110
      }.count
    }
    #expect(tinted(printed.standardOutput) > 0, "no tinted cell")
    let plain = try FolioProcess.run(
      [
        "--print", "--mode", "continuous", "--page", "7", "--size", "80x30", "--colors",
        "truecolor", file,
      ],
      environment: folder.environment, timeLimit: .seconds(120))
    #expect(tinted(plain.standardOutput) == 0)
    // The viewer opens on the first hit from its starting page.
    let folio = try FolioSession(
      nil, arguments: [file, "--find", "Gamma", "--mode", "continuous"],
      environment: folder.environment)
    try folio.expectStatus("1 hit on 1 page · hit 1 / 1")
    try folio.expectPage(12, of: 14)
    try folio.quit()
  }

  @Test func theHitsPanelListsHitsAndJumps() throws {
    let folder = try ScratchFolder()
    let file = try Self.writeDocument(in: folder)
    let folio = try FolioSession(
      nil, arguments: [file, "--mode", "continuous"], environment: folder.environment)
    try folio.type("/gamma")
    try folio.press("Enter")
    try folio.expectStatus("hit 1 / 5")
    try folio.press("L")
    // The panel on the left: the heading, then a row per hit with its page label.
    // Waited for as a whole: tmux may capture a frame it has only partly drawn.
    try folio.expectScreen("the hits panel") { screen in
      screen.text(ofRow: 0).hasPrefix("“gamma” 5")
        && screen.text(ofRow: 1).contains("gamma delta")
        && screen.text(ofRow: 5).contains("12")
    }
    try folio.type("jjj")
    try folio.press("Enter")
    try folio.expectStatus("hit 4 / 5")
    try folio.expectPage(12, of: 14)
    // A filter keeps the rows whose context has the typed text.
    try folio.type("/delta")
    try folio.expectScreen("the filtered panel") { screen in
      screen.text(ofRow: 0).hasPrefix("/delta")
        && screen.text(ofRow: 1).contains("gamma delta")
        && !screen.text(ofRow: 2).contains("gamma")
    }
    // Esc clears the filter, then closes the panel.
    try folio.press("Escape")
    try folio.press("Escape")
    try folio.expectScreen("the panel closed") { !$0.text(ofRow: 0).hasPrefix("“gamma”") }
    try folio.quit()
  }
}
