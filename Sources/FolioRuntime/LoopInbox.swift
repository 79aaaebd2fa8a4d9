import Foundation

/// The loop's one inbox: the threads of every background service post what they finished
/// here, addressed to the work queue that asked, and one pipe wakes the loop. The loop takes
/// everything at once (`takeAll()`) and hands each service its letters. Posting is safe from
/// any thread; taking is for the loop's thread.
public final class LoopInbox: @unchecked Sendable {
  /// Where a letter goes: one work queue. Addresses are never reused, so a letter for a queue
  /// that was replaced (an old version's renders) finds nobody and is dropped.
  public struct Address: Hashable, Sendable {
    let rawValue: Int
  }

  /// Something a background thread finished, for the work queue at `address`.
  public struct Letter: Sendable {
    /// Whom it is for.
    public let address: Address
    /// What it carries (the queue's outcome type).
    public let content: any Sendable
  }

  private let lock = NSLock()
  private var letters: [Letter] = []
  private var isWakePending = false
  private var nextAddress = 0
  private let wake: WakePipe

  /// Creates an empty inbox with its wake pipe.
  public init() throws { wake = try WakePipe() }

  /// The descriptor the loop polls: readable while letters wait.
  public var wakeDescriptor: Int32 { wake.readDescriptor }

  /// A new address, never given before.
  func makeAddress() -> Address {
    lock.withLock {
      nextAddress += 1
      return Address(rawValue: nextAddress)
    }
  }

  /// Posts `content` for `address` and wakes the loop (one byte for any number of letters).
  func post(_ content: any Sendable, to address: Address) {
    let wakes: Bool = lock.withLock {
      letters.append(Letter(address: address, content: content))
      defer { isWakePending = true }
      return !isWakePending
    }
    if wakes { wake.signal() }
  }

  /// Wakes the loop without a letter: for a watcher whose news the loop asks for on its own
  /// each turn (`FolderWatcher`).
  func wakeLoop() {
    let wakes: Bool = lock.withLock {
      defer { isWakePending = true }
      return !isWakePending
    }
    if wakes { wake.signal() }
  }

  /// Takes every letter posted since the last call, oldest first, and empties the wake pipe.
  public func takeAll() -> [Letter] {
    lock.withLock {
      if isWakePending {
        isWakePending = false
        wake.drain()
      }
      defer { letters.removeAll(keepingCapacity: true) }
      return letters
    }
  }

  /// Takes the letters for `address` only, leaving the others (a queue used on its own, in
  /// tests and scripts).
  func take(for address: Address) -> [Letter] {
    lock.withLock {
      let mine = letters.filter { $0.address == address }
      guard !mine.isEmpty else { return [] }
      letters.removeAll { $0.address == address }
      if letters.isEmpty && isWakePending {
        isWakePending = false
        wake.drain()
      }
      return mine
    }
  }
}
