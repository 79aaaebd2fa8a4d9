import FolioCore

/// Annotations on the wire: a page count, then per page an annotation count (at most
/// `mostPerPage`), and per annotation its page, its kind (a tag; "other" with its name), its
/// rectangle (four doubles), its quadrilaterals (a count, then eight doubles each), a flag and
/// its colour (four bytes), its author, date, note and name (optional strings), its marked
/// text, and a flag and its page's size (two doubles). Text is cut short: a note or marked text
/// at `longestText` bytes of UTF-8, other fields at `longestName`, and every one at
/// `longestAfterBudget` once a reply holds `textBudget` bytes of text; past `replyBudget` bytes
/// in all, a run's later annotations are left out, so no reply is too long to send.
extension WorkerMessageFormat {
  public static let mostPerPage = 1_000
  public static let mostQuadrilaterals = 256
  public static let longestText = 16_384
  public static let longestName = 1_024
  public static let longestAfterBudget = 256
  public static let textBudget = 8 << 20

  private static let kindTags: [(AnnotationKind, UInt8)] = [
    (.highlight, 1), (.underline, 2), (.squiggly, 3), (.strikeOut, 4), (.note, 5),
    (.freeText, 6), (.ink, 7),
  ]

  /// The most bytes the annotations of one reply take: past it, the run's later annotations
  /// are left out, so a reply always fits `largestBody`.
  public static let replyBudget = 20 << 20

  static func append(_ pages: [[DocumentAnnotation]], to body: inout ByteWriter) {
    var budget = textBudget
    var used = 0
    /// `value` cut to `longest` bytes of UTF-8 (whole scalars; `longestAfterBudget` once the
    /// reply's text passed its budget), counted against it.
    func text(_ value: String, longest: Int) -> String {
      let limit = budget > 0 ? longest : longestAfterBudget
      var cut = String.UnicodeScalarView()
      var bytes = 0
      for scalar in value.unicodeScalars {
        let size = String(scalar).utf8.count
        guard bytes + size <= limit else { break }
        cut.append(scalar)
        bytes += size
      }
      budget -= bytes
      return String(cut)
    }
    body.append(count: pages.count)
    for annotations in pages {
      var kept: [DocumentAnnotation] = []
      for annotation in annotations.prefix(mostPerPage) {
        // At most what it takes on the wire.
        let names = [annotation.author, annotation.modified, annotation.name, annotation.kind.name]
          .map { min($0?.utf8.count ?? 0, longestName) }.reduce(0, +)
        let size =
          120 + min(annotation.quadrilaterals.count, mostQuadrilaterals) * 64 + names
          + min(annotation.note?.utf8.count ?? 0, longestText)
          + min(annotation.markedText.utf8.count, longestText)
        guard used + size <= replyBudget else { break }
        used += size
        kept.append(annotation)
      }
      body.append(count: kept.count)
      for annotation in kept {
        body.append(count: annotation.page.rawValue)
        if let tag = kindTags.first(where: { $0.0 == annotation.kind })?.1 {
          body.append(tag)
        } else {
          body.append(UInt8(8))
          body.append(text(annotation.kind.name, longest: longestName))
        }
        let box = annotation.rectangle
        for side in [box.x, box.y, box.width, box.height] { body.append(side) }
        let quadrilaterals = annotation.quadrilaterals.prefix(mostQuadrilaterals)
        body.append(count: quadrilaterals.count)
        for quadrilateral in quadrilaterals {
          for index in 0..<4 {
            let corner =
              quadrilateral.corners.indices.contains(index)
              ? quadrilateral.corners[index] : UnitPoint(x: 0, y: 0)
            body.append(corner.x)
            body.append(corner.y)
          }
        }
        body.append(annotation.color != nil)
        if let color = annotation.color {
          for channel in [color.red, color.green, color.blue, color.alpha] { body.append(channel) }
        }
        body.append(optional: annotation.author.map { text($0, longest: longestName) })
        body.append(optional: annotation.modified.map { text($0, longest: longestName) })
        body.append(optional: annotation.note.map { text($0, longest: longestText) })
        body.append(optional: annotation.name.map { text($0, longest: longestName) })
        body.append(text(annotation.markedText, longest: longestText))
        body.append(annotation.pageSize != nil)
        if let size = annotation.pageSize {
          body.append(size.width)
          body.append(size.height)
        }
      }
    }
  }

  static func readAnnotations(_ reader: inout ByteReader) throws(WorkerProtocolError)
    -> [[DocumentAnnotation]]
  {
    let pageCount = try reader.count()
    // Each page takes at least 4 bytes, each annotation at least 50.
    guard pageCount <= reader.remaining / 4 else { throw .truncated }
    var pages: [[DocumentAnnotation]] = []
    pages.reserveCapacity(pageCount)
    for _ in 0..<pageCount {
      let count = try reader.count()
      guard count <= mostPerPage, count <= reader.remaining / 50 else { throw .truncated }
      var annotations: [DocumentAnnotation] = []
      annotations.reserveCapacity(count)
      for _ in 0..<count { annotations.append(try readAnnotation(&reader)) }
      pages.append(annotations)
    }
    return pages
  }

  private static func readAnnotation(_ reader: inout ByteReader) throws(WorkerProtocolError)
    -> DocumentAnnotation
  {
    let page = PageIndex(try reader.count())
    let tag = try reader.byte()
    let kind: AnnotationKind
    if tag == 8 {
      // A worker is not trusted with names: what the terminal would take for a command goes.
      kind = .other(String(TerminalText.sanitized(try reader.string()).prefix(32)))
    } else if let known = kindTags.first(where: { $0.1 == tag })?.0 {
      kind = known
    } else {
      throw .malformed("an unknown annotation kind")
    }
    // A worker is not trusted with numbers: what is not finite reads as 0.
    func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }
    let rectangle = PageRegion(
      x: finite(try reader.double()), y: finite(try reader.double()),
      width: finite(try reader.double()), height: finite(try reader.double()))
    let quadrilateralCount = try reader.count()
    guard quadrilateralCount <= mostQuadrilaterals, quadrilateralCount <= reader.remaining / 64
    else { throw .truncated }
    var quadrilaterals: [PageQuadrilateral] = []
    for _ in 0..<quadrilateralCount {
      var corners: [UnitPoint] = []
      for _ in 0..<4 {
        corners.append(UnitPoint(x: finite(try reader.double()), y: finite(try reader.double())))
      }
      quadrilaterals.append(PageQuadrilateral(corners[0], corners[1], corners[2], corners[3]))
    }
    let color =
      try reader.bool()
      ? RGBA(
        red: try reader.byte(), green: try reader.byte(), blue: try reader.byte(),
        alpha: try reader.byte()) : nil
    let author = try reader.optionalString()
    let modified = try reader.optionalString()
    let note = try reader.optionalString()
    let name = try reader.optionalString()
    let markedText = try reader.string()
    let pageSize =
      try reader.bool()
      ? PointSize(width: try reader.double(), height: try reader.double()).sanitized : nil
    return DocumentAnnotation(
      page: page, kind: kind, rectangle: rectangle, quadrilaterals: quadrilaterals, color: color,
      author: author, modified: modified, note: note, name: name, markedText: markedText,
      pageSize: pageSize)
  }
}
