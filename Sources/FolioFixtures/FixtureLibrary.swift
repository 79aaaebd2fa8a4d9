import FolioCore
import Foundation

/// The named fixture documents the tests use, generated on first use into a per-process
/// temporary folder (never committed): small, mixed, rotated, labeled, hostile and huge PDFs.
public enum FixtureLibrary {
  /// A fixture document and how to make it.
  public enum Name: String, CaseIterable, Sendable {
    /// One US Letter page numbered 1.
    case onePage = "one-page"
    /// Portrait, landscape, square, wide and tall pages.
    case mixedSizes = "mixed-sizes"
    /// Pages with /Rotate 0, 90, 180 and 270 (needs qpdf).
    case rotated
    /// Roman, arabic and prefixed page labels and a title.
    case labeled
    /// Title and labels full of escape sequences and control characters.
    case hostile
    /// A page with a zero-size MediaBox between two normal pages (needs qpdf).
    case degenerate
    /// Pages whose boxes Poppler opens but no layout could draw as they are: 1e17 points
    /// wide, 1e-14 high, 2^63 wide, 1e13 by 0.001, between Letter pages, the last one too
    /// (needs qpdf).
    case extremeBoxes = "extreme-boxes"
    /// 15,000 small pages.
    case huge
    /// The first 20 pages of `huge`: as many thumbnails as its first screen shows.
    case twentyPages = "twenty-pages"
    /// 40 portrait pages, each showing its number large, odd pages on pink paper and even
    /// pages on blue paper (so a spread's left and right pages can be told apart on screen).
    case numbered
    /// A 2,415-page "reference manual" of body text (about 1.8 KB a page, as the manual the
    /// search targets were measured on): 30 lines of words from a fixed vocabulary, the same
    /// on every run; "quaternion" on every page whose number is 5 modulo 97.
    case manual
    /// Four pages with an outline, named destinations and links (`navigationOutline`; page 3
    /// is turned 90°, which needs qpdf).
    case navigation
  }

  nonisolated(unsafe) private static var made: [Name: String] = [:]
  private static let lock = NSLock()

  /// Bump when a fixture's content changes, so cached copies are made anew.
  static let version = 2

  /// The folder fixtures are written to, shared by test runs (files are written under a
  /// temporary name and renamed into place, so concurrent runs never see half a file).
  public static let directory: String = {
    let path = NSTemporaryDirectory() + "folio-fixtures-v\(version)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }()

  /// The path of a fixture, generating it the first time.
  public static func path(_ name: Name) throws -> String {
    lock.lock()
    defer { lock.unlock() }
    if let path = made[name] { return path }
    let path = directory + "/\(name.rawValue).pdf"
    if !FileManager.default.fileExists(atPath: path) {
      let partial = directory + "/.\(name.rawValue)-\(getpid()).pdf"
      try FixturePDF.write(
        pages(name), title: title(name), outline: name == .navigation ? navigationOutline : [],
        to: partial)
      guard rename(partial, path) == 0 else {
        throw FixtureError(description: "cannot move \(partial) into place")
      }
    }
    made[name] = path
    return path
  }

  /// The pages a fixture is made of (its expected sizes, labels and rotations).
  public static func pages(_ name: Name) -> [FixturePage] {
    switch name {
    case .onePage:
      return [FixturePage(width: 612, height: 792, headline: "1")]
    case .mixedSizes:
      return [
        FixturePage(width: 595, height: 842, headline: "1"),
        FixturePage(width: 842, height: 595, headline: "2"),
        FixturePage(width: 500, height: 500, headline: "3", hasColorBlocks: true),
        FixturePage(width: 1190, height: 421, headline: "4"),
        FixturePage(width: 200, height: 2000, headline: "5"),
        FixturePage(width: 144, height: 18, headline: "6"),
      ]
    case .rotated:
      return [0, 90, 180, 270].enumerated().map { index, rotation in
        FixturePage(
          width: 400, height: 600, headline: String(index + 1), caption: "rotate \(rotation)",
          hasColorBlocks: true, rotation: rotation)
      }
    case .labeled:
      let labels = ["i", "ii", "iii", "1", "2", "3", "A-1", "A-2"]
      return labels.map { FixturePage(width: 300, height: 400, headline: $0, label: $0) }
    case .hostile:
      let labels = [
        "\u{1B}[31mred", "bell\u{07}", "\u{1B}]0;owned\u{07}", "tab\there", "\u{202E}evil",
      ]
      return labels.map { FixturePage(width: 300, height: 400, headline: "x", label: $0) }
    case .degenerate:
      return [
        FixturePage(width: 300, height: 400, headline: "1"),
        FixturePage(width: 0, height: 0, headline: "2"),
        FixturePage(width: 300, height: 400, headline: "3"),
      ]
    case .extremeBoxes:
      let sizes: [(Double, Double)] = [
        (612, 792), (1e17, 792), (612, 1e-14), (1e-18, 792), (9_223_372_036_854_775_808, 8400),
        (612, 792), (1e13, 0.001), (612, 792), (1e17, 792),
      ]
      return sizes.enumerated().map { index, size in
        FixturePage(width: size.0, height: size.1, headline: String(index + 1))
      }
    case .twentyPages:
      return Array(pages(.huge).prefix(20))
    case .numbered:
      return (1...40).map { number in
        FixturePage(
          width: 400, height: 560, headline: String(number),
          tint: number % 2 == 1 ? numberedOddTint : numberedEvenTint)
      }
    case .manual:
      var generator = SplitMix64(seed: 2415)
      return (1...2415).map { number in
        var lines = (0..<30).map { _ in ManualText.line(using: &generator) }
        if number % 97 == 5 { lines[number % 30] += " quaternion" }
        return FixturePage(width: 612, height: 792, lines: ["Page \(number)"] + lines)
      }
    case .navigation:
      return navigationPages
    case .huge:
      return (1...15_000).map {
        FixturePage(width: 300 + Double($0 % 3) * 100, height: 400, headline: String($0))
      }
    }
  }

  /// The paper of the odd pages of `numbered` (pink: more red than blue).
  public static let numberedOddTint = (1.0, 0.55, 0.55)
  /// The paper of the even pages of `numbered` (blue: more blue than red).
  public static let numberedEvenTint = (0.55, 0.65, 1.0)

  /// The title a fixture carries in its metadata.
  public static func title(_ name: Name) -> String? {
    switch name {
    case .labeled: return "Labeled fixture"
    case .numbered: return "Numbered pages"
    case .hostile: return "Evil\u{1B}[2J\u{1B}[31mTitle\u{9B}31m\u{07}"
    default: return nil
    }
  }
}
