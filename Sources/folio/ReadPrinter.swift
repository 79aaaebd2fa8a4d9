import FolioCore
import FolioPoppler
import FolioRuntime
import FolioTerminal
import FolioUI
import Foundation

/// `folio --print --mode read FILE [--pages FIRST-LAST] [--size COLSxROWS]`: the document's
/// text reflowed for reading (`PageReflow`, `ReadingWrap`) at the terminal's width (or
/// `--size`'s columns, else 80), headings bold where colors are on, a thin rule where each
/// page begins, and each region shown as a picture in the viewer printed as a placeholder line
/// (`[figure, p. 3]`) with its lines' text under it, each after "│ ", for now. Pages are read by a page worker, a run at a time.
enum ReadPrinter {
  /// Pages read from the worker at once.
  static let run = 32
  /// Neighbours on each side a page's running lines are learned from.
  static let window = 2

  static func run(
    _ options: PrintOptions, document: PopplerDocument, opening: DocumentOpening, path: String
  ) throws {
    let environment = ProcessInfo.processInfo.environment
    UserLocale.adopt(environment: environment)
    let width = (options.size ?? PrintCommand.terminalSize())?.columns ?? 80
    let textWidth =
      LocaleEncoding.isUTF8(environment: environment) ? TextWidth.locale : .approximate
    let bold = (options.colors ?? ColorMode.preferred(environment: environment)) != .none
    let pages = try options.printedPages(in: document, path: path)
    var worker = try opening.handoff.take() ?? opening.makeWorker()
    // The pages read and not yet printed, with the neighbours their running lines need.
    var read: [Int: PageWords] = [:]
    func pageWords(_ page: Int) throws -> PageWords? {
      guard page >= 0, page < document.pageCount else { return nil }
      if let known = read[page] { return known }
      let range = page..<min(document.pageCount, page + Self.run)
      let texts: [PageText]
      do {
        do {
          texts = try worker.texts(of: range)
        } catch let failure as WorkerFailure where failure.isWorthRetrying {
          // A worker that crashed is replaced and asked once more.
          worker = try opening.makeWorker()
          texts = try worker.texts(of: range)
        }
      } catch let failure as WorkerFailure {
        throw Failure(
          path: path, reason: "could not read the text of page \(page + 1): \(failure)")
      } catch let error as DocumentError {
        throw Failure(path: path, reason: error.reason)
      }
      for (index, text) in zip(range, texts) { read[index] = ColumnOrder.words(of: text) }
      return read[page]
    }
    var first = true
    for page in pages {
      guard let words = try pageWords(page) else { continue }
      let neighbours = try (page - Self.window...page + Self.window).compactMap(pageWords)
      let blocks = PageReflow.blocks(
        of: words, at: PageIndex(page), label: document.pageLabel(at: PageIndex(page)),
        context: ReflowContext.learn(from: neighbours))
      read = read.filter { $0.key >= page - Self.window }
      var output = first ? "" : "\n"
      first = false
      for line in ReadingWrap.lines(of: blocks, width: width, textWidth: textWidth) {
        let margin = String(repeating: " ", count: line.indent)
        switch line.style {
        case .heading where bold: output += margin + "\u{1B}[1m" + line.content + "\u{1B}[0m\n"
        case .blank: output += "\n"
        case .region:
          // The region's text under its placeholder, set off by a rule, for scripts.
          output += margin + line.content + "\n"
          for part in blocks[line.block].text.split(separator: "\n") {
            output +=
              margin + "│ "
              + textWidth.truncated(
                TerminalText.sanitized(String(part)), toWidth: max(1, width - 2 - line.indent * 2))
              + "\n"
          }
        default: output += margin + line.content + "\n"
        }
      }
      try StandardStreams.writeOutput(output)
    }
  }
}

extension PrintOptions {
  /// The pages `--pages` names (0-based), all of the document's without it; `--page` alone
  /// starts there.
  func printedPages(in document: PopplerDocument, path: String) throws -> Range<Int> {
    guard let pages else {
      return try startPage(in: document, path: path).rawValue..<document.pageCount
    }
    let parts = pages.split(separator: "-", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), let first = Int(parts[0]),
      let last = parts.count == 2 ? (parts[1].isEmpty ? document.pageCount : Int(parts[1])) : first,
      first >= 1, last >= first
    else {
      throw Failure(
        path: nil,
        reason:
          "--pages takes FIRST-LAST, FIRST- or one page, numbers from 1, not “\(TerminalText.sanitized(pages))”",
        status: 2)
    }
    guard first <= document.pageCount else {
      throw Failure(
        path: path,
        reason: DocumentError.pageOutOfRange(
          PageIndex(number: first), pageCount: document.pageCount
        ).reason)
    }
    return first - 1..<min(last, document.pageCount)
  }
}
