/// What parts a page's own text from the notes of its annotations, and one note from the
/// next, in the text the shelf's search reads (`LibraryDocument.text(at:)`): U+FFFC OBJECT
/// REPLACEMENT CHARACTER. Search normalization keeps it and a query never holds it (it is
/// dropped from queries), so a match never spans page text and a note; a line of context stops
/// at it. Where a page or a note holds the character itself, it reads as a space.
public enum NotesPartition {
  /// The partition.
  public static let mark: Unicode.Scalar = "\u{FFFC}"
  /// `mark` in UTF-8.
  public static let markBytes: [UInt8] = [0xEF, 0xBF, 0xBC]

  /// `text` followed by each of `notes`, each after a `mark`; every `mark` already in them a
  /// space.
  public static func joining(_ text: String, notes: [String]) -> String {
    var joined = String.UnicodeScalarView()
    func add(_ part: String) {
      joined.append(contentsOf: part.unicodeScalars.lazy.map { $0 == mark ? " " : $0 })
    }
    add(text)
    for note in notes {
      joined.append(mark)
      add(note)
    }
    return String(joined)
  }
}
