import FolioCore
import FolioRaster
import FolioUI

/// What does page work for one render thread: turns requests into cells and reads page facts.
/// Either a document in this process (`LocalPageWorker`, for tests and measurements) or a
/// worker process with limits (`WorkerProcess`, what the viewer and `--print` use). Used from
/// one thread at a time.
public protocol PageWorker: AnyObject {
  /// The cells of `request`, with what was learned about its page.
  func render(_ request: RenderRequest) throws -> RenderedPage
  /// The picture `job` asks for, drawn and encoded for a terminal that shows images.
  func picture(_ job: PictureJob) throws -> EncodedPicture
  /// The sizes and labels of `pages`, in page order.
  func facts(of pages: Range<Int>) throws -> [PageFact]
  /// The text of `pages` (clamped to the document), in page order.
  func texts(of pages: Range<Int>) throws -> [PageText]
  /// The text of `pages` (clamped to the document), in page order, with the runs set in a
  /// bold font (`PageText.bold`): for the reading view, which takes headings by them.
  func styledTexts(of pages: Range<Int>) throws -> [PageText]
  /// The document's outline in preorder (empty without one).
  func outline() throws -> [OutlineEntry]
  /// The headings the document's structure tree marks (empty for an untagged document).
  func taggedHeadings() throws -> [TaggedHeading]
  /// The links of `pages` (clamped to the document), in page order.
  func links(of pages: Range<Int>) throws -> [[PageLink]]
  /// Where the content of `pages` (clamped to the document) is, in page order.
  func contentBoxes(of pages: Range<Int>) throws -> [PageRegion?]
  /// The annotations of `pages` (clamped to the document), in page order.
  func annotations(of pages: Range<Int>) throws -> [[DocumentAnnotation]]
  /// Called when the worker has had nothing to do for a while: gives back what it can.
  func rest()
  /// The document's page count, once known (a worker process learns it with its first
  /// request).
  var documentPageCount: Int? { get }
}

extension PageWorker {
  /// Not known.
  public var documentPageCount: Int? { nil }

  /// No pictures: for workers that draw only cells.
  public func picture(_ job: PictureJob) throws -> EncodedPicture {
    throw DocumentError.renderFailed(reason: "no pixels from this worker")
  }

  /// No fonts: the text alone, for workers that read none.
  public func styledTexts(of pages: Range<Int>) throws -> [PageText] { try texts(of: pages) }

  /// No outline: for workers that read none.
  public func outline() throws -> [OutlineEntry] { [] }

  /// No headings: for workers that read no structure tree.
  public func taggedHeadings() throws -> [TaggedHeading] { [] }

  /// No links: for workers that read none.
  public func links(of pages: Range<Int>) throws -> [[PageLink]] { pages.map { _ in [] } }

  /// No annotations: for workers that read none.
  public func annotations(of pages: Range<Int>) throws -> [[DocumentAnnotation]] {
    pages.map { _ in [] }
  }

  /// No content boxes: for workers that find none.
  public func contentBoxes(of pages: Range<Int>) throws -> [PageRegion?] { pages.map { _ in nil } }
}

/// Encodes a page's pixels for the terminal (in the worker process: FolioGraphics'
/// `TerminalPictures.encoded`); nil when it cannot.
public typealias PictureEncoder = @Sendable (PixelPicture, PictureEncoding) -> EncodedPicture?

/// Page work on a document in this process, on the calling thread.
public final class LocalPageWorker: PageWorker {
  private let document: any DocumentSource
  private let encoder: PictureEncoder?
  /// The text placements of the pages drawn last, for their other tiles and re-renders.
  private var placements = TextPlacementCache()

  /// Works on `document`, which must not be used elsewhere from now on, encoding pictures
  /// with `encoder` (none: no pictures).
  public init(_ document: any DocumentSource, encoder: PictureEncoder? = nil) {
    self.document = document
    self.encoder = encoder
  }

  public var documentPageCount: Int? { document.pageCount }

  public func render(_ request: RenderRequest) throws -> RenderedPage {
    RenderedPage(
      picture: try document.picture(for: request, placements: &placements),
      pageSize: document.pageSize(at: request.page),
      label: document.pageLabel(at: request.page))
  }

  /// Nothing to give back: the document's memory is this process's.
  public func rest() {}

  /// The pixels of `request`, not encoded.
  public func pixels(_ request: PixelRequest) throws -> PixelPicture {
    try document.pixels(for: request)
  }

  public func picture(_ job: PictureJob) throws -> EncodedPicture {
    guard let encoder else {
      throw DocumentError.renderFailed(reason: "no pixels from this worker")
    }
    guard let encoded = encoder(try pixels(job.request), job.encoding) else {
      throw DocumentError.renderFailed(reason: "the picture could not be encoded")
    }
    return encoded
  }

  public func texts(of pages: Range<Int>) throws -> [PageText] {
    pages.clamped(to: 0..<document.pageCount).map { document.text(at: PageIndex($0)) }
  }

  public func styledTexts(of pages: Range<Int>) throws -> [PageText] {
    pages.clamped(to: 0..<document.pageCount).map { index in
      let text = document.text(at: PageIndex(index))
      return PageText(
        text: text.text, boxes: text.boxes, bold: document.boldRuns(at: PageIndex(index)))
    }
  }

  public func outline() throws -> [OutlineEntry] { document.outline() }

  public func taggedHeadings() throws -> [TaggedHeading] { document.taggedHeadings() }

  public func links(of pages: Range<Int>) throws -> [[PageLink]] {
    pages.clamped(to: 0..<document.pageCount).map { document.links(at: PageIndex($0)) }
  }

  public func annotations(of pages: Range<Int>) throws -> [[DocumentAnnotation]] {
    pages.clamped(to: 0..<document.pageCount).map { document.annotations(at: PageIndex($0)) }
  }

  public func contentBoxes(of pages: Range<Int>) throws -> [PageRegion?] {
    try pages.clamped(to: 0..<document.pageCount).map { try document.contentBox(at: PageIndex($0)) }
  }

  public func facts(of pages: Range<Int>) throws -> [PageFact] {
    pages.clamped(to: 0..<document.pageCount).map { index in
      let page = PageIndex(index)
      return PageFact(
        page: page, size: document.pageSize(at: page), label: document.pageLabel(at: page))
    }
  }
}

/// Why a worker process gave no answer: it crashed, ran out of the memory it may use, broke the
/// message format, or could not be started. (Running out of time is a `RenderTimeout`.) Its
/// description completes "could not be drawn: …" on the page's box.
public struct WorkerFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// What happened.
  public enum Cause: Hashable, Sendable {
    /// Ended by a signal (a segfault, an abort), or exited on its own mid-request.
    case crashed(signal: Int32?)
    /// Hit its memory limit (bytes).
    case outOfMemory(limit: Int)
    /// Sent something that is not a reply to the request.
    case brokeProtocol(WorkerProtocolError)
    /// Could not be started (the system's reason).
    case couldNotStart(String)
  }

  /// What happened.
  public var cause: Cause

  /// Creates a failure.
  public init(_ cause: Cause) { self.cause = cause }

  /// Whether the same request may succeed on a fresh worker: after a crash, once; never after
  /// the memory limit (it would only use as much again).
  public var isWorthRetrying: Bool {
    if case .outOfMemory = cause { return false }
    return true
  }

  /// "crashed", "used over 1 GiB", …
  public var description: String {
    switch cause {
    case .crashed: return "crashed"
    case .outOfMemory(let limit): return "used over \(Self.format(bytes: limit))"
    case .brokeProtocol: return "its worker failed"
    case .couldNotStart(let reason): return "no worker could start (\(reason))"
    }
  }

  /// "1 GiB", "512 MiB", "1.5 GiB".
  static func format(bytes: Int) -> String {
    let gib = Double(bytes) / Double(1 << 30)
    if gib >= 1 {
      return gib == gib.rounded() ? "\(Int(gib)) GiB" : String(Double(Int(gib * 10)) / 10) + " GiB"
    }
    return "\(bytes >> 20) MiB"
  }
}
