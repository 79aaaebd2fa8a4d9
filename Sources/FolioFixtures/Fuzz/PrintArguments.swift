import FolioCore

/// How one input is shown: `folio --print [--mode M] [--page N] --size COLSxROWS --colors 256`.
public struct PrintArguments: Sendable, Hashable {
  /// grid, continuous or spread; nil prints one page.
  public var mode: String?
  /// The frame's width in cells.
  public var columns: Int
  /// The frame's height in cells.
  public var rows: Int
  /// `--page`, counting from 1; nil for the first page.
  public var page: Int?

  /// The views `--mode` offers; nil stands for no `--mode` (one page).
  public static let modes: [String?] = [nil, "grid", "continuous", "spread"]

  /// The frame sizes inputs are shown at (small, so each run is quick).
  public static let sizes: [(columns: Int, rows: Int)] = [(40, 12), (90, 28), (64, 20)]

  /// Arguments for one mode and size.
  public init(mode: String?, columns: Int, rows: Int, page: Int? = nil) {
    self.mode = mode
    self.columns = columns
    self.rows = rows
    self.page = page
  }

  /// Arguments drawn at random: a mode, a size, and sometimes the last page.
  public static func draw(pageCount: Int?, using random: inout SplitMix64) -> PrintArguments {
    let size = random.pick(sizes)
    var arguments = PrintArguments(mode: random.pick(modes), columns: size.columns, rows: size.rows)
    if let pageCount, pageCount > 1, random.chance(0.25) { arguments.page = pageCount }
    return arguments
  }

  /// folio's arguments for `file`, with `--render-timeout SECONDS` when given.
  public func commandLine(file: String, renderTimeout: Int?) -> [String] {
    var arguments = ["--print"]
    if let mode { arguments += ["--mode", mode] }
    if let page { arguments += ["--page", String(page)] }
    arguments += ["--size", "\(columns)x\(rows)", "--colors", "256"]
    if let renderTimeout { arguments += ["--render-timeout", String(renderTimeout)] }
    return arguments + [file]
  }
}
