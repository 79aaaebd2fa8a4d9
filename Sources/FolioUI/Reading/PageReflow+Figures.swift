import FolioCore

/// Figures drawn without text: a drawing or a photograph has no words for the reflow to see,
/// only the empty height it leaves between two blocks of a column. Such a gap becomes a
/// figure region, so the reading view shows its crop where the page has it.
extension PageReflow {
  /// The least empty height between two blocks of a column taken for a figure: about five
  /// lines of body text on a Letter or A4 page, more than any heading's space.
  static let figureGap = 0.07
  /// The fewest words the blocks above and below a gap have for it to be taken for a figure
  /// (unless the block below is its caption).
  static let framingWords = 8

  /// `blocks` (one page's, in reading order) with a figure region in each gap of
  /// `figureGap` or more between two text blocks one above the other (their columns
  /// overlapping). O(blocks).
  static func withDrawnFigures(_ blocks: [ReadingBlock]) -> [ReadingBlock] {
    var result: [ReadingBlock] = []
    for block in blocks {
      if let previous = result.last, isText(previous), isText(block) {
        let above = previous.box
        let below = block.box
        let bottom = above.y + above.height
        let overlaps = above.x < below.x + below.width && below.x < above.x + above.width
        // A footnote under the text of a short page is no figure's foot, and the space
        // between a slide's or a title page's few words is no figure: text around it, or
        // its caption under it.
        let isFramed =
          isCaption(block.text)
          || previous.spans.count >= Self.framingWords && block.spans.count >= Self.framingWords
        if overlaps, below.y - bottom >= figureGap, below.y < 0.85, isFramed {
          let left = min(above.x, below.x)
          let right = max(above.x + above.width, below.x + below.width)
          result.append(
            ReadingBlock(
              kind: .region(.figure), page: block.page, text: "",
              words: previous.words.upperBound..<previous.words.upperBound,
              box: PageRegion(x: left, y: bottom, width: right - left, height: below.y - bottom)))
        }
      }
      result.append(block)
    }
    return result
  }

  /// Whether `text` starts as a figure's or a table's caption does ("Figure 3:", "Fig. 3.",
  /// "Table 2:", "Listing 1.", "Algorithm 1:").
  static func isCaption(_ text: String) -> Bool {
    let words = text.split(separator: " ", maxSplits: 2)
    guard words.count >= 2,
      ["Figure", "Fig.", "Table", "Listing", "Algorithm"].contains(String(words[0]))
    else { return false }
    let number = words[1]
    guard let last = number.last, ":.".contains(last) || words.count == 2 else { return false }
    return number.dropLast().first?.isNumber == true
      || (number.first?.isNumber == true && words.count == 2)
  }

  /// `blocks` with the text a float interrupted joined again: a paragraph broken off in the
  /// middle of a sentence, then a figure and its caption at the foot of its column, then the
  /// rest of the paragraph at the top of the next column becomes one paragraph before the
  /// figure. O(blocks + characters moved).
  static func withInterruptedTextJoined(_ blocks: [ReadingBlock]) -> [ReadingBlock] {
    var result = blocks
    var index = 0
    while index < result.count {
      defer { index += 1 }
      guard result[index].kind == .paragraph,
        !LineRole.Shape(String(result[index].text.suffix(3))).endsSentence
      else { continue }
      // The floats after it: regions and captions.
      var next = index + 1
      var sawCaption = false
      while next < result.count {
        if case .region = result[next].kind {
          next += 1
        } else if result[next].kind == .paragraph, isCaption(result[next].text) {
          sawCaption = true
          next += 1
        } else {
          break
        }
      }
      guard sawCaption, next < result.count, result[next].kind == .paragraph,
        result[next].box.y < result[next - 1].box.y
      else { continue }
      result[index] = joined(result[index], result[next])
      result.remove(at: next)
    }
    return result
  }

  /// `first` followed by `second`, a space between them.
  private static func joined(_ first: ReadingBlock, _ second: ReadingBlock) -> ReadingBlock {
    var block = first
    let shift = first.text.unicodeScalars.count + 1
    block.text = first.text + " " + second.text
    block.spans += second.spans.map {
      ReadingBlock.Span(
        text: ($0.text.lowerBound + shift)..<($0.text.upperBound + shift), word: $0.word)
    }
    block.words =
      min(
        first.words.lowerBound, second.words.lowerBound)..<max(
        first.words.upperBound, second.words.upperBound)
    return block
  }

  private static func isText(_ block: ReadingBlock) -> Bool {
    switch block.kind {
    case .heading, .paragraph, .lines: return true
    case .pageStart, .region: return false
    }
  }
}
