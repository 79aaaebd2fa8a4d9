import FolioCore
import FolioUI

/// What the viewer asks of a page worker (a `folio` process in worker mode, one document each).
public enum WorkerRequest: Hashable, Sendable {
  /// Open the document on descriptor 3, named `name` in messages, with `password` if given.
  /// The first request; may be sent again while it fails (a password typed later).
  case open(name: String, password: String?, isLibrary: Bool = false)
  /// Render a request into cells.
  case render(RenderRequest)
  /// Render a request into pixels and encode them for the terminal.
  case renderPicture(PictureJob)
  /// Read the sizes and labels of a range of pages.
  case readFacts(Range<Int>)
  /// Read the text layer of a range of pages.
  case readText(Range<Int>)
  /// Read the text layer of a range of pages with the runs set in a bold font.
  case readStyledText(Range<Int>)
  /// Read the document's outline.
  case readOutline
  /// Read the headings of the document's structure tree.
  case readHeadings
  /// Read the links of a range of pages.
  case readLinks(Range<Int>)
  /// Find where the content of a range of pages is, for trimming.
  case readContentBoxes(Range<Int>)
  /// A library's worker: open the file at `path` with `password` from now on (its cover was
  /// encrypted; the password opened it in the viewer). Answered by `opened` with the
  /// library's page count, or `failed`.
  case unlock(path: String, password: String)
  /// Read the annotations of a range of pages.
  case readAnnotations(Range<Int>)
}

/// What a page worker answers.
public enum WorkerReply: Sendable {
  /// The document is open; it has this many pages.
  case opened(pageCount: Int)
  /// The cells of a render, with what the worker learned about its page.
  case rendered(RenderedPage)
  /// A render in pixels, encoded for the terminal.
  case picture(EncodedPicture)
  /// Sizes and labels, in page order.
  case facts([PageFact])
  /// The text of each page asked for, in page order.
  case texts([PageText])
  /// The document's outline in preorder (empty without one).
  case outline([OutlineEntry])
  /// The headings of the document's structure tree, in its order (empty when untagged).
  case headings([TaggedHeading])
  /// The links of each page asked for, in page order.
  case links([[PageLink]])
  /// Each page's content box, in page order (nil for an empty page).
  case contentBoxes([PageRegion?])
  /// The annotations of each page asked for, in page order.
  case annotations([[DocumentAnnotation]])
  /// The request failed for a reason the document gives (the worker carries on).
  case failed(DocumentError)
}

/// A message with its envelope: the request it belongs to and the document version it is for.
public struct WorkerEnvelope<Body: Sendable>: Sendable {
  /// Chosen by the viewer, echoed by the worker.
  public var id: UInt64
  /// The version of the document the worker serves.
  public var document: DocumentVersion
  /// The request or reply.
  public var body: Body

  /// Creates an envelope.
  public init(id: UInt64, document: DocumentVersion, body: Body) {
    self.id = id
    self.document = document
    self.body = body
  }
}

extension WorkerRequest {
  /// The deepest page the request looks up, if it looks up pages.
  var deepestPage: Int? {
    switch self {
    case .render(let request): return request.page.rawValue
    case .renderPicture(let job): return job.request.page.rawValue
    case .readFacts(let pages), .readText(let pages), .readStyledText(let pages),
      .readLinks(let pages),
      .readContentBoxes(let pages), .readAnnotations(let pages):
      return pages.isEmpty ? nil : pages.upperBound - 1
    case .open, .readOutline, .readHeadings, .unlock: return nil
    }
  }
}
