import FolioCore
import FolioRuntime
import FolioStore
import FolioUI

/// The remembered place of the document being opened: the store, the document's identity in
/// it, what it remembers, and any problem to show on the status line. Read before the terminal
/// is touched; a store that cannot be used only costs the remembering, never the viewer.
struct PlaceMemory {
  var store: PlaceStore?
  var identity: DocumentIdentity
  var place: RememberedPlace?
  var problems: [String] = []

  /// Opens the store in the state folder and reads the place of the document at
  /// `readablePath`; nil when the document cannot be fingerprinted (not a regular file).
  static func open(
    readablePath: String, pageCount: Int, pathHint: String, environment: [String: String]
  ) -> PlaceMemory? {
    guard
      let identity = identity(readablePath: readablePath, pageCount: pageCount, pathHint: pathHint)
    else { return nil }
    let opening = PlaceStore.open(directory: PlaceStore.defaultDirectory(environment: environment))
    var memory = PlaceMemory(
      store: opening.store, identity: identity, problems: opening.problems.map(\.message))
    do {
      memory.place = try opening.store?.place(for: identity.fingerprint)
    } catch {
      memory.problems.append(error.message)
    }
    return memory
  }

  /// The identity of the document at `readablePath` in the store, if it can be fingerprinted
  /// (a regular file).
  static func identity(readablePath: String, pageCount: Int, pathHint: String) -> DocumentIdentity?
  {
    guard
      let fingerprint = try? DocumentFingerprint.make(fileAt: readablePath, pageCount: pageCount)
    else { return nil }
    return DocumentIdentity(fingerprint: fingerprint, pathHint: pathHint)
  }
}

extension PrintOptions {
  /// The place the viewer starts at: the remembered one (if any) with what the command line
  /// says explicitly on top (`--page`, `--mode`, `--spreads`, `--rtl`, `--shift`, `--symbols`,
  /// `--invert`, `--trim` and their `--no-` forms win), else the command line's.
  func startingPlace(defaults: Place, remembered: RememberedPlace?, page: PageIndex) -> Place {
    guard let remembered else { return defaults }
    var place = Place(remembered, defaults: defaults)
    if self.page != nil { place.page = page }
    if let mode { place.mode = mode }
    if let spreads { place.spreadStyle.mode = spreads }
    if let rtl { place.spreadStyle.binding = rtl ? .rightToLeft : .leftToRight }
    if shift { place.spreadStyle.isShiftedByOne = true }
    if let symbols { place.symbols = symbols }
    if let invert { place.isInverted = invert }
    if let trim { place.trimsMargins = trim }
    return place
  }
}
