import FolioCore

/// What a peek shows of the place a link leads to: the paragraph there (a reference list's
/// entry, a figure's caption, the text after a heading), read from the target page's words.
/// Pure; O(words of the page).
public enum PeekExcerpt {
  /// The most words an excerpt takes.
  static let mostWords = 400

  /// The text at `top` (a fraction of the page from its top; the page's start when nil) of
  /// the page whose words are `words`: the paragraph of the first word whose box reaches below
  /// `top`, and the next one too when that paragraph is short (a heading, a caption's label, a
  /// reference's number alone on its line). Empty for a page without text there.
  public static func text(of words: PageWords, at top: Double?) -> String {
    let list = words.words
    // A destination names the top of a line; a word whose box ends just below it is on it.
    let reach = (top ?? 0) + 0.002
    guard let first = list.firstIndex(where: { $0.box.y + $0.box.height > reach })
    else { return "" }
    let paragraph = list[first].paragraph
    var last = first
    while last + 1 < list.count, list[last + 1].paragraph == paragraph { last += 1 }
    if last - first < 7, last + 1 < list.count {
      let next = list[last + 1].paragraph
      while last + 1 < list.count, list[last + 1].paragraph == next { last += 1 }
    }
    last = min(last, first + mostWords - 1)
    // Lines joined into one line a paragraph, for the box to wrap (paragraphs stay apart).
    return CopiedText.text(of: [(words, first...last)])
      .split(separator: "\n\n", omittingEmptySubsequences: false)
      .map { $0.replacing("\n", with: " ") }
      .joined(separator: "\n\n")
  }
}
