/// The label under a document's cover on the shelf: its file name (with its folder when
/// another file on the shelf has the same name), its title beside it when the title says
/// something the name does not, its page count or the page it was left at, and how many
/// annotations it has when it has any. Two copies of one manual differ by name; a title that is
/// only a file name (TeX's `manual.dvi`) or control characters is left out.
public enum CoverLabel {
  /// `name · title · N pages`, or `… · p. P / N` when it was left at page `place` (from 0)
  /// past the first; then `· A annotations` when `annotationCount` is more than 0 (every kind
  /// counts: a highlight without a note is an annotation, not a note).
  public static func text(
    name: String, title: String?, pageCount: Int, place: Int?, annotationCount: Int = 0
  ) -> String {
    var parts = [name]
    if let title = usefulTitle(title, besides: name) { parts.append(title) }
    if let place, (0..<pageCount).contains(place), place > 0 {
      parts.append("p. \(place + 1) / \(pageCount)")
    } else {
      parts.append(pageCount == 1 ? "1 page" : "\(pageCount) pages")
    }
    if annotationCount > 0 {
      parts.append(annotationCount == 1 ? "1 annotation" : "\(annotationCount) annotations")
    }
    return parts.joined(separator: " · ")
  }

  /// The annotation count a label made by `text(…)` shows (0 when it shows none): the count
  /// is its last part, after the pages, so a title can never be taken for it.
  public static func annotationCount(in label: String) -> Int {
    guard let last = label.split(separator: " · ").last, label.contains(" · ") else { return 0 }
    let words = last.split(separator: " ")
    guard words.count == 2, words[1] == "annotation" || words[1] == "annotations",
      let count = Int(words[0]), count > 0
    else { return 0 }
    return count
  }

  /// What each of `paths` is called on its cover: its file name, or its folder and file name
  /// where two files of the shelf share a name (and the whole path where they share both).
  public static func names(of paths: [String]) -> [String] {
    func components(_ path: String) -> [Substring] { path.split(separator: "/") }
    let last = paths.map { components($0).last.map(String.init) ?? $0 }
    var counts: [String: Int] = [:]
    for name in last { counts[name, default: 0] += 1 }
    let withFolder = zip(paths, last).map { path, name -> String in
      guard counts[name, default: 0] > 1 else { return name }
      return components(path).suffix(2).joined(separator: "/")
    }
    var folderCounts: [String: Int] = [:]
    for name in withFolder { folderCounts[name, default: 0] += 1 }
    return zip(paths, withFolder).map { path, name in
      folderCounts[name, default: 0] > 1 ? path : name
    }
  }

  /// `title` without control characters, if it adds to `name`: not empty, not the name itself
  /// (with or without its extension), not another file's name.
  static func usefulTitle(_ title: String?, besides name: String) -> String? {
    guard let title else { return nil }
    let cleaned = String(
      String.UnicodeScalarView(
        title.unicodeScalars.filter { $0.properties.generalCategory != .control })
    ).trimmingSpaces
    guard !cleaned.isEmpty else { return nil }
    let file = name.split(separator: "/").last.map(String.init) ?? name
    let stem = file.split(separator: ".", omittingEmptySubsequences: false).dropLast().joined(
      separator: ".")
    let lowered = cleaned.lowercased()
    if lowered == file.lowercased() || (!stem.isEmpty && lowered == stem.lowercased()) {
      return nil
    }
    let fileTitle = ["dvi", "tex", "pdf", "ps", "eps", "doc", "docx", "odt", "rtf", "txt"]
    if let dot = lowered.lastIndex(of: "."), !lowered.contains(" "),
      fileTitle.contains(String(lowered[lowered.index(after: dot)...]))
    {
      return nil
    }
    return cleaned
  }
}

extension String {
  /// Without spaces and tabs at either end.
  fileprivate var trimmingSpaces: String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[first...last])
  }
}
