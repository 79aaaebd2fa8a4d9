// `folio-bench`: measures Folio's hot paths and prints Markdown for docs/benchmarks.md.
// Run through `make bench` (release build). Compare ratios measured in one run.
import FolioCore
import FolioPoppler
import FolioRaster
import FolioUI
import Foundation

// As the viewer does.
MemoryPolicy.limitHeapGrowth()

var sections: [String] = []
if CommandLine.arguments.dropFirst().first == "--print-page" {
  // One page drawn in this process with the rasterizer's measurement knobs (PagePrinter).
  do {
    FileHandle.standardOutput.write(
      Data(try PagePrinter.run(Array(CommandLine.arguments.dropFirst(2))).utf8))
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("folio-bench: \(error)\n".utf8))
    exit(1)
  }
}
if CommandLine.arguments.dropFirst().first == "--leak-check" {
  // A workload for valgrind/LeakSanitizer: open, read, render and close documents repeatedly.
  do {
    try LeakWorkload.run(paths: Array(CommandLine.arguments.dropFirst(2)))
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("folio-bench: \(error)\n".utf8))
    exit(1)
  }
}
if CommandLine.arguments.dropFirst().first == "--raw-memory", CommandLine.arguments.count > 2 {
  // Renders every page (or page 1 again and again with --same-page) with one document on this
  // thread, reporting resident memory every 3,000 renders: Poppler and cairo's own growth,
  // without Folio's pipeline.
  do {
    let document = try PopplerDocument.open(path: CommandLine.arguments[2])
    let samePage = CommandLine.arguments.contains("--same-page")
    let style = RenderStyle(symbols: .sextant, colors: .truecolor, text: .off)
    for index in 0..<document.pageCount {
      let page = PageIndex(samePage ? 0 : index)
      _ = try document.picture(
        for: RenderRequest(page: page, size: CellSize(columns: 22, rows: 14), style: style))
      if index % 3000 == 0 { print(index, PipelineBenchmarks.memory().current) }
    }
    print("end", PipelineBenchmarks.memory().current)
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("folio-bench: \(error)\n".utf8))
    exit(1)
  }
}
if CommandLine.arguments.dropFirst().first == "--write-library", CommandLine.arguments.count > 3 {
  do {
    try LibraryWriter.write(
      count: Int(CommandLine.arguments[2]) ?? 0, into: CommandLine.arguments[3])
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("folio-bench: \(error)\n".utf8))
    exit(1)
  }
}

if CommandLine.arguments.dropFirst().first == "--convert", CommandLine.arguments.count > 5 {
  // `--convert FILE PAGE COLSxROWS SYMBOLS [RUNS [COLORS]]`: renders page PAGE once at the size
  // `--print` would, then times only the pixels-to-cells conversion (for profiling the
  // rasterizer), in true color unless COLORS says otherwise.
  let arguments = CommandLine.arguments
  do {
    let document = try PopplerDocument.open(path: arguments[2])
    guard let number = Int(arguments[3]), (1...document.pageCount).contains(number),
      let box = CellSize(parsing: arguments[4]), let symbols = SymbolSet(rawValue: arguments[5]),
      let colors = arguments.count > 7 ? ColorMode(rawValue: arguments[7]) : .truecolor
    else {
      FileHandle.standardError.write(
        Data("usage: folio-bench --convert FILE PAGE COLSxROWS SYMBOLS [RUNS [COLORS]]\n".utf8))
      exit(2)
    }
    let runs = arguments.count > 6 ? max(1, Int(arguments[6]) ?? 200) : 200
    let picture = PagePicture(rasterizer: BlockRasterizer(symbols: symbols, colorMode: colors))
    let page = PageIndex(number: number)
    let cells = picture.pageCells(for: document.pageSize(at: page), in: box)
    let pixels = picture.rasterizer.pixelSize(for: cells)
    let image = try document.render(page, size: pixels)
    let render = Measure.median(repetitions: 7) { _ = try? document.render(page, size: pixels) }
    var fastest = Double.infinity
    let clock = ContinuousClock()
    let convert = Measure.median(repetitions: runs) {
      let start = clock.now
      _ = picture.rasterizer.cells(from: image, size: cells)
      fastest = min(fastest, (clock.now - start).inSeconds)
    }
    print(
      "\(cells.columns)x\(cells.rows) cells from \(pixels.width)x\(pixels.height) px: render "
        + Measure.format(render) + ", cells " + Measure.format(convert)
        + String(format: " (%.1f %%), fastest ", 100 * convert / render) + Measure.format(fastest))
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("folio-bench: \(error)\n".utf8))
    exit(1)
  }
}
if CommandLine.arguments.dropFirst().first == "--check-palette" {
  // Every one of the 16.7 million sRGB colors: `Palette.nearest256` (which compares only the
  // entries `PaletteBuckets` lists for the color's box) must give the entry the exhaustive
  // search over all 240 gives. Run after regenerating the table or changing `Palette.oklab`
  // (`make check-palette`, about 20 seconds; `make bench` runs it first).
  var mismatches: [(Int, Int, Int)] = []
  for red in 0..<256 {
    for green in 0..<256 {
      for blue in 0..<256 {
        let color = (red, green, blue)
        if Palette.nearest256(red: UInt8(red), green: UInt8(green), blue: UInt8(blue))
          != Palette.exhaustiveNearest(to: color, among: 16...255)
        {
          mismatches.append(color)
        }
      }
    }
  }
  print(
    "nearest256 against exhaustive search, 16,777,216 colors: \(mismatches.count) differ"
      + (mismatches.isEmpty ? "" : ", first \(mismatches.prefix(5))"))
  exit(mismatches.isEmpty ? 0 : 1)
}
if CommandLine.arguments.dropFirst().first == "--first-frame" {
  // Only the open-to-first-frame rows of the pipeline section, for quick comparisons.
  do {
    print(try PipelineBenchmarks.firstFrameRows().joined(separator: "\n"))
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("folio-bench: \(error)\n".utf8))
    exit(1)
  }
}
if CommandLine.arguments.dropFirst().first == "--text-layer" {
  // Only the text layer section.
  do {
    print(try TextLayerBenchmarks.run())
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("folio-bench: \(error)\n".utf8))
    exit(1)
  }
}
if CommandLine.arguments.dropFirst().first == "--pixels" {
  // Only the pixel pages section.
  do {
    print(try PixelBenchmarks.rows().joined(separator: "\n"))
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("folio-bench: \(error)\n".utf8))
    exit(1)
  }
}
if CommandLine.arguments.dropFirst().first == "--reflow" {
  // Only the reading view's reflow section.
  do {
    print(try ReflowBenchmarks.run())
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("folio-bench: \(error)\n".utf8))
    exit(1)
  }
}
if CommandLine.arguments.dropFirst().first == "--search" {
  // Only the search section.
  do {
    print(try SearchBenchmarks.run())
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("folio-bench: \(error)\n".utf8))
    exit(1)
  }
}
if CommandLine.arguments.dropFirst().first == "--shelf-notes" {
  // Only what annotations cost the shelf (its cover labels' counts, its search's notes).
  do {
    print(try ShelfNoteBenchmarks.run())
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("folio-bench: \(error)\n".utf8))
    exit(1)
  }
}
if CommandLine.arguments.dropFirst().first == "--loop-blocking" {
  // Only the loop's stalls while tmux is stopped and files arrive in a watched folder.
  do {
    print(try LoopBlockingBenchmarks.rows().joined(separator: "\n"))
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("folio-bench: \(error)\n".utf8))
    exit(1)
  }
}
if CommandLine.arguments.dropFirst().first == "--loop" {
  // Only the loop's stalls.
  do {
    print(try LoopBenchmarks.section())
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("folio-bench: \(error)\n".utf8))
    exit(1)
  }
}
if CommandLine.arguments.dropFirst().first == "--memory-run-processes",
  CommandLine.arguments.count > 3, let mode = ViewMode(rawValue: CommandLine.arguments[3])
{
  do {
    print(try PipelineBenchmarks.memoryRunWithProcesses(path: CommandLine.arguments[2], mode: mode))
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("folio-bench: \(error)\n".utf8))
    exit(1)
  }
}
if CommandLine.arguments.dropFirst().first == "--memory-run", CommandLine.arguments.count > 2 {
  do {
    print(try PipelineBenchmarks.memoryRun(path: CommandLine.arguments[2]))
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("folio-bench: \(error)\n".utf8))
    exit(1)
  }
}
do {
  sections.append(LayoutBenchmarks.run())
  sections.append(try DocumentBenchmarks.run())
  sections.append(try PipelineBenchmarks.run())
  sections.append(try SearchBenchmarks.run())
  sections.append(try ShelfNoteBenchmarks.run())
  sections.append(try LoopBenchmarks.section())
  sections.append(try TextLayerBenchmarks.run())
  sections.append(try ReflowBenchmarks.run())
  sections.append((try PixelBenchmarks.rows()).joined(separator: "\n"))
} catch {
  FileHandle.standardError.write(Data("folio-bench: \(error)\n".utf8))
  exit(1)
}
print(sections.joined(separator: "\n\n"))
