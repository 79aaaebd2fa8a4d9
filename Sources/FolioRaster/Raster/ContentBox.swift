import FolioCore

/// Where a page's content is, for trimming its margins: the box of every pixel that is not
/// the paper's color in a small render, with a pad around it. Found from what the page shows,
/// so a white rectangle over the whole page or invisible text does not count as content.
public enum ContentBox {
  /// The width of the render the box is found in, in pixels.
  public static let renderWidth = 200
  /// The space left around the content, as a fraction of the page's width (and the same
  /// length down).
  public static let pad = 0.02

  /// The content's box in `image` (a whole page), padded and clamped to the page, as fractions
  /// of the page; nil for a page with nothing on it. Paper is the color of the image's
  /// corners' majority; a pixel counts as content when it differs from it visibly.
  public static func find(in image: RGBAImage) -> PageRegion? {
    let width = image.width
    let height = image.height
    guard width > 0, height > 0 else { return nil }
    let corners = [
      image[0, 0], image[width - 1, 0], image[0, height - 1], image[width - 1, height - 1],
    ]
    let paper =
      corners.max { a, b in
        corners.filter { close($0, a) }.count < corners.filter { close($0, b) }.count
      } ?? .white
    var minX = width
    var minY = height
    var maxX = -1
    var maxY = -1
    for y in 0..<height {
      for x in 0..<width where !close(image[x, y], paper) {
        minX = min(minX, x)
        maxX = max(maxX, x)
        minY = min(minY, y)
        maxY = max(maxY, y)
      }
    }
    guard maxX >= minX, maxY >= minY else { return nil }
    let padX = pad
    let padY = pad * Double(width) / Double(height)
    let left = max(0, Double(minX) / Double(width) - padX)
    let top = max(0, Double(minY) / Double(height) - padY)
    let right = min(1, Double(maxX + 1) / Double(width) + padX)
    let bottom = min(1, Double(maxY + 1) / Double(height) + padY)
    return PageRegion(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// Whether two colors look the same on paper (each channel within 24 of 255).
  private static func close(_ a: RGBA, _ b: RGBA) -> Bool {
    abs(Int(a.red) - Int(b.red)) <= 24 && abs(Int(a.green) - Int(b.green)) <= 24
      && abs(Int(a.blue) - Int(b.blue)) <= 24
  }
}

extension DocumentSource {
  /// The box of `page`'s content (see `ContentBox`), from a render `ContentBox.renderWidth`
  /// pixels wide; nil for an empty page.
  public func contentBox(at page: PageIndex) throws -> PageRegion? {
    let size = pageSize(at: page)
    let height = max(1, Int((Double(ContentBox.renderWidth) * size.height / size.width).rounded()))
    let image = try render(
      page, size: PixelSize(width: ContentBox.renderWidth, height: min(height, 4_000)))
    return ContentBox.find(in: image)
  }
}
