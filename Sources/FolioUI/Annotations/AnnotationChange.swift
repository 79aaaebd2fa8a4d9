import FolioCore

/// A change the reader asked for to an annotation already in the file (from the annotations
/// panel): Folio writes it through the annotation writer, as it writes new marks.
public enum AnnotationChange: Sendable, Hashable {
  /// Removes the annotation.
  case remove(DocumentAnnotation)
  /// Replaces its note with this text (empty: no note).
  case editNote(DocumentAnnotation, String)

  /// The annotation changed.
  public var annotation: DocumentAnnotation {
    switch self {
    case .remove(let annotation), .editNote(let annotation, _): annotation
    }
  }
}
