/// Reloading the document when its file changes: whether it can be, and how far it has got.
/// Changes are debounced (a burst of writes makes one reload), with a deadline so a file that
/// keeps changing is still tried every few seconds; a file that does not open leaves the last
/// good version on screen until the next change.
public struct ReloadState: Hashable, Sendable {
  /// Where a reload is.
  public enum Phase: Hashable, Sendable {
    /// Nothing changed since the version on screen.
    case idle
    /// The file changed; waiting for it to stay still a moment.
    case settling
    /// The file is being opened again in the background.
    case opening
    /// The file changed but did not open (half written, damaged, gone): why. The version on
    /// screen stays until a change opens.
    case waiting(reason: String)
  }

  /// How long the file must stay still before it is opened again.
  public static let quietPeriod = Duration.milliseconds(250)
  /// How often a file that keeps changing is tried anyway.
  public static let longestWait = Duration.seconds(3)

  /// Whether the document can be opened again (not when it came from a stream).
  public let canReopen: Bool
  /// Where a reload is.
  public private(set) var phase = Phase.idle
  /// The file changed again while it was being opened: once that finishes, settle again.
  private(set) var changedWhileOpening = false
  /// The `reloadAtLatest` timer runs.
  private(set) var isDeadlineRunning = false

  /// Creates the state; `canReopen` is false for a document read from a stream.
  public init(canReopen: Bool) { self.canReopen = canReopen }

  /// The status line's notice while a changed file waits to open.
  public var notice: String? {
    guard case .waiting(let reason) = phase else { return nil }
    return "file changed; waiting for a complete file (\(reason))"
  }

  /// The file changed: while it opens, settle again once that finishes; else wait for it to
  /// settle (restarting the wait), with a deadline.
  mutating func noteChange() -> [Effect] {
    guard canReopen else { return [] }
    if phase == .opening {
      changedWhileOpening = true
      return []
    }
    var effects: [Effect] = [.startTimer(.reloadDebounce, after: Self.quietPeriod)]
    if !isDeadlineRunning {
      isDeadlineRunning = true
      effects.append(.startTimer(.reloadAtLatest, after: Self.longestWait))
    }
    if case .waiting = phase {} else { phase = .settling }
    return effects
  }

  /// Starts opening the file again; false when it is being opened already (then it settles
  /// again once that finishes).
  mutating func beginOpening() -> Bool {
    if phase == .opening {
      changedWhileOpening = true
      return false
    }
    phase = .opening
    isDeadlineRunning = false
    return true
  }

  /// The new version opened; returns whether the file changed again meanwhile.
  mutating func finishOpening() -> Bool {
    phase = .idle
    return takeChangeWhileOpening()
  }

  /// The file did not open (`reason`, sanitized); returns whether it changed again meanwhile.
  mutating func failOpening(_ reason: String) -> Bool {
    phase = .waiting(reason: reason)
    return takeChangeWhileOpening()
  }

  private mutating func takeChangeWhileOpening() -> Bool {
    defer { changedWhileOpening = false }
    return changedWhileOpening
  }
}
