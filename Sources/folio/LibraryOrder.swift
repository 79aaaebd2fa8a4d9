import FolioStore
import Foundation

/// How a shelf's covers are ordered: by name (folders after one another, as found), by when
/// each was last opened (newest first; those never opened after, by name) or by when each file
/// was last modified (newest first). `O` goes from one to the next; the last chosen is
/// remembered in the state folder (`library-order`), written whole or not at all.
enum LibraryOrder: String, CaseIterable {
  case name
  case opened = "last opened"
  case modified

  /// The one after this, round.
  var next: LibraryOrder {
    let all = Self.allCases
    return all[((all.firstIndex(of: self) ?? 0) + 1) % all.count]
  }

  /// `files` (in name order) in this order; `opened` gives when each was last opened.
  func sorted(_ files: [String], opened: [String: Date]) -> [String] {
    switch self {
    case .name: return files
    case .opened:
      let read = files.filter { opened[$0] != nil }.sorted {
        (opened[$0] ?? .distantPast) > (opened[$1] ?? .distantPast)
      }
      return read + files.filter { opened[$0] == nil }
    case .modified:
      let times = Dictionary(
        files.map { path in
          var status = stat()
          let seconds = stat(path, &status) == 0 ? Double(status.st_mtim.tv_sec) : 0
          return (path, seconds + Double(status.st_mtim.tv_nsec) / 1e9)
        }, uniquingKeysWith: { first, _ in first })
      // Stable: files modified at once keep their name order.
      return files.enumerated().sorted {
        let (a, b) = (times[$0.element] ?? 0, times[$1.element] ?? 0)
        return a != b ? a > b : $0.offset < $1.offset
      }.map(\.element)
    }
  }

  /// The file the order is remembered in.
  static func file(environment: [String: String]) -> String {
    PlaceStore.defaultDirectory(environment: environment) + "/library-order"
  }

  /// The order remembered, else by name. A file that says something else is set aside
  /// (`.damaged`), not read.
  static func remembered(environment: [String: String]) -> LibraryOrder {
    let path = file(environment: environment)
    guard let data = FileManager.default.contents(atPath: path) else { return .name }
    let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    if let order = LibraryOrder(rawValue: text) { return order }
    try? FileManager.default.removeItem(atPath: path + ".damaged")
    try? FileManager.default.moveItem(atPath: path, toPath: path + ".damaged")
    return .name
  }

  /// Remembers this order (a temporary file renamed over the old one).
  func remember(environment: [String: String]) {
    let path = Self.file(environment: environment)
    let folder = (path as NSString).deletingLastPathComponent
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let temporary = path + ".\(getpid()).new"
    guard FileManager.default.createFile(atPath: temporary, contents: Data((rawValue + "\n").utf8))
    else { return }
    if rename(temporary, path) != 0 { unlink(temporary) }
  }
}
