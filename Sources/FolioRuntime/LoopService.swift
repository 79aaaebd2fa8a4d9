import FolioUI

/// A background service of the loop: it hands work to a `WorkQueue` of its own, whose threads
/// post what they finish to the loop's one `LoopInbox`; on the loop's thread it turns the
/// letters addressed to it into events for `update`. Services: the picture board (renders),
/// the page reader (sizes and labels), the navigation reader (outline, links, content boxes,
/// body text), the searcher (text, matches, hit boxes), the reopener and the place keeper.
public protocol LoopService: AnyObject {
  /// Takes the letters addressed to its queues (others are ignored) and returns the events
  /// they make, in order.
  func receive(_ letters: [LoopInbox.Letter]) -> [Event]
  /// The earliest moment a time limit of its work runs out, if one runs.
  var nextDeadline: ContinuousClock.Instant? { get }
  /// Gives up work past its time limit: it arrives as failed with the next letters. The loop
  /// calls it before taking the inbox.
  func enforceDeadlines()
}

extension LoopService {
  public var nextDeadline: ContinuousClock.Instant? { nil }
  public func enforceDeadlines() {}
}
