import FolioCore
import Testing

@Suite("Render queue")
struct RenderQueueTests {
  private func drain(_ queue: inout RenderQueue<String>) -> [String] {
    var taken: [String] = []
    while let request = queue.next() { taken.append(request) }
    return taken
  }

  @Test func mostUrgentFirstThenListOrder() {
    var queue = RenderQueue<String>()
    queue.replaceWanted([
      ("behind-near", RenderPriority(tier: .behind, distance: 1)),
      ("visible-far", RenderPriority(tier: .visible, distance: 30)),
      ("ahead-near", RenderPriority(tier: .ahead, distance: 2)),
      ("visible-center", RenderPriority(tier: .visible, distance: 0)),
      ("visible-far-2", RenderPriority(tier: .visible, distance: 30)),
    ])
    #expect(
      drain(&queue) == [
        "visible-center", "visible-far", "visible-far-2", "ahead-near", "behind-near",
      ])
    #expect(queue.runningCount == 5)
    #expect(queue.startedCount == 5)
  }

  @Test func replacingCancelsWhatIsNoLongerWanted() {
    var queue = RenderQueue<String>()
    let visible = RenderPriority(tier: .visible, distance: 0)
    queue.replaceWanted([("a", visible), ("b", visible), ("c", visible)])
    #expect(queue.next() == "a")
    let cancelled = queue.replaceWanted([("c", visible), ("d", visible)])
    #expect(cancelled == 1)  // b; a is running, c is still wanted
    #expect(queue.cancelledCount == 1)
    #expect(!queue.isWaiting("b"))
    #expect(queue.isRunning("a"))
    #expect(drain(&queue) == ["c", "d"])
    let completed = queue.complete("a")
    let completedTwice = queue.complete("a")
    #expect(completed)
    #expect(!completedTwice)
    #expect(queue.runningCount == 2)
  }

  @Test func runningRequestsAreNotQueuedAgain() {
    var queue = RenderQueue<String>()
    let priority = RenderPriority(tier: .visible, distance: 3)
    queue.replaceWanted([("a", priority)])
    #expect(queue.next() == "a")
    queue.replaceWanted([("a", priority), ("b", priority)])
    #expect(queue.waitingCount == 1)
    #expect(drain(&queue) == ["b"])
    queue.complete("a")
    // Once finished (and cached by the app) it may be wanted again, e.g. after an eviction.
    queue.replaceWanted([("a", priority)])
    #expect(queue.next() == "a")
  }

  @Test func newPrioritiesReorderWaitingRequests() {
    var queue = RenderQueue<String>()
    queue.replaceWanted([
      ("a", RenderPriority(tier: .visible, distance: 1)),
      ("b", RenderPriority(tier: .visible, distance: 2)),
    ])
    #expect(queue.next() == "a")
    queue.replaceWanted([
      ("b", RenderPriority(tier: .ahead, distance: 0)),
      ("c", RenderPriority(tier: .visible, distance: 9)),
      ("b", RenderPriority(tier: .visible, distance: 5)),  // listed twice: most urgent wins
    ])
    #expect(queue.priority(of: "b") == RenderPriority(tier: .visible, distance: 5))
    #expect(drain(&queue) == ["b", "c"])
  }

  @Test func cancellingEverythingKeepsRunningRequests() {
    var queue = RenderQueue<String>()
    let priority = RenderPriority(tier: .visible, distance: 0)
    queue.replaceWanted([("a", priority), ("b", priority), ("c", priority)])
    _ = queue.next()
    #expect(queue.cancelWaiting() == 2)
    #expect(queue.next() == nil)
    #expect(!queue.isIdle)
    queue.complete("a")
    #expect(queue.isIdle)
  }

  /// A burst of layout passes, each wanting the items around a moving viewport: only requests
  /// wanted by the last pass (or started before it) are ever started.
  @Test func burstOfReplacementsStartsOnlyCurrentRequests() {
    var queue = RenderQueue<Int>()
    var started: [Int] = []
    for pass in 0..<200 {
      let wanted = (pass * 10..<pass * 10 + 12).map {
        ($0, RenderPriority(tier: .visible, distance: $0 % 12))
      }
      queue.replaceWanted(wanted)
      if pass % 50 == 0, let request = queue.next() { started.append(request) }
    }
    let lastWanted = Set(1_990..<2_002)
    while let request = queue.next() { started.append(request) }
    #expect(started.count == Set(started).count)
    #expect(started.count == 4 + 12)
    #expect(Set(started.suffix(12)) == lastWanted)
    #expect(queue.startedCount == started.count)
  }

  @Test func priorityFromGeometry() {
    let viewport = CellRect(x: 0, y: 100, columns: 80, rows: 24)
    let onScreen = CellRect(x: 30, y: 105, columns: 14, rows: 9)
    let below = CellRect(x: 30, y: 130, columns: 14, rows: 9)
    let above = CellRect(x: 30, y: 80, columns: 14, rows: 9)
    let down = CellPoint(x: 0, y: 3)
    #expect(RenderPriority(frame: onScreen, viewport: viewport, scrollDelta: down).tier == .visible)
    #expect(RenderPriority(frame: below, viewport: viewport, scrollDelta: down).tier == .ahead)
    #expect(RenderPriority(frame: above, viewport: viewport, scrollDelta: down).tier == .behind)
    let up = CellPoint(x: 0, y: -3)
    #expect(RenderPriority(frame: above, viewport: viewport, scrollDelta: up).tier == .ahead)
    // Centers (37, 109.5) and (40, 112): 2 * 3 + 2 * 2.5 half cells.
    #expect(RenderPriority(frame: onScreen, viewport: viewport, scrollDelta: down).distance == 11)
    let far = CellRect(x: 0, y: 100, columns: 14, rows: 9)
    #expect(
      RenderPriority(frame: onScreen, viewport: viewport, scrollDelta: down)
        < RenderPriority(frame: far, viewport: viewport, scrollDelta: down))
  }
}

@Suite("Render queue lanes")
struct RenderQueueLaneTests {
  @Test func aLaneReplacesOnlyItsOwnWantedSet() {
    var queue = RenderQueue<String>()
    let visible = RenderPriority(tier: .visible, distance: 0)
    queue.replaceWanted([("page 1", visible), ("page 2", visible)], inLane: 0)
    queue.replaceWanted([("links 1", visible)], inLane: 1)
    #expect(queue.replaceWanted([("links 2", visible)], inLane: 1) == 1)
    #expect(queue.waitingCount(inLane: 0) == 2)
    #expect(queue.waitingCount(inLane: 1) == 1)
    #expect(queue.isWaiting("page 1") && !queue.isWaiting("links 1"))
  }

  /// Replacing one lane's wanted set, screen after screen, leaves the other lanes' waiting
  /// requests and their order alone.
  @Test func replacingALaneLeavesTheOthersInOrder() {
    var queue = RenderQueue<String>()
    let visible = RenderPriority(tier: .visible, distance: 0)
    queue.replaceWanted(
      (0..<1000).map { ("facts \($0)", RenderPriority(tier: .behind, distance: $0)) }, inLane: 2)
    for screen in 0..<50 {
      #expect(queue.replaceWanted([("page \(screen)", visible)], inLane: 0) == min(screen, 1))
    }
    #expect(queue.waitingCount(inLane: 2) == 1000)
    #expect(queue.waitingCount == 1001)
    #expect(queue.next() == "page 49")
    #expect(queue.next() == "facts 0")
    queue.replaceWanted([("page 50", visible)], inLane: 0)
    #expect(queue.next() == "page 50")
    #expect(queue.next() == "facts 1")
    #expect(queue.cancelledCount == 49)
    #expect(queue.runningCount(inLane: 2) == 2)
    #expect(queue.cancelWaiting() == 998)
    #expect(queue.waitingCount == 0 && !queue.isIdle)
  }

  /// Within a tier the lower lane goes first; a more urgent tier beats any lane.
  @Test func lanesOrderWithinATier() {
    var queue = RenderQueue<String>()
    queue.replaceWanted(
      [
        ("render ahead", RenderPriority(tier: .ahead, distance: 0)),
        ("render visible far", RenderPriority(tier: .visible, distance: 9)),
      ], inLane: 0)
    queue.replaceWanted([("read visible", RenderPriority(tier: .visible, distance: 0))], inLane: 1)
    queue.replaceWanted([("facts", RenderPriority(tier: .behind, distance: 0))], inLane: 2)
    var order: [String] = []
    while let next = queue.next() { order.append(next) }
    #expect(order == ["render visible far", "read visible", "render ahead", "facts"])
    #expect(queue.runningCount(inLane: 1) == 1)
  }

  /// A taker that accepts only some requests gets the most urgent of those and leaves the
  /// others waiting.
  @Test func aTakerGetsTheMostUrgentItAccepts() {
    var queue = RenderQueue<Int>()
    queue.replaceWanted((0..<6).map { ($0, RenderPriority(tier: .visible, distance: $0)) })
    #expect(queue.next(accepting: { $0 % 2 == 1 }) == 1)
    #expect(queue.hasWaiting(accepting: { $0 > 4 }))
    #expect(!queue.hasWaiting(accepting: { $0 > 5 }))
    #expect(queue.next() == 0)
    #expect(queue.next(accepting: { $0 % 2 == 1 }) == 3)
    #expect(queue.next() == 2)
  }
}
