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
      spreads: "\(spreadStyle.mode)", isShifted: spreadStyle.isShiftedByOne,
      isRightToLeft: spreadStyle.binding == .rightToLeft, symbols: symbols.rawValue,
      isInverted: isInverted)
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
    if let spreads = SpreadMode.allCases.first(where: { "\($0)" == stored.spreads }) {
      spreadStyle.mode = spreads
    }
    spreadStyle.isShiftedByOne = stored.isShifted
    spreadStyle.binding = stored.isRightToLeft ? .rightToLeft : .leftToRight
    if let symbols = SymbolSet(rawValue: stored.symbols) { self.symbols = symbols }
    isInverted = stored.isInverted
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
