import Foundation

/// The passwords that opened a library's encrypted files during this run, by path: kept in
/// memory only (never written anywhere), shared by the loop (which learns them when a password
/// typed for a document of the shelf opens it, and opens that document again with it) and the
/// shelf's page and text workers (each worker process is told every password before its next
/// request, a restarted one too, so its covers and text open). Thread-safe.
public final class KnownPasswords: @unchecked Sendable, Hashable {
  private let lock = NSLock()
  private var byPath: [String: String] = [:]
  /// Counts the passwords learned, so a worker knows whether it was told them all.
  private var learned = 0

  /// No password known yet.
  public init() {}

  /// Keeps `password` as the one that opens the file at `path`.
  public func learn(_ password: String, for path: String) {
    lock.withLock {
      guard byPath[path] != password else { return }
      byPath[path] = password
      learned += 1
    }
  }

  /// The password that opened the file at `path`, if one did.
  public func password(for path: String) -> String? {
    lock.withLock { byPath[path] }
  }

  /// Every password known, by path, and how many were learned so far (a later call with a
  /// larger count has something new).
  public var all: (passwords: [String: String], generation: Int) {
    lock.withLock { (byPath, learned) }
  }

  public static func == (left: KnownPasswords, right: KnownPasswords) -> Bool { left === right }

  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
