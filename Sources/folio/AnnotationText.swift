import FolioCore

/// The annotations of one document as `--annotations` prints them.
struct AnnotatedDocument {
  /// The file's path, as named on the command line or found in a folder.
  var path: String
  /// The document's title, if it has one.
  var title: String?
  /// Its annotations with each one's page label (the page number when it has none).
  var annotations: [(annotation: DocumentAnnotation, label: String)]

  /// One line an annotation, `FILE PAGE LABEL KIND MARKED NOTE` separated by tabs: control
  /// characters in the fields dropped, tabs and line breaks as spaces (`FindList.field`).
  var listLines: [String] {
    annotations.map { annotation, label in
      [
        path, String(annotation.page.number), label, annotation.kind.name,
        annotation.markedText, annotation.note ?? "",
      ].map(FindList.field).joined(separator: "\t")
    }
  }

  /// The document as markdown: a heading (its title and file name), then each annotation: its
  /// marked text quoted, with its page label, and its note under it; an annotation without
  /// marked text (a sticky note) as its note with its page label. Empty without annotations.
  var markdown: String {
    guard !annotations.isEmpty else { return "" }
    let file = Self.oneLine(path.split(separator: "/").last.map(String.init) ?? path)
    let heading = title.map { Self.oneLine($0) }.flatMap { $0.isEmpty ? nil : $0 }
    var text = "# " + (heading.map { "\($0) (\(file))" } ?? file) + "\n"
    for (annotation, label) in annotations {
      let page = "p. " + Self.oneLine(label)
      let note = annotation.note.map(Self.paragraphs).flatMap { $0.isEmpty ? nil : $0 }
      let marked = Self.oneLine(annotation.markedText)
      text += "\n"
      if !marked.isEmpty {
        text += "> \(marked) (\(page))\n"
        if let note { text += "\n\(note)\n" }
      } else if let note {
        text += annotation.kind == .note ? "" : "(\(TerminalText.sanitized(annotation.kind.name))) "
        text += "\(note) (\(page))\n"
      } else {
        text += "(\(TerminalText.sanitized(annotation.kind.name)), \(page))\n"
      }
    }
    return text
  }

  /// `text` on one line: control characters dropped, line breaks as spaces, runs of spaces as
  /// one.
  static func oneLine(_ text: String) -> String {
    TerminalText.sanitized(text).split(separator: " ").joined(separator: " ")
  }

  /// A note's lines, each made safe, paragraphs apart by one empty line.
  static func paragraphs(_ note: String) -> String {
    let lines = note.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
      .map { oneLine(String($0)) }
    var kept: [String] = []
    for line in lines where !(line.isEmpty && (kept.last?.isEmpty ?? true)) {
      kept.append(line)
    }
    while kept.last?.isEmpty == true { kept.removeLast() }
    return kept.joined(separator: "\n")
  }
}
