import FolioCore
import FolioUI

/// Pages of text for reflow tests, laid out like a PDF's text layer gives them: lines of
/// characters with boxes, in the reading order given (columns one after another).
enum ReflowPage {
  /// One line: its text, where it starts across and its top (fractions of the page), its
  /// characters' height and advance.
  struct Line {
    var text: String
    var x: Double
    var top: Double
    var height: Double
    var advance: Double
    /// Whether it is set in a bold font.
    var isBold: Bool

    init(
      _ text: String, x: Double = 0.1, top: Double, height: Double = 0.012,
      advance: Double = 0.008, isBold: Bool = false
    ) {
      self.isBold = isBold
      self.text = text
      self.x = x
      self.top = top
      self.height = height
      self.advance = advance
    }
  }

  /// The words of `lines`; a nil line is an empty line in the text (a paragraph break).
  static func words(_ lines: [Line?]) -> PageWords {
    var text = ""
    var boxes: [TextBox] = []
    var bold: [Range<Int>] = []
    for (index, line) in lines.enumerated() {
      if index > 0 {
        text += "\n"
        boxes.append(TextBox())
      }
      guard let line else { continue }
      if line.isBold { bold.append(boxes.count..<boxes.count + line.text.unicodeScalars.count) }
      var x = line.x
      for scalar in line.text.unicodeScalars {
        text.unicodeScalars.append(scalar)
        boxes.append(
          TextBox(left: x, top: line.top, right: x + line.advance, bottom: line.top + line.height))
        x += line.advance
      }
    }
    return PageWords(PageText(text: text, boxes: boxes, bold: bold))
  }

  /// Body lines one under another from `top`, 0.016 of the page apart.
  static func column(_ texts: [String], x: Double = 0.1, top: Double) -> [Line] {
    texts.enumerated().map { Line($0.element, x: x, top: top + Double($0.offset) * 0.016) }
  }

  /// The blocks of one page alone.
  static func blocks(_ lines: [Line?], page: Int = 0) -> [ReadingBlock] {
    PageReflow.blocks(
      of: words(lines), at: PageIndex(page), label: nil, context: ReflowContext())
  }

  /// The texts of the blocks of `kind`.
  static func texts(_ blocks: [ReadingBlock], _ kind: ReadingBlock.Kind) -> [String] {
    blocks.filter { $0.kind == kind }.map(\.text)
  }
}
