/// The `navigation` fixture: what its pages hold and its outline, for tests of reading outlines
/// and links. Positions are in points from a page's top-left corner.
extension FixtureLibrary {
  /// Page 1 (600x800): links, in this order, to the named destination "chapter-2", to a URI,
  /// to a place on page 1 itself, and one hanging off the page's bottom-right corner to
  /// "intro". Page 2 (600x800): the destinations "chapter-2" at (50, 200) and "intro" at its
  /// top, and a link back to page 1. Page 3 (400x600, turned 90°): the destination "turned" and
  /// a link back to page 2. Page 4 (500x500): nothing.
  public static let navigationPages: [FixturePage] = [
    FixturePage(
      width: 600, height: 800, headline: "1",
      links: [
        FixtureLink(x: 72, y: 100, width: 200, height: 40, target: .named("chapter-2")),
        FixtureLink(x: 72, y: 200, width: 200, height: 40, target: .uri(navigationURI)),
        FixtureLink(
          x: 72, y: 300, width: 200, height: 40, target: .page(1, x: 100, y: 400)),
        FixtureLink(x: 550, y: 760, width: 100, height: 100, target: .named("intro")),
      ]),
    FixturePage(
      width: 600, height: 800, headline: "2",
      anchors: [FixtureAnchor(name: "chapter-2", x: 50, y: 200), FixtureAnchor(name: "intro")],
      links: [FixtureLink(x: 100, y: 600, width: 300, height: 100, target: .page(1))]),
    FixturePage(
      width: 400, height: 600, headline: "3", rotation: 90,
      anchors: [FixtureAnchor(name: "turned", x: 40, y: 60)],
      links: [FixtureLink(x: 20, y: 30, width: 100, height: 50, target: .page(2))]),
    FixturePage(width: 500, height: 500, headline: "4"),
  ]

  /// The URI page 1 links to (with a quote, which cairo's attributes escape).
  public static let navigationURI = "https://example.com/folio?a=1&b='x'"

  /// The outline of `navigation`: "Chapter 1" (open) with "Section 1.1" and "Section 1.2"
  /// (closed, leading to "chapter-2", with "Deep" in it); "Chapter 2 – ünïcode" (closed, with
  /// "Hidden child"); "Turned page"; and "Web" (a URI: no place in the document).
  public static let navigationOutline: [FixtureOutlineItem] = [
    FixtureOutlineItem(
      "Chapter 1", target: .page(1, x: 0, y: 0), isOpen: true,
      children: [
        FixtureOutlineItem("Section 1.1", target: .page(1, x: 60, y: 200)),
        FixtureOutlineItem(
          "Section 1.2", target: .named("chapter-2"),
          children: [FixtureOutlineItem("Deep", target: .page(2))]),
      ]),
    FixtureOutlineItem(
      "Chapter 2 – ünïcode", target: .page(2, x: 0, y: 400),
      children: [FixtureOutlineItem("Hidden child", target: .page(3))]),
    FixtureOutlineItem("Turned page", target: .page(3, x: 40, y: 60)),
    FixtureOutlineItem("Web", target: .uri("https://example.com")),
  ]
}
