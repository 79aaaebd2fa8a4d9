/// A rectangle of a page in unit coordinates: (0, 0) is the top-left corner of the page as
/// displayed (rotation applied) and (1, 1) the bottom-right. `whole` is the entire page.
public struct PageRegion: Hashable, Sendable {
  /// Left edge, as a fraction of the page width.
  public var x: Double
  /// Top edge, as a fraction of the page height.
  public var y: Double
  /// Width, as a fraction of the page width.
  public var width: Double
  /// Height, as a fraction of the page height.
  public var height: Double

  /// The entire page.
  public static let whole = PageRegion(x: 0, y: 0, width: 1, height: 1)

  /// Creates a region; sides that are not finite and positive make the whole page.
  public init(x: Double, y: Double, width: Double, height: Double) {
    let valid = [x, y, width, height].allSatisfy(\.isFinite) && width > 0 && height > 0
    self.x = valid ? x : 0
    self.y = valid ? y : 0
    self.width = valid ? width : 1
    self.height = valid ? height : 1
  }

  /// The region cut to the page, each side within 0…1, or nil when no area is left (for
  /// regions from an untrusted source, such as a worker's reply).
  public var clampedToPage: PageRegion? {
    let left = min(max(x, 0), 1)
    let top = min(max(y, 0), 1)
    let width = min(max(width, 0), 1 - left)
    let height = min(max(height, 0), 1 - top)
    guard width > 0, height > 0 else { return nil }
    return PageRegion(x: left, y: top, width: width, height: height)
  }
}
