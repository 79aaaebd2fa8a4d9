/// Which annotation of a document an edit means. PDF has no identity every program keeps:
/// the /NM name is optional (poppler-glib cannot write one, other programs often do), so an
/// annotation is found by its page and its /NM name when both the identity and the annotation
/// have one, else by its page, kind, rectangle (each edge within a point) and note (/Contents),
/// the first such one when several are the same in all of these.
public struct AnnotationIdentity: Sendable, Equatable {
  /// The page (from 0).
  public var page: Int
  /// Its kind.
  public var kind: AnnotationEdit.Kind
  /// Its rectangle (/Rect), in points from the top-left corner of the page as shown.
  public var box: AnnotationBox
  /// Its note (/Contents), empty when it has none.
  public var contents: String
  /// Its /NM name, when it has one.
  public var name: String?

  /// An identity from its parts.
  public init(
    page: Int, kind: AnnotationEdit.Kind, box: AnnotationBox, contents: String, name: String? = nil
  ) {
    self.page = page
    self.kind = kind
    self.box = box
    self.contents = contents
    self.name = name
  }

  /// Whether an annotation with these properties (on this identity's page) is the one meant.
  public func matches(
    kind: AnnotationEdit.Kind, box: AnnotationBox, contents: String, name: String?
  ) -> Bool {
    if let wanted = self.name, !wanted.isEmpty, let name, !name.isEmpty { return wanted == name }
    return kind == self.kind && box.isClose(to: self.box) && contents == self.contents
  }
}
