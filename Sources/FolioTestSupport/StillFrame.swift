import FolioCore
import FolioLayout
import FolioRaster
import FolioUI

/// The app view of a state with every picture it demands drawn at once, on the calling
/// thread, from a document in this process: golden screens of the views from state values,
/// with no runtime, no threads and no processes.
public enum StillFrame {
  /// The screen `state` shows once each picture on screen (and in the prefetch margin) is its
  /// exact render of `document`; a render that throws leaves its tile empty.
  public static func draw(
    _ state: AppState, document: some DocumentSource, width: TextWidth = .approximate
  ) -> ScreenBuffer {
    frame(state, document: document, width: width).cells
  }

  /// The frame `state` shows (cells and, while pixels are on, the pictures placed over them)
  /// once each picture on screen is its exact render of `document`.
  public static func frame(
    _ state: AppState, document: some DocumentSource, width: TextWidth = .approximate
  ) -> Frame {
    let wants = state.demands.pictures
    var main = TilePool<RenderRequest>()
    fill(&main, with: wants.main, from: document)
    var shelf = TilePool<RenderRequest>()
    if let strip = wants.filmstrip { fill(&shelf, with: strip, from: document) }
    return AppView(width: width).frame(state, main: main, shelf: shelf)
  }

  private static func fill(
    _ pool: inout TilePool<RenderRequest>, with area: PictureWants.Area,
    from document: some DocumentSource
  ) {
    pool.layOut(
      contentSize: area.contentSize, visibleRect: area.prepared, items: { _ in area.pieces }
    ) { tile, piece in
      tile.request = piece.request
      if let picture = try? document.picture(for: piece.request) {
        tile.preview = picture
        tile.shownRequest = piece.request
      }
    }
  }
}
