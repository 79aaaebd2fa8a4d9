import FolioCore
import FolioUI

extension Browser {
  /// Draws pages as pixels of `kind` instead of their block art from now on, each cell
  /// `cellPixels` large, the front document's rendered by workers `opening` makes (documents
  /// opened later bring their own); painted pictures are at most `largestImage` each (nil: no
  /// limit known).
  public func showPagesAsImages(
    cellPixels: PixelSize, kind: PagePixelsKind = .kitty(.placements),
    largestImage: PixelSize? = nil, opening: DocumentOpening
  ) throws {
    pixelCellSize = cellPixels
    pixelLargestImage = largestImage
    pixelKind = kind
    try replacePixels(of: front, with: opening)
    send([Event.pixelsAvailable])
  }

  /// A new pixel layer for a new version of `engine`'s document (its images deleted), if
  /// pages are drawn as images.
  func replacePixels(of engine: DocumentEngine, with opening: DocumentOpening) throws {
    guard let cellPixels = pixelCellSize else { return }
    if let old = engine.pixels {
      terminal.writeImages(old.forgetting())
      old.shutdown()
      // Pictures painted into the cells stay where curses writes nothing new: all redrawn.
      if old is PaintedPixelLayer { terminal.invalidate() }
    }
    switch pixelKind {
    case .kitty(let style):
      engine.pixels = try PixelLayer(
        cellPixels: cellPixels, style: style, inbox: inbox, makeWorker: opening.makeWorker)
    case .painted(let encoding):
      engine.pixels = try PaintedPixelLayer(
        encoding: encoding, cellPixels: cellPixels, largestImage: pixelLargestImage, inbox: inbox,
        makeWorker: opening.makeWorker)
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
    terminal.writeImages(pixels.forgetting())
    if pixels is PaintedPixelLayer { terminal.invalidate() }
  }
}
