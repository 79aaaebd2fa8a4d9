/// The link value meaning "no entry".
private let noSlot = -1

/// A key-value cache bounded by a total cost (bytes, for finished renders): when an insertion
/// goes over `capacity`, the least recently used entries go first. Lookup, insertion, removal
/// and each eviction are O(1).
///
/// Entries can also be found by group (for renders: every cached size of one page), through a
/// secondary index from `Group` to the entries of that group, so a stand-in for a missing
/// render is found in O(entries of the group). A cache that needs no groups uses
/// `Group == Never` and `init(capacity:)`.
///
/// Storage: one array of entries linked twice by array index, once by recency and once per
/// group, plus a dictionary from key to index; freed slots are reused.
public struct LRUCache<Key: Hashable, Value, Group: Hashable> {
  fileprivate struct Entry {
    var key: Key?
    var value: Value?
    var cost = 0
    /// The next more recently used entry, or `noSlot`.
    var newer = noSlot
    /// The next less recently used entry, or `noSlot`.
    var older = noSlot
    /// The neighbours in the entry's group list, or `noSlot`.
    var groupPrevious = noSlot
    var groupNext = noSlot
  }

  private var entries: [Entry] = []
  private var freeSlots: [Int] = []
  private var slotByKey: [Key: Int] = [:]
  private var groupHeads: [Group: Int] = [:]
  private var newest = noSlot
  private var oldest = noSlot
  private let groupOf: (@Sendable (Key) -> Group)?

  /// The most total cost kept; lowering it evicts at once. Never negative.
  public var capacity: Int {
    didSet {
      capacity = max(0, capacity)
      evictToCapacity()
    }
  }

  /// Hits, misses, evictions, the entry count and the total cost.
  public private(set) var statistics = CacheStatistics()

  /// Creates an empty cache holding at most `capacity` total cost, whose entries are found by
  /// group through `group`.
  public init(capacity: Int, group: @escaping @Sendable (Key) -> Group) {
    self.capacity = max(0, capacity)
    self.groupOf = group
  }

  /// The number of entries.
  public var count: Int { slotByKey.count }

  /// The sum of the entries' costs, never above `capacity`.
  public var totalCost: Int { statistics.totalCost }

  /// Whether `key` has an entry; neither a use nor a hit.
  public func contains(_ key: Key) -> Bool { slotByKey[key] != nil }

  /// The value for `key`, marking it most recently used and counting a hit or a miss.
  public mutating func value(forKey key: Key) -> Value? {
    guard let slot = slotByKey[key] else {
      statistics.misses += 1
      return nil
    }
    statistics.hits += 1
    moveToNewest(slot)
    return entries[slot].value
  }

  /// Stores `value` for `key` as the most recently used entry, replacing any value for `key`,
  /// then evicts least recently used entries until the total cost fits. A value whose cost alone
  /// exceeds `capacity` is not stored (and any old value for `key` is removed); returns whether
  /// it was stored. Negative costs count as 0.
  @discardableResult
  public mutating func insert(_ value: Value, forKey key: Key, cost: Int) -> Bool {
    let cost = max(0, cost)
    if let slot = slotByKey[key] {
      guard cost <= capacity else {
        remove(slot)
        return false
      }
      statistics.totalCost += cost - entries[slot].cost
      entries[slot].value = value
      entries[slot].cost = cost
      moveToNewest(slot)
    } else {
      guard cost <= capacity else { return false }
      let slot = allocateSlot()
      entries[slot] = Entry(key: key, value: value, cost: cost)
      slotByKey[key] = slot
      linkAsNewest(slot)
      if let groupOf { linkIntoGroup(slot, groupOf(key)) }
      statistics.totalCost += cost
      statistics.count = slotByKey.count
    }
    evictToCapacity()
    return true
  }

  /// Removes the entry for `key` and returns its value, if any. Not an eviction.
  @discardableResult
  public mutating func removeValue(forKey key: Key) -> Value? {
    guard let slot = slotByKey[key] else { return nil }
    let value = entries[slot].value
    remove(slot)
    return value
  }

  /// Removes every entry, keeping the counters of hits, misses and evictions.
  public mutating func removeAll() {
    entries.removeAll()
    freeSlots.removeAll()
    slotByKey.removeAll()
    groupHeads.removeAll()
    newest = noSlot
    oldest = noSlot
    statistics.totalCost = 0
    statistics.count = 0
  }

  /// The keys from least to most recently used: the order they would be evicted in. O(n).
  public var keysByRecency: [Key] {
    var keys: [Key] = []
    keys.reserveCapacity(count)
    var slot = oldest
    while slot != noSlot {
      if let key = entries[slot].key { keys.append(key) }
      slot = entries[slot].newer
    }
    return keys
  }

  /// Calls `body` with every entry of `group`, most recently added first, without marking
  /// any as used. O(entries of the group).
  public func forEachEntry(inGroup group: Group, _ body: (Key, Value) throws -> Void) rethrows {
    var slot = groupHeads[group] ?? noSlot
    while slot != noSlot {
      if let key = entries[slot].key, let value = entries[slot].value { try body(key, value) }
      slot = entries[slot].groupNext
    }
  }

  /// The keys of `group`, most recently added first. O(entries of the group).
  public func keys(inGroup group: Group) -> [Key] {
    var keys: [Key] = []
    forEachEntry(inGroup: group) { key, _ in keys.append(key) }
    return keys
  }

  // MARK: - Storage

  private mutating func allocateSlot() -> Int {
    if let slot = freeSlots.popLast() { return slot }
    entries.append(Entry())
    return entries.count - 1
  }

  private mutating func evictToCapacity() {
    while statistics.totalCost > capacity, oldest != noSlot {
      remove(oldest)
      statistics.evictions += 1
    }
  }

  private mutating func remove(_ slot: Int) {
    unlinkFromRecency(slot)
    if let key = entries[slot].key {
      slotByKey[key] = nil
      if let groupOf { unlinkFromGroup(slot, groupOf(key)) }
    }
    statistics.totalCost -= entries[slot].cost
    statistics.count = slotByKey.count
    entries[slot] = Entry()
    freeSlots.append(slot)
  }

  private mutating func linkAsNewest(_ slot: Int) {
    entries[slot].older = newest
    entries[slot].newer = noSlot
    if newest != noSlot { entries[newest].newer = slot }
    newest = slot
    if oldest == noSlot { oldest = slot }
  }

  private mutating func unlinkFromRecency(_ slot: Int) {
    let newer = entries[slot].newer
    let older = entries[slot].older
    if newer != noSlot { entries[newer].older = older } else { newest = older }
    if older != noSlot { entries[older].newer = newer } else { oldest = newer }
    entries[slot].newer = noSlot
    entries[slot].older = noSlot
  }

  private mutating func moveToNewest(_ slot: Int) {
    guard slot != newest else { return }
    unlinkFromRecency(slot)
    linkAsNewest(slot)
  }

  private mutating func linkIntoGroup(_ slot: Int, _ group: Group) {
    let head = groupHeads[group] ?? noSlot
    entries[slot].groupPrevious = noSlot
    entries[slot].groupNext = head
    if head != noSlot { entries[head].groupPrevious = slot }
    groupHeads[group] = slot
  }

  private mutating func unlinkFromGroup(_ slot: Int, _ group: Group) {
    let previous = entries[slot].groupPrevious
    let next = entries[slot].groupNext
    if previous != noSlot {
      entries[previous].groupNext = next
    } else {
      groupHeads[group] = next == noSlot ? nil : next
    }
    if next != noSlot { entries[next].groupPrevious = previous }
  }
}

extension LRUCache where Group == Never {
  /// Creates an empty cache holding at most `capacity` total cost, without groups.
  public init(capacity: Int) {
    self.capacity = max(0, capacity)
    self.groupOf = nil
  }
}

extension LRUCache: Sendable where Key: Sendable, Value: Sendable, Group: Sendable {}

extension LRUCache.Entry: Sendable where Key: Sendable, Value: Sendable {}
