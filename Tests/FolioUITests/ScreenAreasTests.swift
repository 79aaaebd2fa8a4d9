import FolioCore
import FolioUI
import Testing

/// `ScreenAreas.layout`: the areas never overlap, stay on screen and cover it, for every small
/// size and many random ones, with and without a filmstrip and a side panel.
@Suite("Screen areas")
struct ScreenAreasTests {

  /// The checks of one layout; a description of what is wrong, or nil.
  static func problem(
    screen: CellSize, filmstripRows: Int, sidePanelColumns: Int
  ) -> String? {
    let areas = ScreenAreas.layout(
      screen: screen, filmstripRows: filmstripRows, sidePanelColumns: sidePanelColumns)
    let whole = CellRect(x: 0, y: 0, columns: screen.columns, rows: screen.rows)
    let named: [(String, CellRect)] = [
      ("main", areas.main), ("side panel", areas.sidePanel), ("filmstrip", areas.filmstrip),
      ("status line", areas.statusLine),
    ].compactMap { name, rect in rect.map { (name, $0) } }
    let context =
      "\(screen.columns)x\(screen.rows) strip \(filmstripRows) panel \(sidePanelColumns)"
    for (name, rect) in named + [("overlay", areas.overlay)] where !rect.isEmpty {
      if rect.minX < 0 || rect.minY < 0 || rect.maxX > whole.maxX || rect.maxY > whole.maxY {
        return "\(context): \(name) \(rect) is off screen"
      }
    }
    for (i, (name, rect)) in named.enumerated() {
      for (otherName, other) in named[(i + 1)...] where rect.intersects(other) {
        return "\(context): \(name) \(rect) overlaps \(otherName) \(other)"
      }
    }
    let covered = named.reduce(0) { $0 + $1.1.size.area }
    if covered != whole.size.area {
      return "\(context): the areas cover \(covered) cells of \(whole.size.area)"
    }
    if screen.rows >= 2 && screen.columns >= 1 && areas.main.isEmpty {
      return "\(context): main has no cell"
    }
    if let status = areas.statusLine,
      status != CellRect(x: 0, y: screen.rows - 1, columns: screen.columns, rows: 1)
    {
      return "\(context): the status line is \(status)"
    }
    if !areas.main.isEmpty && areas.overlay != areas.main {
      return "\(context): the overlay is not the main view"
    }
    return nil
  }

  @Test func screenAreasTileTheScreenForSmallSizes() {
    var problems: [String] = []
    for columns in 0...14 {
      for rows in 0...14 {
        for strip in 0...16 {
          for panel in 0...16 {
            if let problem = Self.problem(
              screen: CellSize(columns: columns, rows: rows), filmstripRows: strip,
              sidePanelColumns: panel)
            {
              problems.append(problem)
            }
          }
        }
      }
    }
    #expect(problems.isEmpty, "\(problems.count) layouts are wrong, first: \(problems.prefix(5))")
  }

  @Test func screenAreasTileTheScreenForRandomSizes() {
    var random = SplitMix64(seed: 0x5C12EE4A)
    var problems: [String] = []
    for _ in 0..<20_000 {
      let size = CellSize(columns: Int(random.next() % 600), rows: Int(random.next() % 300))
      let strip = random.chance(0.2) ? Int(random.next() % 400) : Int(random.next() % 20)
      let panel = random.chance(0.2) ? Int(random.next() % 800) : Int(random.next() % 40)
      if let problem = Self.problem(screen: size, filmstripRows: strip, sidePanelColumns: panel) {
        problems.append(problem)
      }
    }
    // Negative requests count as none.
    for size in [CellSize(columns: 30, rows: 10), CellSize(columns: 1, rows: 2)] {
      if let problem = Self.problem(screen: size, filmstripRows: -3, sidePanelColumns: -7) {
        problems.append(problem)
      }
    }
    #expect(problems.isEmpty, "\(problems.count) layouts are wrong, first: \(problems.prefix(5))")
  }
}
