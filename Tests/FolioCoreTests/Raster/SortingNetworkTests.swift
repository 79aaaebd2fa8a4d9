import FolioTestSupport
import Testing

@testable import FolioCore
@testable import FolioRaster

/// The fitters' branch-free sort against the standard library's.
struct SortingNetworkTests {
  /// The (key, index) order: keys ascending as floats, equal keys by index.
  static func expectedOrder(_ keys: [Float]) -> [Int] {
    keys.indices.sorted { keys[$0] < keys[$1] || (keys[$0] == keys[$1] && $0 < $1) }
  }

  static func networkOrder(_ keys: [Float]) -> [Int] {
    var words = SortingNetwork.Eight(repeating: .max)
    for (index, key) in keys.enumerated() {
      words[index] = SortingNetwork.word(key: key, index: index)
    }
    SortingNetwork.sort(&words)
    return (0..<keys.count).map { SortingNetwork.index(of: words[$0]) }
  }

  @Test func everyPatternOfTwoKeysIsSorted() {
    // The 0-1 principle: a network that sorts all 256 binary inputs sorts every input.
    for pattern in 0..<256 {
      let keys = (0..<8).map { Float(pattern >> $0 & 1) }
      #expect(Self.networkOrder(keys) == Self.expectedOrder(keys), "pattern \(pattern)")
    }
  }

  @Test func signedKeysTiesAndFewerThanEightSortLikeTheStandardLibrary() {
    var generator = SplitMix64(seed: 11)
    for trial in 0..<2000 {
      let count = 1 + trial % 8
      let keys = (0..<count).map { _ -> Float in
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: return 0
        case 1: return -0.0
        case 2: return Float(Int.random(in: -2...2, using: &generator)) / 4
        default: return Float.random(in: -1e6...1e6, using: &generator)
        }
      }
      #expect(Self.networkOrder(keys) == Self.expectedOrder(keys), "\(keys)")
    }
  }
}
