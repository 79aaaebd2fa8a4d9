import FolioCore
import FolioGraphics
import FolioUI

/// Pages as pictures painted into the cells after each frame, for terminals whose images are
/// part of the cells they cover (sixel, iTerm2's inline images): written once, a picture stays
/// until text is written over its cells. So each picture is the part of a page on screen,
/// rendered at those cells' pixels by a worker and encoded there; `PaintedScreen` works out
/// what to paint again after each frame (where curses wrote into a picture, where a hole in it
/// closed) and writes the cells drawn over the pages (the holes) again after it, and curses
/// redraws the rows of a picture no longer wanted (the view moved, `p`). The frame and the
/// pictures go out as one synchronized update (`CSI ?2026h … l`), so terminals that know it
/// show no half-painted screen. The last row (the status line) is never painted: a sixel
/// reaching it would scroll the screen. A part of a page larger than the terminal's largest
/// image (xterm's `maxGraphicSize`) is painted as several tiles that each fit.
public final class PaintedPixelLayer: PagePixels {
  /// How pictures are encoded.
  public enum Encoding: Equatable, Sendable {
    case sixel
    case iterm2
  }

  /// The most bytes of encoded pictures kept for painting again.
  public static let bytesKept = 48 << 20

  public let encoding: Encoding
  private let cellPixels: PixelSize
  /// The largest picture the terminal shows; nil when it has no known limit.
  private let largestImage: PixelSize?
  private let queue: WorkQueue<PixelRequest, [EncodedPicture.Piece]>
  /// Encoded pictures, least recently used first.
  private var kept: [(request: PixelRequest, pieces: [EncodedPicture.Piece])] = []
  private var failed: Set<PixelRequest> = []
  /// What the screen wants now: cells → the picture painted there and its holes.
  private var wanted: [CellRect: PaintedScreen.Wanted] = [:]
  private var screen = PaintedScreen()

  /// Renders with workers made by `makeWorker`, posting to `inbox`; `cellPixels` must be the
  /// terminal's (a sixel picture is as large as its pixels), `largestImage` the largest
  /// picture it shows (nil: no limit known).
  public init(
    encoding: Encoding, cellPixels: PixelSize, largestImage: PixelSize? = nil, inbox: LoopInbox,
    makeWorker: @escaping @Sendable () throws -> any PageWorker
  ) throws {
    self.encoding = encoding
    self.cellPixels = cellPixels
    self.largestImage = largestImage
    queue = try WorkQueue(
      workerCount: 1, name: "folio-pixels", inbox: inbox, makeWorker: makeWorker
    ) { worker, request in
      let picture = try worker.pixels(request)
      let encoded: [EncodedPicture.Piece]?
      switch encoding {
      case .sixel:
        encoded = Self.sixelTiles(of: picture, cellPixels: cellPixels, largest: largestImage)
      case .iterm2:
        let cells = CellSize(
          columns: request.size.width / cellPixels.width,
          rows: request.size.height / cellPixels.height)
        encoded = ITermImage(picture, over: cells).map { [EncodedPicture.Piece(bytes: $0.bytes)] }
      }
      guard let encoded else {
        throw DocumentError.renderFailed(reason: "the picture could not be encoded")
      }
      return encoded
    }
  }

  public func present<Terminal: TerminalBackend>(_ frame: Frame, on terminal: Terminal) {
    prepare(for: frame.placements, screen: frame.cells.size)
    terminal.writeImages(Self.beginUpdate)
    terminal.present(frame.cells)
    let stale = screen.staleRows(for: wanted, screenCleared: terminal.takeScreenCleared())
    if !stale.isEmpty { terminal.redraw(rows: stale) }
    terminal.writeImages(paint(over: frame.cells, colorMode: terminal.colorMode) + Self.endUpdate)
  }

  /// Starts and ends a synchronized update (terminals that do not know it ignore it).
  static let beginUpdate = Array("\u{1B}[?2026h".utf8)
  static let endUpdate = Array("\u{1B}[?2026l".utf8)

  public func receive(_ letters: [LoopInbox.Letter]) -> [Event] {
    let (outcomes, _) = queue.receive(letters)
    for outcome in outcomes {
      switch outcome.result {
      case .success(let pieces):
        guard !kept.contains(where: { $0.request == outcome.request }) else { continue }
        kept.append((outcome.request, pieces))
        let wantedRequests = Set(wanted.values.map(\.request))
        while kept.reduce(0, { $0 + $1.pieces.reduce(0) { $0 + $1.bytes.count } }) > Self.bytesKept,
          let oldest = kept.firstIndex(where: { !wantedRequests.contains($0.request) })
        {
          kept.remove(at: oldest)
        }
      case .failure:
        // Not asked again: the page stays block art.
        failed.insert(outcome.request)
      }
    }
    return []
  }

  /// Nothing to delete: the pictures go with the alternate screen. Forgets what was painted,
  /// so all of it is painted again.
  public func forgetting() -> [UInt8] {
    screen.forget()
    return []
  }

  public func shutdown() { queue.beginShutdown() }

  /// Works out the pictures `placements` want on a screen of `screen` cells (each the cells of
  /// its placement on screen, holes and all), and asks for those missing.
  func prepare(for placements: [ImagePlacement], screen size: CellSize) {
    wanted = [:]
    // Never the last row.
    let rows = CellRect(x: 0, y: 0, columns: size.columns, rows: max(0, size.rows - 1))
    for placement in placements {
      let shown = placement.visible.intersection(rows)
      guard !shown.isEmpty else { continue }
      var request = placement.image(of: shown).request(cellPixels: cellPixels)
      // Sixel paints bands of six rows of pixels: a last band cut short would spill into the
      // row below. The picture is cut as much, not squeezed.
      if encoding == .sixel, request.size.height % 6 != 0 {
        let height = request.size.height
        request.region.height *= Double(height - height % 6) / Double(height)
        request.size.height -= height % 6
      }
      guard request.size.width > 0, request.size.height > 0,
        request.size.area <= PixelRequest.largestArea
      else { continue }
      wanted[shown] = PaintedScreen.Wanted(
        request: request, holes: placement.holes.filter { shown.contains($0) })
    }
    let missing = Set(wanted.values.map(\.request)).filter { request in
      !failed.contains(request) && !kept.contains { $0.request == request }
    }
    queue.replaceWanted(missing.map { ($0, RenderPriority(tier: .visible, distance: 0)) })
  }

  /// Paints the pictures wanted that have arrived, and writes their holes again.
  func paint(over frame: ScreenBuffer, colorMode: ColorMode) -> [UInt8] {
    screen.paint(wanted, over: frame, colorMode: colorMode) { request in
      guard let index = kept.firstIndex(where: { $0.request == request }) else { return nil }
      // Used now: last to go.
      let image = kept.remove(at: index)
      kept.append(image)
      return image.pieces
    }
  }

  /// `picture` as sixel images no larger than `largest` each (one when it fits or no limit is
  /// known), cut along cells and sharing one palette; nil when it cannot be encoded.
  static func sixelTiles(of picture: PixelPicture, cellPixels: PixelSize, largest: PixelSize?)
    -> [EncodedPicture.Piece]?
  {
    let (width, height) = (picture.size.width, picture.size.height)
    let cells = CellRect(
      x: 0, y: 0, columns: width / max(1, cellPixels.width),
      rows: (height + cellPixels.height - 1) / max(1, cellPixels.height))
    let tiles = cells.tiles(cellPixels: cellPixels, largest: largest)
    guard tiles.count > 1 else {
      return SixelImage(picture).map { [EncodedPicture.Piece(bytes: $0.bytes)] }
    }
    // Each tile's pixels; the last row of tiles ends where the picture does (cut to whole bands).
    let parts = tiles.map { tile in
      let y = tile.minY * cellPixels.height
      return CellRect(
        x: tile.minX * cellPixels.width, y: y, columns: tile.size.columns * cellPixels.width,
        rows: min(tile.size.rows * cellPixels.height, height - y))
    }
    guard let encoded = SixelImage.tiles(of: picture, parts: parts) else { return nil }
    return zip(tiles, encoded).map { EncodedPicture.Piece(offset: $0.origin, bytes: $1) }
  }
}
