import CPoppler
import FolioCore

/// Which of a page's characters are set in a bold font, as poppler-glib's text attributes name
/// the fonts: what the reading view takes body-sized headings by.
extension PopplerDocument {
  /// The runs of the page's text (its scalars, as `text(at:)` gives them) set in a bold font,
  /// in order; empty for a page Poppler cannot load or without text.
  public func boldRuns(at page: PageIndex) -> [Range<Int>] {
    withPage(page) { poppler -> [Range<Int>] in
      guard let list = poppler_page_get_text_attributes(poppler) else { return [] }
      defer { poppler_page_free_text_attributes(list) }
      var runs: [Range<Int>] = []
      var node: UnsafeMutablePointer<GList>? = list
      while let current = node {
        defer { node = current.pointee.next }
        guard let raw = current.pointee.data else { continue }
        let attributes = raw.assumingMemoryBound(to: PopplerTextAttributes.self).pointee
        guard let name = attributes.font_name, Self.isBoldFont(String(cString: name)) else {
          continue
        }
        let start = Int(attributes.start_index)
        let end = Int(attributes.end_index)
        // Poppler's end index is the run's last character.
        if start >= 0, end >= start { runs.append(start..<end + 1) }
      }
      return runs
    } ?? []
  }

  /// Whether a font's name (its subset prefix aside) says it is bold: "Bold", "Black",
  /// "Heavy", "Semibold", "Demi", URW's "Medi", or TeX's bold extended faces (CMBX, EC's and
  /// cm-super's bx, Latin Modern's).
  static func isBoldFont(_ name: String) -> Bool {
    let lowered = name.lowercased()
    let face = lowered.split(separator: "+", maxSplits: 1).last.map(String.init) ?? lowered
    // A light weight named after a bold one ("DemiLight", "SemiLight") is not bold.
    guard !face.contains("light") else { return false }
    return [
      "bold", "black", "heavy", "demi", "-medi", "cmbx", "ecbx", "sfbx", "tcbx", "cmssbx", "lmbx",
    ]
    .contains { face.contains($0) }
  }
}
