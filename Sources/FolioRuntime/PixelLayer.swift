import FolioCore
import FolioGraphics
import FolioUI

/// Pages as kitty images over their block art, in a terminal that shows them (it answered
/// kitty's query, or `--pixels kitty`; outside tmux): each page is rendered once at its
/// frame's size in pixels (cells × the cell's pixels) by a worker, encoded there and sent to
/// the terminal once, then shown with placements that crop it to the part on screen, moved as
/// the view moves (zoomed so far in that the page would be too large, the part on screen alone
/// is rendered). A bounded, least recently used set of images stays in the terminal; the
/// oldest not on screen is deleted when a new one comes. While something is drawn over the
/// pages (a panel, the help, search marks), the placements are taken off and the block art
/// shows: kitty's images cover the cells under them.
public final class PixelLayer: LoopService {
  /// Where an image shows: the cells, and the pixels of the image cropped to them.
  struct Placement: Equatable {
    var cells: CellRect
    var crop: [Int]
  }

  /// An image in the terminal.
  struct Kept {
    var request: PixelRequest
    var id: UInt32
    /// What the terminal keeps of it, decoded.
    var bytes: Int
  }

  /// The most images kept in the terminal (a screen of thumbnails and a page each way).
  public static let imagesKept = 48
  /// The most decoded bytes kept in the terminal: kitty drops images past its own quota
  /// (about 320 MB) without a word.
  public static let bytesKept = 200 << 20

  private let queue: WorkQueue<PixelRequest, KittyImage.Encoded>
  private let cellPixels: PixelSize
  /// Images in the terminal, least recently used first.
  private var kept: [Kept] = []
  private var placed: [UInt32: Placement] = [:]
  /// Renders that failed, not asked for again.
  private var failed: Set<PixelRequest> = []
  /// What the screen wants now: image request → where it goes.
  private var wanted: [PixelRequest: Placement] = [:]
  private var nextID: UInt32 = 1
  /// Bytes for the terminal, written after the next frame.
  private var output: [UInt8] = []

  /// Renders with workers made by `makeWorker`, posting to `inbox`.
  public init(
    cellPixels: PixelSize, inbox: LoopInbox,
    makeWorker: @escaping @Sendable () throws -> any PageWorker
  ) throws {
    self.cellPixels = cellPixels
    queue = try WorkQueue(
      workerCount: 1, name: "folio-pixels", inbox: inbox, makeWorker: makeWorker
    ) { worker, request in
      guard let encoded = KittyImage.Encoded(try worker.pixels(request)) else {
        throw DocumentError.renderFailed(reason: "the picture could not be deflated")
      }
      return encoded
    }
  }

  /// Works out what the screen of `state` wants; returns the bytes to write after its frame.
  public func bytes(for state: AppState) -> [UInt8] {
    wanted = [:]
    if state.drawing.pixels == .on && state.pagesAreUncovered {
      for piece in state.pixelPieces {
        guard let (request, placement) = want(piece, version: state.document.version, state: state)
        else { continue }
        wanted[request] = placement
      }
    }
    let missing = wanted.keys.filter { request in
      !failed.contains(request) && !kept.contains { $0.request == request }
    }
    queue.replaceWanted(missing.map { ($0, RenderPriority(tier: .visible, distance: 0)) })
    place()
    defer { output = [] }
    return output
  }

  public func receive(_ letters: [LoopInbox.Letter]) -> [Event] {
    let (outcomes, _) = queue.receive(letters)
    for outcome in outcomes {
      let request = outcome.request
      guard case .success(let encoded) = outcome.result else {
        // Not asked again: the page stays block art (its failure shows there).
        failed.insert(request)
        continue
      }
      // Sent already (a render that was under way when the terminal lost its images).
      guard !kept.contains(where: { $0.request == request }) else { continue }
      let id = takeID()
      output += KittyImage(transmitting: encoded, id: id).bytes
      kept.append(Kept(request: request, id: id, bytes: encoded.decodedBytes))
      // The least recently used go first, never one the screen shows.
      while kept.count > Self.imagesKept || kept.reduce(0, { $0 + $1.bytes }) > Self.bytesKept,
        let oldest = kept.firstIndex(where: { wanted[$0.request] == nil })
      {
        let image = kept.remove(at: oldest)
        output += KittyImage.deletion(of: image.id)
        placed[image.id] = nil
      }
    }
    // The loop draws a frame after taking letters: `bytes(for:)` then places what arrived.
    return []
  }

  /// Forgets every image, and returns what deletes them from the terminal (each by its id:
  /// kitty keeps images that are not placed through a deletion of what is on screen).
  public func forgetting() -> [UInt8] {
    defer {
      kept = []
      placed = [:]
      failed = []
    }
    return kept.flatMap { KittyImage.deletion(of: $0.id) } + KittyImage.deletionOfAll
  }

  /// Forgets every image the terminal lost (the screen was cleared): sent again as wanted,
  /// the old ones deleted by id all the same (a terminal that kept them frees them).
  public func forgetLostImages() {
    output += kept.flatMap { KittyImage.deletion(of: $0.id) }
    kept = []
    placed = [:]
  }

  /// Tells the render thread to stop, without waiting for a render under way.
  public func shutdown() { queue.beginShutdown() }

  private func takeID() -> UInt32 {
    defer { nextID = nextID == UInt32.max ? 1 : nextID + 1 }
    return nextID
  }

  /// The image `piece` wants and where it goes; nil for a page too large to send whole.
  private func want(_ piece: AppState.PixelPiece, version: DocumentVersion, state: AppState)
    -> (PixelRequest, Placement)?
  {
    let frame = piece.frame
    guard !piece.shown.isEmpty, !frame.isEmpty else { return nil }
    let size = PixelSize(
      width: frame.size.columns * cellPixels.width, height: frame.size.rows * cellPixels.height)
    let shownSize = PixelSize(
      width: piece.shown.size.columns * cellPixels.width,
      height: piece.shown.size.rows * cellPixels.height)
    let isInverted = state.drawing.style.isInverted
    guard size.area > PixelRequest.largestArea else {
      // The whole page once; the part on screen cropped from it as the view moves.
      let request = PixelRequest(
        page: piece.page, region: piece.region, size: size, isInverted: isInverted,
        document: version)
      let crop = [
        (piece.shown.minX - frame.minX) * cellPixels.width,
        (piece.shown.minY - frame.minY) * cellPixels.height, shownSize.width, shownSize.height,
      ]
      return (request, Placement(cells: piece.shown, crop: crop))
    }
    // Zoomed far in, the whole page is too large: the part on screen alone (a new picture
    // each time the view moves).
    guard shownSize.area <= PixelRequest.largestArea else { return nil }
    let request = PixelRequest(
      page: piece.page, region: piece.shownPart, size: shownSize, isInverted: isInverted,
      document: version)
    return (
      request, Placement(cells: piece.shown, crop: [0, 0, shownSize.width, shownSize.height])
    )
  }

  /// Places the images wanted that are in the terminal, and takes off the others.
  private func place() {
    var shownIDs = Set<UInt32>()
    for (index, image) in kept.enumerated().reversed() {
      guard let placement = wanted[image.request] else { continue }
      shownIDs.insert(image.id)
      // Used now: last to go.
      kept.remove(at: index)
      kept.append(image)
      guard placed[image.id] != placement else { continue }
      placed[image.id] = placement
      output += Array("\u{1B}7\u{1B}[\(placement.cells.minY + 1);\(placement.cells.minX + 1)H".utf8)
      output += KittyImage.placement(
        of: image.id,
        crop: (placement.crop[0], placement.crop[1], placement.crop[2], placement.crop[3]),
        over: placement.cells.size)
      output += Array("\u{1B}8".utf8)
    }
    for id in placed.keys where !shownIDs.contains(id) {
      placed[id] = nil
      output += KittyImage.removal(of: id)
    }
  }
}
