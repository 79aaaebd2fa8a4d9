import FolioCore
import FolioPixels
import FolioTerminal
import Foundation

/// The terminal the viewer draws on, taken once for the whole run (a library's documents are
/// shown on it one after another): what the terminal answered before curses took it, curses
/// itself, and the pixels chosen for it.
final class ViewerTerminal {
  let terminal: NcursesTerminal
  /// What the terminal answered (`--pixels auto`), nil when it was not asked.
  let replies: TerminalReplies?
  /// The pixels chosen, once asked for.
  private var chosen: (display: PixelDisplay, notice: String?, cellPixels: PixelSize?)?
  private var noticeTaken = false

  private init(terminal: NcursesTerminal, replies: TerminalReplies?) {
    self.terminal = terminal
    self.replies = replies
  }

  /// Asks the terminal what it shows (`--pixels auto`), then lets curses take it.
  static func start(options: PrintOptions, environment: [String: String]) throws -> ViewerTerminal {
    // NO_COLOR means no color unless --colors says otherwise.
    let requested =
      options.colors
      ?? (ColorMode.preferred(environment: environment) == .none ? ColorMode.none : nil)
    // `--pixels auto` (and `sixel`, whose pictures need the cell size and the terminal's
    // largest image): the terminal is asked what it shows, once, before curses takes it.
    let asks = [.auto, .sixel].contains(options.pixels ?? .auto)
    let replies = asks ? TerminalProbe.ask(environment: environment) : nil
    let terminal: NcursesTerminal
    do {
      terminal = try NcursesTerminal(colors: requested, environment: environment)
    } catch {
      throw Failure(path: nil, reason: "\(error)")
    }
    if let replies {
      terminal.pushBack(replies.typed)
      if !replies.isComplete { terminal.dropLateReplies(until: .now + .seconds(5)) }
    }
    return ViewerTerminal(terminal: terminal, replies: replies)
  }

  /// What the status line says of the terminal, the first time only: that TERM had no
  /// terminfo entry here (and which one draws instead), and why pixels cannot be shown. Two
  /// lines stay until a key, so neither hides the other.
  func takeNotices() -> String? {
    defer { noticeTaken = true }
    let lines = [terminal.typeNotice, chosen?.notice].compactMap { $0 }
    return noticeTaken || lines.isEmpty ? nil : lines.joined(separator: "\n")
  }

  /// How pages are shown, with a line for the status line when pixels cannot be: inside
  /// tmux, what tmux says of the terminal outside decides. Worked out once.
  func pixels(options: PrintOptions, environment: [String: String])
    -> (display: PixelDisplay, notice: String?, cellPixels: PixelSize?)
  {
    if let chosen { return chosen }
    let setting = options.pixels ?? .auto
    var tmux: TmuxClient?
    if !(environment["TMUX"] ?? "").isEmpty {
      guard setting != .off else { return remember((.blockArt, nil, nil)) }
      guard let client = TmuxQuery.client(environment: environment) else {
        let notice = setting == .auto ? nil : "pixels: tmux did not say what terminal it is in"
        return remember((.blockArt, notice, nil))
      }
      tmux = client
    }
    var (display, notice) = PixelDisplay.chosen(
      setting: setting, replies: replies, tmux: tmux, colors: terminal.colorCapability)
    if display == .kittyPlaceholders(throughTmux: true), terminal.drawsDirectColor,
      tmux?.features.contains("RGB") != true
    {
      // Ids in 24-bit colors, which tmux would turn into palette ones.
      (display, notice) = (
        .blockArt, "pixels: a -direct TERM inside tmux needs an outer terminal with RGB colors"
      )
    }
    let cellPixels =
      options.cellPixels ?? replies?.cellPixels ?? tmux?.cellPixels ?? terminal.cellPixels
    if display == .sixel && cellPixels == nil {
      // A sixel picture is as large as its pixels: at a guessed cell size it would not fit
      // its cells.
      (display, notice) = (
        .blockArt,
        "pixels: sixel needs the cell size, which the terminal did not say; --cell-pixels WxH"
      )
    }
    if display == .sixel, let cellPixels, let largest = replies?.largestSixel,
      CellRect(x: 0, y: 0, columns: 1, rows: 1).tiles(cellPixels: cellPixels, largest: largest)
        .isEmpty
    {
      // Not even one cell's picture would be shown.
      (display, notice) = (
        .blockArt,
        "pixels: the terminal shows sixel images up to \(largest.width)x\(largest.height) pixels,"
          + " less than a cell"
      )
    }
    return remember((display, notice, cellPixels))
  }

  private func remember(_ choice: (display: PixelDisplay, notice: String?, cellPixels: PixelSize?))
    -> (display: PixelDisplay, notice: String?, cellPixels: PixelSize?)
  {
    chosen = choice
    return choice
  }
}
