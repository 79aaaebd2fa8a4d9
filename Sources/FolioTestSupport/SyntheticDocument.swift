import FolioCore
import FolioRaster
import Foundation

/// A document made of flat-colored pages of chosen sizes, for tests: page `i` is painted in
/// `SyntheticDocument.color(of: i)`, so a test can tell from a cell's color which page it shows.
/// Optionally slow, to test that the interface never waits for rendering, or held at a
/// `RenderGate` until the test lets renders finish.
public final class SyntheticDocument: DocumentSource, @unchecked Sendable {
  private let sizes: [PointSize]
  private let labels: [String?]
  /// Title in the metadata.
  public let title: String?
  /// How long each render takes.
  public let renderDelay: Duration
  /// Where renders wait until the test lets them through, if anywhere.
  public let gate: RenderGate?
  /// Page `i` is painted in `color(of: i + colorShift)`: a second version of a document can be
  /// told from the first on screen.
  public let colorShift: Int
  private let lock = NSLock()
  private var renderCount = 0
  private var renderCounts: [Int: Int] = [:]
  /// For each listed page, how many of its renders still fail (thrown as damaged).
  private var failuresLeft: [Int: Int]
  /// The text of pages that have some.
  private let texts: [Int: String]
  private var textReadCount = 0
  private let outlineEntries: [OutlineEntry]
  /// The headings its structure tree marks.
  private let headings: [TaggedHeading]
  /// The links of pages that have some.
  private let pageLinks: [Int: [PageLink]]
  /// The annotations of pages that have some.
  private let pageAnnotations: [Int: [DocumentAnnotation]]
  private var outlineReadCount = 0
  private var headingReadCount = 0
  private var linkReadCount = 0

  /// Creates a document of `sizes` pages. The first `failures[i]` renders of page `i` throw
  /// (`Int.max`: every one), like a page a library cannot draw. Each render first waits at
  /// `gate`, if given, then takes `renderDelay`. `outline`, `links` and `annotations` (by page
  /// index) are what `outline()`, `links(at:)` and `annotations(at:)` give.
  public init(
    sizes: [PointSize], labels: [String?] = [], title: String? = nil, renderDelay: Duration = .zero,
    failures: [Int: Int] = [:], gate: RenderGate? = nil, colorShift: Int = 0,
    texts: [Int: String] = [:], outline: [OutlineEntry] = [], links: [Int: [PageLink]] = [:],
    annotations: [Int: [DocumentAnnotation]] = [:], headings: [TaggedHeading] = []
  ) {
    self.headings = headings
    self.texts = texts
    pageAnnotations = annotations
    outlineEntries = outline
    pageLinks = links
    self.sizes = sizes
    self.labels = labels
    self.title = title
    self.renderDelay = renderDelay
    self.gate = gate
    self.colorShift = colorShift
    failuresLeft = failures
  }

  /// A document of `count` Letter pages.
  public convenience init(
    pageCount count: Int, renderDelay: Duration = .zero, gate: RenderGate? = nil,
    colorShift: Int = 0
  ) {
    self.init(
      sizes: Array(repeating: PointSize(width: 612, height: 792), count: count),
      renderDelay: renderDelay,
      gate: gate, colorShift: colorShift)
  }

  /// The color page `index` is painted in: distinct for the first 2^18 pages.
  public static func color(of index: Int) -> RGBA {
    RGBA(
      red: UInt8(32 + (index & 0x3F) * 3), green: UInt8(32 + ((index >> 6) & 0x3F) * 3),
      blue: UInt8(32 + ((index >> 12) & 0x3F) * 3))
  }

  /// The page whose color is `color`, if any.
  public static func page(ofColor color: TerminalColor) -> Int? {
    guard case .rgb(let r, let g, let b) = color, r >= 32, g >= 32, b >= 32 else { return nil }
    let parts = [Int(r) - 32, Int(g) - 32, Int(b) - 32]
    guard parts.allSatisfy({ $0 % 3 == 0 }) else { return nil }
    return parts[0] / 3 | (parts[1] / 3) << 6 | (parts[2] / 3) << 12
  }

  /// Page texts read so far, by every copy.
  public var textReads: Int { lock.withLock { textReadCount } }

  /// The page's text from `texts`, each character in a box of its own: 80 characters a line,
  /// a line 1/100 of the page high, a line feed starting the next line.
  public func text(at page: PageIndex) -> PageText {
    lock.withLock { textReadCount += 1 }
    guard let text = texts[page.rawValue] else { return .empty }
    var boxes: [TextBox] = []
    var (column, line) = (0, 0)
    for scalar in text.unicodeScalars {
      boxes.append(
        TextBox(
          left: Double(column) / 80, top: Double(line) / 100, right: Double(column + 1) / 80,
          bottom: Double(line + 1) / 100))
      if scalar == "\n" {
        (column, line) = (0, line + 1)
      } else {
        column += 1
      }
    }
    return PageText(text: text, boxes: boxes)
  }

  /// Outlines read so far, by every copy.
  public var outlineReads: Int { lock.withLock { outlineReadCount } }

  /// Pages whose links were read so far, by every copy (a page read twice counts twice).
  public var linkReads: Int { lock.withLock { linkReadCount } }

  /// The outline given at creation.
  public func outline() -> [OutlineEntry] {
    lock.withLock { outlineReadCount += 1 }
    return outlineEntries
  }

  /// The headings given at creation.
  public func taggedHeadings() -> [TaggedHeading] {
    lock.withLock { headingReadCount += 1 }
    return headings
  }

  /// Structure trees read so far, by every copy.
  public var headingReads: Int { lock.withLock { headingReadCount } }

  /// The page's links given at creation.
  public func links(at page: PageIndex) -> [PageLink] {
    lock.withLock { linkReadCount += 1 }
    return pageLinks[page.rawValue] ?? []
  }

  /// The page's annotations given at creation.
  public func annotations(at page: PageIndex) -> [DocumentAnnotation] {
    pageAnnotations[page.rawValue] ?? []
  }

  /// Renders done so far, by every copy.
  public var renders: Int { lock.withLock { renderCount } }

  /// Renders of page `index` done so far, by every copy.
  public func renders(of index: Int) -> Int { lock.withLock { renderCounts[index, default: 0] } }

  public var pageCount: Int { sizes.count }
  public func pageLabel(at page: PageIndex) -> String? {
    labels.indices.contains(page.rawValue) ? labels[page.rawValue] : nil
  }
  public func pageIndex(forLabel label: String) -> PageIndex? {
    labels.firstIndex { $0 == label }.map { PageIndex($0) }
  }
  public func pageSize(at page: PageIndex) -> PointSize { sizes[page.rawValue].sanitized }

  public func render(_ page: PageIndex, region: PageRegion, size: PixelSize) throws -> RGBAImage {
    guard sizes.indices.contains(page.rawValue) else {
      throw DocumentError.pageOutOfRange(page, pageCount: sizes.count)
    }
    gate?.pass()
    if renderDelay > .zero {
      Thread.sleep(forTimeInterval: renderDelay.inSeconds)
    }
    let fails = lock.withLock { () -> Bool in
      renderCount += 1
      renderCounts[page.rawValue, default: 0] += 1
      guard let left = failuresLeft[page.rawValue], left > 0 else { return false }
      failuresLeft[page.rawValue] = left == Int.max ? left : left - 1
      return true
    }
    if fails { throw DocumentError.renderFailed(reason: "page \(page.number) is damaged") }
    return RGBAImage(size: size, fill: Self.color(of: page.rawValue + colorShift))
  }
}
