import ArgumentParser
import FolioCore
import FolioLayout
import FolioRaster
import FolioRuntime
import FolioUI
import Foundation

/// The worker-process options (`--workers`, `--worker-memory`) and what they make.
extension PrintOptions {
  /// Worker processes to start: `--workers`, else one per core, at most 4.
  var workerCount: Int { workers ?? min(4, max(1, ProcessInfo.processInfo.activeProcessorCount)) }

  /// The limits of every page worker.
  var workerLimits: WorkerLimits {
    WorkerLimits(memoryBytes: workerMemory, timePerRequest: renderTimeLimit)
  }

  /// Parses `--worker-memory`: MiB, or a number with K, M or G (64 MiB to 1 TiB).
  static func memorySize(parsing text: String) throws -> Int {
    let units: [Character: Double] = ["K": 1024, "M": 1024 * 1024, "G": 1024 * 1024 * 1024]
    var number = text.uppercased()
    if number.hasSuffix("IB") || number.hasSuffix("B") {
      number.removeLast(number.hasSuffix("IB") ? 2 : 1)
    }
    var scale = Double(1 << 20)
    if let last = number.last, let unit = units[last] {
      scale = unit
      number.removeLast()
    }
    guard let value = Double(number), value.isFinite, value > 0 else {
      throw ValidationError("--worker-memory expects a size such as 1024, 512M or 2G")
    }
    let bytes = value * scale
    guard bytes >= Double(64 << 20), bytes <= Double(1 << 40) else {
      throw ValidationError("--worker-memory must be between 64M and 1024G")
    }
    return Int(bytes)
  }
}

extension PrintCommand {
  /// The page drawn by a page worker and centered in `box`, with what the libraries said. A
  /// worker that crashes is replaced and asked once more; a page it cannot draw in time, within
  /// its memory, or after a second crash becomes a page-shaped box saying why.
  static func draw(
    _ picture: PagePicture, page: PageIndex, of document: some DocumentSource, in box: CellSize,
    style: RenderStyle, with workers: DocumentOpening, trim: Bool = false
  ) throws -> (screen: ScreenBuffer, messages: [String], shown: ShownPage?) {
    guard (0..<document.pageCount).contains(page.rawValue) else {
      throw DocumentError.pageOutOfRange(page, pageCount: document.pageCount)
    }
    let worker = try workers.handoff.take() ?? workers.makeWorker()
    // Trimmed: the page's content box, found by the worker from a small render. A page that
    // took the worker past its time or memory doing so is not tried again for the picture.
    var region = PageRegion.whole
    var boxFailure: (any Error)?
    if trim {
      do {
        let boxes = try worker.contentBoxes(of: page.rawValue..<page.rawValue + 1)
        region = (boxes.first ?? nil) ?? .whole
      } catch let failure as WorkerFailure where !failure.isWorthRetrying {
        boxFailure = failure
      } catch let timeout as RenderTimeout {
        boxFailure = timeout
      } catch {
        // A crash: the picture is asked of a fresh worker, which retries once as ever.
      }
    }
    let size = document.pageSize(at: page)
    let shown = PointSize(width: size.width * region.width, height: size.height * region.height)
    let cells = picture.pageCells(for: shown, in: box)
    guard !cells.isEmpty else { return (ScreenBuffer(size: box), [], nil) }
    let shownPage = ShownPage(
      page: page, region: region,
      cells: CellRect(
        x: (box.columns - cells.columns) / 2, y: (box.rows - cells.rows) / 2,
        columns: cells.columns, rows: cells.rows), worker: worker)
    let request = RenderRequest(page: page, region: region, size: cells, style: style)
    func attempt() throws -> (screen: ScreenBuffer, messages: [String], shown: ShownPage?) {
      let rendered = try worker.render(request)
      return (PagePicture.centered(rendered.picture, in: box), rendered.messages, shownPage)
    }
    func failureBox(_ failure: any Error) -> (
      screen: ScreenBuffer, messages: [String], shown: ShownPage?
    ) {
      var failed = ScreenBuffer(size: cells)
      Placeholder.fillFailed(
        &failed, reason: PictureBoard.failureReason(failure), style: style, width: .locale)
      return (PagePicture.centered(failed, in: box), [], nil)
    }
    if let boxFailure { return failureBox(boxFailure) }
    // Library errors are thrown (exit 1, as ever); a worker's failure is drawn.
    do {
      return try attempt()
    } catch let failure as WorkerFailure where failure.isWorthRetrying {
      // Once more, on a fresh worker.
    } catch let failure as WorkerFailure {
      return failureBox(failure)
    } catch let timeout as RenderTimeout {
      return failureBox(timeout)
    }
    do {
      return try attempt()
    } catch let failure as WorkerFailure {
      return failureBox(failure)
    } catch let timeout as RenderTimeout {
      return failureBox(timeout)
    }
  }
}

/// Where `PrintCommand.draw` put a page: which part of it, in which cells of the box, and the
/// worker that drew it (which can draw it again in pixels).
struct ShownPage {
  var page: PageIndex
  var region: PageRegion
  var cells: CellRect
  var worker: any PageWorker
}
