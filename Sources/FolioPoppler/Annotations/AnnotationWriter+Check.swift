import CPoppler

/// The writer's check of its own work: the saved file is opened again and must carry the
/// edit. poppler-glib reports no failure when it cannot change an annotation (one written
/// inside its page's /Annots array rather than as an object of its own, as some programs write
/// them): the save then writes nothing new, and the file would be replaced by itself while the
/// reader is told it changed.
extension AnnotationWriter {
  /// What the saved file must show: how many annotations an identity names in it.
  struct Expectation {
    var identity: AnnotationIdentity
    /// How many it names in the saved file, at least (or exactly, for a removal).
    var count: Int
    var isRemoval: Bool
  }

  /// What to expect of `edit` once made in `document` (before it is made); nil when nothing
  /// can be told (a note replaced by the same text).
  static func expectation(of edit: AnnotationEdit, in document: OpaquePointer) -> Expectation? {
    switch edit {
    case .markUp, .addNote:
      // Checked against the identity of what was made.
      return nil
    case .remove(let identity):
      return Expectation(
        identity: identity, count: count(identity, in: document) - 1, isRemoval: true)
    case .editNote(let identity, let text):
      guard text != identity.contents else { return nil }
      var edited = identity
      edited.contents = text
      edited.name = nil
      return Expectation(
        identity: edited, count: count(edited, in: document) + 1, isRemoval: false)
    }
  }

  /// Throws unless the file at `path` shows what was expected, and the annotation `made`.
  static func check(
    _ path: String, expecting expectation: Expectation?, made: AnnotationIdentity?,
    edit: AnnotationEdit
  ) throws(Failure) {
    let saved = try open(path)
    defer { folio_object_unref(UnsafeMutableRawPointer(saved)) }
    let kind = kind(of: edit)
    let what = kind == .other ? "annotation" : kind.rawValue
    if expectation == nil, let made, count(made, in: saved) < 1 {
      throw Failure(description: "Poppler did not keep the new \(what): nothing written")
    }
    guard let expectation else { return }
    let found = count(expectation.identity, in: saved)
    if expectation.isRemoval, found != expectation.count {
      throw Failure(
        description: "cannot remove this \(what) (stored inside its page): nothing written")
    }
    if !expectation.isRemoval, found < expectation.count {
      throw Failure(
        description: "cannot change this \(what) (stored inside its page): nothing written")
    }
  }

  /// The kind of annotation `edit` makes or changes.
  static func kind(of edit: AnnotationEdit) -> AnnotationEdit.Kind {
    switch edit {
    case .markUp(let kind, _, _, _, _): kind
    case .addNote: .note
    case .remove(let identity), .editNote(let identity, _): identity.kind
    }
  }

  /// How many annotations on its page of `document` `identity` names.
  static func count(_ identity: AnnotationIdentity, in document: OpaquePointer) -> Int {
    guard let page = poppler_document_get_page(document, Int32(identity.page)) else { return 0 }
    defer { folio_object_unref(UnsafeMutableRawPointer(page)) }
    var width = 0.0
    var height = 0.0
    poppler_page_get_size(page, &width, &height)
    var found = 0
    forEach(matching: identity, on: page, height: height) { _ in
      found += 1
      return true
    }
    return found
  }
}
