import FolioCore
import FolioPoppler
import FolioRuntime
import FolioTerminal
import FolioUI
import Foundation

/// `folio --print --mode read FILE [--pages FIRST-LAST] [--size COLSxROWS]`: the document's
/// text reflowed for reading (`PageReflow`, `ReadingPage`) at the terminal's width (or
/// `--size`'s columns, else 80), headings (a tagged document's structure tree's too) bold where colors are on, a thin rule where each
/// page begins. Each region (a figure, a table, mathematics, a page without text) is printed
/// as the viewer shows it where colors are on: a block-art crop of its part of the page, drawn
/// by the worker; without colors (for scripts), a placeholder line (`[figure, p. 3]`) and its
/// lines' text under it, each after "│ ". Pages are read by a page worker, a run at a time.
enum ReadPrinter {
  /// Pages read from the worker at once.
  static let run = 32

  static func run(
    _ options: PrintOptions, document: PopplerDocument, opening: DocumentOpening, path: String
  ) throws {
    let environment = ProcessInfo.processInfo.environment
    UserLocale.adopt(environment: environment)
    let width = (options.size ?? PrintCommand.terminalSize())?.columns ?? 80
    let textWidth =
      LocaleEncoding.isUTF8(environment: environment) ? TextWidth.locale : .approximate
    let colors = options.colors ?? ColorMode.preferred(environment: environment)
    let bold = colors != .none
    let pages = try options.printedPages(in: document, path: path)
    var worker = try opening.handoff.take() ?? opening.makeWorker()
    // A tagged document's headings; printed without them when its structure tree cannot be
    // read (a worker that failed on it is replaced).
    var tagged: [TaggedHeading] = []
    do {
      tagged = try worker.taggedHeadings().filter { $0.page.rawValue < document.pageCount }
    } catch {
      worker = try opening.makeWorker()
    }
    let headings = DocumentHeadings(document: .first, headings: tagged)
    // The pages read and not yet printed, with the neighbours their running lines need.
    var read: [Int: PageWords] = [:]
    // Pages whose text could not be read, with why; and up to where pages are read one at a
    // time, after a run failed.
    var failed: [Int: String] = [:]
    var singlyUntil = 0
    func texts(_ range: Range<Int>) throws -> [PageText] {
      do {
        return try worker.styledTexts(of: range)
      } catch let failure as WorkerFailure where failure.isWorthRetrying {
        // A worker that crashed is replaced and asked once more.
        worker = try opening.makeWorker()
        return try worker.styledTexts(of: range)
      }
    }
    func pageWords(_ page: Int) throws -> PageWords? {
      guard page >= 0, page < document.pageCount, failed[page] == nil else { return nil }
      if let known = read[page] { return known }
      let range = page..<min(document.pageCount, page + (page < singlyUntil ? 1 : Self.run))
      do {
        for (index, text) in zip(range, try texts(range)) {
          read[index] = ColumnOrder.words(of: text)
        }
      } catch let error as DocumentError {
        throw Failure(path: path, reason: error.reason)
      } catch {
        guard range.count == 1 else {
          // One bad page fails its run: its pages are read one at a time.
          singlyUntil = range.upperBound
          return try pageWords(page)
        }
        failed[page] = TerminalText.sanitized("\(error)")
      }
      return read[page]
    }
    let style = RenderStyle(
      symbols: options.symbols ?? SymbolSet.preferred(environment: environment), colors: colors,
      isInverted: options.invert == true, text: options.text ?? .auto)
    let measure = max(1, min(ReadingWrap.measure, width))
    let margin = String(repeating: " ", count: max(0, (width - measure) / 2))
    var first = true
    for page in pages {
      guard let words = try pageWords(page) else {
        if let reason = failed[page] {
          try StandardStreams.writeOutput(
            "\(first ? "" : "\n")\(margin)── \(page + 1): could not read its text (\(reason))\n")
          first = false
        }
        continue
      }
      let index = PageIndex(page)
      var around: [Int: PageWords] = [:]
      for near in ReadingState.window(of: index, pageCount: document.pageCount) {
        around[near] = try pageWords(near)
      }
      var context = ReflowContext.around(page, in: around, headings: headings.on(index))
      // The first page printed shows the rest of a word the page before (not printed) began.
      if page == pages.first { context.continuesPrevious = false }
      let blocks = PageReflow.blocks(
        of: words, at: index, label: document.pageLabel(at: index), context: context)
      read = read.filter { $0.key >= page - ReadingState.window }
      let shown = ReadingPage(
        blocks: blocks, wordBoxes: words.words.map(\.box), measure: measure,
        crop: ReadingPage.CropSetting(
          pageSize: document.pageSize(at: index), cellAspect: CellAspect(options.cellAspect ?? 2),
          maximumRows: 40),
        textWidth: textWidth)
      var output = first ? "" : "\n"
      first = false
      var printedRegion: Int?
      for line in shown.lines {
        switch line.style {
        case .heading where bold: output += margin + "\u{1B}[1m" + line.content + "\u{1B}[0m\n"
        case .blank: output += "\n"
        case .region:
          guard printedRegion != line.block else { continue }
          printedRegion = line.block
          // The crop as the viewer draws it, centred in the measure; a crop that cannot be
          // drawn (its worker failed twice) is printed as for scripts.
          if colors != .none, let size = shown.crops[line.block],
            let picture = try? crop(
              RenderRequest(
                page: index, region: shown.cropRegion(ofBlock: line.block), size: size,
                style: style), worker: &worker, opening: opening)
          {
            let inset = margin + String(repeating: " ", count: (measure - size.columns) / 2)
            for row in AnsiPrinter(colorMode: colors).text(for: picture).split(separator: "\n") {
              output += inset + row + "\n"
            }
            continue
          }
          // The region's text under its placeholder, set off by a rule, for scripts.
          output += margin + line.content + "\n"
          for part in blocks[line.block].text.split(separator: "\n") {
            output +=
              margin + "│ "
              + textWidth.truncated(
                TerminalText.sanitized(String(part)), toWidth: max(1, measure - 2)) + "\n"
          }
        default:
          // A list item's lines after its first hang after its marker.
          output += margin + String(repeating: " ", count: line.indent) + line.content + "\n"
        }
      }
      try StandardStreams.writeOutput(output)
    }
    if let page = failed.keys.min() {
      let others =
        failed.count > 1
        ? " (and \(failed.count - 1) other page\(failed.count == 2 ? "" : "s"))" : ""
      throw Failure(
        path: path,
        reason: "could not read the text of page \(page + 1)\(others): \(failed[page] ?? "")")
    }
  }

  /// A region's crop drawn by the worker (a new one once if it crashed).
  private static func crop(
    _ request: RenderRequest, worker: inout any PageWorker, opening: DocumentOpening
  ) throws -> ScreenBuffer {
    do {
      return try worker.render(request).picture
    } catch let failure as WorkerFailure where failure.isWorthRetrying {
      worker = try opening.makeWorker()
      return try worker.render(request).picture
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
