import FolioCore
import FolioFixtures
import FolioPoppler
import Foundation
import Testing

/// Removing and editing an annotation the way the annotations panel names it: by the rectangle
/// Folio's reader gives it, on the page as shown. On a turned page (/Rotate) that rectangle is
/// turned too, and the writer must still find the annotation.
@Suite("Removing annotations on turned pages", .serialized)
struct AnnotationRemovalTests {
  /// The identity the viewer sends for the first annotation Folio's reader finds on page 1.
  static func identityAsTheViewerNamesIt(in path: String) throws -> AnnotationIdentity {
    let document = try PopplerDocument.open(
      readablePath: try PopplerDocument.readablePath(for: path), named: path, password: nil)
    let annotation = try #require(document.annotations(at: PageIndex(0)).first)
    let size = try #require(annotation.pageSize)
    let box = annotation.rectangle
    return AnnotationIdentity(
      page: 0, kind: annotation.kind == .underline ? .underline : .other,
      box: AnnotationBox(
        left: box.x * size.width, top: box.y * size.height,
        right: (box.x + box.width) * size.width, bottom: (box.y + box.height) * size.height),
      contents: annotation.note ?? "", name: annotation.name)
  }

  @Test(arguments: [0, 90, 180, 270])
  func anAnnotationOnATurnedPageIsEditedAndRemovedByItsShownRectangle(rotation: Int) throws {
    let document = try AnnotatedDocument(rotation: rotation)
    let beta = try document.box(of: "beta")
    let added = document.save(
      .markUp(.underline, page: 0, lines: [beta], color: .yellow, note: "to edit"))
    guard case .saved = added else {
      Issue.record("not saved: \(added)")
      return
    }
    let identity = try Self.identityAsTheViewerNamesIt(in: document.path)
    let edited = document.save(.editNote(identity, text: "edited"))
    guard case .saved = edited else {
      Issue.record("not edited on a page turned \(rotation): \(edited)")
      return
    }
    #expect(try document.annotations().map(\.contents) == ["edited"])
    let removed = document.save(.remove(try Self.identityAsTheViewerNamesIt(in: document.path)))
    guard case .saved = removed else {
      Issue.record("not removed on a page turned \(rotation): \(removed)")
      return
    }
    #expect(try document.annotations().isEmpty)
  }
}
