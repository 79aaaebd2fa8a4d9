import FolioCore

extension Browser {
  /// Draws pages as pixels of `kind` instead of their block art from now on, each cell
  /// `cellPixels` large, rendered by workers `opening` makes.
  public func showPagesAsImages(
    cellPixels: PixelSize, kind: PagePixelsKind = .kitty(.placements), opening: DocumentOpening
  ) throws {
    pixelCellSize = cellPixels
    pixelKind = kind
    try replacePixels(with: opening)
    send([.pixelsAvailable])
  }

  /// A new pixel layer for a new version of the document (its images deleted), if pages are
  /// drawn as images.
  func replacePixels(with opening: DocumentOpening) throws {
    guard let cellPixels = pixelCellSize else { return }
    if let old = pixels {
      terminal.writeImages(old.forgetting())
      old.shutdown()
      // Pictures painted into the cells stay where curses writes nothing new: all redrawn.
      if old is PaintedPixelLayer { terminal.invalidate() }
    }
    switch pixelKind {
    case .kitty(let style):
      pixels = try PixelLayer(
        cellPixels: cellPixels, style: style, inbox: inbox, makeWorker: opening.makeWorker)
    case .painted(let encoding):
      pixels = try PaintedPixelLayer(
        encoding: encoding, cellPixels: cellPixels, inbox: inbox, makeWorker: opening.makeWorker)
    }
  }

  /// Deletes every image from the terminal before it is given back or suspended.
  func deleteImages() {
    if let pixels { terminal.writeImages(pixels.forgetting()) }
  }
}
