/// One change to the annotations of a PDF, as plain values: what the writer process
/// (`folio --internal-annotate`) is asked to do. Pages are indexes from 0; boxes and points are
/// in PDF points from the top-left corner of the page as it is shown (after /Rotate), the way
/// Folio's text boxes give them; the writer turns them into PDF user space.
public enum AnnotationEdit: Sendable, Equatable {
  /// A highlight, underline or strike-out over `lines` (one box a line), with an optional
  /// note (the annotation's /Contents).
  case markUp(
    AnnotationEdit.Kind, page: Int, lines: [AnnotationBox], color: AnnotationColor,
    note: String?)
  /// A sticky note (a text annotation) with its icon's top-left corner at `x`, `y`.
  case addNote(page: Int, x: Double, y: Double, color: AnnotationColor, text: String)
  /// Removes the annotation `identity` names.
  case remove(AnnotationIdentity)
  /// Replaces the note (/Contents) of the annotation `identity` names with `text`.
  case editNote(AnnotationIdentity, text: String)

  /// The page the edit is on (from 0).
  public var page: Int {
    switch self {
    case .markUp(_, let page, _, _, _), .addNote(let page, _, _, _, _): page
    case .remove(let identity), .editNote(let identity, _): identity.page
    }
  }
}
