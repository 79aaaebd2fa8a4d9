import FolioCore
import FolioLayout
import FolioPoppler
import FolioRuntime
import FolioStore
import FolioUI
import Foundation

/// Opens a document of the bench's shelf on the opener's thread as the viewer's library does
/// (`LibraryViewer.open` and `Viewer.launch`, which the bench cannot import): the file opened
/// with Poppler, its remembered place read from a place store, its page workers (processes)
/// started, its state made in the grid, its search set up with a text cache, its file
/// watched. The stores live in `folder` (never the real home).
final class ShelfMemberOpener: Sendable {
  let folder: String

  init(folder: String) { self.folder = folder }

  /// The launch of `request`'s document, or why not.
  func open(_ request: DocumentOpener.Request) -> DocumentOpener.Outcome {
    let path = request.path
    do {
      let readable = try PopplerDocument.readablePath(for: path)
      let document = try PopplerDocument.open(
        readablePath: readable, named: path, password: request.password)
      return .opened(launch(of: document, path: path, size: request.screenSize))
    } catch {
      return .failed("\(path): \(error)")
    }
  }

  private func launch(of document: PopplerDocument, path: String, size: CellSize)
    -> DocumentLaunch
  {
    let pageCount = document.pageCount
    let executable = WorkerLaunch(executable: PipelineBenchmarks.folioExecutable)
    let worker = WorkerDocument(
      readablePath: document.readablePath, name: path, password: document.password)
    let opening = DocumentOpening.processes(
      worker, launch: executable, limits: WorkerLimits(niceness: 5), prestarted: 2)
    // The remembered place, as `PlaceMemory.open` reads it.
    let fingerprint = try? DocumentFingerprint.make(
      fileAt: document.readablePath, pageCount: pageCount)
    let store = PlaceStore.open(directory: folder + "/state").store
    let remembered = fingerprint.flatMap { try? store?.place(for: $0) }
    let places = store.flatMap { store in
      fingerprint.map {
        PlaceKeeper.Setup(
          writer: store, identity: DocumentIdentity(fingerprint: $0, pathHint: path))
      }
    }
    var metrics = PageMetrics(pageCount: pageCount)
    metrics.setSize(document.pageSize(at: PageIndex(0)), of: PageIndex(0))
    var facts = DocumentFacts(
      pageCount: pageCount, title: document.title ?? path,
      fileName: URL(fileURLWithPath: path).lastPathComponent)
    facts.setLabel(document.pageLabel(at: PageIndex(0)), of: PageIndex(0))
    let state = AppState(
      document: facts, metrics: metrics, screenSize: size, mode: .grid,
      style: RenderStyle(symbols: .sextant, colors: .truecolor, text: .off),
      remembersPlace: places != nil, reload: ReloadState(canReopen: true), library: .member)
    var launch = DocumentLaunch(
      state: state, opening: opening, cacheBytes: PictureBoard.defaultCacheMegabytes << 20)
    launch.releaseFreedMemory = MemoryPolicy.releaseFreedMemory
    launch.watching = path
    launch.places = places
    if let remembered {
      launch.startup = [.restorePlace(Place(remembered, defaults: state.place))]
    }
    // Reloading is set up as the viewer's is (its thread started); the bench never changes
    // the file, so it is never asked.
    launch.reopen = { _ in throw DocumentError.unreadable(reason: "the bench does not reload") }
    let cache = folder + "/cache"
    launch.search = .document(
      DocumentSearcher.Setup(
        pageCount: pageCount,
        opening: DocumentOpening.processes(
          worker, launch: executable, limits: WorkerLimits(niceness: 10), prestarted: 0)
      ) {
        guard let cache = TextCache.open(directory: cache).cache, let fingerprint else {
          return nil
        }
        return (cache, fingerprint)
      })
    return launch
  }
}
