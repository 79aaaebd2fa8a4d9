import FolioCore

/// What a page shows before its picture is ready: a light page-shaped box with its label in
/// the middle, or a cached picture of the same page at another size, scaled.
public enum Placeholder {
  /// Paper that is not drawn yet: a light gray box (a shade pattern without colors).
  public static func page(size: CellSize, label: String, style: RenderStyle, width: TextWidth) -> ScreenBuffer {
    var buffer = ScreenBuffer(size: size)
    fill(&buffer, label: label, style: style, width: width)
    return buffer
  }

  /// Fills an existing buffer (a recycled tile's) with the placeholder, reusing its storage.
  public static func fill(_ buffer: inout ScreenBuffer, label: String, style: RenderStyle, width: TextWidth) {
    let paper: Cell
    switch style.colors {
    case .none: paper = Cell("░")
    default:
      let gray: UInt8 = style.isInverted ? 48 : 216
      paper = Cell(" ", background: TerminalColor.rgb(gray, gray, gray).quantized(for: style.colors))
    }
    buffer.fill(with: paper)
    guard buffer.size.rows > 0 else { return }
    let text = width.truncated(label, toWidth: buffer.size.columns)
    let columns = width.width(of: text)
    var ink = paper
    ink.foreground = style.colors == .none ? .default : TerminalColor.rgb(96, 96, 96).quantized(for: style.colors)
    if style.colors == .none { ink.scalar = " " }
    buffer.write(
      text, at: CellPoint(x: (buffer.size.columns - columns) / 2, y: buffer.size.rows / 2),
      style: ink, width: width)
  }

  /// `picture` scaled to `size` by nearest cell: a stand-in from a render at another size.
  public static func scaledPicture(_ picture: ScreenBuffer, to size: CellSize) -> ScreenBuffer {
    var buffer = ScreenBuffer(size: size)
    guard !picture.size.isEmpty else { return buffer }
    for y in 0..<size.rows {
      let sourceY = min(picture.size.rows - 1, y * picture.size.rows / max(1, size.rows))
      for x in 0..<size.columns {
        let sourceX = min(picture.size.columns - 1, x * picture.size.columns / max(1, size.columns))
        var cell = picture[sourceX, sourceY]
        if cell.isContinuation {
          cell.isContinuation = false
          cell.scalar = " "
        }
        buffer[x, y] = cell
      }
    }
    return buffer
  }
}
