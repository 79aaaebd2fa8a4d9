import FolioCore

/// What a page shows before its picture is ready: a light page-shaped box with its label in
/// the middle, or a cached picture of the same page at another size, scaled.
public enum Placeholder {
  /// Fills a buffer (a recycled tile's, its storage reused) with paper that is not drawn yet: a
  /// light gray box (a shade pattern without colors) with the label in the middle.
  public static func fill(
    _ buffer: inout ScreenBuffer, label: String, style: RenderStyle, width: TextWidth
  ) {
    let paper = style.colors == .none ? Cell("░") : grayPaper(style)
    buffer.fill(with: paper)
    guard buffer.size.rows > 0 else { return }
    let text = width.truncated(label, toWidth: buffer.size.columns)
    let columns = width.width(of: text)
    var ink = paper
    ink.foreground =
      style.colors == .none ? .default : TerminalColor.rgb(96, 96, 96).quantized(for: style.colors)
    if style.colors == .none { ink.scalar = " " }
    buffer.write(
      text, at: CellPoint(x: (buffer.size.columns - columns) / 2, y: buffer.size.rows / 2),
      style: ink, width: width)
  }

  /// A page that could not be drawn: the page-shaped box outlined, with "could not be drawn"
  /// and `reason` ("took over 20 s") in the middle, as far as they fit.
  public static func fillFailed(
    _ buffer: inout ScreenBuffer, reason: String, style: RenderStyle, width: TextWidth
  ) {
    let paper = style.colors == .none ? Cell(" ") : grayPaper(style)
    var ink = paper
    if style.colors != .none {
      ink.foreground = TerminalColor.rgb(160, 32, 32).quantized(for: style.colors)
    }
    buffer.fill(with: paper)
    let size = buffer.size
    guard size.columns > 0, size.rows > 0 else { return }
    // Box-drawing lines where the symbols are Unicode, else ASCII.
    let lines: (horizontal: Unicode.Scalar, vertical: Unicode.Scalar, corners: [Unicode.Scalar]) =
      style.symbols == .ascii
      ? ("-", "|", ["+", "+", "+", "+"]) : ("─", "│", ["┌", "┐", "└", "┘"])
    var outline = ink
    if size.columns >= 2 && size.rows >= 2 {
      for x in 0..<size.columns {
        outline.scalar = lines.horizontal
        buffer[x, 0] = outline
        buffer[x, size.rows - 1] = outline
      }
      for y in 0..<size.rows {
        outline.scalar = lines.vertical
        buffer[0, y] = outline
        buffer[size.columns - 1, y] = outline
      }
      let corners = [
        (0, 0), (size.columns - 1, 0), (0, size.rows - 1), (size.columns - 1, size.rows - 1),
      ]
      for (corner, place) in zip(lines.corners, corners) {
        outline.scalar = corner
        buffer[place.0, place.1] = outline
      }
    }
    let inside = size.columns >= 3 && size.rows >= 3
    let room = inside ? size.columns - 2 : size.columns
    let messages = ["could not be drawn", reason].filter { !$0.isEmpty }
      .flatMap { width.wrapped($0, toWidth: room) }
    let rows = inside ? size.rows - 2 : size.rows
    let shown = Array(messages.prefix(max(1, rows)))
    let top = (inside ? 1 : 0) + max(0, (rows - shown.count) / 2)
    for (offset, message) in shown.enumerated() where top + offset < size.rows {
      let text = width.truncated(message, toWidth: room)
      let columns = width.width(of: text)
      buffer.write(
        text, at: CellPoint(x: (size.columns - columns) / 2, y: top + offset), style: ink,
        width: width)
    }
  }

  /// Light gray paper (dark when inverted) in `style`'s colors: a page not drawn (yet).
  private static func grayPaper(_ style: RenderStyle) -> Cell {
    let gray: UInt8 = style.isInverted ? 48 : 216
    return Cell(" ", background: TerminalColor.rgb(gray, gray, gray).quantized(for: style.colors))
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
