import ArgumentParser
import FolioCore
import FolioPixels
import FolioRuntime
import FolioUI
import Foundation

extension PixelSize {
  /// Parses `--cell-pixels WxH`, each side 1 to 200.
  init(cellPixelsArgument text: String) throws {
    let sides = text.split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
    guard sides.count == 2, let width = sides[0], let height = sides[1],
      (1...200).contains(width), (1...200).contains(height)
    else {
      throw ValidationError("expected WxH, whole numbers of pixels from 1 to 200, such as 10x20")
    }
    self.init(width: width, height: height)
  }
}

/// `--print --pixels P`: the page printed as block art is written again as an image in the
/// protocol asked for, over the same cells: the cursor is saved, moved up to the page's first
/// row and column, the image written, the cursor restored.
enum PixelPrint {
  /// `--print --mode M --pixels P`: each page part of the frame of `state` written again as an
  /// image over its cells (thumbnails, a spread's pages and its filmstrip, a continuous view's
  /// pages), by one worker of `opening`.
  static func writeFrame(
    _ state: AppState, protocol pixels: PixelProtocol, opening: DocumentOpening,
    options: PrintOptions, rows screenRows: Int, environment: [String: String]
  ) throws {
    // The pictures a viewer showing pixels places on this frame, nothing drawn over them.
    var shown = state
    _ = shown.update(.pixelsAvailable)
    let parts = shown.imagePlacements { _ in false }.flatMap { placement in
      placement.parts.compactMap { part in
        placement.request(of: part, cellPixels: options.cellPixels ?? .standardCell).map {
          ($0, part)
        }
      }
    }
    guard !parts.isEmpty else { return }
    let worker: any PageWorker
    do {
      worker = try opening.makeWorker()
    } catch {
      StandardStreams.writeError("folio: no picture in pixels: \(error)\n")
      return
    }
    for (image, cells) in parts {
      try write(
        ShownPage(page: image.page, region: image.region, cells: cells, worker: worker),
        protocol: pixels, cellPixels: options.cellPixels ?? PrintCommand.cellPixels(),
        rowsBelow: screenRows, isInverted: state.drawing.style.isInverted,
        environment: environment)
    }
  }

  static func write(
    _ shown: ShownPage, protocol pixels: PixelProtocol, cellPixels known: PixelSize?,
    rowsBelow: Int, isInverted: Bool, environment: [String: String]
  ) throws {
    // A sixel image is as large as its pixels: at a guessed cell size it could run past the
    // page's cells and scroll the screen. kitty and iTerm2 scale it to the cells.
    if pixels == .sixel && known == nil {
      StandardStreams.writeError(
        "folio: sixel needs the cell size in pixels: the terminal gave none; --cell-pixels WxH\n")
      return
    }
    // Moved up past the top of the terminal, the cursor would stop there and the image land
    // lower than its page.
    if let terminal = PrintCommand.terminalSize(), rowsBelow > terminal.rows { return }
    // Printed straight to a tmux pane, an image sent through tmux lands where the terminal
    // outside has its cursor, not where the pane's is (tried with kitty): the block art stays
    // alone until the viewer's tmux support places images itself.
    if environment["TMUX"] != nil && isatty(STDOUT_FILENO) == 1 {
      StandardStreams.writeError(
        "folio: --pixels inside tmux is not placed right yet: the block art is printed\n")
      return
    }
    let cellPixels = known ?? .standardCell
    let cells = shown.cells
    var size = PixelSize(
      width: cells.size.columns * cellPixels.width, height: cells.size.rows * cellPixels.height)
    if size.area > PixelRequest.largestArea {
      // Scaled down to fit (a huge --size): the terminal scales it back up to the cells.
      let scale = (Double(PixelRequest.largestArea) / Double(size.area)).squareRoot()
      size = PixelSize(
        width: max(1, Int(Double(size.width) * scale)),
        height: max(1, Int(Double(size.height) * scale)))
    }
    let request = PixelRequest(
      page: shown.page, region: shown.region, size: size, isInverted: isInverted)
    let encoding: PictureEncoding
    switch pixels {
    case .kitty: encoding = .kitty
    case .sixel: encoding = .sixel(cellPixels: cellPixels, largest: nil)
    case .iterm2: encoding = .iterm2(cells: cells.size)
    }
    let picture: EncodedPicture
    do {
      // Drawn and encoded by the worker.
      picture = try shown.worker.picture(PictureJob(request, encoding: encoding))
    } catch {
      // The block art is printed already; the picture is only better.
      let reason = TerminalText.sanitized(PictureBoard.failureReason(error))
      StandardStreams.writeError("folio: no picture in pixels: \(reason)\n")
      return
    }
    let image: [UInt8]
    switch pixels {
    case .kitty: image = KittySequences.showing(picture, over: cells.size)
    case .iterm2:
      image = picture.pieces.flatMap {
        ITermSequences.inlineImage(base64: $0.bytes, over: cells.size)
      }
    case .sixel: image = picture.pieces.flatMap(\.bytes)
    }
    var bytes = Array("\u{1B}7".utf8)
    let up = rowsBelow - cells.minY
    if up > 0 { bytes += Array("\u{1B}[\(up)A".utf8) }
    bytes += Array("\u{1B}[\(cells.minX + 1)G".utf8)
    bytes += image
    bytes += Array("\u{1B}8".utf8)
    try StandardStreams.writeOutput(String(decoding: bytes, as: UTF8.self))
  }
}
