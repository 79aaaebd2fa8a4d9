import FolioCore

/// What the app knows about its document without asking it again: page count, a display
/// title, and the page labels read so far. Text here is already sanitized for the terminal.
public struct DocumentFacts: Sendable {
  /// The number of pages, at least 1.
  public let pageCount: Int
  /// The title to show: the document's own, else its file name.
  public let title: String
  /// Labels read so far, by page (nil: not read yet, or the label is the page number).
  public private(set) var labels: [String?]

  /// Creates facts; `title` and `labels` are sanitized here.
  public init(pageCount: Int, title: String, labels: [Int: String] = [:]) {
    self.pageCount = max(1, pageCount)
    self.title = TerminalText.sanitized(title)
    self.labels = Array(repeating: nil, count: max(1, pageCount))
    for (page, label) in labels { setLabel(label, of: PageIndex(page)) }
  }

  /// Records a page's label (sanitized).
  public mutating func setLabel(_ label: String?, of page: PageIndex) {
    guard labels.indices.contains(page.rawValue) else { return }
    labels[page.rawValue] = label.map(TerminalText.sanitized)
  }

  /// The label to show for a page: its own, else its number.
  public func label(of page: PageIndex) -> String {
    guard labels.indices.contains(page.rawValue) else { return String(page.number) }
    return labels[page.rawValue] ?? String(page.number)
  }

  /// "iv · 4 / 320", or "4 / 320" when the label is the number.
  public func position(of page: PageIndex) -> String {
    let counter = "\(page.number) / \(pageCount)"
    guard labels.indices.contains(page.rawValue), let label = labels[page.rawValue] else {
      return counter
    }
    return "\(label) · \(counter)"
  }

  /// The page a typed target names: a label read so far, else a page number. O(n).
  public func page(named target: String) -> PageIndex? {
    let text = target.trimmingCharacters(in: " ")
    if let index = labels.firstIndex(where: { $0 == text }) { return PageIndex(index) }
    if let number = Int(text), (1...pageCount).contains(number) { return PageIndex(number: number) }
    return nil
  }
}

extension String {
  fileprivate func trimmingCharacters(in set: Character) -> String {
    String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
  }
}
