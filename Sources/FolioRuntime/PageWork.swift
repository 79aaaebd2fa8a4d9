import FolioCore
import FolioRaster
import FolioUI

/// A piece of work on one version's pages, done by its page workers.
public enum PageJob: Hashable, Sendable {
  /// Draw a picture in cells.
  case render(RenderRequest)
  /// Draw a picture in pixels and encode it for the terminal.
  case picture(PictureJob)
  /// Read the outline, a page's links, body text size or content box.
  case read(PageRead)
  /// Read these pages' sizes and labels.
  case facts(Range<Int>)
}

extension PageJob {
  /// The deepest page the job looks up; nil for the outline (resolving its destinations may
  /// look up any page).
  var page: Int? {
    switch self {
    case .render(let request): return request.page.rawValue
    case .picture(let job): return job.request.page.rawValue
    case .facts(let pages): return pages.isEmpty ? 0 : pages.upperBound - 1
    case .read(.outline), .read(.headings): return nil
    case .read(.links(let page)), .read(.bodyText(let page)), .read(.contentBox(let page)),
      .read(.text(let page)):
      return page
    case .read(.annotations(let pages)):
      return pages.isEmpty ? 0 : pages.upperBound - 1
    }
  }
}

/// A read for the views: the outline, the structure tree's headings, or one page's links, body text size or content box.
public enum PageRead: Hashable, Sendable {
  case outline
  /// The headings of the document's structure tree.
  case headings
  case links(page: Int)
  case bodyText(page: Int)
  case contentBox(page: Int)
  /// The page's text and its characters' boxes.
  case text(page: Int)
  /// The annotations of a run of pages.
  case annotations(pages: Range<Int>)
}

/// What a piece of page work came to.
public enum PageJobResult: Sendable {
  case rendered(RenderedPage)
  case picture(EncodedPicture)
  case read(PageReadAnswer)
  case facts([PageFact])
}

/// What a read found.
public enum PageReadAnswer: Sendable {
  case outline([OutlineEntry])
  case headings([TaggedHeading])
  case links([PageLink])
  case bodyText(BodyTextSize?)
  case contentBox(PageRegion?)
  case text(PageText)
  case annotations([[DocumentAnnotation]])
}

/// The page workers of one version of the document, shared by everyone who needs its pages:
/// the picture board's renders, the pixel layer's pictures, the navigation reader's reads and
/// the page reader's facts go to the same threads and worker processes, each in a lane of its
/// own (renders first, then pictures, reads and facts, within each tier of urgency: a page's
/// block art stands in while its picture in pixels is drawn).
///
/// Every process that looks a page up keeps Poppler's objects for every page up to it (about
/// 2.7 KB a page: 40 MiB past the end of a 15,000-page document, measured), and no recycling
/// gives that back: a fresh worker walks the same pages again. So fewer processes is less
/// memory, and only the first thread's worker looks up pages past `shallowPages`; the others
/// share the work below it (every page of most documents).
public final class PageWork {
  /// The lanes.
  public static let renderLane = 0
  public static let pictureLane = 1
  public static let readLane = 2
  public static let factsLane = 3
  /// The pages every thread works on; past them only the first thread does (its worker alone
  /// keeps the objects of every page up to the deepest).
  public static let shallowPages = 2_000

  /// The version the workers open.
  public let version: DocumentVersion
  /// The queue the work goes through.
  public let queue: WorkQueue<PageJob, PageJobResult>

  /// Workers from `opening` (the first threads may take its handed-off ones), `workerCount`
  /// threads at a lowered priority, posting to `inbox` (a private one when nil).
  public init(
    opening: DocumentOpening, version: DocumentVersion, workerCount: Int,
    inbox: LoopInbox? = nil, name: String = "folio-render",
    whenDrained: @escaping @Sendable () -> Void = {}
  ) throws {
    self.version = version
    queue = try WorkQueue(
      workerCount: workerCount, name: name, inbox: inbox, lane: Self.lane(of:),
      accepts: { thread, job in thread == 1 || (job.page.map { $0 < Self.shallowPages } ?? false) },
      makeWorker: {
        // Page work yields the CPU to the interface thread: keys before pictures.
        lowerThreadPriority()
        return try opening.handoff.take() ?? opening.makeWorker()
      },
      whenDrained: whenDrained,
      rest: { worker in worker.rest() }
    ) { worker, job in try Self.perform(job, with: worker) }
  }

  deinit { queue.beginShutdown() }

  /// The lane of a job.
  @Sendable static func lane(of job: PageJob) -> Int {
    switch job {
    case .render: return renderLane
    case .picture: return pictureLane
    case .read: return readLane
    case .facts: return factsLane
    }
  }

  /// Does `job` with `worker` (on a worker thread).
  static func perform(_ job: PageJob, with worker: any PageWorker) throws -> PageJobResult {
    switch job {
    case .render(let request):
      return .rendered(try worker.render(request))
    case .picture(let job):
      return .picture(try worker.picture(job))
    case .facts(let pages):
      return .facts(try worker.facts(of: pages))
    case .read(.outline):
      return .read(.outline(try worker.outline()))
    case .read(.headings):
      return .read(.headings(try worker.taggedHeadings()))
    case .read(.links(let page)):
      // A page a request: the most links a page may have always fit one message.
      return .read(.links(try worker.links(of: page..<page + 1).first ?? []))
    case .read(.contentBox(let page)):
      return .read(.contentBox(try worker.contentBoxes(of: page..<page + 1).first ?? nil))
    case .read(.text(let page)):
      // With its bold runs: the reading view takes headings by them.
      return .read(.text(try worker.styledTexts(of: page..<page + 1).first ?? .empty))
    case .read(.annotations(let pages)):
      return .read(.annotations(try worker.annotations(of: pages)))
    case .read(.bodyText(let page)):
      return .read(
        .bodyText((try worker.texts(of: page..<page + 1).first).flatMap { BodyTextSize(of: $0) }))
    }
  }
}
