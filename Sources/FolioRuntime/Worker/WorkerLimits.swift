/// The limits every page worker runs under.
public struct WorkerLimits: Hashable, Sendable {
  /// The most heap and other private memory a worker may hold (`RLIMIT_DATA`), 1 GiB by default.
  public var memoryBytes: Int
  /// The longest one request may take, opening included, 20 s by default.
  public var timePerRequest: Duration
  /// A worker is replaced after serving this many pages (no bound by default: what the pages
  /// drawn leave behind shows in the resident growth below) …
  public var pagesBeforeRecycle: Int
  /// … or once its resident memory has grown this much since its first request. Growth, not
  /// size: every process that looks up page N keeps Poppler's objects for every page up to N
  /// (about 2.7 KB a page), so a worker deep in a long document starts large, and a fresh one
  /// would be as large again at once …
  public var residentBytesBeforeRecycle: Int
  /// … or, after a rest with nothing to do, more than this (Poppler keeps an object for every
  /// page up to the last one it looked up: 35 MiB past the end of a 15,000-page document).
  public var restingResidentBytes: Int
  /// How much the worker yields the CPU (its nice value): 5 for renders, more for background
  /// work such as reading text for searches.
  public var niceness: Int

  /// Creates limits.
  public init(
    memoryBytes: Int = 1 << 30, timePerRequest: Duration = .seconds(20),
    pagesBeforeRecycle: Int = .max, residentBytesBeforeRecycle: Int = 48 << 20,
    restingResidentBytes: Int = 48 << 20, niceness: Int = 5
  ) {
    self.niceness = min(19, max(0, niceness))
    self.restingResidentBytes = restingResidentBytes
    self.memoryBytes = memoryBytes
    self.timePerRequest = timePerRequest
    self.pagesBeforeRecycle = max(1, pagesBeforeRecycle)
    self.residentBytesBeforeRecycle = residentBytesBeforeRecycle
  }
}
