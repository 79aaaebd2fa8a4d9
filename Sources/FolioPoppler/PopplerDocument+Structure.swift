import CPoppler
import FolioCore

/// The headings of a tagged PDF's structure tree, as poppler-glib reads them, bounded against
/// hostile files: at most `TaggedHeading.limit` headings, `HeadingWalk.elementLimit` elements
/// looked at, `HeadingWalk.depthLimit` levels, `HeadingWalk.textByteLimit` bytes of text and
/// `HeadingWalk.timeLimit`.
extension PopplerDocument {
  /// The H and H1 … H6 elements of the structure tree in its order, each with the page its
  /// content is on (its own or, when it names none, its first child's) and its text (cut to
  /// `TaggedHeading.textLimit` characters, repaired where poppler-glib decoded it twice); empty for an untagged document. Headings without
  /// a page in the document or without text are left out.
  public func taggedHeadings() -> [TaggedHeading] {
    guard let root = poppler_structure_element_iter_new(handle) else { return [] }
    defer { poppler_structure_element_iter_free(root) }
    var walk = HeadingWalk(pageCount: pageCount)
    walk.read(root, depth: 0)
    return walk.headings
  }
}

/// A walk over a structure tree collecting its headings.
struct HeadingWalk {
  /// Elements looked at most, headings or not.
  static let elementLimit = 500_000
  /// The deepest level walked (0 is the top).
  static let depthLimit = 64
  /// The most bytes (UTF-8) of all headings' texts together, so they fit one worker message.
  static let textByteLimit = 8 << 20
  /// How long the walk goes on: Poppler reads each heading's text by drawing its page again,
  /// and the reads the viewer asks for next wait for it. The headings found by then are kept.
  static let timeLimit = Duration.milliseconds(1_500)

  let pageCount: Int
  private(set) var headings: [TaggedHeading] = []
  private var visited = 0
  private var textBytes = 0
  private let deadline = ContinuousClock.now + timeLimit

  init(pageCount: Int) { self.pageCount = pageCount }

  /// Reads the elements from `iterator` on, and their children, until a limit.
  mutating func read(_ iterator: OpaquePointer, depth: Int) {
    repeat {
      guard visited < Self.elementLimit, headings.count < TaggedHeading.limit,
        textBytes < Self.textByteLimit, ContinuousClock.now < deadline
      else { return }
      visited += 1
      guard let element = poppler_structure_element_iter_get_element(iterator) else { continue }
      defer { folio_object_unref(UnsafeMutableRawPointer(element)) }
      if let level = Self.level(of: poppler_structure_element_get_kind(element)) {
        let page = page(of: element, iterator: iterator)
        if let page,
          let text = PopplerDocument.takeString(
            poppler_structure_element_get_text(element, POPPLER_STRUCTURE_GET_TEXT_RECURSIVE))
        {
          let repaired = PDFText.repairingDoubleDecoding(text)
          let kept = String(
            String.UnicodeScalarView(repaired.unicodeScalars.prefix(TaggedHeading.textLimit)))
          if kept.contains(where: { !$0.isWhitespace }) {
            textBytes += kept.utf8.count
            headings.append(TaggedHeading(page: PageIndex(page), level: level, text: kept))
          }
        }
        // A heading's children are its text.
        continue
      }
      if depth < Self.depthLimit, let child = poppler_structure_element_iter_get_child(iterator) {
        read(child, depth: depth + 1)
        poppler_structure_element_iter_free(child)
      }
    } while poppler_structure_element_iter_next(iterator) != 0
  }

  /// The page of `element`, or of its first child that names one in the document.
  private func page(of element: OpaquePointer, iterator: OpaquePointer) -> Int? {
    let own = Int(poppler_structure_element_get_page(element))
    if (0..<pageCount).contains(own) { return own }
    guard let child = poppler_structure_element_iter_get_child(iterator) else { return nil }
    defer { poppler_structure_element_iter_free(child) }
    var looked = 0
    repeat {
      looked += 1
      guard let inner = poppler_structure_element_iter_get_element(child) else { continue }
      defer { folio_object_unref(UnsafeMutableRawPointer(inner)) }
      let page = Int(poppler_structure_element_get_page(inner))
      if (0..<pageCount).contains(page) { return page }
    } while looked < 64 && poppler_structure_element_iter_next(child) != 0
    return nil
  }

  /// The level of a heading kind (H counts as 1), nil for any other kind.
  static func level(of kind: PopplerStructureElementKind) -> Int? {
    switch kind {
    case POPPLER_STRUCTURE_ELEMENT_HEADING, POPPLER_STRUCTURE_ELEMENT_HEADING_1: 1
    case POPPLER_STRUCTURE_ELEMENT_HEADING_2: 2
    case POPPLER_STRUCTURE_ELEMENT_HEADING_3: 3
    case POPPLER_STRUCTURE_ELEMENT_HEADING_4: 4
    case POPPLER_STRUCTURE_ELEMENT_HEADING_5: 5
    case POPPLER_STRUCTURE_ELEMENT_HEADING_6: 6
    default: nil
    }
  }
}
