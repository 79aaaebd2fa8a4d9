import FolioCore
import FolioSearch
import FolioStore
import Foundation

/// How a library's files give their pages' text, for the shelf's search and `--find --list`
/// over many files: from the text cache (found by the file's content, no PDF opened), else
/// read whole by workers that go from file to file, else (a file too long for one answer, or
/// one whose whole read failed or ran out of time) read alone, a part of its pages at a time.
/// What is read goes into the cache.
public struct LibraryText: Sendable {
  /// The files, in the order they are read from the first.
  public var files: [String]
  /// Threads reading, each with its workers.
  public var threads: Int
  /// Workers whose pages are the files: `texts(of: i..<i + 1)` is file i's whole text, its
  /// pages apart as `parting` reads them.
  public var wholeFiles: DocumentOpening
  /// Workers of one file alone, for reading it in parts.
  public var singleFile: @Sendable (String) -> DocumentOpening
  /// What a file's whole text says: its pages, why it cannot be read, or that it is too long.
  public var parting: @Sendable (PageText) -> FileText
  /// Opens the text cache (nil: none, the text is read every time).
  public var openCache: @Sendable () -> TextCache?
  /// Pages of a long file read in one part.
  public var partSize: Int

  /// Creates a way of reading `files`.
  public init(
    files: [String], threads: Int, wholeFiles: DocumentOpening,
    singleFile: @escaping @Sendable (String) -> DocumentOpening,
    parting: @escaping @Sendable (PageText) -> FileText,
    openCache: @escaping @Sendable () -> TextCache?, partSize: Int = 48
  ) {
    self.files = files
    self.threads = max(1, threads)
    self.wholeFiles = wholeFiles
    self.singleFile = singleFile
    self.parting = parting
    self.openCache = openCache
    self.partSize = max(1, partSize)
  }
}

/// What a file's whole text, as the library's workers give it, says.
public enum FileText: Sendable {
  /// Its pages' text.
  case pages([PageText])
  /// It cannot be read, and why (not a PDF, encrypted…).
  case failed(String)
  /// Its first pages: it is too long for one answer, the rest is read in parts.
  case firstPages([PageText])
}

/// One piece of work of a library's reading, on one of its threads.
enum LibraryTextJob: Hashable, Sendable {
  /// A file's text: the cache, else a whole read.
  case whole(file: Int)
  /// Some pages of a file read alone; `content` is the file's key without its page count.
  case part(file: Int, pages: Range<Int>, content: DocumentFingerprint?)
  /// Some pages' text matched against a query.
  case match(MatchChunk, file: Int)
}

/// What a job came to.
enum LibraryTextResult: Sendable {
  /// Every page of the file, from the text cache or read.
  case pages([SearchableText], fromCache: Bool)
  /// The file must be read alone, in parts (`content`: its key without the page count), from
  /// the first page; `first` are its first pages, for matching meanwhile.
  case needsParts(content: DocumentFingerprint?, first: [SearchableText] = [])
  /// The file cannot be read.
  case failed(String)
  /// A part's pages, and the file's page count once known.
  case part([SearchableText], pageCount: Int?)
  /// A chunk's matches.
  case matched([(page: Int, ranges: [Range<Int>])])
}

/// A reading thread's workers and cache: the library's worker made at the first whole read,
/// one file's worker while its parts are read.
final class LibraryTextWorker {
  /// The text a library's files give is their pages' and their annotations' notes
  /// (`LibraryDocument.text(at:)`), cached apart from a document's own pages' text.
  static let cachedKind = CachedTextKind.pageTextAndNotes
  private let text: LibraryText
  private let cache: TextCache?
  private var whole: (any PageWorker)?
  private var single: (path: String, worker: any PageWorker)?

  init(_ text: LibraryText, cache: TextCache?) {
    self.text = text
    self.cache = cache
  }

  /// Does `job`.
  func run(_ job: LibraryTextJob) throws -> LibraryTextResult {
    switch job {
    case .whole(let file): return readWhole(file)
    case .part(let file, let pages, let content): return try read(pages, of: file, content: content)
    case .match(let chunk, _):
      var matcher = TextMatcher(chunk.query)
      return .matched(
        zip(chunk.pages, chunk.texts).map { page, text in
          (page, text.map { matcher.matches(in: $0) } ?? [])
        })
    }
  }

  /// Lets go of the workers (the thread has had nothing to do for a while).
  func rest() {
    whole?.rest()
    single = nil
  }

  private func readWhole(_ file: Int) -> LibraryTextResult {
    let path = text.files[file]
    guard let content = try? DocumentFingerprint.make(fileAt: path, pageCount: 0) else {
      return .failed("cannot be read")
    }
    if let cached = try? cache?.completeDocument(
      size: content.size, hash: content.hash, kind: Self.cachedKind)
    {
      return .pages(cached.texts.map { SearchableText(utf8: $0) }, fromCache: true)
    }
    let read: PageText
    do {
      if whole == nil { whole = try text.wholeFiles.makeWorker() }
      guard let first = try whole?.texts(of: file..<file + 1).first else {
        return .needsParts(content: content)
      }
      read = first
    } catch {
      // Out of time or a worker gone: the file is read alone, a part at a time.
      return .needsParts(content: content)
    }
    switch text.parting(read) {
    case .failed(let reason): return .failed(reason)
    case .firstPages(let pages):
      // Matched now; read again with the rest, to go into the cache under the page count.
      return .needsParts(
        content: content, first: pages.map { SearchableText(normalizing: $0.text) })
    case .pages(let pages):
      let searchable = pages.map { SearchableText(normalizing: $0.text) }
      store(
        pages, searchable, from: 0,
        of: DocumentFingerprint(size: content.size, hash: content.hash, pageCount: pages.count))
      return .pages(searchable, fromCache: false)
    }
  }

  private func read(_ pages: Range<Int>, of file: Int, content: DocumentFingerprint?) throws
    -> LibraryTextResult
  {
    let path = text.files[file]
    if single?.path != path { single = (path, try text.singleFile(path).makeWorker()) }
    guard let worker = single?.worker else { return .failed("cannot be read") }
    let read = try worker.texts(of: pages)
    let searchable = read.map { SearchableText(normalizing: $0.text) }
    let pageCount = worker.documentPageCount
    if let pageCount, let content {
      store(
        read, searchable, from: pages.lowerBound,
        of: DocumentFingerprint(size: content.size, hash: content.hash, pageCount: pageCount))
    }
    return .part(searchable, pageCount: pageCount)
  }

  private func store(
    _ pages: [PageText], _ searchable: [SearchableText], from first: Int,
    of fingerprint: DocumentFingerprint
  ) {
    guard let cache, !pages.isEmpty else { return }
    try? cache.store(
      zip(pages, searchable).enumerated().map { number, page in
        CachedPageText(
          page: first + number, text: Array(page.0.text.utf8),
          boxes: TextBox.encode(page.0.boxes), searchable: page.1.utf8)
      }, of: fingerprint, kind: Self.cachedKind)
  }
}

/// The text cache, opened once by the first thread that needs it and shared.
final class SharedTextCache: @unchecked Sendable {
  private let lock = NSLock()
  private let open: @Sendable () -> TextCache?
  private var opened: TextCache??

  init(_ open: @escaping @Sendable () -> TextCache?) { self.open = open }

  var cache: TextCache? {
    lock.withLock {
      if let opened { return opened }
      let cache = open()
      opened = .some(cache)
      return cache
    }
  }
}
