import FolioCore

/// A mark the reader asked for over selected words (`H`, `U`, `X` in text selection): Folio
/// writes it into the PDF as a standard annotation, one box a line.
public struct MarkRequest: Sendable, Hashable {
  /// Its page.
  public var page: PageIndex
  /// A highlight, an underline, a strike-out, or a sticky note (`.note`).
  public var kind: AnnotationKind
  /// The selected words' boxes, one a line, in fractions of the page (a sticky note: the
  /// word it is beside).
  public var lines: [PageRegion]
  /// Its note, if it has one.
  public var note: String?

  /// A mark of `kind` over `lines` of `page`.
  public init(page: PageIndex, kind: AnnotationKind, lines: [PageRegion], note: String? = nil) {
    self.page = page
    self.kind = kind
    self.lines = lines
    self.note = note
  }
}

extension TextSelectionMode {
  /// The kind of mark each key makes (`N`: a highlight with a note typed after).
  static let markKeys: [Key: AnnotationKind] = [
    .character("H"): .highlight, .character("U"): .underline, .character("X"): .strikeOut,
    .character("N"): .highlight,
  ]

  /// `H`, `U` or `X`: the selection marked in the file, one request a page; the selection
  /// ends. `N`: a highlight whose note is typed first. `T`: a sticky note beside the cursor's
  /// word, its text typed first.
  mutating func markUp(with key: Key, state: AppState, intents: inout [Intent]) -> ModeResponse {
    if key == .character("T") {
      guard let position = cursor, let words = state.document.texts[position.page]?.words,
        words.indices.contains(position.word)
      else {
        intents.append(.say("reading the text…"))
        return .handled
      }
      let note = MarkRequest(page: position.page, kind: .note, lines: [words[position.word].box])
      return .replace(with: PromptMode(purpose: .note([note])))
    }
    guard let kind = Self.markKeys[key], let range else { return .handled }
    guard isTextRead(state) else {
      intents.append(.say("reading the text…"))
      return .handled
    }
    var requests: [MarkRequest] = []
    for raw in range.lowerBound.page.rawValue...range.upperBound.page.rawValue {
      let page = PageIndex(raw)
      guard let words = state.document.texts[page]?.words, !words.isEmpty else { continue }
      let first = page == range.lowerBound.page ? range.lowerBound.word : 0
      let last = page == range.upperBound.page ? range.upperBound.word : words.count - 1
      guard first <= last, words.indices.contains(first), words.indices.contains(last) else {
        continue
      }
      let lines = Self.lineBoxes(of: words[first...last])
      if !lines.isEmpty { requests.append(MarkRequest(page: page, kind: kind, lines: lines)) }
    }
    guard !requests.isEmpty else {
      intents.append(.say("nothing selected to mark"))
      return .handled
    }
    if key == .character("N") { return .replace(with: PromptMode(purpose: .note(requests))) }
    intents.append(.effects([.markUp(requests)]))
    return .close
  }

  /// The boxes of `words`, one a line: each line's words' boxes joined, in order.
  static func lineBoxes(of words: ArraySlice<PageWords.Word>) -> [PageRegion] {
    var lines: [(line: Int, box: PageRegion)] = []
    for word in words where word.box.width > 0 && word.box.height > 0 {
      if let last = lines.last, last.line == word.line {
        lines[lines.count - 1].box = PageWords.union(last.box, word.box)
      } else {
        lines.append((word.line, word.box))
      }
    }
    return lines.map(\.box)
  }
}
