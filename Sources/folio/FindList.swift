import FolioCore
import FolioPoppler
import FolioRaster
import FolioRuntime
import FolioSearch
import FolioStore
import Foundation

/// `folio --find TEXT --list FILE`: one line per page with hits, in page order,
/// `PAGE<TAB>LABEL<TAB>COUNT<TAB>CONTEXT`, as grep does for lines: status 0 with hits, 1
/// without. Reads the text it does not find in the text cache, and fills the cache.
enum FindList {
  /// Text workers of the viewer's background search: two, at nice 10, so that renders of the
  /// pages on screen come first.
  static let viewerThreads = 2

  static func run(
    query text: String, document: PopplerDocument, readablePath: String, path: String,
    options: PrintOptions
  ) throws -> Int32 {
    let lines = try lines(
      query: TextQuery(text), document: document, readablePath: readablePath, path: path,
      options: options
    ).map { $0 + "\n" }.joined()
    try StandardStreams.writeOutput(lines)
    return lines.isEmpty ? 1 : 0
  }

  /// The lines of one document's pages with hits, `PAGE<TAB>LABEL<TAB>COUNT<TAB>CONTEXT`.
  static func lines(
    query: TextQuery, document: PopplerDocument, readablePath: String, path: String,
    options: PrintOptions
  ) throws -> [String] {
    let (pages, fromCache) = DocumentText.readAll(
      document: document, readablePath: readablePath, name: path, options: options)
    if options.verbose {
      StandardStreams.writeError(
        "folio: \(TerminalText.sanitized(path)): text of \(pages.count) pages: "
          + "\(pages.count - fromCache) read, \(fromCache) from the cache\n")
    }
    var matcher = TextMatcher(query)
    var lines: [String] = []
    for found in matcher.matches(inPages: pages) {
      guard let first = found.ranges.first, let page = pages[found.page] else { continue }
      let body = RunningText.body(ofPage: found.page, pageCount: pages.count) { pages[$0] }
      let context = HitContext(of: first, in: page, body: body).line
      let label = document.displayLabel(at: PageIndex(found.page))
      lines.append(
        "\(found.page + 1)\t\(Self.field(label))\t\(found.ranges.count)\t\(Self.field(context))")
    }
    return lines
  }

  /// `text` safe for one tab-separated field: control characters (tabs and line breaks
  /// included) dropped, as on a terminal.
  static func field(_ text: String) -> String {
    TerminalText.sanitized(text).filter { $0 != "\t" }
  }
}

/// Getting every page's searchable text for a document: from the text cache when it has them,
/// else from text workers (which fill the cache).
enum DocumentText {
  /// The searchable text of every page of `document` (nil for none of them: a page that could
  /// not be read has empty text), and how many pages came from the cache.
  static func readAll(
    document: PopplerDocument, readablePath: String, name: String, options: PrintOptions
  ) -> (pages: [SearchableText?], fromCache: Int) {
    let opened = cacheOpener(readablePath: readablePath, pageCount: document.pageCount)()
    let cache = opened?.cache
    let fingerprint = opened?.key
    var cached: [Int: SearchableText] = [:]
    if let cache, let fingerprint, let texts = try? cache.searchableTexts(of: fingerprint) {
      for (page, searchable) in texts { cached[page] = SearchableText(utf8: searchable) }
    }
    let fromCache = cached.keys.filter { (0..<document.pageCount).contains($0) }.count
    if fromCache >= document.pageCount {
      return ((0..<document.pageCount).map { cached[$0] }, fromCache)
    }
    // Nothing is on screen to keep responsive: as many workers as renders get (`--workers`,
    // else one per core, at most 4), at normal priority.
    let opening = BrowserSetup.opening(
      readablePath: readablePath, name: name, password: document.password, options: options,
      prestarted: 0, niceness: 0)
    guard
      let extractor = try? TextExtractor(
        pageCount: document.pageCount, cached: cached, opening: opening,
        threads: options.workerCount, cache: cache, fingerprint: fingerprint)
    else {
      return ((0..<document.pageCount).map { document.searchable(at: $0) }, 0)
    }
    return (extractor.readAll(), fromCache)
  }

  /// Opens the text cache (`$XDG_CACHE_HOME/folio`) and makes the document's key in it; nil
  /// when either cannot be had (searching then goes on without a cache).
  static func cacheOpener(readablePath: String, pageCount: Int)
    -> @Sendable () -> (cache: TextCache, key: DocumentFingerprint)?
  {
    {
      guard
        let key = try? DocumentFingerprint.make(fileAt: readablePath, pageCount: pageCount),
        let cache = TextCache.open(
          directory: TextCache.defaultDirectory(environment: ProcessInfo.processInfo.environment)
        ).cache
      else { return nil }
      return (cache, key)
    }
  }

  /// How the viewer searches the document at `readablePath`: two text workers at nice 10 and
  /// the text cache.
  static func searchSetup(
    readablePath: String, name: String, password: String?, pageCount: Int,
    options: PrintOptions, version: DocumentVersion = .first, pinned: PinnedFile? = nil
  ) -> DocumentSearcher.Setup {
    // The workers and the cache's key read the same file, pinned now: a file renamed over
    // the path later is another version, whose text never goes under this one's key.
    let pinned = pinned ?? (try? PinnedFile(readablePath))
    let file = pinned?.path ?? readablePath
    return DocumentSearcher.Setup(
      pageCount: pageCount,
      opening: BrowserSetup.opening(
        readablePath: readablePath, name: name, password: password, options: options,
        version: version, pinned: pinned, prestarted: 0, niceness: 10),
      threads: FindList.viewerThreads,
      openCache: {
        withExtendedLifetime(pinned) { cacheOpener(readablePath: file, pageCount: pageCount)() }
      })
  }
}

extension PopplerDocument {
  /// A page's searchable text read in this process (when no worker could start).
  fileprivate func searchable(at page: Int) -> SearchableText {
    SearchableText(normalizing: text(at: PageIndex(page)).text)
  }
}
