import FolioCore
import FolioPixels
import FolioUI

extension Browser {
  /// Draws pages as pixels of `kind` instead of their block art from now on, each cell
  /// `cellPixels` large (the terminal's own size unless `isGuess`), drawn by each document's
  /// page workers; painted pictures are at most `largestImage` each (nil: no limit known).
  public func showPagesAsImages(
    cellPixels: PixelSize, isGuess: Bool = false, kind: PagePixelsKind = .kitty(.placements),
    largestImage: PixelSize? = nil
  ) {
    pixelCellSize = cellPixels
    pixelCellSizeIsKnown = !isGuess
    pixelLargestImage = largestImage
    pixelKind = kind
    replacePixels(of: front)
    send([Event.pixelsAvailable])
  }

  /// A new pixel layer for a new version of `engine`'s document (its images deleted), if
  /// pages are drawn as images: its pictures drawn by the version's page workers.
  func replacePixels(of engine: DocumentEngine) {
    guard let cellPixels = pixelCellSize else { return }
    if let old = engine.pixels {
      terminal.writeSequences(old.forgetting())
      old.shutdown()
      // Pictures painted into the cells stay where curses writes nothing new: all redrawn.
      if old is PaintedPixelLayer { terminal.invalidate() }
    }
    switch pixelKind {
    case .kitty(let style):
      engine.pixels = PixelLayer(
        cellPixels: cellPixels, style: style, scalesToCells: !pixelCellSizeIsKnown,
        work: engine.board.work)
    case .painted(let encoding):
      engine.pixels = PaintedPixelLayer(
        encoding: encoding, cellPixels: cellPixels, largestImage: pixelLargestImage,
        board: engine.board)
    }
  }

  /// Deletes every image of the document on screen from the terminal before it is given back
  /// or suspended.
  func deleteImages() {
    if let engine = engines[shown] { deleteImages(of: engine) }
  }

  /// Deletes `engine`'s images from the terminal (the document leaves the screen).
  func deleteImages(of engine: DocumentEngine) {
    guard let pixels = engine.pixels else { return }
    terminal.writeSequences(pixels.forgetting())
    if pixels is PaintedPixelLayer { terminal.invalidate() }
  }
}
