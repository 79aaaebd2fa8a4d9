/// The text a text markup annotation marks: quadrilateral by quadrilateral in the order the
/// annotation gives them (the order it was marked in, a line each usually), the page's
/// characters whose box centres fall inside, in the page's reading order, each character once;
/// as one line: the lines joined by a space, or with nothing where a word hyphenated at a
/// line's end goes on ("hyph-" "enated" is "hyphenated"), runs of spaces as one, control
/// characters kept (they are the caller's to make safe for where the text goes).
public enum MarkedText {
  /// The characters that end a line in the middle of a word.
  static let hyphens: Set<Character> = ["-", "\u{AD}", "\u{2010}"]

  /// The text of `page` under `quadrilaterals`; empty when none of its characters are.
  public static func text(in page: PageText, under quadrilaterals: [PageQuadrilateral]) -> String {
    let scalars = Array(page.text.unicodeScalars)
    var taken = Set<Int>()
    var lines: [String] = []
    for quadrilateral in quadrilaterals {
      let inside = page.boxes.indices.filter { index in
        scalars[index] != "\n" && !page.boxes[index].isEmpty && !taken.contains(index)
          && quadrilateral.contains(center(of: page.boxes[index]))
      }
      taken.formUnion(inside)
      lines += self.lines(of: inside, in: scalars)
    }
    return joined(lines.map(collapsingSpaces).filter { !$0.isEmpty })
  }

  /// The characters at `indices` (ascending) as lines: a line break where the page's text
  /// has one between two of them, a space where other characters are left out between them.
  static func lines(of indices: [Int], in scalars: [Unicode.Scalar]) -> [String] {
    var lines: [String] = []
    var line = String.UnicodeScalarView()
    var previous: Int?
    for index in indices {
      if let previous, previous + 1 < index {
        if scalars[(previous + 1)..<index].contains("\n") {
          lines.append(String(line))
          line = String.UnicodeScalarView()
        } else {
          line.append(" ")
        }
      }
      line.append(scalars[index])
      previous = index
    }
    lines.append(String(line))
    return lines
  }

  /// The centre of `box`, in page fractions.
  static func center(of box: TextBox) -> UnitPoint {
    let scale = Double(TextBox.scale)
    return UnitPoint(
      x: (Double(box.left) + Double(box.right)) / 2 / scale,
      y: (Double(box.top) + Double(box.bottom)) / 2 / scale)
  }

  /// `lines` as one line: a space between two lines, nothing between a line ending in a
  /// hyphen after a letter and one starting with a lower-case letter (the hyphen dropped).
  static func joined(_ lines: [String]) -> String {
    var text = ""
    for line in lines {
      if let last = text.last, hyphens.contains(last),
        text.dropLast().last?.isLetter == true, line.first?.isLowercase == true
      {
        text.removeLast()
        text += line
      } else {
        text += text.isEmpty ? line : " " + line
      }
    }
    return text
  }

  /// `line` with each run of white space as one space, none at either end.
  static func collapsingSpaces(_ line: String) -> String {
    line.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
