import FolioCore

/// The outline and links on the wire. A destination is its page, then its top and its left,
/// each a flag and, when set, a double. An outline is an entry count, then per entry its title
/// (a string), depth, whether it starts open, and a flag and its destination. Links are a page
/// count, then per page a link count, and per link its area (x, y, width, height as doubles)
/// and its target: 1 and a destination, or 2 and a URI (a string).
extension WorkerMessageFormat {
  static func append(_ entries: [OutlineEntry], to body: inout ByteWriter) {
    body.append(count: entries.count)
    for entry in entries {
      body.append(entry.title)
      body.append(count: entry.depth)
      body.append(entry.startsOpen)
      body.append(entry.destination != nil)
      if let destination = entry.destination { append(destination, to: &body) }
    }
  }

  static func readOutline(_ reader: inout ByteReader) throws(WorkerProtocolError)
    -> [OutlineEntry]
  {
    let count = try reader.count()
    // Each entry takes at least 10 bytes: a count this large cannot be honest.
    guard count <= reader.remaining / 10 else { throw .truncated }
    var entries: [OutlineEntry] = []
    entries.reserveCapacity(count)
    for _ in 0..<count {
      let title = try reader.string()
      let depth = try reader.count()
      let startsOpen = try reader.bool()
      let destination = try reader.bool() ? try readDestination(&reader) : nil
      entries.append(
        OutlineEntry(title: title, depth: depth, destination: destination, startsOpen: startsOpen))
    }
    return entries
  }

  static func append(_ pages: [[PageLink]], to body: inout ByteWriter) {
    body.append(count: pages.count)
    for links in pages {
      body.append(count: links.count)
      for link in links {
        for side in [link.area.x, link.area.y, link.area.width, link.area.height] {
          body.append(side)
        }
        switch link.target {
        case .destination(let destination):
          body.append(UInt8(1))
          append(destination, to: &body)
        case .uri(let uri):
          body.append(UInt8(2))
          body.append(uri)
        }
      }
    }
  }

  static func readLinks(_ reader: inout ByteReader) throws(WorkerProtocolError) -> [[PageLink]] {
    let pageCount = try reader.count()
    // Each page takes at least 4 bytes, each link at least 37.
    guard pageCount <= reader.remaining / 4 else { throw .truncated }
    var pages: [[PageLink]] = []
    pages.reserveCapacity(pageCount)
    for _ in 0..<pageCount {
      let count = try reader.count()
      guard count <= reader.remaining / 37 else { throw .truncated }
      var links: [PageLink] = []
      links.reserveCapacity(count)
      for _ in 0..<count {
        let area = PageRegion(
          x: try reader.double(), y: try reader.double(), width: try reader.double(),
          height: try reader.double())
        let target: LinkTarget
        switch try reader.byte() {
        case 1: target = .destination(try readDestination(&reader))
        case 2: target = .uri(try reader.string())
        default: throw .malformed("an unknown link target")
        }
        // A worker is not trusted with an area: it is kept inside the page, or dropped.
        if let inside = area.clampedToPage { links.append(PageLink(area: inside, target: target)) }
      }
      pages.append(links)
    }
    return pages
  }

  private static func append(_ destination: Destination, to body: inout ByteWriter) {
    body.append(count: destination.page.rawValue)
    for position in [destination.top, destination.left] {
      body.append(position != nil)
      if let position { body.append(position) }
    }
  }

  private static func readDestination(_ reader: inout ByteReader) throws(WorkerProtocolError)
    -> Destination
  {
    let page = PageIndex(try reader.count())
    let top = try reader.bool() ? try reader.double() : nil
    let left = try reader.bool() ? try reader.double() : nil
    return Destination(page: page, top: top, left: left)
  }
}

/// A structure tree's headings on the wire: a count, then per heading its page, its level
/// and its text (a string).
extension WorkerMessageFormat {
  static func append(_ headings: [TaggedHeading], to body: inout ByteWriter) {
    body.append(count: headings.count)
    for heading in headings {
      body.append(count: heading.page.rawValue)
      body.append(count: heading.level)
      body.append(heading.text)
    }
  }

  static func readHeadings(_ reader: inout ByteReader) throws(WorkerProtocolError)
    -> [TaggedHeading]
  {
    let count = try reader.count()
    // Each heading takes at least 12 bytes: a count this large cannot be honest.
    guard count <= reader.remaining / 12, count <= TaggedHeading.limit else { throw .truncated }
    var headings: [TaggedHeading] = []
    headings.reserveCapacity(count)
    for _ in 0..<count {
      let page = PageIndex(try reader.count())
      let level = try reader.count()
      let text = try reader.string()
      guard text.unicodeScalars.count <= TaggedHeading.textLimit else {
        throw .malformed("a heading's text longer than \(TaggedHeading.textLimit) characters")
      }
      headings.append(TaggedHeading(page: page, level: level, text: text))
    }
    return headings
  }
}
