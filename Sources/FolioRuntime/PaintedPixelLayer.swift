import FolioCore
import FolioPixels
import FolioUI

/// Pages as pictures painted into the cells after each frame, for terminals whose images are
/// part of the cells they cover (sixel, iTerm2's inline images): written once, a picture stays
/// until text is written over its cells. So each picture is the part of a page on screen,
/// rendered at those cells' pixels by the document's page workers and encoded there
/// (`PictureQueue`); `PaintedScreen` works out
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

  public let encoding: Encoding
  private let cellPixels: PixelSize
  /// The largest picture the terminal shows; nil when it has no known limit.
  private let largestImage: PixelSize?
  private let queue: PictureQueue
  /// Where the encoded pictures are kept: the document's picture cache, with its block art.
  private let board: PictureBoard
  /// The pictures the screen wants that have arrived, held while it wants them (the cache
  /// may drop them: one larger than its budget, or several that evict each other).
  private var shown: [PictureJob: EncodedPicture] = [:]
  /// What the screen wants now: cells → the picture painted there and its holes.
  private var wanted: [CellRect: PaintedScreen.Wanted] = [:]
  private var screen = PaintedScreen()

  /// Has the pictures drawn by the page workers of `board`'s document, and kept in its
  /// cache; `cellPixels` must be the terminal's (a sixel picture is as large as its pixels),
  /// `largestImage` the largest picture it shows (nil: no limit known).
  public init(
    encoding: Encoding, cellPixels: PixelSize, largestImage: PixelSize? = nil,
    board: PictureBoard
  ) {
    self.encoding = encoding
    self.cellPixels = cellPixels
    self.largestImage = largestImage
    self.board = board
    queue = PictureQueue(work: board.work)
  }

  public func present<Terminal: TerminalBackend>(_ frame: Frame, on terminal: Terminal) {
    prepare(for: frame.placements, screen: frame.cells.size)
    let cells = blankingPictures(in: frame.cells)
    terminal.writeSequences(Self.beginUpdate)
    terminal.present(cells)
    let stale = screen.staleRows(for: wanted, screenCleared: terminal.takeScreenCleared())
    if !stale.isEmpty { terminal.redraw(rows: stale) }
    terminal.writeSequences(paint(over: cells, colorMode: terminal.colorMode) + Self.endUpdate)
  }

  /// `cells` with blank cells where a picture that has arrived is painted, but its holes: no
  /// block art under a picture, nor in the strip of cells past one that keeps its page's shape.
  func blankingPictures(in cells: ScreenBuffer) -> ScreenBuffer {
    var cells = cells
    for (rect, want) in wanted
    where shown[PictureJob(want.request, encoding: pictureEncoding(of: want.request))] != nil {
      for y in rect.minY..<rect.maxY {
        for x in rect.minX..<rect.maxX where !want.holes.contains(CellPoint(x: x, y: y)) {
          cells[x, y] = .blank
        }
      }
    }
    return cells
  }

  /// Starts and ends a synchronized update (terminals that do not know it ignore it).
  static let beginUpdate = Array("\u{1B}[?2026h".utf8)
  static let endUpdate = Array("\u{1B}[?2026l".utf8)

  public func receive(_ letters: [LoopInbox.Letter]) -> [Event] {
    for (job, var picture) in queue.receive(letters) {
      if case .iterm2(let cells) = job.encoding {
        // The worker sends the base64 PNG; the sequence around it is written here.
        picture.pieces = picture.pieces.map {
          EncodedPicture.Piece(
            offset: $0.offset, bytes: ITermSequences.inlineImage(base64: $0.bytes, over: cells))
        }
      }
      board.keep(picture, for: job)
      if wanted.values.contains(where: { $0.request == job.request }) { shown[job] = picture }
    }
    return []
  }

  /// Nothing to delete: the pictures go with the alternate screen. Forgets what was painted,
  /// so all of it is painted again.
  public func forgetting() -> [UInt8] {
    screen.forget()
    // Nor held: the cache keeps what it can for when the document comes back.
    shown = [:]
    wanted = [:]
    return []
  }

  public func shutdown() { queue.stop() }

  /// Works out the pictures `placements` want on a screen of `screen` cells (each the cells of
  /// its placement on screen, holes and all), and asks for those missing.
  func prepare(for placements: [ImagePlacement], screen size: CellSize) {
    wanted = [:]
    // Never the last row.
    let rows = CellRect(x: 0, y: 0, columns: size.columns, rows: max(0, size.rows - 1))
    for placement in placements {
      let shown = placement.visible.intersection(rows)
      guard !shown.isEmpty else { continue }
      // iTerm2 scales a picture to whole cells: it is drawn to fill them. Sixel shows its
      // pixels as they are: it keeps the page's shape.
      var placement = placement
      if encoding == .iterm2 { placement.image.pageSize = nil }
      guard var request = placement.request(of: shown, cellPixels: cellPixels) else { continue }
      // Sixel paints bands of six rows of pixels: a last band cut short would spill into the
      // row below. A picture whole in height is drawn that much smaller, its shape kept;
      // one the screen's edge cuts is cut as much at its foot, not squeezed.
      if encoding == .sixel, request.size.height % 6 != 0 {
        let height = request.size.height
        let whole = placement.image.pixelSize(cellPixels: cellPixels)
        // Drawn smaller only where the picture is whole in height: a sliver of a page's foot
        // would shrink to a fraction of its width.
        let isWholeInHeight =
          placement.pixels(of: shown, cellPixels: cellPixels).map {
            $0.minY == 0 && $0.maxY == whole.height
          } ?? false
        if isWholeInHeight {
          request.size.width = max(
            1,
            Int(
              (Double(request.size.width) * Double(height - height % 6) / Double(height))
                .rounded()))
        } else {
          request.region.height *= Double(height - height % 6) / Double(height)
        }
        request.size.height -= height % 6
      }
      guard request.size.width > 0, request.size.height > 0,
        request.size.area <= PixelRequest.largestArea
      else { continue }
      wanted[shown] = PaintedScreen.Wanted(
        request: request, holes: placement.holes.filter { shown.contains($0) },
        depth: placement.depth)
    }
    let jobs = Set(
      wanted.values.map { PictureJob($0.request, encoding: pictureEncoding(of: $0.request)) })
    shown = shown.filter { jobs.contains($0.key) }
    for job in jobs where shown[job] == nil {
      if let cached = board.cachedPicture(for: job) { shown[job] = cached }
    }
    queue.want(jobs.filter { shown[$0] == nil })
  }

  /// Paints the pictures wanted that have arrived, and writes their holes again.
  func paint(over frame: ScreenBuffer, colorMode: ColorMode) -> [UInt8] {
    screen.paint(wanted, over: frame, colorMode: colorMode) { request in
      shown[PictureJob(request, encoding: pictureEncoding(of: request))]?.pieces
    }
  }

  /// How the workers encode `request`'s picture.
  private func pictureEncoding(of request: PixelRequest) -> PictureEncoding {
    switch encoding {
    case .sixel: return .sixel(cellPixels: cellPixels, largest: largestImage)
    case .iterm2:
      return .iterm2(
        cells: CellSize(
          columns: request.size.width / cellPixels.width,
          rows: request.size.height / cellPixels.height))
    }
  }
}
