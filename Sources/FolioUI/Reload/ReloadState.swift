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
  public internal(set) var phase = Phase.idle
  /// The file changed again while it was being opened: once that finishes, settle again.
  var changedWhileOpening = false
  /// The `reloadAtLatest` timer runs.
  var isDeadlineRunning = false

  /// Creates the state; `canReopen` is false for a document read from a stream.
  public init(canReopen: Bool) { self.canReopen = canReopen }

  /// The status line's notice while a changed file waits to open.
  public var notice: String? {
    guard case .waiting(let reason) = phase else { return nil }
    return "file changed; waiting for a complete file (\(reason))"
  }
}
