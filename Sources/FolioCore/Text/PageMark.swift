/// What parts a document's pages in the text a library's shelf searches (each cover's text is
/// its whole document's): a private-use character, which searching keeps as it is and no query
/// contains, so a hit's page inside its document can be counted.
public enum PageMark {
  public static let scalar: Unicode.Scalar = "\u{E000}"
  /// Its UTF-8 bytes.
  public static let utf8: [UInt8] = [0xEE, 0x80, 0x80]

  /// How many marks `bytes` holds before `offset`: the page (from 0) of the text there.
  public static func page(at offset: Int, in bytes: [UInt8]) -> Int {
    var count = 0
    var index = 0
    let end = min(offset, bytes.count)
    while index + 2 < end {
      if bytes[index] == 0xEE && bytes[index + 1] == 0x80 && bytes[index + 2] == 0x80 {
        count += 1
        index += 3
      } else {
        index += 1
      }
    }
    return count
  }
}
