import FolioCore
import FolioPixels
import FolioUI

/// Pages as kitty images, in a terminal that shows them: `KittyScreen` works out what to send
/// and place for each frame, and the pictures it misses are drawn at their size in pixels
/// (cells × the cell's pixels) and encoded by the document's page workers (`PictureQueue`),
/// each once. Where something is drawn over a page (a panel, the help, a hit's tint), the
/// frame's placement has a hole: the picture shows around it.
public final class PixelLayer: PagePixels {
  /// How images are put on the screen.
  public typealias Style = KittyScreen.Style

  private var screen: KittyScreen
  private let queue: PictureQueue

  /// Has the pictures drawn by `work`'s page workers; `cellPixels` is a guess when
  /// `scalesToCells` (pictures are then scaled to their cells).
  public init(
    cellPixels: PixelSize, style: Style = .placements, scalesToCells: Bool = false,
    work: PageWork
  ) {
    screen = KittyScreen(
      cellPixels: cellPixels, style: style,
      firstNumber: style == .placements ? 1 : Int.random(in: 0..<PlaceholderImageID.count),
      scalesToCells: scalesToCells)
    queue = PictureQueue(work: work)
  }

  /// How images are put on the screen.
  public var style: Style { screen.style }

  public func present<Terminal: TerminalBackend>(_ frame: Frame, on terminal: Terminal) {
    var cells = frame.cells
    prepare(for: frame.placements)
    // Images sent before the frame whose placeholder cells show them.
    terminal.writeSequences(screen.takeOutput())
    screen.decorate(&cells)
    terminal.present(cells)
    // A frame drawn whole cleared the screen, and with it kitty's placements.
    if terminal.takeScreenCleared(), style == .placements {
      screen.forgetLostImages()
      askFor(screen.missing)
      // Their block art stands in again until they are sent again, not blank cells.
      terminal.present(frame.cells)
    }
    terminal.writeSequences(screen.takeOutput() + screen.placementBytes())
  }

  /// Works out the images `placements` want, and asks for the pictures missing.
  public func prepare(for placements: [ImagePlacement]) {
    askFor(screen.want(placements))
  }

  /// Draws the placeholder cells of the images wanted that are in the terminal.
  public func decorate(_ frame: inout ScreenBuffer) { screen.decorate(&frame) }

  /// The images sent and deleted since the last call.
  public func takeOutput() -> [UInt8] { screen.takeOutput() }

  /// What to write after the frame: placements moved, put on and taken off.
  public func placementBytes() -> [UInt8] { screen.placementBytes() }

  /// `prepare`, `takeOutput` and `placementBytes` in one: what a frame with `placements`
  /// wants written.
  public func bytes(for placements: [ImagePlacement]) -> [UInt8] {
    prepare(for: placements)
    return screen.takeOutput() + screen.placementBytes()
  }

  public func receive(_ letters: [LoopInbox.Letter]) -> [Event] {
    for (job, picture) in queue.receive(letters) { screen.receive(picture, for: job.request) }
    // The loop draws a frame after taking letters: that frame shows what arrived.
    return []
  }

  public func forgetting() -> [UInt8] { screen.forgetting() }

  public func shutdown() { queue.stop() }

  private func askFor(_ missing: [PixelRequest]) {
    queue.want(missing.map { PictureJob($0, encoding: .kitty) })
  }
}
