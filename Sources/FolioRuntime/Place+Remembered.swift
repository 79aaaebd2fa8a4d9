import FolioCore
import FolioLayout
import FolioStore
import FolioUI

extension Place {
  /// The place as the store keeps it: plain values.
  public var remembered: RememberedPlace {
    RememberedPlace(
      page: page.rawValue, mode: mode.rawValue, gridItems: gridZoom.targetItemCount,
      continuousZoom: continuousZoom.value, spreadZoom: spreadZoom.value,
      spreads: spreadStyle.mode.rawValue, isShifted: spreadStyle.isShiftedByOne,
      isRightToLeft: spreadStyle.binding == .rightToLeft, symbols: symbols.rawValue,
      isInverted: isInverted, marks: Self.text(of: marks), trims: trimsMargins)
  }

  /// Marks as text: a line per mark, its letter, page (0-based) and, when known, how far down
  /// the page ("a 11 0.25").
  static func text(of marks: Marks) -> String {
    marks.places.sorted { $0.key < $1.key }.map { letter, place in
      "\(letter) \(place.page.rawValue)" + (place.top.map { " \($0)" } ?? "")
    }.joined(separator: "\n")
  }

  /// Marks read back from `text`; lines that do not make a mark are skipped.
  static func marks(from text: String) -> Marks {
    var marks = Marks()
    for line in text.split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard fields.count == 2 || fields.count == 3, fields[0].count == 1,
        let letter = fields[0].first, let page = Int(fields[1]), page >= 0
      else { continue }
      let top = fields.count == 3 ? Double(fields[2]) : nil
      marks[letter] = Destination(page: PageIndex(page), top: top)
    }
    return marks
  }

  /// A place read from the store. A value this version does not know (a mode or symbol set
  /// from a later version, a damaged row) keeps the one in `defaults`; numbers are clamped.
  public init(_ stored: RememberedPlace, defaults: Place) {
    self = defaults
    page = PageIndex(max(0, stored.page))
    if let mode = ViewMode(rawValue: stored.mode) { self.mode = mode }
    if stored.gridItems > 0 { gridZoom = GridZoom(targetItemCount: min(stored.gridItems, 10_000)) }
    continuousZoom = ZoomScale(stored.continuousZoom)
    spreadZoom = ZoomScale(stored.spreadZoom)
    if let spreads = SpreadMode(rawValue: stored.spreads) { spreadStyle.mode = spreads }
    spreadStyle.isShiftedByOne = stored.isShifted
    spreadStyle.binding = stored.isRightToLeft ? .rightToLeft : .leftToRight
    if let symbols = SymbolSet(rawValue: stored.symbols) { self.symbols = symbols }
    isInverted = stored.isInverted
    marks = Self.marks(from: stored.marks)
    trimsMargins = stored.trims
  }
}

/// A store's failure as one line for the status line.
struct PlaceProblem: Error, CustomStringConvertible {
  var description: String
}

extension PlaceStore: PlaceWriting {
  public func save(_ place: Place, for identity: DocumentIdentity) throws {
    do {
      try save(place.remembered, for: identity.fingerprint, pathHint: identity.pathHint)
    } catch {
      throw PlaceProblem(description: error.message)
    }
  }
}
