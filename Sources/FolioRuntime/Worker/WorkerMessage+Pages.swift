import FolioCore
import FolioUI

/// Page facts and content boxes on the wire. Facts: a count, then for each its page, a flag
/// and (when set) the size's width and height, and its label (an optional string). Content
/// boxes: a count, then for each page a flag and (when set) the box's four sides as doubles.
extension WorkerMessageFormat {
  static func append(_ facts: [PageFact], to body: inout ByteWriter) {
    body.append(count: facts.count)
    for fact in facts {
      body.append(count: fact.page.rawValue)
      body.append(fact.size != nil)
      if let size = fact.size {
        body.append(size.width)
        body.append(size.height)
      }
      body.append(optional: fact.label)
    }
  }

  static func readFacts(_ reader: inout ByteReader) throws(WorkerProtocolError) -> [PageFact] {
    let count = try reader.count()
    // Each fact takes at least 6 bytes: a count this large cannot be honest.
    guard count <= reader.remaining / 6 else { throw .truncated }
    var facts: [PageFact] = []
    facts.reserveCapacity(count)
    for _ in 0..<count {
      let page = PageIndex(try reader.count())
      let size =
        try reader.bool()
        ? PointSize(width: try reader.double(), height: try reader.double()).sanitized : nil
      facts.append(PageFact(page: page, size: size, label: try reader.optionalString()))
    }
    return facts
  }

  static func append(_ boxes: [PageRegion?], to body: inout ByteWriter) {
    body.append(count: boxes.count)
    for box in boxes {
      body.append(box != nil)
      if let box { for side in [box.x, box.y, box.width, box.height] { body.append(side) } }
    }
  }

  static func readContentBoxes(_ reader: inout ByteReader) throws(WorkerProtocolError)
    -> [PageRegion?]
  {
    let count = try reader.count()
    // Each box takes at least a byte: a count this large cannot be honest.
    guard count <= reader.remaining else { throw .truncated }
    var boxes: [PageRegion?] = []
    for _ in 0..<count {
      guard try reader.bool() else {
        boxes.append(nil)
        continue
      }
      // A worker is not trusted with a box: it is kept inside the page.
      boxes.append(
        PageRegion(
          x: try reader.double(), y: try reader.double(), width: try reader.double(),
          height: try reader.double()
        ).clampedToPage)
    }
    return boxes
  }
}
