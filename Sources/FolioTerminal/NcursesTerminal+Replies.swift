@preconcurrency import CNcursesw
import FolioCore
import Glibc

/// Keys typed while the terminal was asked what it shows, and its answers that come late.
extension NcursesTerminal {
  /// Gives curses `bytes` to read before anything typed later (keys typed while the terminal
  /// was asked what it shows).
  public func pushBack(_ bytes: [UInt8]) {
    for byte in bytes.reversed() { ungetch(Int32(byte)) }
  }

  /// Drops answers to the terminal's queries that come late (after the probe gave up) until
  /// `deadline`, rather than reading them as keys.
  public func dropLateReplies(until deadline: ContinuousClock.Instant) {
    lateRepliesUntil = deadline
  }

  /// After an ESC: whether what follows is a terminal's answer (kitty's `ESC _ … ESC \`,
  /// XTVERSION's `ESC P … ESC \`, `CSI ? … c`, `CSI 6 ; … t`), read and dropped; else what was
  /// read is given back to be read as keys.
  func dropsReply() -> Bool {
    var read: [Int32] = []
    func next() -> Int32? {
      let value = wgetch(folio_stdscr())
      guard value != folio_err else { return nil }
      read.append(value)
      return value
    }
    defer {
      for value in read.reversed() { ungetch(value) }
      wtimeout(folio_stdscr(), 0)
    }
    guard let kind = next() else { return false }
    // The rest of an answer may come in a later read (over SSH): it is waited for a moment.
    wtimeout(folio_stdscr(), 100)
    if kind == 0x5F || kind == 0x50 {
      // Up to ESC \ (an answer is short: at most what curses can be given back).
      var previous: Int32 = 0
      while read.count < 120, let value = next() {
        if previous == 27 && value == 0x5C {
          read = []
          return true
        }
        previous = value
      }
      return false
    }
    guard kind == 0x5B, let first = next(), first == 0x3F || first == 0x36 else { return false }
    while read.count < 64, let value = next() {
      if (0x40...0x7E).contains(value) {
        let isReply = (first == 0x3F && value == 0x63) || (first == 0x36 && value == 0x74)
        if isReply { read = [] }
        return isReply
      }
    }
    return false
  }
}
