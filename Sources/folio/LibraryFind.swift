import FolioCore
import FolioPoppler
import FolioRuntime
import FolioSearch
import FolioStore
import Foundation

/// `--find TEXT --list` over a library: the shelf's search (`LibrarySearcher`) run to the end,
/// then each file's pages with hits printed in order, `FILE PAGE LABEL COUNT CONTEXT`. Files
/// come from the text cache when it holds all their pages (found by content, no PDF opened),
/// else are read whole by workers going from file to file, else alone in parts; what is read
/// is cached. A file that cannot be read (or only in part) is said on standard error, and with
/// `--verbose` how many pages of each file were read and how many came from the cache.
enum LibraryFind {
  static func run(query text: String, files: [String], options: PrintOptions) throws -> Int32 {
    let library: LibraryText
    do {
      library = try LibrarySearchSetup.text(of: files, options: options, forViewer: false)
    } catch {
      throw Failure(path: nil, reason: "the library cannot be searched: \(error.reason)")
    }
    let found = LibrarySearcher(library).searchAll(for: text)
    var anyHit = false
    var failed = false
    for (path, file) in zip(files, found) {
      if options.verbose, file.failure == nil || !file.pages.isEmpty {
        StandardStreams.writeError(
          "folio: \(TerminalText.sanitized(path)): text of \(file.pages.count) pages: "
            + "\(file.pages.count - file.fromCache) read, \(file.fromCache) from the cache\n")
      }
      let lines = labeled(lines(of: file), path: path)
      if !lines.isEmpty {
        anyHit = true
        let name = FindList.field(path)
        try StandardStreams.writeOutput(lines.map { name + "\t" + $0 + "\n" }.joined())
      }
      if let failure = file.failure {
        failed = true
        StandardStreams.writeError(Failure(path: path, reason: failure).line + "\n")
      }
    }
    return failed ? 2 : anyHit ? 0 : 1
  }

  /// The lines of one file's pages with hits, their label still the page number (`labeled`
  /// puts the document's labels in).
  static func lines(of file: LibraryFileFound) -> [String] {
    let pages = file.pages
    return file.matches.keys.sorted().compactMap { page -> String? in
      guard let ranges = file.matches[page], let first = ranges.first else { return nil }
      let body = RunningText.body(ofPage: page, pageCount: pages.count) {
        pages.indices.contains($0) ? pages[$0] : nil
      }
      let context = HitContext(of: first, in: pages[page], body: body).line
      return "\(page + 1)\t\(page + 1)\t\(ranges.count)\t\(FindList.field(context))"
    }
  }

  /// `lines` with the document's page labels in their second field.
  static func labeled(_ lines: [String], path: String) -> [String] {
    guard !lines.isEmpty, let document = try? PopplerDocument.open(path: path) else {
      return lines
    }
    return lines.map { line in
      var fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
        .map(String.init)
      guard fields.count == 3, let number = Int(fields[0]) else { return line }
      fields[1] = FindList.field(document.displayLabel(at: PageIndex(number: number)))
      return fields.joined(separator: "\t")
    }
  }
}
