import FolioCore

/// Pictures on the wire. A request: page, region (four doubles), width and height, inverted,
/// then the encoding (0 kitty; 1 sixel with the cell's pixels and the largest image, 0x0 for
/// none; 2 iTerm2 with the cells). A reply: width, height, kitty's format keys, then the
/// pieces, each its cell (column, row), its byte count and its bytes.
extension WorkerMessageFormat {
  /// The most pieces a picture may have (sixel tiles).
  public static let mostPieces = 4096

  static func append(_ job: PictureJob, to body: inout ByteWriter) {
    let request = job.request
    body.append(count: request.page.rawValue)
    for side in [request.region.x, request.region.y, request.region.width, request.region.height] {
      body.append(side)
    }
    body.append(count: request.size.width)
    body.append(count: request.size.height)
    body.append(request.isInverted)
    switch job.encoding {
    case .kitty:
      body.append(UInt8(0))
    case .sixel(let cellPixels, let largest):
      body.append(UInt8(1))
      body.append(count: cellPixels.width)
      body.append(count: cellPixels.height)
      body.append(count: largest?.width ?? 0)
      body.append(count: largest?.height ?? 0)
    case .iterm2(let cells):
      body.append(UInt8(2))
      body.append(count: cells.columns)
      body.append(count: cells.rows)
    }
  }

  static func readPictureJob(_ reader: inout ByteReader, document: DocumentVersion)
    throws(WorkerProtocolError) -> PictureJob
  {
    let page = PageIndex(try reader.count())
    let region = PageRegion(
      x: try reader.double(), y: try reader.double(), width: try reader.double(),
      height: try reader.double())
    let size = PixelSize(width: try reader.count(), height: try reader.count())
    guard !size.isEmpty, size.area <= PixelRequest.largestArea else {
      throw .malformed("a picture of \(size.width)x\(size.height) pixels")
    }
    let request = PixelRequest(
      page: page, region: region, size: size, isInverted: try reader.bool(), document: document)
    let encoding: PictureEncoding
    switch try reader.byte() {
    case 0:
      encoding = .kitty
    case 1:
      let cell = PixelSize(width: try reader.count(), height: try reader.count())
      let largest = PixelSize(width: try reader.count(), height: try reader.count())
      guard (1...999).contains(cell.width), (1...999).contains(cell.height) else {
        throw .malformed("a cell of \(cell.width)x\(cell.height) pixels")
      }
      encoding = .sixel(cellPixels: cell, largest: largest.isEmpty ? nil : largest)
    case 2:
      encoding = .iterm2(cells: CellSize(columns: try reader.count(), rows: try reader.count()))
    case let other:
      throw .malformed("picture encoding \(other)")
    }
    return PictureJob(request, encoding: encoding)
  }

  static func append(_ picture: EncodedPicture, to body: inout ByteWriter) {
    body.append(count: picture.size.width)
    body.append(count: picture.size.height)
    body.append(picture.format)
    body.append(count: picture.pieces.count)
    for piece in picture.pieces {
      body.append(count: piece.offset.x)
      body.append(count: piece.offset.y)
      body.append(count: piece.bytes.count)
      body.append(contentsOf: piece.bytes)
    }
  }

  static func readEncodedPicture(_ reader: inout ByteReader) throws(WorkerProtocolError)
    -> EncodedPicture
  {
    let size = PixelSize(width: try reader.count(), height: try reader.count())
    guard !size.isEmpty, size.area <= PixelRequest.largestArea else {
      throw .malformed("a picture of \(size.width)x\(size.height) pixels")
    }
    let format = try reader.string()
    let count = try reader.count()
    guard count <= mostPieces else { throw .malformed("a picture of \(count) pieces") }
    var pieces: [EncodedPicture.Piece] = []
    for _ in 0..<count {
      let offset = CellPoint(x: try reader.count(), y: try reader.count())
      let length = try reader.count()
      guard length <= reader.remaining else { throw .malformed("a piece past the message") }
      pieces.append(
        EncodedPicture.Piece(offset: offset, bytes: Array(try reader.bytes(count: length))))
    }
    return EncodedPicture(size: size, pieces: pieces, format: format)
  }
}
