import FolioCore
import FolioPixels
import FolioUI

/// Pages drawn as pixels around the loop's frames: kitty images (`PixelLayer`) or pictures
/// painted into the cells (`PaintedPixelLayer`: sixel, iTerm2). Each is a service whose worker
/// renders the pages at the pixels their cells show.
public protocol PagePixels: LoopService {
  /// Presents `frame` on `terminal`: its cells, and its placements as pixels where their
  /// pictures have arrived (the cells under them elsewhere).
  func present<Terminal: TerminalBackend>(_ frame: Frame, on terminal: Terminal)
  /// Forgets every image, and returns what deletes them from the terminal.
  func forgetting() -> [UInt8]
  /// Tells the render thread to stop, without waiting for a render under way.
  func shutdown()
}

/// Which kind of pixels a browser draws pages with.
public enum PagePixelsKind: Equatable, Sendable {
  case kitty(PixelLayer.Style)
  case painted(PaintedPixelLayer.Encoding)
}
