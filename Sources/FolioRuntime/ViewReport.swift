import FolioCore
import Foundation

/// Writes, after each frame, the part of each page on screen to a file (`FOLIO_VIEW_REPORT`):
/// one line a page, "PAGE X Y WIDTH HEIGHT COLUMN ROW COLUMNS ROWS" (the page counted from 1;
/// the part of it shown, as fractions of the page; the screen cells showing it, from 0),
/// written whole (to a new file renamed over the old one). For measurements, not for people.
struct ViewReport {
  let path: String

  init(path: String) { self.path = path }

  func write(_ regions: [(page: PageIndex, region: PageRegion, screen: CellRect)]) {
    let lines = regions.map { page, region, screen in
      "\(page.number) \(region.x) \(region.y) \(region.width) \(region.height) "
        + "\(screen.minX) \(screen.minY) \(screen.size.columns) \(screen.size.rows)\n"
    }.joined()
    let partial = path + ".partial"
    guard FileManager.default.createFile(atPath: partial, contents: Data(lines.utf8)) else {
      return
    }
    _ = rename(partial, path)
  }
}
