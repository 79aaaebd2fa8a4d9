import FolioCore
import FolioUI

extension InputEvent {
  /// Consecutive resizes make one (the last); a Ctrl-Z typed twice before the loop read the
  /// first suspends once.
  static func coalescing(_ events: [InputEvent]) -> [InputEvent] {
    var result: [InputEvent] = []
    for event in events {
      if case .resize = event, case .resize? = result.last {
        result[result.count - 1] = event
      } else if event == .signal(.suspend) && result.last == .signal(.suspend) {
        continue
      } else {
        result.append(event)
      }
    }
    return result
  }
}
