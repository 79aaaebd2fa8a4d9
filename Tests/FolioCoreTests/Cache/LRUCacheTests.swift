import FolioCore
import FolioTestSupport
import Testing

/// The obvious O(n) LRU the cache must behave like: entries from least to most recently used.
private struct ModelCache {
  var capacity: Int
  var entries: [(key: Int, value: Int, cost: Int)] = []
  var hits = 0
  var misses = 0
  var evictions = 0

  var totalCost: Int { entries.reduce(0) { $0 + $1.cost } }

  mutating func value(forKey key: Int) -> Int? {
    guard let position = entries.firstIndex(where: { $0.key == key }) else {
      misses += 1
      return nil
    }
    hits += 1
    let entry = entries.remove(at: position)
    entries.append(entry)
    return entry.value
  }

  mutating func insert(_ value: Int, forKey key: Int, cost: Int) {
    entries.removeAll { $0.key == key }
    guard cost <= capacity else { return }
    entries.append((key, value, cost))
    while totalCost > capacity {
      entries.removeFirst()
      evictions += 1
    }
  }

  mutating func removeValue(forKey key: Int) {
    entries.removeAll { $0.key == key }
  }
}

/// A render-like key: a page at a size.
private struct SizedPage: Hashable, Sendable {
  var page: Int
  var width: Int
}

@Suite("LRU cache")
struct LRUCacheTests {
  @Test(arguments: [7 as UInt64, 8, 9])
  func matchesTheModelUnderRandomAccess(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var cache = LRUCache<Int, Int, Never>(capacity: 5_000)
    var model = ModelCache(capacity: 5_000)
    for step in 0..<4_000 {
      let key = Int.random(in: 0..<120, using: &random)
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<4:
        #expect(cache.value(forKey: key) == model.value(forKey: key))
      case 4..<9:
        // Costs up to above capacity, so oversized values are tried too.
        let cost = Int.random(in: 0...5_100, using: &random) / (step % 7 == 0 ? 1 : 20)
        cache.insert(step, forKey: key, cost: cost)
        model.insert(step, forKey: key, cost: cost)
      default:
        cache.removeValue(forKey: key)
        model.removeValue(forKey: key)
      }
      #expect(cache.totalCost <= cache.capacity)
      #expect(cache.totalCost == model.totalCost)
      #expect(cache.keysByRecency == model.entries.map(\.key))
      #expect(cache.count == model.entries.count)
    }
    #expect(cache.statistics.hits == model.hits)
    #expect(cache.statistics.misses == model.misses)
    #expect(cache.statistics.evictions == model.evictions)
    #expect(model.evictions > 100)
    for entry in model.entries { #expect(cache.value(forKey: entry.key) == entry.value) }
  }

  /// Every sequence of up to 5 operations (look up or insert one of 4 keys, unit cost, room for
  /// 3) leaves the cache in the model's order.
  @Test func evictionOrderIsLeastRecentlyUsedForEverySmallSequence() {
    let operations = (0..<4).flatMap { key in [(key, true), (key, false)] }  // (key, isInsert)
    var sequences = 0
    func run(_ prefix: [(Int, Bool)]) {
      var cache = LRUCache<Int, Int, Never>(capacity: 3)
      var model = ModelCache(capacity: 3)
      for (step, (key, isInsert)) in prefix.enumerated() {
        if isInsert {
          cache.insert(step, forKey: key, cost: 1)
          model.insert(step, forKey: key, cost: 1)
        } else {
          _ = cache.value(forKey: key)
          _ = model.value(forKey: key)
        }
      }
      #expect(cache.keysByRecency == model.entries.map(\.key), "\(prefix)")
      #expect(cache.statistics.evictions == model.evictions, "\(prefix)")
      sequences += 1
      guard prefix.count < 5 else { return }
      for operation in operations { run(prefix + [operation]) }
    }
    run([])
    #expect(sequences == (0...5).reduce(0) { $0 + Int(pow8($1)) })
  }

  /// After using 5 entries in every possible order, an insertion needing the room of k entries
  /// evicts exactly the k used longest ago.
  @Test(arguments: 1...5)
  func insertionEvictsTheLeastRecentlyUsed(room: Int) {
    for order in permutations(of: Array(0..<5)) {
      var cache = LRUCache<Int, Int, Never>(capacity: 50)
      for key in 0..<5 { cache.insert(key, forKey: key, cost: 10) }
      for key in order { _ = cache.value(forKey: key) }
      cache.insert(99, forKey: 99, cost: 10 * room)
      let survivors = Set(order.dropFirst(room))
      #expect(Set(cache.keysByRecency) == survivors.union([99]), "\(order)")
      #expect(cache.statistics.evictions == room)
    }
  }

  @Test func groupIndexListsEveryCachedSizeOfAPage() {
    var random = SplitMix64(seed: 11)
    var cache = LRUCache<SizedPage, Int, Int>(capacity: 2_000, group: { $0.page })
    for step in 0..<3_000 {
      let key = SizedPage(
        page: Int.random(in: 0..<20, using: &random), width: Int.random(in: 1...6, using: &random))
      if step % 5 == 4 {
        cache.removeValue(forKey: key)
      } else {
        cache.insert(step, forKey: key, cost: key.width * 10)
      }
      if step % 50 == 0 || step == 2_999 {
        let cached = cache.keysByRecency
        for page in 0..<20 {
          let listed = cache.keys(inGroup: page)
          #expect(listed.count == Set(listed).count)
          #expect(Set(listed) == Set(cached.filter { $0.page == page }))
        }
      }
    }
    // A stand-in: the widest cached size of page 3, found without touching other pages.
    var widest: (SizedPage, Int)?
    cache.forEachEntry(inGroup: 3) { key, value in
      if key.width > widest?.0.width ?? 0 { widest = (key, value) }
    }
    let expected = cache.keysByRecency.filter { $0.page == 3 }.max { $0.width < $1.width }
    #expect(widest?.0 == expected)
    #expect(widest.map { cache.value(forKey: $0.0) == $0.1 } ?? (expected == nil))
    cache.removeAll()
    #expect(cache.keys(inGroup: 3).isEmpty)
    #expect(cache.totalCost == 0)
  }

  @Test func loweringTheCapacityEvictsAtOnce() {
    var cache = LRUCache<Int, String, Never>(capacity: 100)
    for key in 0..<10 { cache.insert("v\(key)", forKey: key, cost: 10) }
    _ = cache.value(forKey: 0)
    cache.capacity = 35
    #expect(cache.keysByRecency == [8, 9, 0])
    #expect(cache.totalCost == 30)
    #expect(cache.statistics.evictions == 7)
  }

  @Test func replacingAValueUpdatesItsCostAndRecency() {
    var cache = LRUCache<Int, String, Never>(capacity: 100)
    cache.insert("a", forKey: 1, cost: 40)
    cache.insert("b", forKey: 2, cost: 40)
    let storedSmaller = cache.insert("A", forKey: 1, cost: 10)
    #expect(storedSmaller)
    #expect(cache.keysByRecency == [2, 1])
    #expect(cache.totalCost == 50)
    #expect(cache.value(forKey: 1) == "A")
    // Too big for the cache: not stored, and the old value goes.
    let storedHuge = cache.insert("B", forKey: 2, cost: 101)
    #expect(!storedHuge)
    #expect(!cache.contains(2))
    #expect(cache.totalCost == 10)
    #expect(cache.statistics.evictions == 0)
  }

  @Test func screenBufferCostIsItsCellBytes() {
    let buffer = ScreenBuffer(size: CellSize(columns: 20, rows: 10))
    #expect(buffer.byteCount == 200 * MemoryLayout<Cell>.stride)
  }
}

private func pow8(_ exponent: Int) -> Int {
  (0..<exponent).reduce(1) { accumulated, _ in accumulated * 8 }
}

private func permutations(of elements: [Int]) -> [[Int]] {
  guard elements.count > 1 else { return [elements] }
  return elements.indices.flatMap { index in
    var rest = elements
    let first = rest.remove(at: index)
    return permutations(of: rest).map { [first] + $0 }
  }
}
