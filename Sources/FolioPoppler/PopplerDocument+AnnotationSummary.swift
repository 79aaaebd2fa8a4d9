import CPoppler
import FolioCore

extension PopplerDocument {
  /// The most bytes (UTF-8) of notes one page gives `notes(at:)`: a hostile file's megabytes
  /// of /Contents never reach the shelf's search whole.
  public static let notesLimit = 16 << 10

  /// How many annotations `page` has, counted as `annotations(at:)` counts them (links, form
  /// fields and pop-up windows left out), from Poppler's annotation mapping alone: no page
  /// text, no marked text, no note read. 0 for a page Poppler cannot load.
  public func annotationCount(at page: PageIndex) -> Int {
    withPage(page) { poppler in
      Self.eachAnnotation(of: poppler) { _, _, _ in }
    } ?? 0
  }

  /// How many annotations the whole document has (`annotationCount(at:)` over every page).
  public func annotationCount() -> Int {
    (0..<pageCount).reduce(0) { $0 + annotationCount(at: PageIndex($1)) }
  }

  /// The notes (/Contents) of `page`'s annotations, in the order the PDF lists them, empty ones
  /// left out; at most `notesLimit` bytes in all (the last one cut at a character). Read from
  /// the annotation mapping: no page text, no marked text. Untrusted text.
  public func notes(at page: PageIndex) -> [String] {
    withPage(page) { poppler in
      var notes: [String] = []
      var room = Self.notesLimit
      Self.eachAnnotation(of: poppler) { annot, _, _ in
        guard room > 0, let note = Self.takeString(poppler_annot_get_contents(annot)),
          !note.isEmpty
        else { return }
        let kept = Self.prefix(of: note, bytes: room)
        room -= kept.utf8.count
        if !kept.isEmpty { notes.append(kept) }
      }
      return notes
    } ?? []
  }

  /// `page`'s text, then the notes of its annotations, each after a `NotesPartition.mark`
  /// (empty boxes: a note has no place in the page's text), as the shelf's search reads it.
  public func textWithNotes(at page: PageIndex) -> PageText {
    let own = text(at: page)
    let notes = notes(at: page)
    guard !notes.isEmpty || own.text.unicodeScalars.contains(NotesPartition.mark) else {
      return own
    }
    return PageText(text: NotesPartition.joining(own.text, notes: notes), boxes: own.boxes)
  }

  /// The longest start of `text` of at most `bytes` UTF-8 bytes that ends at a character.
  private static func prefix(of text: String, bytes: Int) -> String {
    guard text.utf8.count > bytes else { return text }
    var kept = ""
    var used = 0
    for character in text {
      let size = character.utf8.count
      guard used + size <= bytes else { break }
      kept.append(character)
      used += size
    }
    return kept
  }
}
