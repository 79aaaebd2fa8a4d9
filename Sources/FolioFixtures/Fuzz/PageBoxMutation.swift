import FolioCore

/// Gives page boxes, /Rotate and /UserUnit extreme values (`ExtremeValues`): replaces the value
/// of an existing key, or adds the key to a page dictionary that has none.
enum PageBoxMutation {
  static let boxKeys = ["/MediaBox", "/CropBox", "/BleedBox", "/TrimBox", "/ArtBox"]

  static func apply(to bytes: inout [UInt8], using random: inout SplitMix64) -> String? {
    if random.chance(0.3), let added = addKey(to: &bytes, using: &random) { return added }
    var keys: [(key: String, end: Int)] = []
    for key in boxKeys + ["/Rotate", "/UserUnit"] {
      for offset in PDFScanner.offsets(of: key, in: bytes, limit: 2000) {
        let end = offset + key.utf8.count
        if end == bytes.count || PDFScanner.endsToken(bytes[end]) { keys.append((key, end)) }
      }
    }
    guard !keys.isEmpty else { return addKey(to: &bytes, using: &random) }
    let target = random.pick(keys)
    guard let range = PDFScanner.valueRange(after: target.end, in: bytes) else { return nil }
    let value = self.value(for: target.key, using: &random)
    bytes.replaceSubrange(range, with: Array((" " + value).utf8))
    return "page-boxes \(target.key)@\(target.end) \(value)"
  }

  /// Adds `/Rotate`, `/UserUnit` or a box right after a `/Type /Page` entry.
  private static func addKey(to bytes: inout [UInt8], using random: inout SplitMix64) -> String? {
    let pages =
      (PDFScanner.offsets(of: "/Type /Page", in: bytes, limit: 2000)
      + PDFScanner.offsets(of: "/Type/Page", in: bytes, limit: 2000)).filter { offset in
        let end = offset + (bytes[offset + 5] == UInt8(ascii: " ") ? 11 : 10)
        return end == bytes.count || bytes[end] != UInt8(ascii: "s")
      }
    guard !pages.isEmpty else { return nil }
    let page = random.pick(pages)
    let end = page + (bytes[page + 5] == UInt8(ascii: " ") ? 11 : 10)
    let key = random.pick(["/Rotate", "/UserUnit", "/MediaBox", "/CropBox"])
    let entry = " \(key) \(value(for: key, using: &random))"
    bytes.insert(contentsOf: Array(entry.utf8), at: end)
    return "page-boxes added@\(end)\(entry)"
  }

  private static func value(for key: String, using random: inout SplitMix64) -> String {
    switch key {
    case "/Rotate": return random.pick(ExtremeValues.rotations)
    case "/UserUnit": return random.pick(ExtremeValues.userUnits)
    default: return random.pick(ExtremeValues.boxes)
    }
  }
}
