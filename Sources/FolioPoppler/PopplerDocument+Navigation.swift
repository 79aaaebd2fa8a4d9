import CPoppler
import FolioCore
import FolioRaster

/// The outline and links of a document as poppler-glib reads them, bounded against hostile
/// files, in Folio's terms: pages 0-based, positions as fractions of the page from its top-left
/// corner as displayed.
///
/// Rotated pages: link areas are where the page shows them (poppler-glib turns them with the
/// page's /Rotate). Destinations are points in the page's unrotated space, and poppler-glib
/// does not tell a page's /Rotate; a page whose displayed sides are its crop box's swapped is
/// turned a quarter either way (90° or 270°, which cannot be told apart), so a destination on it
/// keeps its page and drops its position. A page turned 180° cannot be told from an upright
/// one: its positions are taken as upright's.
extension PopplerDocument {
  /// The most outline entries read; the rest of a larger outline is left out.
  public static let outlineEntryLimit = 100_000
  /// The deepest outline level read (0 is the top); deeper entries are left out.
  public static let outlineDepthLimit = 64
  /// The most Unicode scalars of an outline title kept; a longer one is cut.
  public static let titleScalarLimit = 1_000
  /// The most bytes (UTF-8) of all outline titles together; entries past them are left out,
  /// so an outline always fits one worker message.
  public static let outlineTitleByteLimit = 16 << 20
  /// The most links read on one page; the page's later links are left out.
  public static let linkLimit = 10_000
  /// The longest URI (UTF-8 bytes) kept; a link to a longer one is left out (a cut URI would
  /// lead elsewhere).
  public static let uriByteLimit = 2_048

  /// The document's outline in preorder (empty when it has none): titles (cut to
  /// `titleScalarLimit`), depths, whether each starts open, and where each leads (named
  /// destinations resolved; nil for an entry leading nowhere in this document). Reads at most
  /// `outlineEntryLimit` entries and `outlineDepthLimit` levels.
  public func outline() -> [OutlineEntry] {
    guard let iterator = poppler_index_iter_new(handle) else { return [] }
    defer { poppler_index_iter_free(iterator) }
    var reading = OutlineReading(resolver: DestinationResolver(document: self))
    reading.read(iterator, depth: 0)
    return reading.entries
  }

  /// The links of `page` in the document's order (at most `linkLimit`): each one's area as
  /// fractions of the page as displayed, clamped to it, and where it leads. Links within the
  /// document (named destinations resolved) and URIs are read; links to other files, launches
  /// and other actions, and links whose area lies off the page, are left out.
  public func links(at page: PageIndex) -> [PageLink] {
    withPage(page) { poppler -> [PageLink] in
      var width = 0.0
      var height = 0.0
      poppler_page_get_size(poppler, &width, &height)
      guard width > 0, height > 0, width.isFinite, height.isFinite,
        let mapping = poppler_page_get_link_mapping(poppler)
      else { return [] }
      defer { poppler_page_free_link_mapping(mapping) }
      // poppler-glib lists a page's links last first: the document's first links are at the
      // end of the list.
      let count = Int(g_list_length(mapping))
      var node: UnsafeMutablePointer<GList>? = g_list_nth(
        mapping, guint(max(0, count - Self.linkLimit)))
      var resolver = DestinationResolver(document: self)
      var links: [PageLink] = []
      while let current = node {
        node = current.pointee.next
        guard let data = current.pointee.data else { continue }
        let link = data.assumingMemoryBound(to: PopplerLinkMapping.self).pointee
        guard let area = Self.region(of: link.area, width: width, height: height),
          let action = link.action,
          let target = Self.target(of: action, resolver: &resolver)
        else { continue }
        links.append(PageLink(area: area, target: target))
      }
      return links.reversed()
    } ?? []
  }

  /// A link area (points from the bottom-left corner of the page as displayed) as a region of
  /// the page clamped to it; nil for one off the page or without area.
  static func region(of area: PopplerRectangle, width: Double, height: Double) -> PageRegion? {
    func clamped(_ value: Double) -> Double { min(max(value, 0), 1) }
    let sides = [area.x1, area.x2, area.y1, area.y2]
    guard sides.allSatisfy(\.isFinite) else { return nil }
    let left = clamped(min(area.x1, area.x2) / width)
    let right = clamped(max(area.x1, area.x2) / width)
    let top = clamped((height - max(area.y1, area.y2)) / height)
    let bottom = clamped((height - min(area.y1, area.y2)) / height)
    guard right > left, bottom > top else { return nil }
    return PageRegion(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// Where an action leads, if it is a link Folio follows: a place in this document or a URI.
  static func target(
    of action: UnsafeMutablePointer<PopplerAction>, resolver: inout DestinationResolver
  ) -> LinkTarget? {
    switch action.pointee.type {
    case POPPLER_ACTION_GOTO_DEST:
      return resolver.destination(of: action.pointee.goto_dest.dest).map { .destination($0) }
    case POPPLER_ACTION_URI:
      guard let pointer = action.pointee.uri.uri else { return nil }
      let uri = String(cString: pointer)
      guard !uri.isEmpty, uri.utf8.count <= uriByteLimit else { return nil }
      return .uri(uri)
    default:
      return nil
    }
  }
}

/// Walks an outline with poppler-glib's index iterators, within the limits.
private struct OutlineReading {
  var resolver: DestinationResolver
  var entries: [OutlineEntry] = []
  var titleBytes = 0
  /// Whether a limit stopped the reading (nothing more is read).
  var isFull = false

  init(resolver: DestinationResolver) { self.resolver = resolver }

  /// Reads `iterator`'s entry and its siblings after it, each followed by its children.
  mutating func read(_ iterator: OpaquePointer, depth: Int) {
    repeat {
      guard !isFull else { return }
      guard entries.count < PopplerDocument.outlineEntryLimit else {
        isFull = true
        return
      }
      let (title, destination) = titleAndDestination(of: iterator)
      titleBytes += title.utf8.count
      guard titleBytes <= PopplerDocument.outlineTitleByteLimit else {
        isFull = true
        return
      }
      entries.append(
        OutlineEntry(
          title: title, depth: depth, destination: destination,
          startsOpen: poppler_index_iter_is_open(iterator) != 0))
      if depth + 1 < PopplerDocument.outlineDepthLimit,
        let child = poppler_index_iter_get_child(iterator)
      {
        read(child, depth: depth + 1)
        poppler_index_iter_free(child)
      }
    } while poppler_index_iter_next(iterator) != 0
  }

  private mutating func titleAndDestination(of iterator: OpaquePointer) -> (String, Destination?) {
    guard let action = poppler_index_iter_get_action(iterator) else { return ("", nil) }
    defer { poppler_action_free(action) }
    let title = action.pointee.any.title.map {
      Self.cut(PDFText.repairingUTF8(String(cString: $0)))
    }
    guard action.pointee.type == POPPLER_ACTION_GOTO_DEST else { return (title ?? "", nil) }
    return (title ?? "", resolver.destination(of: action.pointee.goto_dest.dest))
  }

  private static func cut(_ title: String) -> String {
    let scalars = title.unicodeScalars
    guard scalars.count > PopplerDocument.titleScalarLimit else { return title }
    return String(String.UnicodeScalarView(scalars.prefix(PopplerDocument.titleScalarLimit)))
  }
}

/// Turns poppler-glib destinations into Folio's, resolving named ones, and remembers the pages
/// and names it has looked up (an outline leads to few pages, many times).
struct DestinationResolver {
  private let document: PopplerDocument
  private var frames: [Int: PageFrame?] = [:]
  private var named: [String: Destination?] = [:]

  init(document: PopplerDocument) { self.document = document }

  /// Where `dest` leads: nil for a page not in the document, an unknown name, or no
  /// destination.
  mutating func destination(of dest: UnsafeMutablePointer<PopplerDest>?) -> Destination? {
    guard let dest else { return nil }
    guard dest.pointee.type == POPPLER_DEST_NAMED else { return explicit(dest.pointee) }
    guard let pointer = dest.pointee.named_dest else { return nil }
    let name = String(cString: pointer)
    if let known = named[name] { return known }
    var resolved: Destination?
    if let found = poppler_document_find_dest(document.handle, pointer) {
      // A name leads to an explicit destination, never to another name.
      if found.pointee.type != POPPLER_DEST_NAMED { resolved = explicit(found.pointee) }
      poppler_dest_free(found)
    }
    named[name] = resolved
    return resolved
  }

  /// An explicit destination: its page (1-based in Poppler) and the position its kind gives,
  /// as fractions of the page from the top-left corner.
  private mutating func explicit(_ dest: PopplerDest) -> Destination? {
    let index = Int(dest.page_num) - 1
    guard (0..<document.pageCount).contains(index) else { return nil }
    let page = PageIndex(index)
    var top: Double?
    var left: Double?
    switch dest.type {
    case POPPLER_DEST_XYZ:
      top = dest.change_top != 0 ? dest.top : nil
      left = dest.change_left != 0 ? dest.left : nil
    case POPPLER_DEST_FITH, POPPLER_DEST_FITBH:
      top = dest.change_top != 0 ? dest.top : nil
    case POPPLER_DEST_FITV, POPPLER_DEST_FITBV:
      left = dest.change_left != 0 ? dest.left : nil
    case POPPLER_DEST_FITR:
      // A rectangle's corners, whichever way round: its top-left corner is the place.
      top = max(dest.top, dest.bottom)
      left = min(dest.left, dest.right)
    case POPPLER_DEST_FIT, POPPLER_DEST_FITB:
      break
    default:
      return nil
    }
    guard top != nil || left != nil, let frame = frame(of: index) else {
      return Destination(page: page)
    }
    return frame.destination(on: page, top: top, left: left)
  }

  private mutating func frame(of index: Int) -> PageFrame? {
    if let known = frames[index] { return known }
    let frame = document.withPage(PageIndex(index)) { PageFrame(of: $0) } ?? nil
    frames[index] = frame
    return frame
  }
}

/// What turns a point in a page's user space into fractions of the page as displayed: its crop
/// box and whether it is turned a quarter.
private struct PageFrame {
  var left: Double
  var bottom: Double
  var width: Double
  var height: Double
  var isQuarterTurned: Bool

  init?(of page: OpaquePointer) {
    var crop = PopplerRectangle()
    poppler_page_get_crop_box(page, &crop)
    var shownWidth = 0.0
    var shownHeight = 0.0
    poppler_page_get_size(page, &shownWidth, &shownHeight)
    left = min(crop.x1, crop.x2)
    bottom = min(crop.y1, crop.y2)
    width = abs(crop.x2 - crop.x1)
    height = abs(crop.y2 - crop.y1)
    guard width > 0, height > 0, width.isFinite, height.isFinite else { return nil }
    func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-6 * max(abs(a), abs(b), 1) }
    isQuarterTurned =
      !same(width, height) && same(shownWidth, height) && same(shownHeight, width)
  }

  /// The destination at `top` and `left` (user space, either may be missing) on `page`.
  func destination(on page: PageIndex, top: Double?, left: Double?) -> Destination {
    guard !isQuarterTurned else { return Destination(page: page) }
    return Destination(
      page: page, top: top.map { (bottom + height - $0) / height },
      left: left.map { ($0 - self.left) / width })
  }
}
