import FolioCore

/// One laid-out line of the reading view: what it shows, where it starts, and which part of
/// which block it came from.
public struct ReadingLine: Hashable, Sendable {
  /// How a line is drawn.
  public enum Style: Hashable, Sendable {
    /// Running text.
    case body
    /// A heading's line (drawn bold), level 1 the largest.
    case heading(level: Int)
    /// The thin separator where a page begins, with its label.
    case pageStart
    /// The placeholder of a region shown as a picture.
    case region
    /// An empty line between blocks.
    case blank
  }

  /// The index of its block in the blocks laid out (an empty line: the block before it).
  public var block: Int
  /// The scalars of the block's text it shows, as offsets (empty for a separator, a
  /// placeholder or an empty line).
  public var text: Range<Int>
  /// The columns before it: the margin that centres the measure.
  public var indent: Int
  /// What it shows, sanitized, at most the measure wide.
  public var content: String
  /// How it is drawn.
  public var style: Style

  /// Creates a line.
  public init(block: Int, text: Range<Int>, indent: Int, content: String, style: Style) {
    self.block = block
    self.text = text
    self.indent = indent
    self.content = content
    self.style = style
  }
}

/// Lays reading blocks out into terminal lines at a width: a measure of at most 80 columns
/// (`measure`), centred when the width is larger; words wrapped whole (a word wider than the
/// measure is cut), widths measured with `TextWidth` (wide CJK characters take two columns);
/// an empty line between blocks; a page's start as a thin rule with its label; a region as
/// the rows its crop takes (`regionRows`, one by default), the first naming it ("[figure, p.
/// 3]") where no crop is drawn.
public enum ReadingWrap {
  /// The widest measure: comfortable reading.
  public static let measure = 80

  /// The lines of `blocks` at `width` columns. O(characters).
  public static func lines(
    of blocks: [ReadingBlock], width: Int, textWidth: TextWidth,
    regionRows: (ReadingBlock) -> Int = { _ in 1 }
  ) -> [ReadingLine] {
    let measure = max(1, min(width, Self.measure))
    let indent = max(0, (width - measure) / 2)
    var lines: [ReadingLine] = []
    for (index, block) in blocks.enumerated() {
      if index > 0 {
        lines.append(
          ReadingLine(block: index - 1, text: 0..<0, indent: indent, content: "", style: .blank))
      }
      switch block.kind {
      case .pageStart:
        let label = textWidth.truncated(block.text, toWidth: max(0, measure - 4))
        let used = textWidth.width(of: label) + (label.isEmpty ? 2 : 4)
        let rule = label.isEmpty ? "──" : "── \(label) "
        lines.append(
          ReadingLine(
            block: index, text: 0..<0, indent: indent,
            content: textWidth.truncated(
              rule + String(repeating: "─", count: max(0, measure - used)), toWidth: measure),
            style: .pageStart))
      case .region(let kind):
        let label = kind == .page ? "page" : kind.rawValue
        lines.append(
          ReadingLine(
            block: index, text: 0..<0, indent: indent,
            content: textWidth.truncated("[\(label), p. \(block.page.number)]", toWidth: measure),
            style: .region))
        // The rows a crop of the region takes, under its first.
        for _ in 1..<max(1, regionRows(block)) {
          lines.append(
            ReadingLine(block: index, text: 0..<0, indent: indent, content: "", style: .region))
        }
      case .lines:
        // Each line as the page sets it, wrapped only where it is wider than the measure.
        let scalars = Array(block.text.unicodeScalars)
        var start = 0
        for part in block.text.split(separator: "\n", omittingEmptySubsequences: false) {
          let count = part.unicodeScalars.count
          for range in wrapped(String(part), measure: measure, textWidth: textWidth) {
            let shifted = (range.lowerBound + start)..<(range.upperBound + start)
            lines.append(
              ReadingLine(
                block: index, text: shifted, indent: indent,
                content: TerminalText.sanitized(String(String.UnicodeScalarView(scalars[shifted]))),
                style: .body))
          }
          start += count + 1
        }
      case .heading, .paragraph:
        var style = ReadingLine.Style.body
        if case .heading(let level) = block.kind { style = .heading(level: level) }
        let scalars = Array(block.text.unicodeScalars)
        let hang = style == .body ? hanging(block.text, measure: measure, textWidth: textWidth) : 0
        for (number, range) in wrapped(
          block.text, measure: measure, textWidth: textWidth, hang: hang
        ).enumerated() {
          lines.append(
            ReadingLine(
              block: index, text: range, indent: indent + (number > 0 ? hang : 0),
              content: TerminalText.sanitized(String(String.UnicodeScalarView(scalars[range]))),
              style: style))
        }
      }
    }
    return lines
  }

  /// The columns a list's item hangs its lines after the first by: its marker's width and a
  /// space, when the text starts with a marker ("•", "–", "2.", "(b)") and the measure
  /// leaves room; else 0.
  static func hanging(_ text: String, measure: Int, textWidth: TextWidth) -> Int {
    guard let space = text.firstIndex(of: " ") else { return 0 }
    let marker = String(text[..<space])
    guard
      marker.first.map(ListItem.bullets.contains) == true && marker.count == 1
        || ListItem.isWeakMarker(marker)
    else { return 0 }
    let hang = textWidth.width(of: marker) + 1
    return measure >= hang * 4 ? hang : 0
  }

  /// The lines of `text` (words apart by spaces) at `measure` columns, the lines after the
  /// first `hang` columns narrower, as ranges of its scalars: whole words where they fit, a
  /// word wider than the line cut between characters (a combining mark stays with the
  /// character before it).
  static func wrapped(_ text: String, measure full: Int, textWidth: TextWidth, hang: Int = 0)
    -> [Range<Int>]
  {
    let scalars = Array(text.unicodeScalars)
    var ranges: [Range<Int>] = []
    var measure = full
    func finish(_ range: Range<Int>) {
      ranges.append(range)
      measure = max(1, full - hang)
    }
    var lineStart: Int?
    var lineEnd = 0
    var used = 0
    var offset = 0
    while offset < scalars.count {
      if scalars[offset] == " " {
        offset += 1
        continue
      }
      var end = offset
      var width = 0
      while end < scalars.count, scalars[end] != " " {
        width += max(0, textWidth.columns(scalars[end]))
        end += 1
      }
      if lineStart != nil, used + 1 + width <= measure {
        used += 1 + width
        lineEnd = end
      } else {
        if let start = lineStart { finish(start..<lineEnd) }
        lineStart = nil
        used = 0
        // A word wider than the measure: as much as fits on each line.
        var piece = offset
        while width > measure {
          var cut = piece
          var taken = 0
          while cut < end {
            let columns = max(0, textWidth.columns(scalars[cut]))
            if taken + columns > measure, cut > piece { break }
            taken += columns
            cut += 1
          }
          finish(piece..<cut)
          width -= taken
          piece = cut
        }
        if piece < end {
          lineStart = piece
          lineEnd = end
          used = width
        }
      }
      offset = end
    }
    if let start = lineStart { finish(start..<lineEnd) }
    return ranges
  }
}
