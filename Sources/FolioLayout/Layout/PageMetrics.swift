import FolioCore

/// What layouts need to know about a document's pages: each page's size, known or estimated, and
/// how wide page labels get. Layouts take this value, never the document, so that sizes can be
/// read lazily: a page whose size is not known yet is estimated as the document's most common
/// known size (US Letter while none is known) and corrected later with `setSize(_:of:)`.
///
/// Memory and `init` are O(pageCount); queries are O(1).
public struct PageMetrics: Hashable, Sendable {
  /// The number of pages.
  public let pageCount: Int
  /// Sanitized sizes; meaningful only where `isKnown` is true.
  private var sizes: [PointSize]
  private var isKnown: [Bool]
  /// How many pages have a known size.
  public private(set) var knownSizeCount = 0
  /// Counts changes (sizes, label widths), so that what is made from the metrics can tell
  /// whether it is still current without comparing every page.
  public private(set) var revision = 0
  private var sizeTally = Tally<SizeKey>()
  private var aspectTally = Tally<Int>()
  /// The smallest width over height among known sizes, or nil when none is known.
  private var narrowestKnownAspectRatio: Double?
  /// The widest page label, in terminal columns. Starts as the width of the largest page number,
  /// the label of pages without one.
  public private(set) var widestLabelColumns: Int

  /// Metrics for `pageCount` pages of which no size is known yet.
  public init(pageCount: Int) {
    let count = max(0, pageCount)
    self.pageCount = count
    sizes = Array(repeating: PointSize.fallback, count: count)
    isKnown = Array(repeating: false, count: count)
    widestLabelColumns = String(max(1, count)).count
  }

  /// Metrics with every page's size known.
  public init(sizes: [PointSize]) {
    self.init(pageCount: sizes.count)
    for (index, size) in sizes.enumerated() {
      setSize(size, of: PageIndex(index))
    }
  }

  /// The size layouts use for `page`: its own size when known, else `estimatedSize`. Always
  /// sanitized. A page outside the document gets `estimatedSize`.
  public func size(of page: PageIndex) -> PointSize {
    let index = page.rawValue
    guard index >= 0, index < pageCount, isKnown[index] else { return estimatedSize }
    return sizes[index]
  }

  /// Whether `page`'s size is known rather than estimated.
  public func isSizeKnown(_ page: PageIndex) -> Bool {
    let index = page.rawValue
    return index >= 0 && index < pageCount && isKnown[index]
  }

  /// Whether every page's size is known.
  public var areAllSizesKnown: Bool { knownSizeCount == pageCount }

  /// The size assumed for pages not read yet: the most common known size (ties go to the size
  /// that appears first in the document), or US Letter while no size is known.
  public var estimatedSize: PointSize {
    sizeTally.leader.map { sizes[$0.firstPage] } ?? .fallback
  }

  /// The most common page shape (width over height, to 0.1 %) among known sizes, ties going to
  /// the shape that appears first; the estimate's shape while no size is known. The smart grid
  /// sizes its items for this shape.
  public var mostCommonAspectRatio: Double {
    aspectTally.leader.map { sizes[$0.firstPage].aspectRatio } ?? estimatedSize.aspectRatio
  }

  /// The smallest width over height of any page, estimated pages included: the tallest page
  /// shape, which decides how tall a strip of thumbnails must be.
  public var narrowestAspectRatio: Double {
    let estimate = estimatedSize.aspectRatio
    guard let known = narrowestKnownAspectRatio else { return estimate }
    return knownSizeCount < pageCount ? min(known, estimate) : known
  }

  /// Records the size of `page` (sanitized). Amortized O(1); O(n) when it changes a size that was
  /// already known to a different one. Pages outside the document are ignored.
  public mutating func setSize(_ size: PointSize, of page: PageIndex) {
    let index = page.rawValue
    guard index >= 0, index < pageCount else { return }
    let size = size.sanitized
    if isKnown[index] {
      guard sizes[index] != size else { return }
      revision += 1
      sizes[index] = size
      recountKnownSizes()
      return
    }
    isKnown[index] = true
    sizes[index] = size
    knownSizeCount += 1
    revision += 1
    count(size, at: index)
  }

  /// Records that some page's label is `columns` terminal columns wide. O(1).
  public mutating func noteLabel(columns: Int) {
    if columns > widestLabelColumns { revision += 1 }
    widestLabelColumns = max(widestLabelColumns, columns)
  }

  private mutating func count(_ size: PointSize, at index: Int) {
    sizeTally.add(SizeKey(size), page: index)
    aspectTally.add(Int(saturating: size.aspectRatio * 1000), page: index)
    narrowestKnownAspectRatio = min(narrowestKnownAspectRatio ?? .infinity, size.aspectRatio)
  }

  private mutating func recountKnownSizes() {
    sizeTally = Tally()
    aspectTally = Tally()
    narrowestKnownAspectRatio = nil
    for index in 0..<pageCount where isKnown[index] {
      count(sizes[index], at: index)
    }
  }
}

/// A page size rounded to 1/100 point, so that sizes equal up to float noise count together.
private struct SizeKey: Hashable, Sendable {
  let width: Int
  let height: Int

  init(_ size: PointSize) {
    width = Int(saturating: size.width * 100)
    height = Int(saturating: size.height * 100)
  }
}

/// Counts of keys with the first page of each, tracking the most common key incrementally.
private struct Tally<Key: Hashable & Sendable>: Hashable, Sendable {
  struct Entry: Hashable, Sendable {
    var count: Int
    var firstPage: Int
  }

  private var entries: [Key: Entry] = [:]
  /// The most common entry; ties go to the lowest first page, so the result does not depend on
  /// the order in which pages were added.
  private(set) var leader: Entry?

  mutating func add(_ key: Key, page: Int) {
    var entry = entries[key] ?? Entry(count: 0, firstPage: page)
    entry.count += 1
    entry.firstPage = min(entry.firstPage, page)
    entries[key] = entry
    if let current = leader,
      current.count > entry.count
        || (current.count == entry.count && current.firstPage < entry.firstPage)
    {
      return
    }
    leader = entry
  }
}
