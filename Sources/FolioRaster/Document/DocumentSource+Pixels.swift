import FolioCore

extension DocumentSource {
  /// The pixels of `request`: its region rendered at its size, on dark paper if asked.
  public func pixels(for request: PixelRequest) throws -> PixelPicture {
    guard !request.size.isEmpty, request.size.area <= PixelRequest.largestArea else {
      throw DocumentError.renderFailed(
        reason: "a picture of \(request.size.width)x\(request.size.height) pixels")
    }
    let image = try render(request.page, region: request.region, size: request.size)
    guard let picture = image.rgbPicture(inverted: request.isInverted) else {
      throw DocumentError.renderFailed(reason: "a picture of the wrong size")
    }
    return picture
  }
}

extension RGBAImage {
  /// The image as red, green and blue bytes (alpha dropped: pages render on opaque paper),
  /// with lightness inverted and hue kept when `inverted`; nil for one larger than
  /// `PixelRequest.largestArea`.
  public func rgbPicture(inverted: Bool) -> PixelPicture? {
    guard !size.isEmpty, size.area <= PixelRequest.largestArea else { return nil }
    let (red, blue) = (channelOrder.redOffset, channelOrder.blueOffset)
    var rgb = [UInt8](repeating: 0, count: size.area * 3)
    pixels.withUnsafeBufferPointer { source in
      rgb.withUnsafeMutableBufferPointer { target in
        var from = 0
        var to = 0
        while to < target.count {
          var (r, g, b) = (source[from + red], source[from + 1], source[from + blue])
          if inverted { (r, g, b) = Lightness.inverted(red: r, green: g, blue: b) }
          target[to] = r
          target[to + 1] = g
          target[to + 2] = b
          from += 4
          to += 3
        }
      }
    }
    return PixelPicture(size: size, rgb: rgb)
  }
}
