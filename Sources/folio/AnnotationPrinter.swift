import FolioCore
import FolioPoppler
import FolioRaster
import FolioRuntime
import FolioTerminal

/// `folio --annotations FILE|FOLDER…`: every annotation of the files named and of the PDFs in
/// the folders named (walked as a library's are, `LibraryFiles`), printed as `--list` lines or
/// markdown, a document at a time. Each file is opened in this process, as the viewer opens
/// its document, and its annotations are read by a sandboxed page worker, as the viewer's
/// panel reads them, a run of pages at a time: from the PDF's annotation dictionaries, and the
/// text only of the pages with text markups. A file that cannot be opened or read (a worker
/// that crashed twice, ran out of time or memory) is one line on standard error and the others
/// are still printed; one that Poppler had to repair is printed and said to be damaged (its
/// messages whole with `--verbose`).
enum AnnotationPrinter {
  /// Prints the annotations of `files` in `format`: status 0 when any was printed, 1 when none
  /// was, 2 when a file (or a problem in `problems`, already said) could not be read.
  static func run(
    files: [String], problems: Int, format: AnnotationFormat, password: String?,
    options: PrintOptions
  ) throws -> Int32 {
    let verbose = options.verbose
    var printedAny = false
    var failed = problems > 0
    for path in files {
      ErrorStream.discard()
      let document: PopplerDocument
      do {
        document = try PopplerDocument.open(path: path, password: password)
      } catch {
        failed = true
        StandardStreams.writeError(Failure(path: path, reason: error.reason).line + "\n")
        // Poppler's own messages about it say no more than that line, unless asked for.
        if verbose { ErrorStream.forward() } else { ErrorStream.discard() }
        continue
      }
      let annotations: [DocumentAnnotation]
      do {
        annotations = try read(path, pageCount: document.pageCount, password: password, options)
      } catch {
        failed = true
        StandardStreams.writeError(
          Failure(path: path, reason: "its annotations cannot be read (\(error))").line + "\n")
        continue
      }
      let read = AnnotatedDocument(
        path: path, title: document.title,
        annotations: annotations.map { ($0, document.displayLabel(at: $0.page)) })
      reportDamage(of: path, verbose: verbose)
      guard !read.annotations.isEmpty else { continue }
      switch format {
      case .list:
        try StandardStreams.writeOutput(read.listLines.map { $0 + "\n" }.joined())
      case .markdown:
        try StandardStreams.writeOutput((printedAny ? "\n" : "") + read.markdown)
      }
      printedAny = true
    }
    return failed ? 2 : printedAny ? 0 : 1
  }

  /// Every annotation of the PDF at `path` (of `pageCount` pages), read by a page worker a run
  /// of pages at a time; a worker that crashed is replaced and asked once more.
  private static func read(
    _ path: String, pageCount: Int, password: String?, _ options: PrintOptions
  ) throws -> [DocumentAnnotation] {
    let opening = BrowserSetup.opening(
      readablePath: try PopplerDocument.readablePath(for: path), name: path, password: password,
      options: options, prestarted: 1)
    var worker = try opening.handoff.take() ?? opening.makeWorker()
    var annotations: [DocumentAnnotation] = []
    for start in stride(from: 0, to: pageCount, by: NavigationReader.annotationRun) {
      let pages = start..<min(pageCount, start + NavigationReader.annotationRun)
      let read: [[DocumentAnnotation]]
      do {
        read = try worker.annotations(of: pages)
      } catch let failure as WorkerFailure where failure.isWorthRetrying {
        worker = try opening.makeWorker()
        read = try worker.annotations(of: pages)
      }
      // A worker is not trusted with pages: each list keeps its own page's annotations.
      annotations += zip(pages, read).flatMap { page, list in
        list.filter { $0.page.rawValue == page }
      }
    }
    return annotations
  }

  /// What Poppler said while reading `path`: passed on with `verbose`, else one line.
  private static func reportDamage(of path: String, verbose: Bool) {
    guard ErrorStream.hasCapturedText else { return }
    if verbose {
      ErrorStream.forward()
    } else {
      ErrorStream.discard()
      StandardStreams.writeError(
        Failure(path: path, reason: "damaged structure, read as far as possible").line + "\n")
    }
  }
}
