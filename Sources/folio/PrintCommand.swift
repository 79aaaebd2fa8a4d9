import ArgumentParser
import FolioCore
import FolioLayout
import FolioPoppler
import FolioRaster
import FolioRuntime
import FolioUI
import Foundation

/// The options shared by the browser and the output for scripts: `folio [--print] [--mode M]
/// [--page N|LABEL] [--size COLSxROWS] [--symbols S] [--colors C] [--invert] [--cell-aspect X]
/// [--spreads S] [--rtl] [--cover] FILE`.
struct PrintOptions: ParsableArguments {
  @Flag(
    help: ArgumentHelp(
      "Write to standard output and exit (no terminal needed).",
      discussion: "Alone: one page as colored text. With --mode: the whole frame that view shows."))
  var print = false

  @Option(
    name: .customLong("mode"),
    help: ArgumentHelp(
      "The view: grid, continuous, spread or read (the text reflowed; default grid).",
      discussion: "With --print, read prints the text reflowed for reading.",
      valueName: "mode"))
  var mode: ViewMode?

  @Option(help: "With --print --mode read: the pages to print, as FIRST-LAST, FIRST- or N.")
  var pages: String?

  @Option(help: "The page to start on (or print): a number counting from 1, or a page label.")
  var page: String?

  @Option(help: "Pages per spread: single, double or book (default single).")
  var spreads: SpreadMode?

  @Flag(
    inversion: .prefixedNo,
    help: ArgumentHelp(
      "Right-to-left binding: spreads and horizontal strips run leftwards.",
      discussion: """
        --no-rtl: left-to-right binding, whatever the config file (rtl = true) or the place \
        remembered for the document says.
        """))
  var rtl: Bool?

  @Flag(help: "Start double and book spreads one page later.")
  var shift = false

  @Flag(help: "Show the first page as a large cover in the grid.")
  var cover = false

  @Option(
    help: ArgumentHelp(
      "Memory for finished page pictures, in MiB.",
      discussion: "Default: \(PictureBoard.defaultCacheMegabytes)."))
  var cacheMb: Int?

  @Option(
    help: ArgumentHelp(
      "The box to fit the page into, as COLSxROWS (each from 1 to \(CellSize.largestParsedSide), at most 1,000,000 cells).",
      discussion: "Default: the terminal's size when standard output is one, else 80x24.",
      valueName: "COLSxROWS"),
    transform: CellSize.init(argumentWithReason:))
  var size: CellSize?

  @Option(
    help: ArgumentHelp(
      "Symbols to draw with: half, quad, sextant, octant, braille or ascii.",
      discussion:
        "Default: sextant when the locale is UTF-8 (half on the Linux console), else ascii."))
  var symbols: SymbolSet?

  @Option(
    help: ArgumentHelp(
      "Colors: truecolor, 256, 16 or none.",
      discussion: "Default: none if NO_COLOR is set, truecolor if COLORTERM says so, else 256."))
  var colors: ColorMode?

  @Flag(
    inversion: .prefixedNo,
    help: ArgumentHelp(
      "Invert lightness (dark paper, same hues) for dark terminals; without colors, draw the paper rather than the ink.",
      discussion: """
        --no-invert: do not invert (light paper), whatever the config file (invert = true) or \
        the place remembered for the document says.
        """))
  var invert: Bool?

  @Flag(
    inversion: .prefixedNo,
    help: ArgumentHelp(
      "Trim the margins: each page cropped to its content (T in the viewer).",
      discussion: """
        --no-trim: do not trim (whole pages), whatever the config file (trim = true) or the \
        place remembered for the document says.
        """))
  var trim: Bool?

  @Option(
    help: ArgumentHelp(
      "Draw the page's text as characters over the pictures: auto (where legible), on or off.",
      discussion: "Default: auto in the viewer, off with --print.", valueName: "when"))
  var text: TextLayerMode?

  @Option(
    help: ArgumentHelp(
      "Draw pages as pixels: kitty, sixel or iterm2 (terminal image protocols); off or auto.",
      discussion: """
        The viewer with auto (the default) asks the terminal and picks kitty (placeholder \
        cells from kitty 0.28 and in Ghostty, placements in older kitty), iTerm2's images \
        (WezTerm, iTerm2, mintty), sixel (terminals whose device attributes name it) or block \
        art; inside tmux it asks tmux, and kitty images pass through when tmux's \
        allow-passthrough is on. The p key switches between pixels and block art. With \
        --print and --preview the page is written in that protocol over its block art \
        (auto and off: block art only).
        """, valueName: "protocol"))
  var pixels: PixelsSetting?

  @Option(
    help: ArgumentHelp(
      "The size of a terminal cell in pixels, for --pixels.",
      discussion: "Default: what the terminal (or tmux) reports, else 10x20 (sixel needs it).",
      valueName: "WxH"),
    transform: PixelSize.init(cellPixelsArgument:))
  var cellPixels: PixelSize?

  @Option(
    help: ArgumentHelp(
      "How many times taller than wide a terminal cell is.",
      discussion: "Default: from the terminal's pixel size when it reports one, else 2."))
  var cellAspect: Double?

  @Option(
    help: ArgumentHelp(
      "Seconds a page may take to draw before it is shown as a box that says so.",
      valueName: "SECONDS"))
  var renderTimeout: Double = 20

  @Option(
    help: ArgumentHelp(
      "Worker processes that draw pages (1 to 32).",
      discussion: "Default: one per processor core, at most 4.", valueName: "N"))
  var workers: Int?

  @Option(
    help: ArgumentHelp(
      "The most memory one worker may use, in MiB or with a unit (512M, 2G); default 1G.",
      valueName: "SIZE"),
    transform: PrintOptions.memorySize(parsing:))
  var workerMemory: Int = 1 << 30

  @Flag(
    help: "With --print, write every message the PDF libraries gave, not one line per damaged page."
  )
  var verbose = false

  func validate() throws {
    if let cellAspect, !(cellAspect.isFinite && cellAspect > 0 && cellAspect <= 10) {
      throw ValidationError("--cell-aspect must be a number above 0 and at most 10")
    }
    guard renderTimeout.isFinite, (0.1...3600).contains(renderTimeout) else {
      throw ValidationError("--render-timeout must be a number of seconds from 0.1 to 3600")
    }
    guard (1...4096).contains(cacheMb ?? PictureBoard.defaultCacheMegabytes) else {
      throw ValidationError("--cache-mb must be between 1 and 4096")
    }
    if let workers, !(1...32).contains(workers) {
      throw ValidationError("--workers must be between 1 and 32")
    }
    if pages != nil && mode != .read {
      throw ValidationError("--pages goes with --print --mode read")
    }
    if let page, page.isEmpty { throw ValidationError("--page needs a page number or label") }
    if let page, let number = Int(page), number < 1 {
      throw ValidationError("--page must be 1 or more, not \(number)")
    }
  }
}

/// Writes one page as SGR-colored text: exactly ROWS lines of COLS columns.
enum PrintCommand {
  static func run(
    _ options: PrintOptions, document: some DocumentSource, workers: DocumentOpening,
    path: String
  ) throws {
    let environment = ProcessInfo.processInfo.environment
    let colorMode = options.colors ?? ColorMode.preferred(environment: environment)
    let style = RenderStyle(
      symbols: options.symbols ?? SymbolSet.preferred(environment: environment),
      colors: colorMode, isInverted: options.invert == true, text: options.text ?? .off)
    let picture = PagePicture(rasterizer: style.rasterizer, cellAspect: options.cellAspect ?? 2)
    let box = options.size ?? terminalSize() ?? CellSize(columns: 80, rows: 24)
    let page = try options.startPage(in: document, path: path)
    let drawn: (screen: ScreenBuffer, messages: [String], shown: ShownPage?)
    do {
      drawn = try draw(
        picture, page: page, of: document, in: box, style: style, with: workers,
        trim: options.trim == true)
    } catch let error as DocumentError {
      throw Failure(path: path, reason: error.reason)
    }
    try StandardStreams.writeOutput(AnsiPrinter(colorMode: colorMode).text(for: drawn.screen))
    if let pixels = options.pixels?.named, let shown = drawn.shown {
      // The block art stays under the picture: a terminal that ignores the image shows it.
      try PixelPrint.write(
        shown, protocol: pixels, cellPixels: options.cellPixels ?? Self.cellPixels(),
        rowsBelow: box.rows, isInverted: style.isInverted, environment: environment)
    }
    DamageReport.write(
      drawn.messages.isEmpty ? [:] : [page: drawn.messages], path: path, verbose: options.verbose)
  }

  /// The size of a cell of the terminal on standard output in pixels, if it reports one.
  static func cellPixels() -> PixelSize? {
    guard let window = window(), window.ws_xpixel >= window.ws_col,
      window.ws_ypixel >= window.ws_row
    else { return nil }
    return PixelSize(
      width: Int(window.ws_xpixel) / Int(window.ws_col),
      height: Int(window.ws_ypixel) / Int(window.ws_row))
  }

  /// The size of the terminal on standard output, if it is one.
  static func terminalSize() -> CellSize? {
    window().map { CellSize(columns: Int($0.ws_col), rows: Int($0.ws_row)) }
  }

  /// The window size of the terminal on standard output (at least a cell), if it is one.
  private static func window() -> winsize? {
    guard isatty(STDOUT_FILENO) == 1 else { return nil }
    var window = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0,
      window.ws_row > 0
    else { return nil }
    return window
  }
}

extension CellSize {
  /// Parses `--size`, saying what a valid size is when the text is not one.
  init(argumentWithReason text: String) throws {
    guard let size = CellSize(parsing: text) else {
      throw ValidationError(
        "expected COLSxROWS, whole numbers from 1 to \(CellSize.largestParsedSide) and at most 1,000,000 cells in all, such as 80x24"
      )
    }
    self = size
  }
}

extension SymbolSet: ExpressibleByArgument {}

extension ViewMode: ExpressibleByArgument {}

extension SpreadMode: ExpressibleByArgument {}

extension PrintOptions {
  /// The page `--page` names: a whole number counts pages from 1 (as scripts expect), anything
  /// else is a page label of the document; page 1 without it.
  func startPage(in document: some DocumentSource, path: String) throws -> PageIndex {
    guard let page else { return PageIndex(0) }
    if let number = Int(page) {
      // Numbers below 1 are usage errors (`validate()`).
      guard number <= document.pageCount else {
        throw Failure(
          path: path,
          reason: DocumentError.pageOutOfRange(
            PageIndex(number: number), pageCount: document.pageCount
          ).reason)
      }
      return PageIndex(number: number)
    }
    guard let labeled = document.pageIndex(forLabel: page) else {
      throw Failure(path: path, reason: "has no page labeled “\(TerminalText.sanitized(page))”")
    }
    return labeled
  }
}

extension ColorMode: ExpressibleByArgument {}

extension PrintOptions {
  /// `--render-timeout` as a duration.
  var renderTimeLimit: Duration { .milliseconds(Int(renderTimeout * 1000)) }
}
extension TextLayerMode: ExpressibleByArgument {}

extension PixelsSetting: ExpressibleByArgument {}
