/// The label under a document's cover on the shelf: its title with its page count, or the page
/// it was left at.
public enum CoverLabel {
  /// `title · N pages`, or `title · p. P / N` when it was left at page `place` (from 0) past
  /// the first.
  public static func text(title: String, pageCount: Int, place: Int?) -> String {
    if let place, (0..<pageCount).contains(place), place > 0 {
      return title + " · p. \(place + 1) / \(pageCount)"
    }
    return title + " · " + (pageCount == 1 ? "1 page" : "\(pageCount) pages")
  }
}
