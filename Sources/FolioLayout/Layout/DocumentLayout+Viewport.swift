import FolioCore

/// Viewport positioning shared by every layout: the continuous spread index at the viewport's
/// center and its inverse, clamping, keeping the reader's place across layout changes, and
/// scrolling to a page. Each function is O(log n) at most.
extension DocumentLayout {
  /// The continuous spread index at the center of `viewport`.
  public func continuousIndex(at viewport: Viewport) -> ContinuousSpreadIndex {
    let center = viewport.center
    return continuousIndex(atAxisCoordinate: progression.isVertical ? center.y : center.x)
  }

  /// The continuous page index at the center of `viewport`.
  public func continuousPageIndex(at viewport: Viewport) -> ContinuousPageIndex {
    spreads.continuousPageIndex(for: continuousIndex(at: viewport))
  }

  /// The viewport of `viewportSize` whose center lies at `index` along the scrolling axis and at
  /// `crossFraction` (0 = leading edge, 1 = trailing edge) of the content across it, rounded to
  /// whole cells. Not clamped: see `clamped(_:)`.
  public func viewport(centeredOn index: ContinuousSpreadIndex, crossFraction: Double = 0.5)
    -> Viewport
  {
    let size = viewportSize
    let along = axisCoordinate(for: index)
    let fraction = crossFraction.isFinite ? min(max(crossFraction, 0), 1) : 0.5
    let centerX: Double
    let centerY: Double
    if progression.isVertical {
      centerX = fraction * Double(contentSize.columns)
      centerY = along
    } else {
      centerX = along
      centerY = fraction * Double(contentSize.rows)
    }
    return Viewport(
      origin: CellPoint(
        x: Int(saturating: centerX - Double(size.columns) / 2),
        y: Int(saturating: centerY - Double(size.rows) / 2)),
      size: size)
  }

  /// `viewport` moved the least so that it stays within the content; along an axis where the
  /// content is smaller than the viewport, the content is placed per `shortContentAlignment`
  /// along the scrolling axis and centered across it.
  public func clamped(_ viewport: Viewport) -> Viewport {
    func clamp(
      _ origin: Int, view: Int, content: Int, alignment: ShortContentAlignment, reversed: Bool
    )
      -> Int
    {
      guard content < view else { return min(max(origin, 0), content - view) }
      switch alignment {
      case .center: return (content - view).flooredDivision(by: 2)
      case .start: return reversed ? content - view : 0
      }
    }
    let vertical = progression.isVertical
    let x = clamp(
      viewport.origin.x, view: viewport.size.columns, content: contentSize.columns,
      alignment: vertical ? .center : shortContentAlignment,
      reversed: progression == .rightToLeft)
    let y = clamp(
      viewport.origin.y, view: viewport.size.rows, content: contentSize.rows,
      alignment: vertical ? shortContentAlignment : .center, reversed: false)
    return Viewport(origin: CellPoint(x: x, y: y), size: viewport.size)
  }

  /// The viewport of this layout that shows what `old` showed in `previous`: the same continuous
  /// spread index at the center (through the continuous page index when the two layouts group
  /// pages differently), and across the axis the same fraction of the content when both layouts
  /// scroll along the same axis. Clamped, so the place moves only where the content ends. Use it
  /// after every change of viewport size, zoom, layout, spread mode, cell aspect or page sizes.
  public func viewport(keepingPlaceOf old: Viewport, in previous: any DocumentLayout) -> Viewport {
    guard itemCount > 0, previous.itemCount > 0 else { return startViewport }
    let oldIndex = previous.continuousIndex(at: old)
    let index =
      previous.spreads == spreads
      ? oldIndex
      : spreads.continuousSpreadIndex(for: previous.spreads.continuousPageIndex(for: oldIndex))
    var crossFraction = 0.5
    if previous.progression.isVertical == progression.isVertical {
      let vertical = progression.isVertical
      let center = vertical ? old.center.x : old.center.y
      let breadth = vertical ? previous.contentSize.columns : previous.contentSize.rows
      if breadth > 0 { crossFraction = center / Double(breadth) }
    }
    return clamped(viewport(centeredOn: index, crossFraction: crossFraction))
  }

  /// The viewport showing the first item at the start.
  public var startViewport: Viewport {
    let origin = Viewport(origin: CellPoint(x: 0, y: 0), size: viewportSize)
    guard itemCount > 0 else { return clamped(origin) }
    return viewport(showing: PageIndex(0), at: .start, from: origin)
  }

  /// The viewport of `viewportSize` that shows `page` at `position` along the scrolling axis,
  /// starting from `current` (which matters for `.nearest`). It aligns the page's whole item (its
  /// spread, or its thumbnail with the label) where the item fits the viewport, and the page alone
  /// where it does not (a zoomed or very long spread). Clamped.
  public func viewport(showing page: PageIndex, at position: ScrollPosition, from current: Viewport)
    -> Viewport
  {
    guard itemCount > 0 else {
      return clamped(Viewport(origin: current.origin, size: viewportSize))
    }
    let item = item(itemIndex(containing: page))
    let pageFrame = item.pages.first { $0.page == page }?.frame ?? item.frame
    return viewport(aligning: item.frame, orPage: pageFrame, at: position, from: current)
  }

  /// The viewport of `viewportSize` that shows item `index` (a whole spread, or a thumbnail with
  /// its label) at `position` along the scrolling axis, centered across it, starting from
  /// `current` (which matters for `.nearest`): how a per-spread layout pages. Clamped.
  public func viewport(showingItem index: Int, at position: ScrollPosition, from current: Viewport)
    -> Viewport
  {
    guard itemCount > 0 else {
      return clamped(Viewport(origin: current.origin, size: viewportSize))
    }
    let frame = frame(ofItem: index)
    return viewport(aligning: frame, orPage: frame, at: position, from: current)
  }

  /// Aligns `itemFrame` at `position`, or on each axis where the item does not fit the viewport,
  /// `pageFrame` (`.nearest` keeps the current position across when the item is in view across).
  private func viewport(
    aligning itemFrame: CellRect, orPage pageFrame: CellRect, at position: ScrollPosition,
    from current: Viewport
  ) -> Viewport {
    let size = viewportSize
    let vertical = progression.isVertical
    let reversed = progression == .rightToLeft
    let contentWidth = contentSize.columns
    // Along the axis, in progression coordinates.
    let viewLength = vertical ? size.rows : size.columns
    func extent(_ rect: CellRect) -> (lead: Int, trail: Int) {
      if vertical { return (rect.minY, rect.maxY) }
      return reversed
        ? (contentWidth - rect.maxX, contentWidth - rect.minX) : (rect.minX, rect.maxX)
    }
    let itemExtent = extent(itemFrame)
    let (lead, trail) =
      itemExtent.trail - itemExtent.lead <= viewLength ? itemExtent : extent(pageFrame)
    let currentStart =
      vertical
      ? current.origin.y
      : (reversed ? contentWidth - current.origin.x - size.columns : current.origin.x)
    let start: Int
    switch position {
    case .start: start = lead
    case .center: start = (lead + trail - viewLength).flooredDivision(by: 2)
    case .end: start = trail - viewLength
    case .nearest:
      if lead >= currentStart, trail <= currentStart + viewLength {
        start = currentStart
      } else if lead < currentStart || trail - lead > viewLength {
        start = lead
      } else {
        start = trail - viewLength
      }
    }
    let along = vertical ? start : (reversed ? contentWidth - start - size.columns : start)
    // Across the axis, in content coordinates.
    let viewBreadth = vertical ? size.columns : size.rows
    let currentAcross = vertical ? current.origin.x : current.origin.y
    func span(_ rect: CellRect) -> (Int, Int) {
      vertical ? (rect.minX, rect.maxX) : (rect.minY, rect.maxY)
    }
    let (itemLow, itemHigh) = span(itemFrame)
    let across: Int
    if position == .nearest, itemLow >= currentAcross, itemHigh <= currentAcross + viewBreadth {
      across = currentAcross
    } else {
      let (low, high) = itemHigh - itemLow <= viewBreadth ? (itemLow, itemHigh) : span(pageFrame)
      across = (low + high - viewBreadth).flooredDivision(by: 2)
    }
    let origin = vertical ? CellPoint(x: across, y: along) : CellPoint(x: along, y: across)
    return clamped(Viewport(origin: origin, size: size))
  }
}

/// Where a layout puts content shorter than the viewport along its scrolling axis.
public enum ShortContentAlignment: Hashable, Sendable {
  /// At the start of the reading direction (the top, or the right edge right to left).
  case start
  /// In the middle.
  case center
}
