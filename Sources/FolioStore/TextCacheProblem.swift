/// Something `TextCache.open` had to work around or give up on: one of the place store's
/// problems (`StoreProblem`, the same steps open both files), worded for the cache. The cache
/// works unless the opening has none; without it, text is extracted again.
public struct TextCacheProblem: Hashable, Sendable {
  /// What happened.
  public let kind: StoreProblem

  /// Creates the problem of the given kind.
  public init(_ kind: StoreProblem) { self.kind = kind }

  /// A one-line description for the status line.
  public var message: String {
    switch kind {
    case .setAside(let name): "text cache was damaged; set aside as \(name)"
    case .readOnly: "cannot use the text cache: the cache folder is read-only"
    case .folderUnusable(let reason): "cannot open the cache folder: \(reason)"
    case .cannotSetAside(let reason): "text cache is damaged and cannot be set aside: \(reason)"
    case .locked: "cannot open the text cache: another program holds it"
    case .cannotOpen(let reason): "cannot open the text cache: \(reason)"
    }
  }
}

/// Why reading or writing the text cache failed: one of the place store's errors
/// (`StoreError`), worded for the cache.
public struct TextCacheError: Error, Hashable, Sendable {
  /// What went wrong.
  public let kind: StoreError

  /// Creates the error of the given kind.
  public init(_ kind: StoreError) { self.kind = kind }

  /// A one-line description for the status line.
  public var message: String {
    switch kind {
    case .locked: "cannot use the text cache: another program holds it"
    case .readOnly: "cannot write the text cache: the cache folder is read-only"
    case .full: "cannot write the text cache: the disk is full"
    case .damaged: "cannot use the text cache: the cache file is damaged"
    case .failed(let reason): "cannot use the text cache: \(reason)"
    }
  }
}

/// What `TextCache.open` made of the cache folder: the cache, if any, and what went wrong on
/// the way.
public struct TextCacheOpening: Sendable {
  /// The cache, or nil when there is none to use (then text is extracted every time).
  public let cache: TextCache?
  /// What went wrong, in the order it happened (empty when all is well).
  public let problems: [TextCacheProblem]

  /// Creates an opening result.
  public init(cache: TextCache?, problems: [TextCacheProblem]) {
    self.cache = cache
    self.problems = problems
  }
}
