import FolioCore

/// A citation or a figure's number the reader peeks at where no link leads from it ("[12]",
/// "Figure 3"): found by its label where the target's paragraph starts with it — a reference
/// entry "[12] …" on the last pages, a caption "Figure 3: …" or "Table 3. …" near the page it
/// is cited on — and only where exactly one paragraph of those pages starts so.
public struct PeekLabel: Hashable, Sendable {
  /// What the label names.
  public enum Kind: Hashable, Sendable {
    /// A numbered reference: its entry starts "[N]".
    case reference
    /// A figure or table (the word, as "Figure", "Fig." or "Table"): its caption starts with
    /// the word, the number and a colon or period.
    case figure(String)
  }

  public var kind: Kind
  /// The number, as written ("12", "3", "A.2").
  public var number: String
  /// The page it is cited on.
  public var page: PageIndex

  /// A label of `kind` numbered `number`, cited on `page`.
  public init(kind: Kind, number: String, page: PageIndex) {
    self.kind = kind
    self.number = number
    self.page = page
  }

  /// How many pages from the end a reference list is looked for in; how far around the
  /// citing page a caption is.
  static let referencePages = 30
  static let figurePages = -2...4

  /// The label the cursor's word `index` of `words` (on `page`) is part of, if any: "[12]",
  /// "[3," "4]" (a citation's numbers), "Figure 3", "Fig. 3", "Table 2" (the word or its
  /// number).
  public static func parse(_ words: PageWords, at index: Int, on page: PageIndex) -> PeekLabel? {
    guard words.words.indices.contains(index) else { return nil }
    let text = { (i: Int) -> String in
      guard words.words.indices.contains(i) else { return "" }
      return words.string(of: words.words[i])
    }
    let word = text(index)
    // "[12]", "[3," "4]", "[3,4]" (its first number): brackets, digits and separators only.
    let numbers = word.split(whereSeparator: { "[],;.:()".contains($0) })
    if word.contains("[") || word.contains("]"), let first = numbers.first,
      numbers.allSatisfy({ $0.allSatisfy(\.isNumber) }),
      word.allSatisfy({ $0.isNumber || "[],;.:()".contains($0) })
    {
      return PeekLabel(kind: .reference, number: String(first), page: page)
    }
    let names = ["Figure", "Fig.", "Table"]
    if names.contains(word), let number = figureNumber(text(index + 1)) {
      return PeekLabel(kind: .figure(word), number: number, page: page)
    }
    if let number = figureNumber(word), names.contains(text(index - 1)) {
      return PeekLabel(kind: .figure(text(index - 1)), number: number, page: page)
    }
    return nil
  }

  /// "3", "3.", "A.2," → "3", "3", "A.2"; nil for a word that is not a figure's number.
  private static func figureNumber(_ word: String) -> String? {
    var number = word
    while let last = number.last, ",.;:)".contains(last) { number.removeLast() }
    guard let first = number.first, first.isNumber || (first.isUppercase && number.count > 1),
      number.allSatisfy({ $0.isNumber || $0 == "." || $0.isUppercase })
    else { return nil }
    return number
  }

  /// The pages the target is looked for in, in the order they are read.
  public func pages(in pageCount: Int) -> [PageIndex] {
    switch kind {
    case .reference:
      let first = max(0, pageCount - Self.referencePages)
      return stride(from: pageCount - 1, through: first, by: -1).map { PageIndex($0) }
    case .figure:
      let around = Self.figurePages.map { page.rawValue + $0 }
      return around.filter { (0..<pageCount).contains($0) }.map { PageIndex($0) }
    }
  }

  /// Whether a paragraph starting with `start` (its first words, as read) is the target.
  func isTarget(_ start: String) -> Bool {
    switch kind {
    case .reference:
      return start.hasPrefix("[\(number)]")
    case .figure(let word):
      let names = word == "Table" ? ["Table"] : ["Figure", "Fig."]
      return names.contains { name in
        [":", "."].contains { start.hasPrefix("\(name) \(number)\($0)") }
      }
    }
  }

  /// Where the target is, once every page to look in is read: the one paragraph of those
  /// pages that starts with the label; nil while pages are unread (`unread`), or when none or
  /// several do (`found` says which).
  public func find(in state: AppState) -> Search {
    var found: [Destination] = []
    var unread: [PageIndex] = []
    for page in pages(in: state.document.pageCount) {
      guard let words = state.document.texts[page] else {
        unread.append(page)
        continue
      }
      var previous: Int?
      for (index, word) in words.words.enumerated() where word.paragraph != previous {
        previous = word.paragraph
        let start = (index..<min(words.words.count, index + 3)).map {
          words.string(of: words.words[$0])
        }.joined(separator: " ")
        if isTarget(start) {
          found.append(Destination(page: page, top: max(0, word.box.y - 0.005), left: word.box.x))
        }
      }
    }
    return Search(found: found, unread: unread)
  }

  /// How far looking for the target got.
  public struct Search: Sendable {
    /// Paragraphs starting with the label, so far.
    public var found: [Destination]
    /// Pages still to read.
    public var unread: [PageIndex]
  }

  /// How the label reads ("[12]", "Figure 3").
  public var name: String {
    switch kind {
    case .reference: "[\(number)]"
    case .figure(let word): "\(word) \(number)"
    }
  }
}
