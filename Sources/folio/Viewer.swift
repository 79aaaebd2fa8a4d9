import FolioCore
import FolioPoppler
import FolioTerminal
import Foundation

/// The interactive view: shows the first page fitted to the terminal in half blocks;
/// `q` quits. (The full browser replaces this loop; the pieces it uses stay.)
struct Viewer {
  let document: PopplerDocument

  func run() throws {
    let terminal = try NcursesTerminal(colors: nil, environment: ProcessInfo.processInfo.environment)
    defer { terminal.restore() }
    let rasterizer = BlockRasterizer()
    var needsDraw = true
    while true {
      if needsDraw {
        let size = terminal.size
        var screen = ScreenBuffer(size: size)
        let pageSize = document.pageSize(at: PageIndex(0))
        let area = CellSize(columns: size.columns, rows: max(0, size.rows - 1))
        let fitted = PageFit.cells(for: pageSize, in: area, cellAspect: 2)
        if !fitted.isEmpty {
          let image = try document.render(PageIndex(0), size: rasterizer.pixelSize(for: fitted))
          let page = rasterizer.cells(from: image, size: fitted)
          screen.draw(
            page,
            at: CellPoint(
              x: (area.columns - fitted.columns) / 2, y: (area.rows - fitted.rows) / 2))
        }
        let status = " \(TerminalText.sanitized(document.title ?? "")) 1 / \(document.pageCount)  q quits"
        for (i, scalar) in status.unicodeScalars.prefix(size.columns).enumerated() {
          screen[i, size.rows - 1] = Cell(scalar, attributes: .reverse)
        }
        terminal.present(screen)
        needsDraw = false
      }
      switch terminal.nextEvent(timeout: -1, wakeDescriptor: nil) {
      case .key(.character("q")), .key(.character("Q")): return
      case .resize:
        terminal.invalidate()
        needsDraw = true
      default: break
      }
    }
  }
}
