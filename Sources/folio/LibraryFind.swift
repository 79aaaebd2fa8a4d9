import FolioCore
import FolioPoppler
import FolioRuntime
import FolioSearch
import FolioStore
import Foundation

/// `--find TEXT --list` over a library: each file's pages from the text cache when it holds
/// all of them (found by the file's content, no PDF opened), else read by a few page workers
/// that go from file to file (a `LibraryDocument` of the files not cached, every page's text
/// apart), stored in the cache for next time. Files are matched as they come and printed in
/// order; a file that cannot be read is said on standard error.
enum LibraryFind {
  /// One file's outcome: its lines, or why it could not be searched.
  enum Outcome: Sendable {
    case lines([String])
    case failed(String)
    /// Too long to read in one answer: searched as a document of its own.
    case long
  }

  static func run(query text: String, files: [String], options: PrintOptions) throws -> Int32 {
    let query = TextQuery(text)
    let cache = TextCache.open(
      directory: TextCache.defaultDirectory(environment: ProcessInfo.processInfo.environment)
    ).cache
    // The cache first, on as many threads as workers would have (each file: its ends read
    // and hashed, its pages looked up, matched, and opened only for the labels of its hits).
    final class Looked: @unchecked Sendable {
      let lock = NSLock()
      var outcomes: [Outcome?]
      var uncached: [(index: Int, content: DocumentFingerprint)] = []
      init(count: Int) { outcomes = Array(repeating: nil, count: count) }
    }
    let looked = Looked(count: files.count)
    let threads = max(1, options.workerCount)
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for index in stride(from: thread, to: files.count, by: threads) {
        let path = files[index]
        let content = try? DocumentFingerprint.make(fileAt: path, pageCount: 0)
        if let content,
          let cached = try? cache?.completeDocument(size: content.size, hash: content.hash)
        {
          let pages = cached.texts.map { SearchableText(utf8: $0) }
          let lines = lines(query: query, pages: pages, path: path)
          looked.lock.withLock { looked.outcomes[index] = .lines(lines) }
          continue
        }
        // Not cached: a file that is no PDF at all is said at once (its name, its first
        // bytes); the others are read.
        let outcome: Outcome?
        do throws(DocumentError) {
          _ = try PopplerDocument.readablePath(for: path)
          outcome = content == nil ? .failed("cannot be read") : nil
        } catch {
          outcome = .failed(error.reason)
        }
        looked.lock.withLock {
          if let outcome {
            looked.outcomes[index] = outcome
          } else if let content {
            looked.uncached.append((index, content))
          }
        }
      }
    }
    var outcomes = looked.outcomes
    let uncached = looked.uncached.sorted { $0.index < $1.index }
    for (index, outcome) in read(uncached, of: files, query: query, cache: cache, options: options)
    {
      outcomes[index] = outcome
    }
    // Long books, then the labels of the pages with hits: one file at a time, in this process
    // (as the search of one file opens it).
    for index in outcomes.indices {
      switch outcomes[index] {
      case .long?:
        outcomes[index] = longBook(files[index], query: query, options: options)
      case .lines(let lines)? where !lines.isEmpty:
        outcomes[index] = .lines(labeled(lines, path: files[index]))
      default: break
      }
    }
    var found = false
    var failed = false
    for (path, outcome) in zip(files, outcomes) {
      switch outcome {
      case .lines(let lines)?:
        guard !lines.isEmpty else { continue }
        found = true
        let name = FindList.field(path)
        try StandardStreams.writeOutput(lines.map { name + "\t" + $0 + "\n" }.joined())
      case .failed(let reason)?:
        failed = true
        StandardStreams.writeError(Failure(path: path, reason: reason).line + "\n")
      case .long?, nil:
        failed = true
        StandardStreams.writeError(Failure(path: path, reason: "could not be read").line + "\n")
      }
    }
    return failed ? 2 : found ? 0 : 1
  }

  /// The lines of one file's pages with hits, their label still the page number (`labeled`
  /// puts the document's labels in).
  static func lines(query: TextQuery, pages: [SearchableText?], path: String) -> [String] {
    var matcher = TextMatcher(query)
    return matcher.matches(inPages: pages).compactMap { hit -> String? in
      guard let first = hit.ranges.first, let page = pages[hit.page] else { return nil }
      let body = RunningText.body(ofPage: hit.page, pageCount: pages.count) { pages[$0] }
      let context = HitContext(of: first, in: page, body: body).line
      return "\(hit.page + 1)\t\(hit.page + 1)\t\(hit.ranges.count)\t\(FindList.field(context))"
    }
  }

  /// `lines` with the document's page labels in their second field.
  static func labeled(_ lines: [String], path: String) -> [String] {
    guard let document = try? PopplerDocument.open(path: path) else { return lines }
    return lines.map { line in
      var fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
        .map(String.init)
      guard fields.count == 3, let number = Int(fields[0]) else { return line }
      fields[1] = FindList.field(document.displayLabel(at: PageIndex(number: number)))
      return fields.joined(separator: "\t")
    }
  }

  /// A book too long for one answer, searched as `--list` searches one file.
  static func longBook(_ path: String, query: TextQuery, options: PrintOptions) -> Outcome {
    do {
      let readable = try PopplerDocument.readablePath(for: path)
      let document = try PopplerDocument.open(readablePath: readable, named: path)
      return .lines(
        try FindList.lines(
          query: query, document: document, readablePath: readable, path: path,
          options: options))
    } catch let error as DocumentError {
      return .failed(error.reason)
    } catch {
      return .failed("\(error)")
    }
  }

  /// Reads the files `uncached` names with page workers, stores their pages in the cache and
  /// matches them.
  static func read(
    _ uncached: [(index: Int, content: DocumentFingerprint)], of files: [String],
    query: TextQuery, cache: TextCache?, options: PrintOptions
  ) -> [(Int, Outcome)] {
    guard !uncached.isEmpty else { return [] }
    let paths = uncached.map { files[$0.index] }
    guard
      let manifest = try? PopplerDocument.readablePath(
        holding: LibraryDocument.manifest(of: paths, separatingPages: true))
    else { return uncached.map { ($0.index, .failed("cannot be read")) } }
    let opening = BrowserSetup.opening(
      readablePath: manifest, name: "library", password: nil, options: options, prestarted: 0,
      niceness: 0, isLibrary: true)
    /// The files handed out and what came of them, shared by the threads.
    final class Shared: @unchecked Sendable {
      let lock = NSLock()
      var next = 0
      var outcomes: [(Int, Outcome)] = []
      func take(below count: Int) -> Int? {
        lock.withLock {
          defer { next += 1 }
          return next < count ? next : nil
        }
      }
    }
    let shared = Shared()
    let threads = max(1, min(options.workerCount, uncached.count))
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
      let worker = try? opening.makeWorker()
      while let position = shared.take(below: uncached.count) {
        let (index, content) = uncached[position]
        let outcome = read(
          position, with: worker, content: content, path: files[index], query: query, cache: cache)
        shared.lock.withLock { shared.outcomes.append((index, outcome)) }
      }
    }
    return shared.outcomes
  }

  /// One file's pages (file `position` of the workers' library).
  private static func read(
    _ position: Int, with worker: (any PageWorker)?, content: DocumentFingerprint, path: String,
    query: TextQuery, cache: TextCache?
  ) -> Outcome {
    guard let worker, let text = try? worker.texts(of: position..<position + 1).first else {
      return .failed("could not be read (its worker failed)")
    }
    if text.text.unicodeScalars.first == LibraryDocument.failureMark {
      let reason = String(text.text.unicodeScalars.dropFirst())
      // A long book: read as a document of its own, its pages by several workers.
      return reason == LibraryDocument.tooLong ? .long : .failed(reason)
    }
    let pages = split(text)
    let searchable = pages.map { SearchableText(normalizing: $0.text) }
    let fingerprint = DocumentFingerprint(
      size: content.size, hash: content.hash, pageCount: pages.count)
    try? cache?.store(
      zip(pages, searchable).enumerated().map { number, page in
        CachedPageText(
          page: number, text: Array(page.0.text.utf8), boxes: TextBox.encode(page.0.boxes),
          searchable: page.1.utf8)
      }, of: fingerprint)
    return .lines(lines(query: query, pages: searchable, path: path))
  }

  /// A file's text parted into its pages at the page breaks.
  static func split(_ text: PageText) -> [PageText] {
    var pages: [PageText] = []
    var scalars = String.UnicodeScalarView()
    var boxes: [TextBox] = []
    for (scalar, box) in zip(text.text.unicodeScalars, text.boxes) {
      if scalar == LibraryDocument.pageBreak {
        pages.append(PageText(text: String(scalars), boxes: boxes))
        (scalars, boxes) = (String.UnicodeScalarView(), [])
      } else {
        scalars.append(scalar)
        boxes.append(box)
      }
    }
    pages.append(PageText(text: String(scalars), boxes: boxes))
    return pages
  }
}
