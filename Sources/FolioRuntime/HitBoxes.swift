import FolioCore
import FolioSearch
import FolioUI

/// Turns hits (byte ranges of a page's searchable text) into boxes on the page.
enum HitBoxes {
  /// For each range, its characters line by line: the boxes of a line's characters merged
  /// into one, as fractions of the page, with the characters.
  static func regions(of ranges: [Range<Int>], in text: PageText) -> [[HitBox]] {
    let (_, sources) = SearchableText.normalizingWithSources(text.text)
    let scalars = Array(text.text.unicodeScalars)
    return ranges.map { range in
      guard !range.isEmpty, range.upperBound <= sources.count else { return [] }
      let first = Int(sources[range.lowerBound])
      let last = Int(sources[range.upperBound - 1])
      guard first <= last, last < text.boxes.count, last < scalars.count else { return [] }
      var lines: [(box: TextBox, text: String.UnicodeScalarView)] = []
      for index in first...last {
        let box = text.boxes[index]
        guard !box.isEmpty else {
          // A space or line break between the hit's words: a gap within its line.
          if !lines.isEmpty { lines[lines.count - 1].text.append(" ") }
          continue
        }
        if var line = lines.last, Self.isSameLine(line.box, box) {
          line.box.left = min(line.box.left, box.left)
          line.box.top = min(line.box.top, box.top)
          line.box.right = max(line.box.right, box.right)
          line.box.bottom = max(line.box.bottom, box.bottom)
          line.text.append(scalars[index])
          lines[lines.count - 1] = line
        } else {
          lines.append((box, String.UnicodeScalarView([scalars[index]])))
        }
      }
      let scale = Double(TextBox.scale)
      return lines.map { line in
        let box = line.box
        return HitBox(
          region: PageRegion(
            x: Double(box.left) / scale, y: Double(box.top) / scale,
            width: Double(box.right - box.left) / scale,
            height: Double(box.bottom - box.top) / scale),
          text: Self.trimmed(line.text))
      }
    }
  }

  /// `scalars` without the whitespace at their ends.
  static func trimmed(_ scalars: String.UnicodeScalarView) -> String {
    var characters = Array(scalars)
    while characters.last?.properties.isWhitespace == true { characters.removeLast() }
    let start = characters.firstIndex { !$0.properties.isWhitespace } ?? characters.count
    return String(String.UnicodeScalarView(characters[start...]))
  }

  /// Whether `box` continues `line`: it overlaps the line's height by half and does not start
  /// left of it.
  static func isSameLine(_ line: TextBox, _ box: TextBox) -> Bool {
    let overlap = Int(min(line.bottom, box.bottom)) - Int(max(line.top, box.top))
    let height = Int(min(line.bottom - line.top, box.bottom - box.top))
    return overlap * 2 >= height && Int(box.left) + 16 >= Int(line.left)
  }
}
