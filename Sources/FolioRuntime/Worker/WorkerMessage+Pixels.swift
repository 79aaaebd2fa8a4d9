import FolioCore

/// Pixel renders on the wire. A request: page, region (four doubles), width and height,
/// inverted. A reply: width, height, then the RGB bytes (width × height × 3).
extension WorkerMessageFormat {
  static func append(_ request: PixelRequest, to body: inout ByteWriter) {
    body.append(count: request.page.rawValue)
    for side in [request.region.x, request.region.y, request.region.width, request.region.height] {
      body.append(side)
    }
    body.append(count: request.size.width)
    body.append(count: request.size.height)
    body.append(request.isInverted)
  }

  static func readPixelRequest(_ reader: inout ByteReader, document: DocumentVersion)
    throws(WorkerProtocolError) -> PixelRequest
  {
    let page = PageIndex(try reader.count())
    let region = PageRegion(
      x: try reader.double(), y: try reader.double(), width: try reader.double(),
      height: try reader.double())
    let size = PixelSize(width: try reader.count(), height: try reader.count())
    guard !size.isEmpty, size.area <= PixelRequest.largestArea else {
      throw .malformed("a picture of \(size.width)x\(size.height) pixels")
    }
    return PixelRequest(
      page: page, region: region, size: size, isInverted: try reader.bool(), document: document)
  }

  static func append(_ picture: PixelPicture, to body: inout ByteWriter) {
    body.append(count: picture.size.width)
    body.append(count: picture.size.height)
    body.append(contentsOf: picture.rgb)
  }

  static func readPixels(_ reader: inout ByteReader) throws(WorkerProtocolError) -> PixelPicture {
    let size = PixelSize(width: try reader.count(), height: try reader.count())
    guard !size.isEmpty, size.area <= PixelRequest.largestArea,
      size.area * 3 <= reader.remaining
    else { throw .malformed("a picture of \(size.width)x\(size.height) pixels") }
    guard let picture = PixelPicture(size: size, rgb: Array(try reader.bytes(count: size.area * 3)))
    else {
      throw .malformed("a picture whose bytes do not match its size")
    }
    return picture
  }
}
