import FolioCore
import Foundation

/// A terminal in memory: a size, a queue of input events, and the frames presented. `--print`
/// draws whole frames into one; tests type into one.
public final class OffscreenTerminal: TerminalBackend {
  public private(set) var size: CellSize
  public let colorMode: ColorMode
  /// Every frame presented, oldest first.
  public private(set) var frames: [ScreenBuffer] = []
  private var input: [InputEvent] = []
  /// What a copy to the clipboard leaves to run off the loop (the bench: tmux); nil: nothing.
  public var clipboardJob: ((String) -> ClipboardJob?)?

  /// Creates a terminal of `size` that shows `colorMode`.
  public init(size: CellSize, colorMode: ColorMode = .truecolor) {
    self.size = size
    self.colorMode = colorMode
  }

  public func copyToClipboard(_ text: String) -> ClipboardJob? { clipboardJob?(text) }

  /// Queues events as if typed; a resize also changes `size`.
  public func type(_ events: [InputEvent]) { input += events }

  /// The last frame presented.
  public var screen: ScreenBuffer? { frames.last }

  /// How many frames were presented since the start.
  public private(set) var presentedCount = 0

  /// How many typed events wait to be read.
  public var waitingInputCount: Int { input.count }

  public func present(_ screen: ScreenBuffer) {
    presentedCount += 1
    frames.append(screen)
    if frames.count > 8 { frames.removeFirst() }
  }

  public func invalidate() {}

  /// Every sequence written past the cells (images), in order, when `recordsSequences`.
  public private(set) var sequences: [UInt8] = []
  /// Whether sequences written are kept in `sequences` (off: dropped).
  public var recordsSequences = false

  public func writeSequences(_ bytes: [UInt8]) {
    if recordsSequences { sequences += bytes }
  }

  /// The next queued event; with none queued, waits up to `milliseconds` for a wake
  /// descriptor (as a terminal waits for keys), then answers nil.
  public func nextEvent(timeout milliseconds: Int, wakeDescriptors: [Int32]) -> InputEvent? {
    guard !input.isEmpty else {
      if milliseconds != 0 && !wakeDescriptors.isEmpty {
        var descriptors = wakeDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        _ = poll(&descriptors, nfds_t(descriptors.count), Int32(clamping: milliseconds))
      }
      return nil
    }
    let event = input.removeFirst()
    if case .resize(let newSize) = event { size = newSize }
    return event
  }

  public func restore() {}

  /// Counts suspensions instead of stopping the process.
  public private(set) var suspensions = 0

  public func suspend() { suspensions += 1 }
}

/// The in-memory terminal tests drive (the same one `--print` draws into).
public typealias MemoryTerminal = OffscreenTerminal
