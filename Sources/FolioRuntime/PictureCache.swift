import FolioCore
import FolioUI

/// Finished page pictures, least recently used out, bounded in bytes together: block art
/// (cells) and pictures in pixels encoded for the terminal (a sixel or iTerm2 picture is
/// painted again from here). With the stand-in lookup: a cached block art of the same page of
/// the same document version at another size, cropped and scaled.
public struct PictureCache {
  /// What a picture is cached under.
  enum Key: Hashable {
    case cells(RenderRequest)
    case pixels(PictureJob)

    var pageKey: PageKey {
      switch self {
      case .cells(let request): return request.pageKey
      case .pixels(let job): return PageKey(document: job.request.document, page: job.request.page)
      }
    }
  }

  /// A cached picture.
  enum Value {
    case cells(ScreenBuffer)
    case pixels(EncodedPicture)
  }

  private var storage: LRUCache<Key, Value, PageKey>

  /// Creates a cache holding at most `bytes` of pictures.
  public init(bytes: Int) {
    storage = LRUCache(capacity: bytes) { $0.pageKey }
  }

  /// The exact picture for `request`, marking it recently used.
  public mutating func picture(for request: RenderRequest) -> ScreenBuffer? {
    guard case .cells(let picture) = storage.value(forKey: .cells(request)) else { return nil }
    return picture
  }

  /// Whether the exact picture is cached (does not change recency).
  public func contains(_ request: RenderRequest) -> Bool { storage.contains(.cells(request)) }

  /// Stores a finished picture.
  public mutating func insert(_ picture: ScreenBuffer, for request: RenderRequest) {
    _ = storage.insert(.cells(picture), forKey: .cells(request), cost: request.cost)
  }

  /// The encoded picture `job` asked for, marking it recently used.
  public mutating func picture(for job: PictureJob) -> EncodedPicture? {
    guard case .pixels(let picture) = storage.value(forKey: .pixels(job)) else { return nil }
    return picture
  }

  /// Whether the encoded picture of `job` is cached (does not change recency).
  public func contains(_ job: PictureJob) -> Bool { storage.contains(.pixels(job)) }

  /// Stores an encoded picture.
  public mutating func insert(_ picture: EncodedPicture, for job: PictureJob) {
    _ = storage.insert(.pixels(picture), forKey: .pixels(job), cost: picture.byteCount + 64)
  }

  /// Bytes held and entries, for tests and the benchmark.
  public var statistics: CacheStatistics { storage.statistics }

  /// The best stand-in for `request` among cached pictures of the same page in the same
  /// document version (never another version's picture of it): one of the same
  /// region (scaled), else a whole-page picture (its region cut out and scaled); the largest
  /// wins. O(pictures cached for that page + cells of the result).
  public func standIn(for request: RenderRequest) -> ScreenBuffer? {
    var best: (RenderRequest, ScreenBuffer)?
    storage.forEachEntry(inGroup: request.pageKey) { cached, stored in
      guard case .cells(let key) = cached, case .cells(let value) = stored else { return }
      guard key != request, key.region == request.region || key.region == .whole else { return }
      if let current = best {
        let better =
          (key.region == request.region) != (current.0.region == request.region)
          ? key.region == request.region : key.size.area > current.0.size.area
        if !better { return }
      }
      best = (key, value)
    }
    guard let (key, picture) = best else { return nil }
    if key.region == request.region { return Placeholder.scaledPicture(picture, to: request.size) }
    let region = request.region
    let crop = CellRect(
      x: Int(saturating: region.x * Double(picture.size.columns), rounding: .down),
      y: Int(saturating: region.y * Double(picture.size.rows), rounding: .down),
      columns: max(1, Int(saturating: region.width * Double(picture.size.columns), rounding: .up)),
      rows: max(1, Int(saturating: region.height * Double(picture.size.rows), rounding: .up)))
    var cut = ScreenBuffer(size: crop.size)
    cut.draw(picture, at: CellPoint(x: -crop.minX, y: -crop.minY))
    return Placeholder.scaledPicture(cut, to: request.size)
  }
}
