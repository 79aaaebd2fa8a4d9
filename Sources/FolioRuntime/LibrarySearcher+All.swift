import FolioCore
import FolioSearch
import FolioUI
import Glibc

/// One file of a library searched to the end: its pages' text, its hits by page, and why the
/// rest could not be read, if it could not.
public struct LibraryFileFound: Sendable {
  /// Every page's searchable text read.
  public var pages: [SearchableText]
  /// The hits: page → ranges of its searchable text, pages with hits only.
  public var matches: [Int: [Range<Int>]]
  /// Why the file (or its pages past `pages`) could not be read.
  public var failure: String?
  /// How many of `pages` came from the text cache (the others were read from the file).
  public var fromCache: Int
}

extension LibrarySearcher {
  /// Searches every file for `query` to the end, on the calling thread (`--find --list` over
  /// many files): the same reading and matching as the shelf's search. Needs a searcher with
  /// an inbox of its own.
  public func searchAll(for query: String) -> [LibraryFileFound] {
    search(SearchRequest(generation: 1, query: query, near: PageIndex(0), pageCount: fileCount))
    var finished = false
    while !finished {
      for event in takeEvents() {
        if case .searchResults(let results) = event, results.searchedPages >= results.pageCount {
          finished = true
        }
      }
      guard !finished, let descriptor = wakeDescriptors.first else { continue }
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      _ = poll(&poller, 1, 1000)
    }
    return found
  }
}
