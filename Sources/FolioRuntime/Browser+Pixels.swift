import FolioCore

extension Browser {
  /// Draws pages as kitty images instead of their block art from now on, in `style`, each cell
  /// `cellPixels` large, rendered by workers `opening` makes.
  public func showPagesAsImages(
    cellPixels: PixelSize, style: PixelLayer.Style = .placements, opening: DocumentOpening
  ) throws {
    pixelCellSize = cellPixels
    pixelStyle = style
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
    }
    pixels = try PixelLayer(
      cellPixels: cellPixels, style: pixelStyle, inbox: inbox, makeWorker: opening.makeWorker)
  }

  /// Deletes every image from the terminal before it is given back or suspended.
  func deleteImages() {
    if let pixels { terminal.writeImages(pixels.forgetting()) }
  }
}
