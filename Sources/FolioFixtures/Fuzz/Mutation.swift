import FolioCore

/// One way of damaging a PDF, drawn per input by the fuzzer.
public enum Mutation: String, CaseIterable, Sendable {
  /// A few bytes anywhere flipped to random values.
  case byteFlips = "byte-flips"
  /// A run of bytes overwritten with one value or with noise.
  case byteRun = "byte-run"
  /// Number tokens replaced by extreme values.
  case numbers
  /// /MediaBox, /CropBox and the other boxes, /Rotate or /UserUnit given extreme values.
  case pageBoxes = "page-boxes"
  /// Bytes flipped inside the data of a stream (compressed or not).
  case streamBytes = "stream-bytes"
  /// The data of a stream cut short.
  case streamTruncation = "stream-truncation"
  /// The file cut short.
  case fileTruncation = "file-truncation"
  /// The start of this file joined to the end of another.
  case splice

  /// How often each mutation is drawn, out of the sum.
  static let weights: [(Mutation, Int)] = [
    (.byteFlips, 3), (.byteRun, 1), (.numbers, 4), (.pageBoxes, 4), (.streamBytes, 3),
    (.streamTruncation, 1), (.fileTruncation, 1), (.splice, 1),
  ]

  /// A mutation drawn by weight.
  public static func draw(using random: inout SplitMix64) -> Mutation {
    var ticket = random.number(in: 0..<weights.reduce(0) { $0 + $1.1 })
    for (mutation, weight) in weights {
      if ticket < weight { return mutation }
      ticket -= weight
    }
    return .byteFlips
  }

  /// Changes `bytes` and says what it did, or returns nil (bytes untouched) when the file has
  /// nothing this mutation aims at. `partner` is another file, for splicing; `numberRanges`
  /// the number tokens of `bytes` when already known.
  public func apply(
    to bytes: inout [UInt8], partner: [UInt8], numberRanges: [Range<Int>]? = nil,
    using random: inout SplitMix64
  ) -> String? {
    guard !bytes.isEmpty else { return nil }
    switch self {
    case .byteFlips: return ByteMutations.flip(&bytes, using: &random)
    case .byteRun: return ByteMutations.overwriteRun(&bytes, using: &random)
    case .numbers:
      return NumberMutation.apply(
        to: &bytes, ranges: numberRanges ?? PDFScanner.numberRanges(in: bytes), using: &random)
    case .pageBoxes: return PageBoxMutation.apply(to: &bytes, using: &random)
    case .streamBytes: return StreamMutation.flip(&bytes, using: &random)
    case .streamTruncation: return StreamMutation.truncate(&bytes, using: &random)
    case .fileTruncation: return FileCutMutation.truncate(&bytes, using: &random)
    case .splice: return FileCutMutation.splice(&bytes, with: partner, using: &random)
    }
  }
}
