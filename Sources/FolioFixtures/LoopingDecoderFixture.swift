import Foundation

/// A scanned page whose JBIG2 symbol dictionary has 16 corrupted bytes, made from the shared
/// corpus's `ocrmypdf-jbig2.pdf`: Poppler's JBIG2 decoder (22.12) loops on it, allocating as it
/// goes, and never returns (pdftoppm hangs the same way). Made on demand: qpdf writes the
/// corpus file with its streams uncompressed, and the bytes are changed in place.
public enum LoopingDecoderFixture {
  /// Where the 16 bytes start, from the start of the JBIG2Globals stream's data.
  static let offset = 12_715
  /// What each byte is XORed with.
  static let mask: [UInt8] = [
    204, 211, 154, 64, 106, 124, 183, 71, 164, 139, 177, 20, 140, 107, 129, 81,
  ]

  /// Why the fixture cannot be made.
  public struct Unavailable: Error, CustomStringConvertible {
    public var description: String
  }

  /// Writes the fixture into `FixtureLibrary.directory` (once) and returns its path. `corpus` is
  /// the folder of the shared corpus's PDFs.
  public static func path(corpus: String) throws -> String {
    // Beside the other fixtures, shared by test runs (written whole, then renamed into place).
    let folder = FixtureLibrary.directory
    let path = folder + "/looping-jbig2.pdf"
    if FileManager.default.fileExists(atPath: path) { return path }
    let plain = folder + "/jbig2-uncompressed-\(UUID().uuidString).pdf"
    defer { try? FileManager.default.removeItem(atPath: plain) }
    let result = try ChildProcess.run(
      "qpdf",
      [
        "--stream-data=uncompress", "--object-streams=disable", corpus + "/ocrmypdf-jbig2.pdf",
        plain,
      ])
    guard [0, 3].contains(result.status) else {
      throw Unavailable(description: "qpdf failed: \(result.errorText)")
    }
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: plain)))
    guard let start = globalsStreamStart(in: bytes), start + offset + mask.count < bytes.count
    else {
      throw Unavailable(description: "no JBIG2Globals stream in the corpus file")
    }
    for (index, value) in mask.enumerated() { bytes[start + offset + index] ^= value }
    let temporary = path + ".\(UUID().uuidString)"
    try Data(bytes).write(to: URL(fileURLWithPath: temporary))
    rename(temporary, path)
    return path
  }

  /// Where the data of the stream `/JBIG2Globals N 0 R` names begins.
  static func globalsStreamStart(in bytes: [UInt8]) -> Int? {
    // Latin-1 makes one character of each byte, so character offsets are byte offsets.
    guard let text = String(bytes: bytes, encoding: .isoLatin1) else { return nil }
    guard let reference = text.range(of: #"/JBIG2Globals (\d+) 0 R"#, options: .regularExpression)
    else { return nil }
    let number = text[reference].split(separator: " ")[1]
    guard let object = text.range(of: "\n\(number) 0 obj"),
      let stream = text.range(of: "stream\n", range: object.upperBound..<text.endIndex)
    else { return nil }
    return text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: stream.upperBound)
  }
}
