import CPoppler
import FolioCore
import FolioRaster
import Foundation

/// A PDF document opened with poppler-glib: Folio's `DocumentSource` for real files.
///
/// Thread rule (measured, see docs/decisions.md): a PopplerDocument must never be used from two
/// threads at once — sharing one crashed every time. Each page worker opens its own instance
/// (`open(readablePath:named:password:)`); an instance is used by one thread at a time.
///
/// Opening does not touch the pages: sizes and labels are read on first use and remembered.
public final class PopplerDocument: DocumentSource {
  /// What the document is called: the path it was opened by, or a name such as "standard
  /// input" (for messages and as a title of last resort).
  public let path: String
  /// The path its bytes are read from: `path`, or for a stream (a pipe, `-`) the copy of what
  /// it delivered. Open this to read the same document again.
  public let readablePath: String
  /// The password it was opened with, if any (to open the document again).
  public let password: String?
  let handle: OpaquePointer
  /// Number of pages, fixed at open.
  public let pageCount: Int
  /// The title from the document's metadata, if any.
  public let title: String?
  /// Whether hairlines keep their true weight (the default, measured to draw better block art)
  /// instead of Poppler's screen stroke adjustment, which widens them to whole pixels. With
  /// `false`, renders match Poppler's own cairo raster (`pdftocairo`) exactly.
  public var keepsHairlinesThin = true
  private var sizes: [Int: PointSize] = [:]
  private var labels: [Int: String?] = [:]
  /// The last page's text layer: the tiles of a page larger than the screen each draw its text,
  /// and Poppler's text pass is most of a page's render time.
  /// The text of the pages read lately, newest last: the tiles, zooms and re-renders of a page
  /// read its text once.
  private var recentTexts: [(page: PageIndex, text: PageText)] = []
  /// How many pages' text `recentTexts` keeps.
  static let recentTextLimit = 16
  /// The page loaded last, kept: Poppler collects a page's text while it renders it, so the
  /// text of the page just drawn is read from the same page without going through its content
  /// again, and the page's later tiles skip collecting it.
  private var loadedPage: (index: PageIndex, page: OpaquePointer)?

  /// Opens the PDF at `path`, checking the file first so each failure has its own reason.
  public static func open(path: String, password: String? = nil) throws(DocumentError)
    -> PopplerDocument
  {
    try open(readablePath: try readablePath(for: path), named: path, password: password)
  }

  /// Checks the file at `path` and returns the path to read its document by: `path` itself,
  /// or for a stream (a named pipe, a character device) a copy of everything it delivered,
  /// made anew on each call. Open the result as often as needed (a stream can be read once).
  public static func readablePath(for path: String) throws(DocumentError) -> String {
    try FileCheck.checkPDF(at: path)
  }

  /// Whether the file at `path` ends with the `%%EOF` marker (else it is most likely still
  /// being written).
  public static func hasEndMarker(at path: String) -> Bool {
    FileCheck.hasEndMarker(at: path)
  }

  /// The same for standard input, whatever it is (a file, a pipe, a socket): a path that
  /// reads what it holds for as long as the process runs, even once descriptor 0 is replaced.
  public static func readablePathForStandardInput() throws(DocumentError) -> String {
    try FileCheck.checkStandardInput()
  }

  /// A readable path holding `bytes` (a document built into the program): an anonymous file
  /// that lasts as long as the process.
  public static func readablePath(holding bytes: [UInt8]) throws(DocumentError) -> String {
    try AnonymousFile.make { (file: Int32) throws(DocumentError) in
      guard bytes.withUnsafeBytes({ AnonymousFile.write(file, $0) }) else {
        throw DocumentError.unreadable(reason: String(cString: strerror(errno)))
      }
    }
  }

  /// Opens the document at `readablePath` (one of the `readablePath` functions' results),
  /// known as `name`.
  public static func open(readablePath: String, named name: String, password: String? = nil)
    throws(DocumentError) -> PopplerDocument
  {
    try PopplerDocument(path: name, source: readablePath, password: password)
  }

  private init(path: String, source: String, password: String?) throws(DocumentError) {
    self.path = path
    readablePath = source
    self.password = password
    // Before any document exists: Poppler's first render makes process-wide state unguarded.
    PopplerProcessState.prepare()
    let uri = try Self.fileURI(for: source)
    var error: UnsafeMutablePointer<GError>? = nil
    guard let document = poppler_document_new_from_file(uri, password, &error) else {
      throw Self.documentError(from: error, passwordGiven: password != nil)
    }
    handle = document
    let count = Int(poppler_document_get_n_pages(document))
    guard count > 0 else {
      folio_object_unref(UnsafeMutableRawPointer(document))
      throw DocumentError.noPages
    }
    pageCount = count
    title = Self.takeString(poppler_document_get_title(document)).map(PDFText.repairingUTF8)
      .flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
  }

  deinit {
    if let loadedPage { folio_object_unref(UnsafeMutableRawPointer(loadedPage.page)) }
    folio_object_unref(UnsafeMutableRawPointer(handle))
  }

  /// The size of the page if it has been read already, without touching the document (how
  /// the tests see that opening reads no page).
  public func knownPageSize(at page: PageIndex) -> PointSize? {
    sizes[page.rawValue]
  }

  public func pageSize(at page: PageIndex) -> PointSize {
    if let known = sizes[page.rawValue] { return known }
    _ = withPage(page) { _ in () }
    return sizes[page.rawValue] ?? .fallback
  }

  public func pageLabel(at page: PageIndex) -> String? {
    if let known = labels[page.rawValue] { return known }
    _ = withPage(page) { _ in () }
    return labels[page.rawValue] ?? nil
  }

  public func pageIndex(forLabel label: String) -> PageIndex? {
    guard let page = poppler_document_get_page_by_label(handle, label) else { return nil }
    defer { folio_object_unref(UnsafeMutableRawPointer(page)) }
    let index = Int(poppler_page_get_index(page))
    return (0..<pageCount).contains(index) ? PageIndex(index) : nil
  }

  public func render(_ page: PageIndex, region: PageRegion, size: PixelSize) throws -> RGBAImage {
    guard (0..<pageCount).contains(page.rawValue) else {
      throw DocumentError.pageOutOfRange(page, pageCount: pageCount)
    }
    guard !size.isEmpty else { return RGBAImage(size: size) }
    let rendered = withPage(page) { poppler -> RGBAImage? in
      PageRasterizer.render(
        poppler,
        pageSize: Self.renderingSize(of: poppler, sanitized: sizes[page.rawValue] ?? .fallback),
        region: region, size: size,
        keepsHairlinesThin: keepsHairlinesThin)
    }
    if rendered == nil {
      // Poppler lists the page but cannot load it (a broken page tree): it has no content.
      return RGBAImage(size: size, fill: .white)
    }
    guard let image = rendered.flatMap({ $0 }) else {
      throw DocumentError.renderFailed(
        reason: "cairo could not make a \(size.width)x\(size.height) surface")
    }
    return image
  }

  /// The page's text layer: its characters in Poppler's reading order and each one's box.
  /// A page Poppler cannot load, or one without text, gives `PageText.empty`.
  public func text(at page: PageIndex) -> PageText {
    if let index = recentTexts.lastIndex(where: { $0.page == page }) {
      let recent = recentTexts.remove(at: index)
      recentTexts.append(recent)
      return recent.text
    }
    let text = readText(at: page)
    recentTexts.append((page, text))
    if recentTexts.count > Self.recentTextLimit { recentTexts.removeFirst() }
    return text
  }

  private func readText(at page: PageIndex) -> PageText {
    withPage(page) { poppler -> PageText in
      guard let text = Self.takeString(poppler_page_get_text(poppler)), !text.isEmpty else {
        return .empty
      }
      var width = 0.0
      var height = 0.0
      poppler_page_get_size(poppler, &width, &height)
      var rectangles: UnsafeMutablePointer<PopplerRectangle>? = nil
      var count: guint = 0
      var boxes: [TextBox] = []
      if poppler_page_get_text_layout(poppler, &rectangles, &count) != 0, let rectangles,
        width > 0, height > 0
      {
        boxes.reserveCapacity(Int(count))
        for index in 0..<Int(count) {
          let r = rectangles[index]
          boxes.append(
            TextBox(
              left: r.x1 / width, top: r.y1 / height, right: r.x2 / width, bottom: r.y2 / height))
        }
      }
      g_free(rectangles)
      return PageText(text: text, boxes: boxes)
    } ?? .empty
  }

  /// Loads a page (or takes the one loaded last, if it is that page), records its size and
  /// label, and runs `body` with it. The page stays loaded until another one is.
  func withPage<R>(_ page: PageIndex, _ body: (OpaquePointer) -> R) -> R? {
    guard (0..<pageCount).contains(page.rawValue) else { return nil }
    let poppler: OpaquePointer
    if let loadedPage, loadedPage.index == page {
      poppler = loadedPage.page
    } else {
      guard let loaded = poppler_document_get_page(handle, Int32(page.rawValue)) else {
        return nil
      }
      if let loadedPage { folio_object_unref(UnsafeMutableRawPointer(loadedPage.page)) }
      loadedPage = (page, loaded)
      poppler = loaded
    }
    if sizes[page.rawValue] == nil {
      var width = 0.0
      var height = 0.0
      poppler_page_get_size(poppler, &width, &height)
      sizes[page.rawValue] = PointSize(width: width, height: height).sanitized
    }
    if labels[page.rawValue] == nil {
      let label = Self.takeString(poppler_page_get_label(poppler)).map(PDFText.repairingUTF8)
      labels[page.rawValue] = (label == nil || label == String(page.number)) ? nil : label
    }
    return body(poppler)
  }

  /// The size a render maps onto its pixels: the page's own size when sanitizing it only
  /// scales it, by at most a million either way (a page larger than layouts allow is still
  /// drawn whole), else the sanitized size (a degenerate box is drawn in the shape layouts
  /// gave it, at a scale cairo's matrices can hold).
  private static func renderingSize(of poppler: OpaquePointer, sanitized: PointSize) -> PointSize {
    var width = 0.0
    var height = 0.0
    poppler_page_get_size(poppler, &width, &height)
    let size = PointSize(width: width, height: height)
    let scale = sanitized.width / width
    return size.isScaled(to: sanitized) && (1e-6...1e6).contains(scale) ? size : sanitized
  }

  /// Copies a g_malloc'ed C string into Swift and frees it.
  static func takeString(_ pointer: UnsafeMutablePointer<gchar>?) -> String? {
    guard let pointer else { return nil }
    defer { g_free(pointer) }
    return String(cString: pointer)
  }

  private static func fileURI(for path: String) throws(DocumentError) -> String {
    let absolute =
      path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    var error: UnsafeMutablePointer<GError>? = nil
    guard let uri = takeString(g_filename_to_uri(absolute, nil, &error)) else {
      let reason = error.map { String(cString: $0.pointee.message) } ?? "bad path"
      g_clear_error(&error)
      throw DocumentError.unreadable(reason: reason)
    }
    return uri
  }

  private static func documentError(
    from error: UnsafeMutablePointer<GError>?, passwordGiven: Bool
  ) -> DocumentError {
    guard let error else { return .damaged(reason: "Poppler could not open it") }
    defer {
      var owned: UnsafeMutablePointer<GError>? = error
      g_clear_error(&owned)
    }
    let domain = error.pointee.domain
    let code = error.pointee.code
    let message = String(cString: error.pointee.message)
    if domain == folio_poppler_error_quark() && code == Int32(POPPLER_ERROR_ENCRYPTED.rawValue) {
      return .encrypted(passwordGiven: passwordGiven)
    }
    if domain == folio_file_error_quark() {
      return .unreadable(reason: message)
    }
    return .damaged(reason: message.isEmpty ? "Poppler could not open it" : message)
  }
}
