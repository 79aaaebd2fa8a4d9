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

  static func refusal(_ outcome: AnnotationSaver.Outcome) -> String? {
    if case .refused(let reason) = outcome { return reason }
    return nil
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

  /// Counts the pixels of page 1 that differ between `before` and `after`: inside `box`, and
  /// outside it by more than `reach` points.
  static func changes(
    from before: String, to after: String, in box: AnnotationBox, reach: Double
  ) throws -> (inside: Int, changedInside: Int, changedOutside: [(Double, Double)]) {
    let old = try AnnotatedDocument.render(before)
    let new = try AnnotatedDocument.render(after)
    #expect(old.pixels.count == new.pixels.count && old.width == new.width)
    var inside = 0
    var changedInside = 0
    var changedOutside: [(Double, Double)] = []
    for (index, (a, b)) in zip(old.pixels, new.pixels).enumerated() {
      let x = Double(index % old.width) + 0.5
      let y = Double(index / old.width) + 0.5
      if x >= box.left && x <= box.right && y >= box.top && y <= box.bottom {
        inside += 1
        if a != b { changedInside += 1 }
      } else if a != b
        && !(x >= box.left - reach && x <= box.right + reach && y >= box.top - reach
          && y <= box.bottom + reach)
      {
        changedOutside.append((x, y))
      }
    }
    return (inside, changedInside, changedOutside)
  }

  @Test(arguments: [90, 180, 270])
  func marksUpWordsOnATurnedPage(rotation: Int) throws {
    let document = try AnnotatedDocument(rotation: rotation)
    let before = document.scratch.path + "/before.pdf"
    try document.bytes.write(to: URL(fileURLWithPath: before))
    // pdftotext gives the word's box on the page as shown (turned), as Folio's text does.
    let beta = try document.box(of: "beta")
    let saved = document.save(
      .markUp(.underline, page: 0, lines: [beta], color: AnnotationColor(hex: "0000ff")!, note: nil)
    )
    guard case .saved = saved else {
      Issue.record("not saved: \(saved)")
      return
    }
    let reach = min(beta.right - beta.left, beta.bottom - beta.top) / 4 + 1
    let found = try Self.changes(from: before, to: document.path, in: beta, reach: reach)
    #expect(found.changedInside > 0)
    #expect(
      found.changedOutside.isEmpty, "changed outside \(beta): \(found.changedOutside.prefix(8))")
    // In PDF user space (before /Rotate) the quadrilateral covers the word's unturned box.
    let read = try document.annotations()
    let quad = try #require(read.first?.quadPoints)
    let xs = stride(from: 0, to: quad.count, by: 2).map { quad[$0] }
    let ys = stride(from: 1, to: quad.count, by: 2).map { quad[$0] }
    let (width, height) = (400.0, AnnotatedDocument.pageHeight)
    let unturned: [Double] =
      switch rotation {
      case 90: [beta.top, beta.bottom, beta.left, beta.right]
      case 180: [width - beta.right, width - beta.left, beta.top, beta.bottom]
      default: [width - beta.bottom, width - beta.top, height - beta.right, height - beta.left]
      }
    #expect(
      Self.close(
        [xs.min() ?? 0, xs.max() ?? 0, ys.min() ?? 0, ys.max() ?? 0], unturned, tolerance: 0.5),
      "quadrilateral \(quad) for \(beta) turned \(rotation)")
  }

  @Test func marksUpWordsOnAPageWhoseBoxDoesNotStartAtZero() throws {
    let document = try AnnotatedDocument()
    // Page 1's MediaBox moved to start at (50, 30): the words show 50 points further left and
    // 30 points further down.
    let moved = try ChildProcess.run(
      "/usr/bin/python3",
      [
        "-c",
        """
        import sys, pikepdf
        with pikepdf.open(sys.argv[1], allow_overwriting_input=True) as pdf:
            pdf.pages[0].obj.MediaBox = [50, 30, 450, 590]
            pdf.save(sys.argv[1])
        """, document.path,
      ], timeLimit: .seconds(60))
    try #require(moved.status == 0, "pikepdf: \(moved.errorText)")
    let before = document.scratch.path + "/before.pdf"
    try document.bytes.write(to: URL(fileURLWithPath: before))
    let beta = try document.box(of: "beta")
    let saved = document.save(
      .markUp(.highlight, page: 0, lines: [beta], color: .yellow, note: nil))
    guard case .saved = saved else {
      Issue.record("not saved: \(saved)")
      return
    }
    let found = try Self.changes(
      from: before, to: document.path, in: beta, reach: (beta.bottom - beta.top) / 4 + 1)
    #expect(found.changedInside > found.inside / 2)
    #expect(
      found.changedOutside.isEmpty, "changed outside \(beta): \(found.changedOutside.prefix(8))")
    // In user space: shown x plus 50, and down from the box's top edge at 590.
    let quad = try #require(try document.annotations().first?.quadPoints)
    let expected = [
      beta.left + 50, 590 - beta.top, beta.right + 50, 590 - beta.top, beta.left + 50,
      590 - beta.bottom, beta.right + 50, 590 - beta.bottom,
    ]
    #expect(Self.close(quad, expected), "quadrilateral \(quad) for \(beta)")
  }

  @Test func editsAndRemovesAnotherProgramsAnnotations() throws {
    let document = try AnnotatedDocument()
    // Two highlights made by pikepdf: one with an /NM name, one without.
    let made = try ChildProcess.run(
      "/usr/bin/python3",
      [
        "-c",
        """
        import sys, pikepdf
        from pikepdf import Name, Dictionary, Array, String
        with pikepdf.open(sys.argv[1], allow_overwriting_input=True) as pdf:
            page = pdf.pages[0]
            def mark(rect, contents, name=None):
                d = Dictionary(Type=Name.Annot, Subtype=Name.Highlight, Rect=Array(rect),
                    QuadPoints=Array([rect[0], rect[3], rect[2], rect[3], rect[0], rect[1],
                    rect[2], rect[1]]), Contents=String(contents), C=Array([0, 1, 0]))
                if name: d.NM = String(name)
                return pdf.make_indirect(d)
            page.obj.Annots = Array([mark([100, 400, 200, 420], "named", "other-1"),
                mark([100, 300, 200, 320], "unnamed")])
            pdf.save(sys.argv[1])
        """, document.path,
      ], timeLimit: .seconds(60))
    try #require(made.status == 0, "pikepdf: \(made.errorText)")
    // Found by name, whatever the box and note given.
    let named = AnnotationIdentity(
      page: 0, kind: .highlight, box: AnnotationBox(left: 0, top: 0, right: 1, bottom: 1),
      contents: "", name: "other-1")
    let removed = document.save(.remove(named))
    guard case .saved = removed else {
      Issue.record("not removed: \(removed)")
      return
    }
    #expect(try document.annotations().map(\.contents) == ["unnamed"])
    // Found by kind, box (points from the top-left: 560 - 320 = 240) and note.
    let unnamed = AnnotationIdentity(
      page: 0, kind: .highlight, box: AnnotationBox(left: 100, top: 240, right: 200, bottom: 260),
      contents: "unnamed")
    let edited = document.save(.editNote(unnamed, text: "edited"))
    guard case .saved(_, let identity?) = edited else {
      Issue.record("not edited: \(edited)")
      return
    }
    #expect(identity.box.isClose(to: unnamed.box, tolerance: 0.01))
    #expect(try document.annotations().map(\.contents) == ["edited"])
    // The same box with another note is another annotation: none such.
    let other = AnnotationIdentity(
      page: 0, kind: .highlight, box: unnamed.box, contents: "unnamed")
    #expect(Self.refusal(document.save(.remove(other)))?.contains("no such highlight") == true)
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
    // A page the document does not have: one line, nothing written, no temporary file left.
    let outcome = document.save(.addNote(page: 7, x: 1, y: 1, color: .yellow, text: "x"))
    #expect(Self.refusal(outcome)?.hasPrefix("page 8 is not in") == true)
    #expect(Self.refusal(outcome)?.hasSuffix("(2 pages)") == true)
    #expect(document.bytes == before)
    #expect(document.leftovers.isEmpty)
  }
}
