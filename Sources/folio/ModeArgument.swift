import ArgumentParser
import FolioUI

/// What `--mode` names: one of the viewer's views, or `read`, the document's text reflowed
/// for reading (with `--print` only until the viewer has its reading view).
enum ModeArgument: Hashable, ExpressibleByArgument {
  /// A view of the pages.
  case view(ViewMode)
  /// The text reflowed.
  case read

  init?(argument: String) {
    if argument == "read" {
      self = .read
    } else if let mode = ViewMode(argument: argument) {
      self = .view(mode)
    } else {
      return nil
    }
  }

  static var allValueStrings: [String] { ViewMode.allValueStrings + ["read"] }
}
