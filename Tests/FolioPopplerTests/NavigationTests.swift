import FolioCore
import FolioFixtures
import FolioPoppler
import Foundation
import Testing

/// Outlines and links read by Poppler from generated PDFs: the tree in preorder with depths and
/// open state, destinations (named ones resolved, positions as fractions from the top-left),
/// links with their areas and targets in the document's order, rotated pages, and the bounds
/// a hostile outline meets.
@Suite("Outlines and links")
struct NavigationTests {
  static func document() throws -> PopplerDocument {
    try PopplerDocument.open(path: FixtureLibrary.path(.navigation))
  }

  static func near(_ value: Double?, _ expected: Double) -> Bool {
    guard let value else { return false }
    return abs(value - expected) < 1e-6
  }

  /// Whether `region` is the rectangle `points` (x, y, width, height from the top-left) of a
  /// page `width` by `height` points.
  static func isArea(
    _ region: PageRegion, _ points: [Double], width: Double = 600, height: Double = 800
  ) -> Bool {
    let expected = [points[0] / width, points[1] / height, points[2] / width, points[3] / height]
    return zip([region.x, region.y, region.width, region.height], expected).allSatisfy {
      near($0, $1)
    }
  }

  @Test func theOutlineIsReadAsATreeInPreorder() throws {
    let entries = try Self.document().outline()
    #expect(
      entries.map(\.title) == [
        "Chapter 1", "Section 1.1", "Section 1.2", "Deep", "Chapter 2 – ünïcode", "Hidden child",
        "Turned page", "Web",
      ])
    #expect(entries.map(\.depth) == [0, 1, 1, 2, 0, 1, 0, 0])
    #expect(entries.map(\.startsOpen) == [true, false, false, false, false, false, false, false])
  }

  @Test func outlineDestinationsArePagesAndFractionsFromTheTopLeft() throws {
    let entries = try Self.document().outline()
    guard entries.count == 8 else {
      Issue.record("\(entries.count) entries")
      return
    }
    let destinations = entries.map(\.destination)
    // "Chapter 1": page 1 at its top-left corner.
    #expect(destinations[0] == Destination(page: PageIndex(0), top: 0, left: 0))
    // "Section 1.1": (60, 200) on a 600x800 page.
    #expect(destinations[1]?.page == PageIndex(0))
    #expect(Self.near(destinations[1]?.top, 0.25))
    #expect(Self.near(destinations[1]?.left, 0.1))
    // "Section 1.2": the named destination "chapter-2", (50, 200) on page 2.
    #expect(destinations[2]?.page == PageIndex(1))
    #expect(Self.near(destinations[2]?.top, 0.25))
    #expect(Self.near(destinations[2]?.left, 1.0 / 12))
    // "Deep": page 2 without a position.
    #expect(destinations[3] == Destination(page: PageIndex(1)))
    // "Chapter 2": halfway down page 2.
    #expect(destinations[4]?.page == PageIndex(1))
    #expect(Self.near(destinations[4]?.top, 0.5))
    #expect(destinations[5] == Destination(page: PageIndex(2)))
    // "Turned page": a page turned a quarter keeps only its page.
    #expect(destinations[6] == Destination(page: PageIndex(2)))
    // "Web" leads out of the document.
    #expect(destinations[7] == nil)
  }

  @Test func linksAreReadInOrderWithAreasAndTargets() throws {
    let document = try Self.document()
    let links = document.links(at: PageIndex(0))
    guard links.count == 4 else {
      Issue.record("\(links.count) links: \(links)")
      return
    }
    #expect(Self.isArea(links[0].area, [72, 100, 200, 40]))
    guard case .destination(let chapter) = links[0].target else {
      Issue.record("\(links[0].target)")
      return
    }
    #expect(chapter.page == PageIndex(1))
    #expect(Self.near(chapter.top, 0.25))
    #expect(Self.near(chapter.left, 1.0 / 12))
    #expect(Self.isArea(links[1].area, [72, 200, 200, 40]))
    #expect(links[1].target == .uri(FixtureLibrary.navigationURI))
    guard case .destination(let here) = links[2].target else {
      Issue.record("\(links[2].target)")
      return
    }
    #expect(here.page == PageIndex(0))
    #expect(Self.near(here.top, 0.5))
    #expect(Self.near(here.left, 1.0 / 6))
    // The link hanging off the corner is clamped to the page; "intro" is page 2's top-left.
    #expect(Self.isArea(links[3].area, [550, 760, 50, 40]))
    #expect(links[3].target == .destination(Destination(page: PageIndex(1), top: 0, left: 0)))
    // A link to a page without a position.
    #expect(
      document.links(at: PageIndex(1)).map(\.target) == [
        .destination(Destination(page: PageIndex(0)))
      ])
    #expect(document.links(at: PageIndex(3)).isEmpty)
    #expect(document.links(at: PageIndex(99)).isEmpty)
  }

  @Test func linkAreasOnATurnedPageAreWhereThePageShowsThem() throws {
    let links = try Self.document().links(at: PageIndex(2))
    guard links.count == 1 else {
      Issue.record("\(links.count) links")
      return
    }
    // (20, 30) 100x50 on an upright 400x600 page, turned 90° clockwise: shown 600 wide and 400
    // high, the upright page's left edge along the top.
    #expect(Self.isArea(links[0].area, [520, 20, 50, 100], width: 600, height: 400))
    #expect(links[0].target == .destination(Destination(page: PageIndex(1))))
  }

  @Test func aDocumentWithoutOutlineOrLinksHasNone() throws {
    let document = try PopplerDocument.open(path: FixtureLibrary.path(.labeled))
    #expect(document.outline().isEmpty)
    #expect(document.links(at: PageIndex(0)).isEmpty)
  }

  @Test func aHostileOutlineIsCutAtItsBounds() throws {
    let folder = NSTemporaryDirectory() + "folio-outline-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // A title of 1,500 characters, then 70 levels, each in the one before.
    var deepest = FixtureOutlineItem("level 69", target: .page(1), isOpen: true)
    for level in (0..<69).reversed() {
      deepest = FixtureOutlineItem(
        "level \(level)", target: .page(1), isOpen: true, children: [deepest])
    }
    let long = FixtureOutlineItem(String(repeating: "x", count: 1_500), target: .page(1))
    let path = folder + "/hostile-outline.pdf"
    try FixturePDF.write(
      [FixturePage(width: 300, height: 400)], outline: [long, deepest], to: path)
    let entries = try PopplerDocument.open(path: path).outline()
    #expect(entries.count == 1 + PopplerDocument.outlineDepthLimit)
    #expect(entries.first?.title.unicodeScalars.count == PopplerDocument.titleScalarLimit)
    #expect(entries.map(\.depth).max() == PopplerDocument.outlineDepthLimit - 1)
    #expect(entries.last?.title == "level \(PopplerDocument.outlineDepthLimit - 1)")
  }

  @Test func aLinkToALaterPageIsRefusedByTheFixtureWriter() {
    let pages = [
      FixturePage(
        width: 300, height: 400,
        links: [FixtureLink(x: 0, y: 0, width: 10, height: 10, target: .page(2))]),
      FixturePage(width: 300, height: 400),
    ]
    #expect(throws: FixtureError.self) {
      try FixturePDF.write(pages, to: NSTemporaryDirectory() + "folio-never-written.pdf")
    }
  }
}
