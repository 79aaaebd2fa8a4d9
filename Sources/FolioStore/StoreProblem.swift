/// Something `PlaceStore.open` had to work around or give up on, to show once in the status
/// line. Places still work unless the opening has no store. (`TextCache.open` meets the same
/// things and words them for the cache: `TextCacheProblem`.)
public enum StoreProblem: Hashable, Sendable {
  /// The state file was damaged (or of a schema this Folio cannot use) and was renamed to the
  /// given file name in the same folder; a new one was created.
  case setAside(String)
  /// The state file or folder cannot be written: places are restored but not saved.
  case readOnly
  /// The state folder cannot be created or used; the reason is the system's.
  case folderUnusable(String)
  /// The state file is damaged and could not be renamed aside; the reason says why.
  case cannotSetAside(String)
  /// Another program held the state file for longer than the busy timeout.
  case locked
  /// The state file could not be opened for another reason.
  case cannotOpen(String)

  /// A one-line description for the status line.
  public var message: String {
    switch self {
    case .setAside(let name): "state file was damaged; set aside as \(name)"
    case .readOnly: StoreError.readOnly.message
    case .folderUnusable(let reason): "cannot open the state folder: \(reason)"
    case .cannotSetAside(let reason): "state file is damaged and cannot be set aside: \(reason)"
    case .locked: "cannot open places: another program holds the state file"
    case .cannotOpen(let reason): "cannot open places: \(reason)"
    }
  }
}

/// What `PlaceStore.open` made of the state folder: the store, if any, and what went wrong
/// on the way.
public struct PlaceStoreOpening: Sendable {
  /// The store, or nil when places cannot be read at all.
  public let store: PlaceStore?
  /// What went wrong, in the order it happened (empty when all is well).
  public let problems: [StoreProblem]

  /// Creates an opening result.
  public init(store: PlaceStore?, problems: [StoreProblem]) {
    self.store = store
    self.problems = problems
  }
}
