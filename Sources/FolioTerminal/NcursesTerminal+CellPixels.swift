@preconcurrency import CNcursesw
import FolioCore
import Glibc

extension NcursesTerminal {
  /// A cell's size in pixels from the terminal's report (TIOCGWINSZ), if it makes one.
  public var cellPixels: PixelSize? {
    var columns: UInt16 = 0
    var rows: UInt16 = 0
    var width: UInt16 = 0
    var height: UInt16 = 0
    guard folio_window_pixels(STDOUT_FILENO, &columns, &rows, &width, &height) == 0,
      columns > 0, rows > 0, width >= columns, height >= rows
    else { return nil }
    return PixelSize(width: Int(width) / Int(columns), height: Int(height) / Int(rows))
  }

  /// The cell shape from the terminal's reported pixel size (TIOCGWINSZ), if it reports one.
  public var cellAspect: CellAspect? {
    var columns: UInt16 = 0
    var rows: UInt16 = 0
    var width: UInt16 = 0
    var height: UInt16 = 0
    guard folio_window_pixels(STDOUT_FILENO, &columns, &rows, &width, &height) == 0 else {
      return nil
    }
    return CellAspect(
      pixelWidth: Int(width), pixelHeight: Int(height), columns: Int(columns), rows: Int(rows))
  }
}
