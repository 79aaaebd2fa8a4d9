import FolioCore
import Testing

/// The binary search finds what a walk from the start finds.
struct PartitioningIndexTests {
  @Test func itFindsTheFirstElementOfTheSecondPartitionAsAWalkDoes() {
    var random = SplitMix64(seed: 4646)
    for count in 0..<40 {
      let sorted = (0..<count).map { _ in Int(random.next() % 50) }.sorted()
      for bound in -1...51 {
        let walked = sorted.firstIndex { $0 >= bound } ?? sorted.endIndex
        #expect(sorted.partitioningIndex { $0 >= bound } == walked, "\(sorted) \(bound)")
      }
    }
  }

  @Test func aSliceAnswersWithItsOwnIndexes() {
    let slice = [1, 2, 3, 4, 5, 6, 7, 8][3..<7]
    #expect(slice.partitioningIndex { $0 > 5 } == 5)
    #expect(slice.partitioningIndex { _ in true } == 3)
    #expect(slice.partitioningIndex { _ in false } == 7)
    #expect([Int]().partitioningIndex { _ in true } == 0)
  }

  @Test func itAsksTheLogarithmOfTheCountTimes() {
    var calls = 0
    _ = Array(0..<1024).partitioningIndex {
      calls += 1
      return $0 >= 700
    }
    #expect(calls <= 11)
  }
}
