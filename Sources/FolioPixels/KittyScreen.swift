import FolioCore

/// What a kitty terminal holds of a document's pages as images, and the bytes that bring it to
/// a frame's placements: each picture sent once under an id (`a=t`), then shown either by
/// placeholder cells in the frame (`placeholders`: text to curses and tmux, so it works inside
/// tmux, with a virtual placement per image) or by placements over the cells (`placements`:
/// kitty before 0.28 and terminals that do no placeholders), one per part of the placement
/// cropped to it, moved by placing again. A picture too large whole (zoomed far in) is the
/// part that shows alone. A bounded, least recently used set of images stays in the
/// terminal; the oldest not on screen is deleted when a new one comes. A pure value: frames
/// and pictures in, bytes out.
public struct KittyScreen: Sendable {
  /// How images are put on the screen.
  public enum Style: Equatable, Sendable {
    /// Placements at the cursor (`a=p` with a crop), moved by placing them again.
    case placements
    /// Unicode placeholder cells in the frame and a virtual placement per image, ids colored
    /// for direct-color curses or not; every kitty sequence passed through tmux when it runs
    /// inside tmux.
    case placeholders(isDirectColor: Bool, throughTmux: Bool)
  }

  /// Where an image shows: the cells its whole picture spans from its top-left, its size in
  /// pixels (it may end inside its grid's last row or column, keeping its page's shape), and
  /// the cells that show it.
  struct Placement: Equatable, Sendable {
    var grid: CellRect
    var picture: PixelSize
    var parts: [CellRect]
  }

  /// An image in the terminal.
  struct Kept: Sendable {
    var request: PixelRequest
    var id: UInt32
    /// How placeholder cells name it (placeholder style).
    var placeholderID: PlaceholderImageID?
    /// What the terminal keeps of it, decoded.
    var bytes: Int
  }

  /// The most images kept in the terminal: several screens of thumbnails, so that paging
  /// back a few screens sends nothing (the bytes bound is what holds large pages back).
  public static let imagesKept = 256
  /// The most decoded bytes kept in the terminal: kitty drops images past its own quota
  /// (about 320 MB) without a word.
  public static let bytesKept = 200 << 20

  public let style: Style
  private let cellPixels: PixelSize
  /// Whether placements are scaled to their cells (the cell's size in pixels is a guess)
  /// rather than shown at the picture's own pixels.
  private let scalesToCells: Bool
  /// Images in the terminal, least recently used first.
  private var kept: [Kept] = []
  private var placed: [UInt32: Placement] = [:]
  /// What the screen wants now: image request → where it goes.
  private var wanted: [PixelRequest: Placement] = [:]
  /// The number of the next image.
  private var nextNumber: Int
  /// Bytes for the terminal: images sent and deleted, written before the next frame.
  private var output: [UInt8] = []

  /// An empty screen of cells `cellPixels` large (a guess when `scalesToCells`: pictures are
  /// then scaled to their cells), its images numbered from `firstNumber` (placeholder ids
  /// start at a random one: several Folios in one terminal through tmux share its images).
  public init(
    cellPixels: PixelSize, style: Style, firstNumber: Int = 1, scalesToCells: Bool = false
  ) {
    self.cellPixels = cellPixels
    self.scalesToCells = scalesToCells
    self.style = style
    nextNumber = firstNumber
  }

  /// Works out the images `placements` want; returns the pictures not in the terminal.
  public mutating func want(_ placements: [ImagePlacement]) -> [PixelRequest] {
    wanted = [:]
    for placement in placements {
      guard let (request, placed) = want(placement) else { continue }
      wanted[request] = placed
    }
    return missing
  }

  /// The pictures wanted that are not in the terminal.
  public var missing: [PixelRequest] {
    wanted.keys.filter { request in !kept.contains { $0.request == request } }
      .sorted {
        ($0.page.rawValue, $0.region.y, $0.region.x) < ($1.page.rawValue, $1.region.y, $1.region.x)
      }
  }

  /// `picture`, drawn for `request`, arrived: it is sent (unless it is in the terminal
  /// already), and the least recently used images not on screen deleted past the bounds.
  public mutating func receive(_ picture: EncodedPicture, for request: PixelRequest) {
    // Sent already (a render that was under way when the terminal lost its images).
    guard !kept.contains(where: { $0.request == request }) else { return }
    send(picture, for: request)
    // The least recently used go first, never one the screen shows; after the new one is
    // in, so nothing flickers.
    while kept.count > Self.imagesKept || kept.reduce(0, { $0 + $1.bytes }) > Self.bytesKept,
      let oldest = kept.firstIndex(where: { wanted[$0.request] == nil })
    {
      let image = kept.remove(at: oldest)
      output += KittySequences.deletion(of: image.id)
      placed[image.id] = nil
    }
  }

  /// Writes the cells under the images wanted that are in the terminal: their placeholder
  /// cells (placeholder style), else blank cells (no block art under a picture, nor in the
  /// strip of cells past a picture that keeps its page's shape); marks them used.
  public mutating func decorate(_ frame: inout ScreenBuffer) {
    for (index, image) in kept.enumerated().reversed() {
      guard let placement = wanted[image.request] else { continue }
      kept.remove(at: index)
      kept.append(image)
      let grid = placement.grid
      for part in placement.parts {
        for y in part.minY..<part.maxY {
          for x in part.minX..<part.maxX {
            if let id = image.placeholderID {
              frame.setPlaceholder(row: y - grid.minY, column: x - grid.minX, of: id, x: x, y: y)
            } else {
              frame[x, y] = .blank
            }
          }
        }
      }
    }
  }

  /// The images sent and deleted since the last call: written before the frame, so that its
  /// placeholder cells find their images.
  public mutating func takeOutput() -> [UInt8] {
    defer { output = [] }
    guard case .placeholders(_, true) = style else { return output }
    return KittySequences.throughTmux(output)
  }

  /// What to write after the frame: placements moved, put on and taken off (placement style).
  public mutating func placementBytes() -> [UInt8] {
    guard style == .placements else { return [] }
    return place()
  }

  /// Forgets every image, and returns what deletes them from the terminal (each by its id:
  /// kitty keeps images that are not placed through a deletion of what is on screen).
  public mutating func forgetting() -> [UInt8] {
    defer {
      kept = []
      placed = [:]
    }
    // Deletions of images evicted since the last frame first: they are in `output` only.
    let deletions = output + kept.flatMap { KittySequences.deletion(of: $0.id) }
    output = []
    guard case .placeholders(_, let throughTmux) = style else {
      return deletions + KittySequences.deletionOfAll
    }
    // Only its own: other programs' images may share the terminal through tmux.
    return throughTmux ? KittySequences.throughTmux(deletions) : deletions
  }

  /// Forgets every image the terminal lost (the screen was cleared, and with it the
  /// placements and their images): sent again as wanted, the old ones deleted by id all the
  /// same (a terminal that kept them frees them). Virtual placements outlive a clear screen.
  public mutating func forgetLostImages() {
    guard style == .placements else { return }
    output += kept.flatMap { KittySequences.deletion(of: $0.id) }
    kept = []
    placed = [:]
  }

  /// Sends `encoded` as a new image, with its virtual placement in placeholder style.
  private mutating func send(_ encoded: EncodedPicture, for request: PixelRequest) {
    defer { nextNumber += 1 }
    var image = Kept(request: request, id: UInt32(nextNumber), bytes: encoded.decodedBytes)
    if case .placeholders(let isDirectColor, _) = style {
      let id = PlaceholderImageID(number: nextNumber, isDirectColor: isDirectColor)
      (image.id, image.placeholderID) = (id.value, id)
    }
    output += KittySequences.transmitting(encoded, id: image.id)
    if image.placeholderID != nil {
      // Over its grid's cells (the picture may end inside the last ones).
      let grid =
        wanted[request]?.grid.size
        ?? CellSize(
          columns: (request.size.width + cellPixels.width - 1) / cellPixels.width,
          rows: (request.size.height + cellPixels.height - 1) / cellPixels.height)
      output += KittySequences.virtualPlacement(of: image.id, over: grid)
    }
    kept.append(image)
  }

  /// The image `placement` wants and where it goes; nil for one too large to send whole.
  private func want(_ placement: ImagePlacement) -> (PixelRequest, Placement)? {
    let grid = placement.grid
    guard !placement.parts.isEmpty, !grid.isEmpty else { return nil }
    // Each part is a placement of its own; past the bound the page stays block art.
    if style == .placements, placement.parts.count > ImagePlacement.mostParts { return nil }
    // Placeholder marks number at most 297 rows and columns.
    func fits(_ cells: CellRect) -> Bool {
      cells.size.columns * cellPixels.width * cells.size.rows * cellPixels.height
        <= PixelRequest.largestArea
        && (style == .placements
          || max(cells.size.columns, cells.size.rows) <= PlaceholderMarks.largestIndex + 1)
    }
    if fits(grid) {
      // The whole picture once; the part on screen shown from it as the view moves.
      let request = placement.image.request(cellPixels: cellPixels)
      return (request, Placement(grid: grid, picture: request.size, parts: placement.parts))
    }
    // Too large whole: the part that shows alone (a new picture each time the view moves).
    let shown = placement.shown
    guard fits(shown), let request = placement.request(of: shown, cellPixels: cellPixels) else {
      return nil
    }
    return (request, Placement(grid: shown, picture: request.size, parts: placement.parts))
  }

  /// Places the images wanted that are in the terminal, and takes off the others.
  private mutating func place() -> [UInt8] {
    var bytes: [UInt8] = []
    var shownIDs = Set<UInt32>()
    for (index, image) in kept.enumerated().reversed() {
      guard let placement = wanted[image.request] else { continue }
      shownIDs.insert(image.id)
      // Used now: last to go.
      kept.remove(at: index)
      kept.append(image)
      let before = placed[image.id]
      guard before != placement else { continue }
      placed[image.id] = placement
      let replacing =
        before.map {
          KittyPlacements.count(
            of: $0.parts, grid: $0.grid, picture: $0.picture, cellPixels: cellPixels)
        } ?? 0
      bytes += KittyPlacements.bytes(
        placing: image.id, grid: placement.grid, picture: placement.picture,
        parts: placement.parts, replacing: replacing, cellPixels: cellPixels,
        scalesToCells: scalesToCells)
    }
    for id in placed.keys.sorted() where !shownIDs.contains(id) {
      placed[id] = nil
      bytes += KittySequences.removal(of: id)
    }
    return bytes
  }
}
