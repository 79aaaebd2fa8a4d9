import FolioCore
import FolioRaster
import Foundation
import Glibc

/// A library's files as one document whose pages are their covers: page N is the first page of
/// the N-th file, labeled with its title (else its file name) and page count, and its text is
/// the whole file's (so searching the library finds the files with hits). Made from a
/// manifest (the files' paths, each ended by a NUL byte). Where it `opensFiles` (in the page
/// workers) each file is opened when asked about, the last few kept open; elsewhere (the
/// viewer) nothing is opened: the first screen names the files at a letter page's size.
public final class LibraryDocument: OpenedDocument {
  /// The files, in the library's order.
  public let paths: [String]
  /// What each file is called on its cover (its folder too where names repeat).
  let names: [String]
  /// Where each file was left, where it was read before (a page index).
  public let places: [Int: Int]
  /// Whether a file's text is every page's, each with its places, apart (`pagesApart`, for
  /// the library's search); else its cover's (the shelf's text layer).
  public let separatesPages: Bool
  /// The manifest entry that asks for every page's text apart.
  static let pagesApart = "pages:"
  /// The manifest entry that asks for the pages of its one file, each with its notes
  /// (`notedManifest(of:)`).
  static let notedPages = "noted:"
  /// The file whose pages, each with its notes, the manifest asks for (`notedManifest(of:)`):
  /// a worker opens it as a `NotedDocument`, not as a library.
  public let notedFile: String?
  /// What parts pages in a file's text (`separatesPages`); never in a page's own.
  public static let pageBreak: Unicode.Scalar = "\u{0C}"
  /// What starts the text of a file that could not be opened, then the reason.
  public static let failureMark: Unicode.Scalar = "\u{0}"
  /// The manifest's path.
  public let readablePath: String
  /// What the library is called (its folder's name, "recent documents").
  public let path: String
  public var password: String? { nil }
  public var isLibrary: Bool { true }
  private let opensFiles: Bool
  /// Files open, most recently used last.
  private var open: [(index: Int, document: PopplerDocument)] = []
  /// What opening a file said, by file.
  private var failures: [Int: DocumentError] = [:]
  /// The passwords that open encrypted files, by path (`unlock`), never written anywhere.
  private var passwords: [String: String] = [:]

  /// The most files kept open at once.
  static let openLimit = 4
  /// A cover's size until its file is read: a US letter page.
  public static let standardSize = PointSize(width: 612, height: 792)
  /// The most text one file gives in one answer: a longer file gives its first pages, then a
  /// page of `failureMark` and `continues`, and the library's search reads the rest of it
  /// alone, a part at a time (small, so that the first hits of a long book come at once).
  static let textLimit = 256 << 10
  /// The most pages one file gives in one answer, whatever their text: a long file of little
  /// text (scans, figures, numbered pages) would otherwise be read whole in one request, whose
  /// time limit it could pass only for being long. Past it, as past `textLimit`.
  public static let pageLimit = 500
  /// The most pages of a file whose annotations its label counts (about 21 µs a page, so about
  /// 1 s at most in a page worker's label read, far inside its time limit; see
  /// docs/benchmarks.md): a longer file's label shows no count.
  public static let countedPageLimit = 50_000
  /// What follows `failureMark` in the last page of a file's first pages.
  public static let continues = "continues"

  /// The library of the files in the manifest at `manifestPath`.
  public init(manifestAt manifestPath: String, named name: String = "library", opensFiles: Bool)
    throws(DocumentError)
  {
    guard let data = FileManager.default.contents(atPath: manifestPath) else {
      throw DocumentError.unreadable(reason: "the library's list of files cannot be read")
    }
    // Each entry: the page it was left at (or nothing), a colon, the path; an entry
    // "pages:" asks for every page's text apart.
    var paths: [String] = []
    var places: [Int: Int] = [:]
    var separatesPages = false
    var noted = false
    for entry in data.split(separator: 0, omittingEmptySubsequences: true) {
      if Array(entry) == Array(Self.pagesApart.utf8) {
        separatesPages = true
        continue
      }
      if Array(entry) == Array(Self.notedPages.utf8) {
        noted = true
        continue
      }
      guard let colon = entry.firstIndex(of: UInt8(ascii: ":")) else { continue }
      if let page = Int(String(decoding: entry[..<colon], as: UTF8.self)), page >= 0 {
        places[paths.count] = page
      }
      paths.append(String(decoding: entry[(colon + 1)...], as: UTF8.self))
    }
    guard !paths.isEmpty else { throw DocumentError.noPages }
    self.paths = paths
    names = CoverLabel.names(of: paths)
    self.places = places
    self.separatesPages = separatesPages
    notedFile = noted ? paths.first : nil
    self.opensFiles = opensFiles
    readablePath = manifestPath
    path = name
  }

  /// A library of `paths` as the viewer holds it (nothing opened), its manifest written to a
  /// file of its own that lasts until `close(manifest:)`.
  public static func holding(
    _ paths: [String], places: [String: Int] = [:], named name: String
  ) throws(DocumentError) -> LibraryDocument {
    let manifest = try PopplerDocument.readablePath(
      holding: manifest(of: paths, places: places))
    return try LibraryDocument(manifestAt: manifest, named: name, opensFiles: false)
  }

  /// Closes a manifest made with `PopplerDocument.readablePath(holding:)` (its descriptor),
  /// once no worker will read it again.
  public static func close(manifest: String) {
    let prefix = "/proc/self/fd/"
    guard manifest.hasPrefix(prefix), let descriptor = Int32(manifest.dropFirst(prefix.count)),
      descriptor > 2
    else { return }
    Glibc.close(descriptor)
  }

  /// The manifest that asks a worker for the pages of the file at `path`, each with its
  /// annotations' notes (`NotedDocument`): the shelf's search reads a long file so, a part at a
  /// time.
  public static func notedManifest(of path: String) -> [UInt8] {
    Array(notedPages.utf8) + [0] + manifest(of: [path])
  }

  /// The manifest of `paths`, with the page each was left at where `places` knows it.
  public static func manifest(
    of paths: [String], places: [String: Int] = [:], separatingPages: Bool = false
  ) -> [UInt8] {
    var bytes: [UInt8] = separatingPages ? Array(pagesApart.utf8) + [0] : []
    for path in paths {
      let place: String = places[path].map { String($0) } ?? ""
      bytes += Array(place.utf8)
      bytes.append(UInt8(ascii: ":"))
      bytes += Array(path.utf8)
      bytes.append(0)
    }
    return bytes
  }

  public var pageCount: Int { paths.count }
  public var title: String? { path }

  /// "name.pdf · Title · 42 pages", or "… · p. 12 / 42" where it was read before, then
  /// "· 3 annotations" where it has some (no title where it has none worth showing; what went
  /// wrong where it cannot be opened). Counting walks every page's annotation mapping
  /// (`PopplerDocument.annotationCount()`): no text is read; not past `countedPageLimit`.
  public func pageLabel(at page: PageIndex) -> String? {
    let name = names[page.rawValue]
    guard opensFiles else { return name }
    do {
      let document = try file(page.rawValue)
      return CoverLabel.text(
        name: name, title: document.title, pageCount: document.pageCount,
        place: places[page.rawValue],
        annotationCount: document.pageCount <= Self.countedPageLimit
          ? document.annotationCount() : 0)
    } catch {
      return name + " · " + Self.short(error)
    }
  }

  public func pageIndex(forLabel label: String) -> PageIndex? {
    (names.firstIndex(of: label)
      ?? paths.firstIndex { URL(fileURLWithPath: $0).lastPathComponent == label })
      .map { PageIndex($0) }
  }

  public func pageSize(at page: PageIndex) -> PointSize {
    guard opensFiles, let document = try? file(page.rawValue) else { return Self.standardSize }
    return document.pageSize(at: PageIndex(0))
  }

  public func render(_ page: PageIndex, region: PageRegion, size: PixelSize) throws -> RGBAImage {
    let document: PopplerDocument
    do {
      document = try file(page.rawValue)
    } catch .encrypted {
      // On the shelf the password is asked for when the document is opened.
      throw DocumentError.renderFailed(reason: "encrypted: Enter asks for its password")
    }
    return try document.render(PageIndex(0), region: region, size: size)
  }

  /// The cover's text layer (the shelf draws it); with `separatesPages` (the library's
  /// search), every page's text with its places, then the notes of its annotations, each after
  /// a `NotesPartition.mark` (no places), each page after a `pageBreak` but the first (past
  /// `textLimit` or `pageLimit`, the pages so far and a last one saying it `continues`), or
  /// `failureMark` and why the file cannot be read. A page's own breaks and NUL characters
  /// read as spaces, so they never part or fail it.
  public func text(at page: PageIndex) -> PageText {
    let document: PopplerDocument
    do {
      document = try file(page.rawValue)
    } catch {
      guard separatesPages else { return .empty }
      return PageText(text: String(Self.failureMark) + error.reason, boxes: [])
    }
    guard separatesPages else { return document.text(at: PageIndex(0)) }
    var text = ""
    var boxes: [TextBox] = []
    for index in 0..<document.pageCount {
      guard text.utf8.count < Self.textLimit, index < Self.pageLimit else {
        text.unicodeScalars.append(Self.pageBreak)
        text.unicodeScalars.append(Self.failureMark)
        text += Self.continues
        boxes += Array(repeating: TextBox(), count: 2 + Self.continues.unicodeScalars.count)
        return PageText(text: text, boxes: boxes)
      }
      let pageText = document.textWithNotes(at: PageIndex(index))
      if index > 0 {
        text.unicodeScalars.append(Self.pageBreak)
        boxes.append(TextBox())
      }
      text.unicodeScalars.append(
        contentsOf: pageText.text.unicodeScalars.lazy.map {
          $0 == Self.pageBreak || $0 == Self.failureMark ? " " : $0
        })
      boxes += pageText.boxes
    }
    return PageText(text: text, boxes: boxes)
  }

  /// Opens the file at `path` with `password` from now on (on every cover it is): what opening
  /// it said before is forgotten, so its cover, label and text are read again. Throws, and
  /// keeps nothing, when the password does not open it.
  public func unlock(path: String, password: String) throws(DocumentError) {
    let covers = paths.indices.filter { paths[$0] == path }
    guard opensFiles, let first = covers.first else { return }
    let previous = passwords[path]
    passwords[path] = password
    for index in covers { failures[index] = nil }
    do {
      _ = try file(first)
    } catch {
      passwords[path] = previous
      throw error
    }
  }

  /// The file of cover `index`, opened (or kept open).
  private func file(_ index: Int) throws(DocumentError) -> PopplerDocument {
    if let kept = open.firstIndex(where: { $0.index == index }) {
      let entry = open.remove(at: kept)
      open.append(entry)
      return entry.document
    }
    if let failure = failures[index] { throw failure }
    guard opensFiles else { throw DocumentError.renderFailed(reason: "not opened here") }
    do {
      let path = paths[index]
      let document = try PopplerDocument.open(
        readablePath: try PopplerDocument.readablePath(for: path), named: path,
        password: passwords[path])
      open.append((index, document))
      if open.count > Self.openLimit { open.removeFirst() }
      return document
    } catch {
      failures[index] = error
      throw error
    }
  }

  /// What went wrong, in a few words for a label.
  static func short(_ error: DocumentError) -> String {
    switch error {
    case .encrypted: return "encrypted"
    case .noPages: return "no pages"
    case .damaged: return "damaged"
    case .empty: return "empty"
    case .notPDF: return "not a PDF"
    case .unreadable: return "unreadable"
    default: return "cannot be shown"
    }
  }
}
