/// One page's cached text, as text extraction made it. The cache never looks inside the
/// blobs: the caller encodes and decodes them.
public struct CachedPageText: Hashable, Sendable {
  /// The page number (the cache only uses it as a key; Folio counts from 0).
  public var page: Int
  /// The page's text.
  public var text: [UInt8]
  /// Where the text's characters are on the page.
  public var boxes: [UInt8]
  /// The text in the form a search reads (read for every page at each search, so kept apart
  /// from the rest).
  public var searchable: [UInt8]

  /// Creates a page's cached text from its blobs.
  public init(page: Int, text: [UInt8], boxes: [UInt8], searchable: [UInt8]) {
    self.page = page
    self.text = text
    self.boxes = boxes
    self.searchable = searchable
  }

  /// The sum of the blobs' sizes: what the page counts for against the cache's limit.
  public var byteCount: Int { text.count + boxes.count + searchable.count }
}
