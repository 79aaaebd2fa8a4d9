/// The text of one page as the document's text layer gives it: characters in reading order,
/// lines separated by line feeds, and where each character sits on the page. What searching
/// and highlighting read.
public struct PageText: Hashable, Sendable {
  /// The characters, untrusted (control characters included).
  public var text: String
  /// One box per Unicode scalar of `text`, in the same order.
  public var boxes: [TextBox]
  /// The runs of `text`'s scalars set in a bold font, in order, apart and within the text;
  /// empty where the fonts were not read (only the reading view asks for them).
  public var bold: [Range<Int>]

  /// Creates page text; `boxes` is cut or padded with empty boxes to one per scalar of `text`,
  /// and `bold` kept to runs within the text, in order and apart.
  public init(text: String, boxes: [TextBox], bold: [Range<Int>] = []) {
    self.text = text
    self.bold = Self.runs(bold, within: text.unicodeScalars.count)
    let count = text.unicodeScalars.count
    self.boxes =
      boxes.count == count
      ? boxes
      : Array(boxes.prefix(count)) + Array(repeating: TextBox(), count: max(0, count - boxes.count))
  }

  /// A page without text.
  public static let empty = PageText(text: "", boxes: [])

  /// `ranges` clamped to `0..<count`, the empty ones left out, sorted, and those that touch
  /// or overlap merged.
  static func runs(_ ranges: [Range<Int>], within count: Int) -> [Range<Int>] {
    guard !ranges.isEmpty else { return [] }
    var merged: [Range<Int>] = []
    for range in ranges.map({ $0.clamped(to: 0..<max(0, count)) }).filter({ !$0.isEmpty })
      .sorted(by: { $0.lowerBound < $1.lowerBound })
    {
      if let last = merged.last, range.lowerBound <= last.upperBound {
        merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
      } else {
        merged.append(range)
      }
    }
    return merged
  }

  /// Whether most of the scalars in `range` are in a bold run. O(log runs + runs it meets).
  public func isBold(_ range: Range<Int>) -> Bool {
    guard !bold.isEmpty, !range.isEmpty else { return false }
    var low = 0
    var high = bold.count
    while low < high {
      let middle = (low + high) / 2
      if bold[middle].upperBound <= range.lowerBound { low = middle + 1 } else { high = middle }
    }
    var covered = 0
    var index = low
    while index < bold.count, bold[index].lowerBound < range.upperBound {
      covered += bold[index].clamped(to: range).count
      index += 1
    }
    return covered * 2 > range.count
  }
}

/// Where a character sits on its page: left, top, right and bottom edges in 1/65,535 of the
/// page's width and height from its top-left corner, as the page is displayed (its rotation
/// applied). Eight bytes, so a long document's boxes stay small.
public struct TextBox: Hashable, Sendable {
  /// The scale of the coordinates: the page's width or height.
  public static let scale = 65535

  public var left: UInt16
  public var top: UInt16
  public var right: UInt16
  public var bottom: UInt16

  /// A box from edges already in the box's scale.
  public init(left: UInt16 = 0, top: UInt16 = 0, right: UInt16 = 0, bottom: UInt16 = 0) {
    self.left = left
    self.top = top
    self.right = right
    self.bottom = bottom
  }

  /// A box from edges given as fractions of the page (clamped to 0…1; NaN counts as 0).
  public init(left: Double, top: Double, right: Double, bottom: Double) {
    func scaled(_ value: Double) -> UInt16 {
      guard value > 0 else { return 0 }
      return UInt16(min(1, value) * Double(Self.scale) + 0.5)
    }
    self.init(
      left: scaled(min(left, right)), top: scaled(min(top, bottom)),
      right: scaled(max(left, right)), bottom: scaled(max(top, bottom)))
  }

  /// Whether the box covers nothing (a character without a place, such as a line break).
  public var isEmpty: Bool { right <= left || bottom <= top }
}

extension TextBox {
  /// Bytes per box in `encode`.
  public static let encodedSize = 8

  /// `boxes` as bytes: each box's left, top, right and bottom, little-endian.
  public static func encode(_ boxes: [TextBox]) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: boxes.count * encodedSize)
    var offset = 0
    for box in boxes {
      for value in [box.left, box.top, box.right, box.bottom] {
        bytes[offset] = UInt8(truncatingIfNeeded: value)
        bytes[offset + 1] = UInt8(truncatingIfNeeded: value >> 8)
        offset += 2
      }
    }
    return bytes
  }

  /// The boxes `encode` wrote; nil when `bytes` is not a whole number of boxes.
  public static func decode(_ bytes: ArraySlice<UInt8>) -> [TextBox]? {
    guard bytes.count % encodedSize == 0 else { return nil }
    let start = bytes.startIndex
    return (0..<bytes.count / encodedSize).map { index in
      func value(_ field: Int) -> UInt16 {
        let offset = start + index * encodedSize + field * 2
        return UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
      }
      return TextBox(left: value(0), top: value(1), right: value(2), bottom: value(3))
    }
  }

  /// The boxes `encode` wrote; nil when `bytes` is not a whole number of boxes.
  public static func decode(_ bytes: [UInt8]) -> [TextBox]? { decode(bytes[...]) }
}

/// How large a page's body text is: the median height and advance of its characters (spaces
/// aside), as fractions of the page's height and width. What `z` zooms the text to legible by.
public struct BodyTextSize: Hashable, Sendable {
  /// The median character height, as a fraction of the page's height.
  public var height: Double
  /// The median character advance, as a fraction of the page's width.
  public var advance: Double
  /// Where the text's column starts, as a fraction of the page's width: the leftmost place a
  /// tenth of its lines start at (indented lines, a second column's lines start further right;
  /// the odd margin note is too few to move it).
  public var left: Double

  /// Creates a size.
  public init(height: Double, advance: Double, left: Double = 0) {
    self.height = height
    self.advance = advance
    self.left = left
  }

  /// The body text size of `text`; nil for a page without measurable characters.
  public init?(of text: PageText) {
    var heights: [Int] = []
    var advances: [Int] = []
    var lineStarts: [Int] = []
    var startsLine = true
    for (scalar, box) in zip(text.text.unicodeScalars, text.boxes) {
      if scalar == "\n" { startsLine = true }
      guard !scalar.properties.isWhitespace, box.bottom > box.top, box.right > box.left else {
        continue
      }
      heights.append(Int(box.bottom) - Int(box.top))
      advances.append(Int(box.right) - Int(box.left))
      if startsLine { lineStarts.append(Int(box.left)) }
      startsLine = false
    }
    guard !heights.isEmpty else { return nil }
    heights.sort()
    advances.sort()
    lineStarts.sort()
    height = Double(heights[heights.count / 2]) / Double(TextBox.scale)
    advance = Double(advances[advances.count / 2]) / Double(TextBox.scale)
    left =
      Double(Self.columnStart(of: lineStarts, advance: advances[advances.count / 2]))
      / Double(TextBox.scale)
  }

  /// Where the text's column starts, given its lines' starts in order: the leftmost start that
  /// a tenth of the lines (at least two) share within two characters, so indented lines
  /// (code, lists, first lines) do not move it right and a stray line left of the column does
  /// not move it left. O(lines).
  static func columnStart(of starts: [Int], advance: Int) -> Int {
    guard let first = starts.first else { return 0 }
    let needed = min(starts.count, max(2, starts.count / 10))
    var end = 0
    for (index, start) in starts.enumerated() {
      end = max(end, index)
      while end < starts.count, starts[end] <= start + 2 * advance { end += 1 }
      if end - index >= needed { return start }
    }
    return first
  }
}
