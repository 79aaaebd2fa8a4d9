import FolioCore
import FolioPoppler
import FolioRuntime
import FolioStore
import Foundation

/// How a library's files are searched, by the shelf and by `--find --list` alike: a
/// `LibraryText` whose workers read each file whole from a list of the files (every page's
/// text apart), and read a long one alone, a part at a time.
enum LibrarySearchSetup {
  /// The list of files the workers read, closed when nothing holds the search any more.
  final class Manifest: Sendable {
    let path: String
    init(_ path: String) { self.path = path }
    deinit { LibraryDocument.close(manifest: path) }
  }

  /// How to read the text of `files`: the viewer's at nice 10 with two threads so that renders
  /// come first, `--find --list`'s with as many as `--workers` at normal priority. The files
  /// `passwords` opened this run are read with them.
  static func text(
    of files: [String], options: PrintOptions, forViewer: Bool,
    passwords: KnownPasswords? = nil
  ) throws(DocumentError) -> LibraryText {
    let manifest = Manifest(
      try PopplerDocument.readablePath(
        holding: LibraryDocument.manifest(of: files, separatingPages: true)))
    let niceness = forViewer ? 10 : 0
    let threads = forViewer ? FindList.viewerThreads : options.workerCount
    let wholeFiles = BrowserSetup.opening(
      readablePath: manifest.path, name: "library", password: nil, options: options,
      prestarted: 0, niceness: niceness, isLibrary: true, knownPasswords: passwords)
    return LibraryText(
      files: files, threads: threads,
      wholeFiles: DocumentOpening(handoff: wholeFiles.handoff, keepsTimeLimit: true) {
        // The list lasts while a worker may read it.
        withExtendedLifetime(manifest) {}
        return try wholeFiles.makeWorker()
      },
      singleFile: { path in
        noted(path, password: passwords?.password(for: path), options: options, niceness: niceness)
      },
      parting: parting,
      openCache: {
        TextCache.open(
          directory: TextCache.defaultDirectory(environment: ProcessInfo.processInfo.environment)
        ).cache
      })
  }

  /// Workers of the file at `path` alone whose pages' text is followed by their annotations'
  /// notes, as the library's workers give it (`NotedDocument`, from a manifest that lasts while
  /// a worker may read it); the file's own pages where that manifest cannot be made.
  static func noted(_ path: String, password: String?, options: PrintOptions, niceness: Int)
    -> DocumentOpening
  {
    guard
      let manifest = try? Manifest(
        PopplerDocument.readablePath(holding: LibraryDocument.notedManifest(of: path)))
    else {
      return BrowserSetup.opening(
        readablePath: (try? PopplerDocument.readablePath(for: path)) ?? path, name: path,
        password: password, options: options, prestarted: 0, niceness: niceness)
    }
    let workers = BrowserSetup.opening(
      readablePath: manifest.path, name: path, password: password, options: options,
      prestarted: 0, niceness: niceness, isLibrary: true)
    return DocumentOpening(handoff: workers.handoff, keepsTimeLimit: true) {
      withExtendedLifetime(manifest) {}
      return try workers.makeWorker()
    }
  }

  /// What a file's text from the library's workers says: a failure (`failureMark` and why),
  /// or its pages parted at the page breaks (the first of them, when a last page of
  /// `failureMark` says it `continues`).
  static func parting(_ text: PageText) -> FileText {
    if text.text.unicodeScalars.first == LibraryDocument.failureMark {
      return .failed(String(text.text.unicodeScalars.dropFirst()))
    }
    var pages: [PageText] = []
    var scalars = String.UnicodeScalarView()
    var boxes: [TextBox] = []
    for (scalar, box) in zip(text.text.unicodeScalars, text.boxes) {
      if scalar == LibraryDocument.pageBreak {
        pages.append(PageText(text: String(scalars), boxes: boxes))
        (scalars, boxes) = (String.UnicodeScalarView(), [])
      } else {
        scalars.append(scalar)
        boxes.append(box)
      }
    }
    if scalars.first == LibraryDocument.failureMark {
      return .firstPages(pages)
    }
    pages.append(PageText(text: String(scalars), boxes: boxes))
    return .pages(pages)
  }

  /// How the viewer (or `--print --find`) searches `document`: a library's files page by
  /// page (with the `passwords` of its files known this run), or one document.
  static func search(
    for document: any OpenedDocument, name: String, options: PrintOptions,
    passwords: KnownPasswords? = nil
  ) -> SearchSetup? {
    if let library = document as? LibraryDocument {
      return (try? text(of: library.paths, options: options, forViewer: true, passwords: passwords))
        .map { .library($0) }
    }
    return .document(
      DocumentText.searchSetup(
        readablePath: document.readablePath, name: name, password: document.password,
        pageCount: document.pageCount, options: options))
  }
}
