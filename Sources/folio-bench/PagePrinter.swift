import FolioCore
import FolioPoppler
import FolioRaster
import Foundation

/// `folio-bench --print-page [OPTIONS] FILE`: one page as `folio --print` draws it, drawn in
/// this process with the rasterizer's measurement knobs, for `Scripts/blockart-compare.sh` and
/// experiments. With the defaults its cells are `folio --print`'s.
///
/// Options: `--page N` (from 1), `--size COLSxROWS`, `--symbols S`, `--colors C`,
/// `--password P`, `--cell-aspect X`; and for measurements `--timing` (the render and the
/// conversion timed, median of 7 each, on standard error as `render_ms=… cells_ms=…
/// pixels=WxH`), `--supersampling N`, `--pixel-budget N`, `--error-space NAME`,
/// `--sharpening X`, `--measure-raster PNG` (fit the cells to that PNG instead of the PDF's
/// render: rasterizers compared on identical pixels).
enum PagePrinter {
  struct Options {
    var file: String?
    var page = 1
    var size = CellSize(columns: 80, rows: 24)
    var symbols = SymbolSet.sextant
    var colors = ColorMode.truecolor
    var password: String?
    var cellAspect = 2.0
    var timing = false
    var supersampling: Int?
    var pixelBudget: Int?
    var errorSpace: String?
    var sharpening: Float?
    var measureRaster: String?
  }

  /// A usage or input problem, printed as one line.
  struct Problem: Error, CustomStringConvertible {
    var description: String
  }

  /// Parses the options after `--print-page`.
  static func options(_ arguments: [String]) throws -> Options {
    var options = Options()
    var rest = arguments[...]
    func value(_ name: String) throws -> String {
      guard let next = rest.popFirst() else { throw Problem(description: "\(name) needs a value") }
      return next
    }
    func number<T: LosslessStringConvertible>(_ name: String) throws -> T {
      let text = try value(name)
      guard let parsed = T(text) else {
        throw Problem(description: "\(name): not a number: \(text)")
      }
      return parsed
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "--page": options.page = try number(argument)
      case "--size":
        let text = try value(argument)
        guard let size = CellSize(parsing: text) else {
          throw Problem(description: "--size: \(text)")
        }
        options.size = size
      case "--symbols":
        let text = try value(argument)
        guard let symbols = SymbolSet(rawValue: text) else {
          throw Problem(description: "--symbols: \(text)")
        }
        options.symbols = symbols
      case "--colors":
        let text = try value(argument)
        guard let colors = ColorMode(rawValue: text) else {
          throw Problem(description: "--colors: \(text)")
        }
        options.colors = colors
      case "--password": options.password = try value(argument)
      case "--cell-aspect": options.cellAspect = try number(argument)
      case "--timing": options.timing = true
      case "--supersampling": options.supersampling = try number(argument)
      case "--pixel-budget": options.pixelBudget = try number(argument)
      case "--error-space": options.errorSpace = try value(argument)
      case "--sharpening": options.sharpening = try number(argument)
      case "--measure-raster": options.measureRaster = try value(argument)
      default:
        guard !argument.hasPrefix("--"), options.file == nil else {
          throw Problem(description: "unknown option \(argument)")
        }
        options.file = argument
      }
    }
    return options
  }

  /// Draws the page the options name; returns the text to print.
  static func run(_ arguments: [String]) throws -> String {
    let options = try options(arguments)
    guard let file = options.file else { throw Problem(description: "no FILE") }
    var errorSpace = BlockRasterizer.defaultErrorSpace
    if let name = options.errorSpace {
      guard let named = ErrorSpace.named[name] else {
        throw Problem(description: "unknown error space \(name)")
      }
      errorSpace = named
    }
    let rasterizer = BlockRasterizer(
      symbols: options.symbols, colorMode: options.colors, errorSpace: errorSpace,
      supersampling: options.supersampling,
      pixelBudget: options.pixelBudget ?? BlockRasterizer.defaultPixelBudget,
      sharpening: options.sharpening)
    let picture = PagePicture(rasterizer: rasterizer, cellAspect: options.cellAspect)
    let pdf = try PopplerDocument.open(path: file, password: options.password)
    guard (1...pdf.pageCount).contains(options.page) else {
      throw Problem(description: "\(file) has no page \(options.page)")
    }
    let page = PageIndex(number: options.page)
    // The PNG stands for the page: the PDF was only opened to check the page exists.
    let document: any DocumentSource =
      try options.measureRaster.map { try RasterDocument(pngAt: $0) } ?? pdf
    let shown = options.measureRaster == nil ? page : PageIndex(0)
    let screen =
      options.timing
      ? try measure(picture, page: shown, of: document, in: options.size)
      : try picture.draw(shown, of: document, in: options.size)
    return AnsiPrinter(colorMode: options.colors).text(for: screen)
  }

  /// Draws like `PagePicture.draw` while timing its two stages (median of 7 runs each) and
  /// reports them on standard error as `render_ms=… cells_ms=… pixels=WxH`.
  static func measure(
    _ picture: PagePicture, page: PageIndex, of document: any DocumentSource, in box: CellSize
  ) throws -> ScreenBuffer {
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
      return String(format: "%.3f", median.inSeconds * 1000)
    }
    FileHandle.standardError.write(
      Data(
        "render_ms=\(milliseconds(renders)) cells_ms=\(milliseconds(conversions)) pixels=\(pixels.width)x\(pixels.height)\n"
          .utf8))
    return PagePicture.centered(result, in: box)
  }
}
