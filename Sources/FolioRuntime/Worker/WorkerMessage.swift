import FolioCore
import FolioUI

/// The wire format between the viewer and its workers: frames of a 4-byte little-endian body
/// length, then the body: format version (1 byte), kind (1 byte), request id (8 bytes),
/// document version (4 bytes), then the kind's fields (numbers little-endian, doubles as their
/// bits, strings as a 4-byte length and UTF-8). docs/architecture.md lists the kinds.
public enum WorkerMessageFormat {
  /// The version this build speaks; a frame of any other is refused.
  public static let version: UInt8 = 3
  /// The largest body: a million cells (the largest `--size`) and room for the rest.
  public static let largestBody = 32 << 20
  /// The size of a frame's length prefix.
  public static let prefixSize = 4

  enum Kind: UInt8 {
    case open = 1, render = 2, readFacts = 3, readText = 4, readOutline = 5, readLinks = 6
    case readContentBoxes = 7, renderPicture = 8, unlock = 9, readAnnotations = 10
    case readHeadings = 11, readStyledText = 12
    case opened = 0x81, rendered = 0x82, facts = 0x83, texts = 0x84, outline = 0x85, links = 0x86
    case contentBoxes = 0x87, picture = 0x88, annotations = 0x89, headings = 0x8A
    case failed = 0xFF
  }

  /// A whole frame (length prefix included) for a request.
  public static func frame(_ message: WorkerEnvelope<WorkerRequest>) -> [UInt8] {
    var body = ByteWriter()
    switch message.body {
    case .open(let name, let password, let isLibrary):
      header(&body, .open, message)
      body.append(name)
      body.append(optional: password)
      body.append(isLibrary)
    case .render(let request):
      header(&body, .render, message)
      body.append(count: request.page.rawValue)
      for side in [request.region.x, request.region.y, request.region.width, request.region.height]
      {
        body.append(side)
      }
      body.append(count: request.size.columns)
      body.append(count: request.size.rows)
      body.append(request.style.symbols.rawValue)
      body.append(request.style.colors.rawValue)
      body.append(request.style.isInverted)
      body.append(request.style.text.rawValue)
    case .renderPicture(let job):
      header(&body, .renderPicture, message)
      append(job, to: &body)
    case .readFacts(let pages):
      header(&body, .readFacts, message)
      body.append(count: pages.lowerBound)
      body.append(count: pages.count)
    case .readText(let pages):
      header(&body, .readText, message)
      body.append(count: pages.lowerBound)
      body.append(count: pages.count)
    case .readStyledText(let pages):
      header(&body, .readStyledText, message)
      body.append(count: pages.lowerBound)
      body.append(count: pages.count)
    case .readOutline:
      header(&body, .readOutline, message)
    case .readHeadings:
      header(&body, .readHeadings, message)
    case .readLinks(let pages):
      header(&body, .readLinks, message)
      body.append(count: pages.lowerBound)
      body.append(count: pages.count)
    case .readContentBoxes(let pages):
      header(&body, .readContentBoxes, message)
      body.append(count: pages.lowerBound)
      body.append(count: pages.count)
    case .unlock(let path, let password):
      header(&body, .unlock, message)
      body.append(path)
      body.append(password)
    case .readAnnotations(let pages):
      header(&body, .readAnnotations, message)
      body.append(count: pages.lowerBound)
      body.append(count: pages.count)
    }
    return framed(body)
  }

  /// A whole frame (length prefix included) for a reply.
  public static func frame(_ message: WorkerEnvelope<WorkerReply>) -> [UInt8] {
    var body = ByteWriter()
    switch message.body {
    case .opened(let pageCount):
      header(&body, .opened, message)
      body.append(count: pageCount)
    case .rendered(let page):
      header(&body, .rendered, message)
      body.append(page.pageSize.width)
      body.append(page.pageSize.height)
      body.append(optional: page.label)
      append(page.picture, to: &body)
    case .picture(let picture):
      header(&body, .picture, message)
      append(picture, to: &body)
    case .facts(let facts):
      header(&body, .facts, message)
      append(facts, to: &body)
    case .texts(let texts):
      header(&body, .texts, message)
      append(texts, to: &body)
    case .outline(let entries):
      header(&body, .outline, message)
      append(entries, to: &body)
    case .headings(let headings):
      header(&body, .headings, message)
      append(headings, to: &body)
    case .links(let links):
      header(&body, .links, message)
      append(links, to: &body)
    case .contentBoxes(let boxes):
      header(&body, .contentBoxes, message)
      append(boxes, to: &body)
    case .annotations(let pages):
      header(&body, .annotations, message)
      append(pages, to: &body)
    case .failed(let error):
      header(&body, .failed, message)
      append(error, to: &body)
    }
    return framed(body)
  }

  /// The body length a frame's prefix announces; throws for one too long to be a message.
  public static func bodyLength(prefix: [UInt8]) throws(WorkerProtocolError) -> Int {
    var reader = ByteReader(prefix)
    let length = try reader.count()
    guard length <= largestBody else { throw .tooLong(length) }
    guard length >= 14 else { throw .truncated }
    return length
  }

  /// Reads a request body (the frame without its length prefix).
  public static func request(from body: [UInt8]) throws(WorkerProtocolError) -> WorkerEnvelope<
    WorkerRequest
  > {
    var reader = ByteReader(body)
    let (kind, id, document) = try readHeader(&reader)
    let request: WorkerRequest
    switch kind {
    case .open:
      request = .open(
        name: try reader.string(), password: try reader.optionalString(),
        isLibrary: try reader.bool())
    case .render:
      let page = PageIndex(try reader.count())
      let region = PageRegion(
        x: try reader.double(), y: try reader.double(), width: try reader.double(),
        height: try reader.double())
      let size = CellSize(columns: try reader.count(), rows: try reader.count())
      guard size.columns <= 1_000_000, size.rows <= 1_000_000, size.area <= 1_000_000 else {
        throw .malformed("a picture of \(size.columns)x\(size.rows) cells")
      }
      guard let symbols = SymbolSet(rawValue: try reader.string()) else {
        throw .malformed("an unknown symbol set")
      }
      guard let colors = ColorMode(rawValue: try reader.string()) else {
        throw .malformed("an unknown color mode")
      }
      let isInverted = try reader.bool()
      guard let text = TextLayerMode(rawValue: try reader.string()) else {
        throw .malformed("an unknown text layer")
      }
      let style = RenderStyle(symbols: symbols, colors: colors, isInverted: isInverted, text: text)
      request = .render(
        RenderRequest(page: page, region: region, size: size, style: style, document: document))
    case .renderPicture:
      request = .renderPicture(try readPictureJob(&reader, document: document))
    case .readFacts:
      request = .readFacts(try readPages(&reader))
    case .readText:
      request = .readText(try readPages(&reader))
    case .readStyledText:
      request = .readStyledText(try readPages(&reader))
    case .readOutline:
      request = .readOutline
    case .readHeadings:
      request = .readHeadings
    case .readLinks:
      request = .readLinks(try readPages(&reader))
    case .readContentBoxes:
      request = .readContentBoxes(try readPages(&reader))
    case .unlock:
      request = .unlock(path: try reader.string(), password: try reader.string())
    case .readAnnotations:
      request = .readAnnotations(try readPages(&reader))
    default:
      throw .malformed("a reply where a request belongs")
    }
    guard reader.isAtEnd else { throw .malformed("bytes after its last field") }
    return WorkerEnvelope(id: id, document: document, body: request)
  }

  /// Reads a reply body (the frame without its length prefix).
  public static func reply(from body: [UInt8]) throws(WorkerProtocolError) -> WorkerEnvelope<
    WorkerReply
  > {
    var reader = ByteReader(body)
    let (kind, id, document) = try readHeader(&reader)
    let reply: WorkerReply
    switch kind {
    case .opened:
      reply = .opened(pageCount: try reader.count())
    case .rendered:
      let size = PointSize(width: try reader.double(), height: try reader.double()).sanitized
      let label = try reader.optionalString()
      let picture = try readPicture(&reader)
      reply = .rendered(RenderedPage(picture: picture, pageSize: size, label: label))
    case .picture:
      reply = .picture(try readEncodedPicture(&reader))
    case .facts:
      reply = .facts(try readFacts(&reader))
    case .texts:
      reply = .texts(try readTexts(&reader))
    case .outline:
      reply = .outline(try readOutline(&reader))
    case .headings:
      reply = .headings(try readHeadings(&reader))
    case .links:
      reply = .links(try readLinks(&reader))
    case .contentBoxes:
      reply = .contentBoxes(try readContentBoxes(&reader))
    case .annotations:
      reply = .annotations(try readAnnotations(&reader))
    case .failed:
      reply = .failed(try readError(&reader))
    default:
      throw .malformed("a request where a reply belongs")
    }
    guard reader.isAtEnd else { throw .malformed("bytes after its last field") }
    return WorkerEnvelope(id: id, document: document, body: reply)
  }

  // MARK: Pieces

  static func header<Body>(
    _ body: inout ByteWriter, _ kind: Kind, _ message: WorkerEnvelope<Body>
  ) {
    body.append(version)
    body.append(kind.rawValue)
    body.append(message.id)
    body.append(count: message.document.number)
  }

  private static func readHeader(_ reader: inout ByteReader) throws(WorkerProtocolError) -> (
    Kind, UInt64, DocumentVersion
  ) {
    let format = try reader.byte()
    guard format == version else { throw .unknownVersion(format) }
    let rawKind = try reader.byte()
    guard let kind = Kind(rawValue: rawKind) else { throw .malformed("an unknown kind \(rawKind)") }
    let id = try reader.uint64()
    return (kind, id, DocumentVersion(number: try reader.count()))
  }

  /// A range of pages to read: its first page and count (at most a million).
  private static func readPages(_ reader: inout ByteReader) throws(WorkerProtocolError) -> Range<
    Int
  > {
    let start = try reader.count()
    let count = try reader.count()
    guard count <= 1_000_000 else { throw .malformed("\(count) pages to read") }
    return start..<start + count
  }

  private static func framed(_ body: ByteWriter) -> [UInt8] {
    var frame = ByteWriter()
    frame.append(count: body.bytes.count)
    frame.append(contentsOf: body.bytes)
    return frame.bytes
  }

  private static func append(_ picture: ScreenBuffer, to body: inout ByteWriter) {
    body.append(count: picture.size.columns)
    body.append(count: picture.size.rows)
    for cell in picture.cells {
      body.append(cell.scalar.value)
      append(cell.foreground, to: &body)
      append(cell.background, to: &body)
      body.append(cell.attributes.rawValue)
      body.append(cell.isContinuation)
    }
  }

  /// Bytes per cell on the wire.
  private static let cellBytes = 4 + 4 + 4 + 1 + 1

  private static func readPicture(_ reader: inout ByteReader) throws(WorkerProtocolError)
    -> ScreenBuffer
  {
    let size = CellSize(columns: try reader.count(), rows: try reader.count())
    guard size.columns <= 1_000_000, size.rows <= 1_000_000,
      size.area * cellBytes == reader.remaining
    else {
      throw .malformed("a picture whose size does not match its cells")
    }
    var cells: [Cell] = []
    cells.reserveCapacity(size.area)
    for _ in 0..<size.area {
      let raw = try reader.uint32()
      guard let scalar = Unicode.Scalar(raw) else {
        throw .malformed("a cell that is not a character")
      }
      let foreground = try readColor(&reader)
      let background = try readColor(&reader)
      let attributes = CellAttributes(rawValue: try reader.byte())
      cells.append(
        Cell(
          scalar, foreground: foreground, background: background, attributes: attributes,
          isContinuation: try reader.bool()))
    }
    guard let picture = ScreenBuffer(size: size, cells: cells) else {
      throw .malformed("a picture of the wrong size")
    }
    return picture
  }

  private static func append(_ color: TerminalColor, to body: inout ByteWriter) {
    switch color {
    case .default: body.append(contentsOf: [0, 0, 0, 0])
    case .indexed(let index): body.append(contentsOf: [1, index, 0, 0])
    case .rgb(let red, let green, let blue): body.append(contentsOf: [2, red, green, blue])
    }
  }

  private static func readColor(_ reader: inout ByteReader) throws(WorkerProtocolError)
    -> TerminalColor
  {
    let tag = try reader.byte()
    let (first, second, third) = (try reader.byte(), try reader.byte(), try reader.byte())
    switch tag {
    case 0: return .default
    case 1: return .indexed(first)
    case 2: return .rgb(first, second, third)
    default: throw .malformed("an unknown color kind")
    }
  }

  private static func append(_ error: DocumentError, to body: inout ByteWriter) {
    switch error {
    case .notFound: body.append(UInt8(1))
    case .isDirectory: body.append(UInt8(2))
    case .unreadable(let reason): body.append(UInt8(3)); body.append(reason)
    case .empty: body.append(UInt8(4))
    case .notPDF: body.append(UInt8(5))
    case .damaged(let reason): body.append(UInt8(6)); body.append(reason)
    case .encrypted(let given): body.append(UInt8(7)); body.append(given)
    case .noPages: body.append(UInt8(8))
    case .pageOutOfRange(let page, let count):
      body.append(UInt8(9)); body.append(count: page.rawValue); body.append(count: count)
    case .renderFailed(let reason): body.append(UInt8(10)); body.append(reason)
    }
  }

  private static func readError(_ reader: inout ByteReader) throws(WorkerProtocolError)
    -> DocumentError
  {
    switch try reader.byte() {
    case 1: return .notFound
    case 2: return .isDirectory
    case 3: return .unreadable(reason: try reader.string())
    case 4: return .empty
    case 5: return .notPDF
    case 6: return .damaged(reason: try reader.string())
    case 7: return .encrypted(passwordGiven: try reader.bool())
    case 8: return .noPages
    case 9: return .pageOutOfRange(PageIndex(try reader.count()), pageCount: try reader.count())
    case 10: return .renderFailed(reason: try reader.string())
    default: throw .malformed("an unknown error kind")
    }
  }
}
