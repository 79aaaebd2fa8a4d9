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

  @Option(help: "The view: grid, continuous or spread (default grid).")
  var mode: ViewMode?

  @Option(help: "The page to start on (or print): a number counting from 1, or a page label.")
  var page: String?

  @Option(help: "Pages per spread: single, double or book (default single).")
  var spreads: SpreadMode?

  @Flag(help: "Right-to-left binding: spreads and horizontal strips run leftwards.")
  var rtl = false

  @Flag(help: "Start double and book spreads one page later.")
  var shift = false

  @Flag(help: "Show the first page as a large cover in the grid.")
  var cover = false

  @Option(help: "Memory for finished page pictures, in MiB.")
  var cacheMb: Int = 64

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

  @Flag(help: "Invert lightness (dark paper, same hues) for dark terminals.")
  var invert = false

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

  @Flag(help: .hidden)
  var timing = false

  @Option(help: .hidden)
  var supersampling: Int?

  /// Measurement only: the most pixels an automatic supersampling factor may render.
  @Option(help: .hidden)
  var pixelBudget: Int?

  @Option(help: .hidden)
  var errorSpace: String?

  /// Measurement only: the unsharp-mask amount (0 turns it off).
  @Option(help: .hidden)
  var sharpening: Float?

  /// Measurement only: fit cells to this PNG (the page another tool was given) instead of the
  /// PDF's own render, to compare the rasterizers on identical pixels.
  @Option(help: .hidden)
  var measureRaster: String?

  func validate() throws {
    if let cellAspect, !(cellAspect.isFinite && cellAspect > 0 && cellAspect <= 10) {
      throw ValidationError("--cell-aspect must be a number above 0 and at most 10")
    }
    guard renderTimeout.isFinite, (0.1...3600).contains(renderTimeout) else {
      throw ValidationError("--render-timeout must be a number of seconds from 0.1 to 3600")
    }
    guard (1...4096).contains(cacheMb) else {
      throw ValidationError("--cache-mb must be between 1 and 4096")
    }
    if let sharpening, !(0...BlockRasterizer.largestSharpening).contains(sharpening) {
      throw ValidationError(
        "--sharpening must be between 0 and \(Int(BlockRasterizer.largestSharpening))")
    }
    if let workers, !(1...32).contains(workers) {
      throw ValidationError("--workers must be between 1 and 32")
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
    _ options: PrintOptions, document: some DocumentSource, workers: DocumentOpening? = nil,
    path: String
  ) throws {
    let environment = ProcessInfo.processInfo.environment
    let colorMode = options.colors ?? ColorMode.preferred(environment: environment)
    let rasterizer = BlockRasterizer(
      symbols: options.symbols ?? SymbolSet.preferred(environment: environment),
      colorMode: colorMode, isInverted: options.invert,
      errorSpace: try errorSpace(named: options.errorSpace),
      supersampling: options.supersampling,
      pixelBudget: options.pixelBudget ?? BlockRasterizer.defaultPixelBudget,
      sharpening: options.sharpening)
    let picture = PagePicture(rasterizer: rasterizer, cellAspect: options.cellAspect ?? 2)
    let box = options.size ?? terminalSize() ?? CellSize(columns: 80, rows: 24)
    let page = try options.startPage(in: document, path: path)
    let screen: ScreenBuffer
    var damage: [PageIndex: [String]] = [:]
    do {
      if let workers, !options.measuresInProcess {
        let style = RenderStyle(
          symbols: rasterizer.symbols, colors: colorMode, isInverted: options.invert)
        let drawn = try draw(
          picture, page: page, of: document, in: box, style: style, with: workers)
        screen = drawn.screen
        if !drawn.messages.isEmpty { damage[page] = drawn.messages }
      } else {
        screen =
          options.timing
          ? try measure(picture, page: page, of: document, in: box)
          : try draw(picture, page: page, of: document, in: box, within: options.renderTimeLimit)
      }
    } catch let error as DocumentError {
      throw Failure(path: path, reason: error.reason)
    }
    let text = AnsiPrinter(colorMode: colorMode).text(for: screen)
    try StandardStreams.writeOutput(text)
    DamageReport.write(damage, path: path, verbose: options.verbose)
  }

  /// `picture.draw` on a thread of its own, waited for at most `limit`: a page that takes
  /// longer (a decoder that loops on a damaged image) is printed as a page-shaped box saying
  /// it could not be drawn, and the thread is left behind (the process exits without it).
  static func draw(
    _ picture: PagePicture, page: PageIndex, of document: some DocumentSource, in box: CellSize,
    within limit: Duration
  ) throws -> ScreenBuffer {
    let pageCells = picture.pageCells(for: document.pageSize(at: page), in: box)
    let work = UncheckedTransfer { try picture.draw(page, of: document, in: box) }
    let thread = Thread { work.run() }
    thread.stackSize = 8 << 20
    thread.start()
    guard work.wait(for: limit) else {
      var failed = ScreenBuffer(size: pageCells)
      let style = RenderStyle(
        symbols: picture.rasterizer.symbols, colors: picture.rasterizer.colorMode,
        isInverted: picture.rasterizer.isInverted)
      Placeholder.fillFailed(
        &failed, reason: RenderTimeout(limit: limit).description, style: style, width: .locale)
      return PagePicture.centered(failed, in: box)
    }
    return try work.result()
  }

  /// The error space named by the hidden `--error-space` option (for measurements).
  static func errorSpace(named name: String?) throws -> ErrorSpace {
    guard let name else { return BlockRasterizer.defaultErrorSpace }
    guard let space = ErrorSpace.named[name] else {
      throw ValidationError("unknown error space '\(name)'")
    }
    return space
  }

  /// The size of the terminal on standard output, if it is one.
  static func terminalSize() -> CellSize? {
    guard isatty(STDOUT_FILENO) == 1 else { return nil }
    var window = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0,
      window.ws_row > 0
    else { return nil }
    return CellSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
  }

  /// Draws like `PagePicture.draw` while timing its two stages (median of 7 runs each) and
  /// reports them on standard error as `render_ms=… cells_ms=… pixels=WxH`.
  static func measure(
    _ picture: PagePicture, page: PageIndex, of document: some DocumentSource, in box: CellSize
  ) throws -> ScreenBuffer {
    guard (0..<document.pageCount).contains(page.rawValue) else {
      throw DocumentError.pageOutOfRange(page, pageCount: document.pageCount)
    }
    let cells = picture.pageCells(for: document.pageSize(at: page), in: box)
    let pixels = picture.rasterizer.pixelSize(for: cells)
    let clock = ContinuousClock()
    var image = RGBAImage(size: PixelSize(width: 0, height: 0))
    var renders: [Duration] = []
    var conversions: [Duration] = []
    var result = ScreenBuffer(size: cells)
    for _ in 0..<7 {
      renders.append(try clock.measure { image = try document.render(page, size: pixels) })
      conversions.append(
        clock.measure { result = picture.rasterizer.cells(from: image, size: cells) })
    }
    func milliseconds(_ times: [Duration]) -> String {
      let median = times.sorted()[times.count / 2]
      let (seconds, attoseconds) = median.components
      return String(format: "%.3f", Double(seconds) * 1000 + Double(attoseconds) / 1e15)
    }
    StandardStreams.writeError(
      "render_ms=\(milliseconds(renders)) cells_ms=\(milliseconds(conversions)) pixels=\(pixels.width)x\(pixels.height)\n"
    )
    return PagePicture.centered(result, in: box)
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

extension SpreadMode: ExpressibleByArgument {
  public init?(argument: String) {
    guard let mode = SpreadMode.allCases.first(where: { "\($0)" == argument }) else { return nil }
    self = mode
  }
}

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

/// Work handed to another thread with what it needs, which the caller promises not to touch
/// meanwhile, and its result waited for with a deadline.
private final class UncheckedTransfer<Output>: @unchecked Sendable {
  private let body: () throws -> Output
  private var outcome: Result<Output, any Error>?
  private let finished = DispatchSemaphore(value: 0)

  init(_ body: @escaping () throws -> Output) { self.body = body }

  /// Runs the work (on the other thread) and signals its end.
  func run() {
    outcome = Result { try body() }
    finished.signal()
  }

  /// Waits until the work has run or `limit` has passed; whether it has run.
  func wait(for limit: Duration) -> Bool {
    let nanoseconds =
      limit.components.seconds * 1_000_000_000 + limit.components.attoseconds / 1_000_000_000
    return finished.wait(timeout: .now() + .nanoseconds(Int(nanoseconds))) == .success
  }

  /// The work's result, once `wait` said it has run.
  func result() throws -> Output {
    guard let outcome else { preconditionFailure("result() before the work ran") }
    return try outcome.get()
  }
}

extension PrintOptions {
  /// `--render-timeout` as a duration.
  var renderTimeLimit: Duration { .milliseconds(Int(renderTimeout * 1000)) }
}
