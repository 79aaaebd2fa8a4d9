import FolioCore

/// Finds the lines a tagged PDF's headings are set on: for each heading, the run of
/// consecutive lines whose text is all part of the heading's and covers most of it (compared
/// by letters and digits alone, case aside). Where several runs would do, the first that
/// starts a paragraph is taken (a body line that happens to read as a short heading's text
/// does not); each line goes to one heading at most.
enum TaggedHeadingLines {
  /// The share of a heading's letters and digits its lines must show.
  static let coverage = 0.8

  /// Each heading's run of `lines` (of `page`) and its level, in the headings' order.
  static func runs(of headings: [TaggedHeading], in lines: [PageLine], page: PageWords)
    -> [(lines: Range<Int>, level: Int)]
  {
    guard !headings.isEmpty else { return [] }
    let keys = lines.map { key($0.text) }
    var taken = Set<Int>()
    var found: [(lines: Range<Int>, level: Int)] = []
    for heading in headings {
      let target = key(heading.text)
      guard target.count >= 2 else { continue }
      var candidates: [Range<Int>] = []
      var start = 0
      while start < lines.count {
        guard !taken.contains(start), !keys[start].isEmpty, target.contains(keys[start]) else {
          start += 1
          continue
        }
        var end = start + 1
        var joined = keys[start]
        while end < lines.count, !taken.contains(end), !keys[end].isEmpty,
          target.contains(joined + keys[end])
        {
          joined += keys[end]
          end += 1
        }
        if Double(joined.count) >= Double(target.count) * coverage {
          candidates.append(start..<end)
        }
        start = end
      }
      let startsParagraph = { (run: Range<Int>) -> Bool in
        run.lowerBound == 0
          || page.words[lines[run.lowerBound].words.lowerBound].paragraph
            != page.words[lines[run.lowerBound - 1].words.lowerBound].paragraph
      }
      guard let run = candidates.first(where: startsParagraph) ?? candidates.first else {
        continue
      }
      taken.formUnion(run)
      found.append((run, heading.level))
    }
    return found
  }

  /// `text`'s letters and digits (ligatures as letters), lowercased: what a line and a
  /// heading are compared by (the structure tree's text and the text layer space and break
  /// it differently).
  static func key(_ text: String) -> String {
    String(CopiedText.cleaned(text).lowercased().filter { $0.isLetter || $0.isNumber })
  }
}
