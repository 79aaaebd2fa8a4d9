import FolioFixtures
import FolioPoppler
import Foundation
import Testing

/// The annotation writer (`folio --internal-annotate`, run through `AnnotationSaver`): each
/// kind of mark, read back by an independent reader (pikepdf) and rendered by pdftoppm.
@Suite struct AnnotationWriterTests {
  /// The PDF user-space quadrilateral of a box on the fixture's unrotated page.
  static func quadrilateral(_ box: AnnotationBox) -> [Double] {
    let top = AnnotatedDocument.pageHeight - box.top
    let bottom = AnnotatedDocument.pageHeight - box.bottom
    return [box.left, top, box.right, top, box.left, bottom, box.right, bottom]
  }

  static func close(_ left: [Double]?, _ right: [Double], tolerance: Double = 0.5) -> Bool {
    guard let left, left.count == right.count else { return false }
    return zip(left, right).allSatisfy { abs($0 - $1) <= tolerance }
  }

  @Test func marksUpWordsAsAnotherReaderSeesThem() throws {
    let document = try AnnotatedDocument()
    let original = document.bytes
    let beta = try document.box(of: "beta")
    let epsilon = try document.box(of: "epsilon")
    let gamma = try document.box(of: "gamma")
    let zeta = try document.box(of: "zeta")
    let red = AnnotationColor(hex: "ff0000")!
    let edits: [AnnotationEdit] = [
      .markUp(.highlight, page: 0, lines: [beta], color: .yellow, note: nil),
      .markUp(.underline, page: 0, lines: [epsilon], color: red, note: nil),
      .markUp(.strikeOut, page: 0, lines: [gamma, zeta], color: red, note: "two lines"),
      .markUp(.highlight, page: 0, lines: [zeta], color: .yellow, note: "a note on zeta"),
      .addNote(page: 1, x: 50, y: 60, color: .yellow, text: "sticky"),
    ]
    for edit in edits {
      let outcome = document.save(edit)
      guard case .saved(let version, let made) = outcome else {
        Issue.record("\(edit) was not saved: \(outcome)")
        return
      }
      #expect(version == document.version)
      #expect(made?.page == edit.page)
    }
    // poppler_document_save writes an incremental update: the original bytes come first.
    #expect(document.bytes.starts(with: original))
    #expect(document.bytes.count > original.count)
    let read = try document.annotations()
    #expect(read.count == 5)
    let highlights = read.filter { $0.subtype == "Highlight" }
    #expect(highlights.count == 2)
    let onBeta = highlights.first { Self.close($0.quadPoints, Self.quadrilateral(beta)) }
    #expect(onBeta?.page == 1)
    #expect(onBeta?.contents == nil || onBeta?.contents == "")
    #expect(Self.close(onBeta?.color, [1, 0.9, 0], tolerance: 0.01))
    #expect(onBeta?.author == "Folio")
    let onZeta = highlights.first { Self.close($0.quadPoints, Self.quadrilateral(zeta)) }
    #expect(onZeta?.contents == "a note on zeta")
    let underline = read.first { $0.subtype == "Underline" }
    #expect(Self.close(underline?.quadPoints, Self.quadrilateral(epsilon)))
    #expect(Self.close(underline?.color, [1, 0, 0], tolerance: 0.01))
    let strikeOut = read.first { $0.subtype == "StrikeOut" }
    #expect(
      Self.close(
        strikeOut?.quadPoints, Self.quadrilateral(gamma) + Self.quadrilateral(zeta)))
    #expect(strikeOut?.contents == "two lines")
    let sticky = read.first { $0.subtype == "Text" }
    #expect(sticky?.page == 2)
    #expect(sticky?.contents == "sticky")
    // The rect's top-left corner is the point given, 60 points down from the top.
    #expect(Self.close(sticky.map { [$0.rect[0], $0.rect[3]] }, [50, 500]))
    #expect(document.leftovers.isEmpty)
  }

  @Test func aHighlightShowsInARenderAndNowhereElse() throws {
    let document = try AnnotatedDocument()
    let before = document.scratch.path + "/before.pdf"
    try document.bytes.write(to: URL(fileURLWithPath: before))
    let beta = try document.box(of: "beta")
    let saved = document.save(
      .markUp(.highlight, page: 0, lines: [beta], color: .yellow, note: nil))
    guard case .saved = saved else {
      Issue.record("not saved: \(saved)")
      return
    }
    let old = try AnnotatedDocument.render(before)
    let new = try AnnotatedDocument.render(document.path)
    #expect(old.pixels.count == new.pixels.count)
    // Poppler draws a highlight's ends as curves reaching out a quarter of the line's height
    // past the box: changes are allowed there, and nowhere else.
    let reach = (beta.bottom - beta.top) / 4 + 1
    var inside = 0
    var changedInside = 0
    var changedOutside: [(Double, Double)] = []
    for (index, (a, b)) in zip(old.pixels, new.pixels).enumerated() {
      let x = Double(index % old.width) + 0.5
      let y = Double(index / old.width) + 0.5
      if x >= beta.left && x <= beta.right && y >= beta.top && y <= beta.bottom {
        inside += 1
        if a != b { changedInside += 1 }
      } else if a != b
        && !(x >= beta.left - reach && x <= beta.right + reach && y >= beta.top - 1
          && y <= beta.bottom + 1)
      {
        changedOutside.append((x, y))
      }
    }
    #expect(changedInside > inside / 2)
    #expect(changedOutside.isEmpty, "changed outside \(beta): \(changedOutside.prefix(8))")
  }

  @Test func removesAndEditsByTheIdentityItGave() throws {
    let document = try AnnotatedDocument()
    let beta = try document.box(of: "beta")
    let added = document.save(
      .markUp(.highlight, page: 0, lines: [beta], color: .yellow, note: "first"))
    guard case .saved(_, let made?) = added else {
      Issue.record("not saved: \(added)")
      return
    }
    #expect(made.kind == .highlight)
    #expect(made.contents == "first")
    let edited = document.save(.editNote(made, text: "second"))
    guard case .saved(_, let changed?) = edited else {
      Issue.record("not edited: \(edited)")
      return
    }
    #expect(try document.annotations().map(\.contents) == ["second"])
    let removed = document.save(.remove(changed))
    guard case .saved(_, nil) = removed else {
      Issue.record("not removed: \(removed)")
      return
    }
    #expect(try document.annotations().isEmpty)
    // Nothing left to remove: one line, nothing written.
    let before = document.bytes
    guard case .refused(let reason) = document.save(.remove(changed)) else {
      Issue.record("removed twice")
      return
    }
    #expect(reason.contains("no such highlight on page 1"))
    #expect(document.bytes == before)
  }
}
