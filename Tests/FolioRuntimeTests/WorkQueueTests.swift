import FolioCore
import FolioRuntime
import Foundation
import Glibc
import Synchronization
import Testing

private typealias Service = WorkQueue<Int, String>

private func makeService(_ ledger: RenderLedger, workers: Int) throws -> Service {
  try Service(
    workerCount: workers, makeWorker: { try ledger.makeWorker() },
    render: { worker, request in try ledger.render(&worker, request) })
}

/// `count` requests from `first`, nearest the center first.
private func wanted(_ first: Int, count: Int) -> [(Int, RenderPriority)] {
  (0..<count).map { (first + $0, RenderPriority(tier: .visible, distance: $0)) }
}

/// Whether `descriptor` is readable within `milliseconds` (0: right now).
private func isReadable(_ descriptor: Int32, within milliseconds: Int32 = 0) -> Bool {
  var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
  return poll(&entry, 1, milliseconds) == 1 && entry.revents & Int16(POLLIN) != 0
}

/// The bytes waiting in a pipe, without reading them.
private func bytesWaiting(_ descriptor: Int32) -> Int32 {
  var count: Int32 = -1
  _ = ioctl(descriptor, UInt(FIONREAD), &count)
  return count
}

@Suite("Work queue")
struct RenderServiceTests {
  @Test(arguments: [1, 2])
  func burstOfReplacementsStartsNothingStale(workers: Int) throws {
    let ledger = RenderLedger(open: false)
    let service = try makeService(ledger, workers: workers)
    defer { service.shutdown() }
    // Every worker busy with a render that was wanted when it started.
    service.replaceWanted(wanted(0, count: workers))
    #expect(ledger.waitForStarts(workers))

    // 60 layout passes while the workers are busy: each wants 8 items, 3 shared with the last.
    var cancelled = 0
    for pass in 1...60 { cancelled += service.replaceWanted(wanted(pass * 5, count: 8)) }
    #expect(cancelled == 59 * 5)
    #expect(service.pendingCount == workers + 8)
    ledger.open()
    #expect(service.waitUntilIdle(timeout: .seconds(10)))

    let starts = ledger.starts
    let stillWanted = Array(300..<308)
    #expect(starts.count == workers + 8)  // each started once
    #expect(Set(starts.prefix(workers)) == Set(0..<workers))
    #expect(Set(starts.dropFirst(workers)) == Set(stillWanted))
    if workers == 1 { #expect(Array(starts.dropFirst()) == stillWanted) }  // in priority order
    let outcomes = service.drainOutcomes()
    #expect(outcomes.map(\.request).sorted() == Array(0..<workers) + stillWanted)
    let statistics = service.statistics
    #expect(statistics.started == workers + 8)
    #expect(statistics.cancelled == 295)
    #expect(statistics.pending == 0)
  }

  @Test func outcomesCarryTheirRequestAndEachThreadKeepsItsWorker() throws {
    let ledger = RenderLedger(open: false)
    let service = try makeService(ledger, workers: 2)
    defer { service.shutdown() }
    service.replaceWanted(wanted(0, count: 40))
    // Two renders at once, each with its own worker.
    #expect(ledger.waitForStarts(2))
    #expect(Set(ledger.workersOfStarts.prefix(2)).count == 2)
    ledger.open()
    #expect(service.waitUntilIdle(timeout: .seconds(10)))
    let outcomes = service.drainOutcomes()
    #expect(outcomes.map(\.request).sorted() == Array(0..<40))
    for outcome in outcomes {
      #expect((try? outcome.result.get()) == "rendered \(outcome.request)")
    }
    #expect(ledger.workersMade == 2)
    #expect(ledger.rendersOnAnotherThread == 0)
  }

  @Test func aThreadRestsOnceAfterItsDelayWithNothingToDoAndNeverWhileBusy() throws {
    let ledger = RenderLedger(open: true)
    let rests = Mutex(0)
    let service = try Service(
      workerCount: 1, makeWorker: { try ledger.makeWorker() }, restDelay: .milliseconds(50),
      rest: { _ in rests.withLock { $0 += 1 } },
      render: { worker, request in try ledger.render(&worker, request) })
    defer { service.shutdown() }
    // Before any work, the thread has no worker to rest.
    service.replaceWanted(wanted(0, count: 3))
    #expect(service.waitUntilIdle(timeout: .seconds(10)))
    let deadline = ContinuousClock.now + .seconds(10)
    while rests.withLock({ $0 }) == 0 && ContinuousClock.now < deadline { usleep(1_000) }
    #expect(rests.withLock { $0 } == 1)
    // Once per idle spell: no more while it stays idle …
    usleep(200_000)
    #expect(rests.withLock { $0 } == 1)
    // … and again after the next piece of work.
    service.replaceWanted(wanted(10, count: 1))
    #expect(service.waitUntilIdle(timeout: .seconds(10)))
    let again = ContinuousClock.now + .seconds(10)
    while rests.withLock({ $0 }) < 2 && ContinuousClock.now < again { usleep(1_000) }
    #expect(rests.withLock { $0 } == 2)
  }

  @Test func drainingTheQueueAndEndingEachThreadAreReported() throws {
    let ledger = RenderLedger(open: false)
    let drains = Mutex(0)
    let service = try Service(
      workerCount: 2, makeWorker: { try ledger.makeWorker() },
      whenDrained: { drains.withLock { $0 += 1 } },
      render: { worker, request in try ledger.render(&worker, request) })
    service.replaceWanted(wanted(0, count: 6))
    #expect(ledger.waitForStarts(2))
    #expect(drains.withLock { $0 } == 0)  // renders running, four waiting
    ledger.open()
    #expect(service.waitUntilIdle(timeout: .seconds(10)))
    // Reported after the lock is released, so it may trail the idle state by a moment.
    let deadline = ContinuousClock.now + .seconds(10)
    while drains.withLock({ $0 }) == 0 && ContinuousClock.now < deadline { usleep(1_000) }
    #expect(drains.withLock { $0 } == 1)  // once, by the delivery that left nothing behind
    service.shutdown()
    #expect(drains.withLock { $0 } == 3)  // and once by each thread as it ends
  }

  @Test func manyOutcomesMakeOneWake() throws {
    let ledger = RenderLedger(open: false)
    let service = try makeService(ledger, workers: 2)
    defer { service.shutdown() }
    let descriptor = service.wakeDescriptor
    service.replaceWanted(wanted(0, count: 6))
    #expect(ledger.waitForStarts(2))
    #expect(!isReadable(descriptor))  // nothing finished yet
    ledger.open()
    #expect(service.waitUntilIdle(timeout: .seconds(10)))
    #expect(isReadable(descriptor))
    #expect(bytesWaiting(descriptor) == 1)
    #expect(service.drainOutcomes().count == 6)
    #expect(!isReadable(descriptor))
    #expect(service.drainOutcomes().isEmpty)

    service.replaceWanted([(100, RenderPriority(tier: .visible, distance: 0))])
    #expect(service.waitUntilIdle(timeout: .seconds(10)))
    #expect(isReadable(descriptor))
    #expect(service.drainOutcomes().map(\.request) == [100])
    #expect(!isReadable(descriptor))
  }

  /// The main loop's pattern: poll the descriptor, drain, repeat; every wake brings outcomes.
  @Test func pollingTheWakeDescriptorCollectsEveryOutcome() throws {
    let ledger = RenderLedger(open: true)
    let service = try makeService(ledger, workers: 2)
    defer { service.shutdown() }
    service.replaceWanted(wanted(0, count: 30))
    var received: [Int] = []
    var wakes = 0
    while received.count < 30, isReadable(service.wakeDescriptor, within: 10_000) {
      wakes += 1
      let outcomes = service.drainOutcomes()
      #expect(!outcomes.isEmpty)
      received += outcomes.map(\.request)
    }
    #expect(received.sorted() == Array(0..<30))
    #expect(wakes <= 30)
    #expect(service.pendingCount == 0)
  }

  @Test func runningRenderFinishesAndIsDeliveredAfterCancel() throws {
    let ledger = RenderLedger(open: false)
    let service = try makeService(ledger, workers: 1)
    defer { service.shutdown() }
    service.replaceWanted(wanted(0, count: 1))
    #expect(ledger.waitForStarts(1))
    #expect(service.pendingCount == 1)
    service.replaceWanted(wanted(1, count: 2))
    #expect(service.pendingCount == 3)
    #expect(service.replaceWanted([]) == 2)
    #expect(service.pendingCount == 1)
    ledger.open()
    #expect(service.waitUntilIdle(timeout: .seconds(10)))
    let outcomes = service.drainOutcomes()
    #expect(outcomes.map(\.request) == [0])
    #expect((try? outcomes.first?.result.get()) == "rendered 0")
    #expect(ledger.starts == [0])
    #expect(service.pendingCount == 0)
  }

  @Test func shutdownCancelsWaitingWorkAndJoinsTheThreads() throws {
    let ledger = RenderLedger(open: false)
    let service = try makeService(ledger, workers: 1)
    service.replaceWanted(wanted(0, count: 3))
    #expect(ledger.waitForStarts(1))
    service.beginShutdown()
    #expect(service.replaceWanted(wanted(10, count: 2)) == 0)
    #expect(service.pendingCount == 1)  // only the running render
    ledger.open()
    service.shutdown()
    // Joined: the thread has ended, so its worker has been released.
    #expect(ledger.workersMade == 1)
    #expect(ledger.workersFreed == 1)
    #expect(ledger.starts == [0])
    #expect(service.drainOutcomes().map(\.request) == [0])
    service.shutdown()
  }

  /// A request given up and then wanted again runs anew; the stuck run's late outcome is
  /// dropped and the new run's delivered, whichever finishes first.
  @Test func aRequestWantedAgainAfterBeingGivenUpRunsAnew() throws {
    let ledger = RenderLedger(open: true, blocked: [0])
    let service = try makeService(ledger, workers: 1)
    defer { service.shutdown() }
    service.replaceWanted(wanted(0, count: 1))
    #expect(ledger.waitForStarts(1))
    #expect(service.abandonRequests(runningLongerThan: .zero) == [0])
    #expect(throws: RenderTimeout.self) { try service.drainOutcomes().first?.result.get() }
    service.replaceWanted(wanted(0, count: 1))
    #expect(ledger.waitForStarts(2))
    ledger.unblock(0)
    // Idle means the new run was delivered (the stuck run's outcome, whenever it comes, is not).
    #expect(service.waitUntilIdle(timeout: .seconds(10)))
    let outcomes = service.drainOutcomes()
    #expect(outcomes.map(\.request) == [0])
    #expect((try? outcomes.first?.result.get()) == "rendered 0")
    #expect(service.pendingCount == 0)
  }

  /// A drain says how many requests were pending at that moment, so "nothing pending" after a
  /// drain means every outcome was in it.
  @Test func aDrainCountsWhatIsStillPendingInTheSameStep() throws {
    let ledger = RenderLedger(open: false)
    let service = try makeService(ledger, workers: 1)
    defer { service.shutdown() }
    service.replaceWanted(wanted(0, count: 2))
    #expect(ledger.waitForStarts(1))
    let first = service.drain()
    #expect(first.outcomes.isEmpty)
    #expect(first.pendingCount == 2)
    ledger.open()
    #expect(service.waitUntilIdle(timeout: .seconds(10)))
    let second = service.drain()
    #expect(second.outcomes.map(\.request).sorted() == [0, 1])
    #expect(second.pendingCount == 0)
  }

  /// Releasing the service stops its threads without waiting for them (a thread stuck in a
  /// library must not hold up quitting): each ends on its own and releases its worker.
  @Test func releasingTheServiceEndsItsThreadsWithoutWaiting() throws {
    let ledger = RenderLedger(open: true)
    do {
      let service = try makeService(ledger, workers: 3)
      service.replaceWanted(wanted(0, count: 12))
      #expect(service.waitUntilIdle(timeout: .seconds(10)))
    }
    #expect(ledger.workersMade >= 1)
    let deadline = ContinuousClock.now + .seconds(10)
    while ledger.workersFreed < ledger.workersMade && ContinuousClock.now < deadline {
      usleep(5_000)
    }
    #expect(ledger.workersFreed == ledger.workersMade)
  }

  /// A render running past the limit is answered as failed at once, stops counting as
  /// pending, and a new thread renders the rest; what the stuck render delivers later is
  /// dropped.
  @Test func overdueRendersAreGivenUpAndTheRestGoOn() throws {
    let ledger = RenderLedger(open: true, blocked: [0])
    let service = try makeService(ledger, workers: 1)
    service.replaceWanted(wanted(0, count: 3))
    #expect(ledger.waitForStarts(1))
    #expect(service.nextDeadline(forRunningLongerThan: .seconds(60)) != nil)
    #expect(service.abandonRequests(runningLongerThan: .seconds(60)).isEmpty)
    #expect(service.abandonRequests(runningLongerThan: .zero) == [0])
    #expect(service.waitUntilIdle(timeout: .seconds(10)))
    var outcomes = service.drainOutcomes()
    #expect(outcomes.first?.request == 0)
    #expect(throws: RenderTimeout.self) { try outcomes.first?.result.get() }
    #expect(Set(outcomes.dropFirst().map(\.request)) == [1, 2])
    ledger.unblock(0)
    let deadline = ContinuousClock.now + .seconds(10)
    while !ledger.finished.contains(0) && ContinuousClock.now < deadline { usleep(5_000) }
    #expect(service.waitUntilIdle(timeout: .seconds(10)))
    outcomes = service.drainOutcomes()
    #expect(outcomes.isEmpty, "the late outcome is dropped: \(outcomes.map(\.request))")
    service.shutdown()
  }

  @Test func failuresAreDeliveredAndTheWorkerIsMadeAgain() throws {
    let ledger = RenderLedger(open: true, failingFactoryCalls: 1)
    let service = try makeService(ledger, workers: 1)
    defer { service.shutdown() }
    let priority = RenderPriority(tier: .visible, distance: 0)
    for request in [1, -2, 3] {
      service.replaceWanted([(request, priority)])
      #expect(service.waitUntilIdle(timeout: .seconds(10)))
    }
    let outcomes = service.drainOutcomes()
    #expect(outcomes.map(\.request) == [1, -2, 3])
    #expect(throws: FakeRenderError(reason: "cannot open")) { try outcomes[0].result.get() }
    #expect(throws: FakeRenderError(reason: "page -2 is damaged")) { try outcomes[1].result.get() }
    #expect((try? outcomes[2].result.get()) == "rendered 3")
    // The factory failed once, then made one worker that survived the render error.
    #expect(ledger.workersMade == 1)
    #expect(ledger.starts == [-2, 3])
  }
}

@Suite("Work queue lanes and threads")
struct WorkQueueLaneTests {
  /// Only the first thread takes what the others do not accept (deep pages): the others work on
  /// the rest, and nothing is left undone.
  @Test func onlyTheFirstThreadTakesWhatTheOthersRefuse() throws {
    let queue = try WorkQueue<Int, Int>(
      workerCount: 3, accepts: { thread, request in thread == 1 || request < 100 },
      makeWorker: { () }
    ) { _, request in
      // The thread that ran it, from its name ("folio-render-N").
      Int(String(Thread.current.name?.split(separator: "-").last ?? "")) ?? 0
    }
    defer { queue.shutdown() }
    let requests = Array(0..<20) + Array(1_000..<1_020)
    queue.replaceWanted(requests.map { ($0, RenderPriority(tier: .visible, distance: 0)) })
    #expect(queue.waitUntilIdle(timeout: .seconds(10)))
    let outcomes = queue.drainOutcomes()
    #expect(outcomes.count == requests.count)
    for outcome in outcomes where outcome.request >= 100 {
      #expect((try? outcome.result.get()) == 1, "deep request \(outcome.request) on another thread")
    }
  }

  @Test func eachLaneCountsAndReceivesItsOwn() throws {
    let queue = try WorkQueue<Int, Int>(
      workerCount: 1, lane: { $0 >= 100 ? 1 : 0 }, makeWorker: { () }
    ) { _, request in request }
    defer { queue.shutdown() }
    queue.replaceWanted([(1, RenderPriority(tier: .visible, distance: 0))], inLane: 0)
    queue.replaceWanted([(101, RenderPriority(tier: .visible, distance: 0))], inLane: 1)
    #expect(queue.waitUntilIdle(timeout: .seconds(10)))
    let letters = queue.inbox.takeAll()
    let first = queue.receive(letters, inLane: 1)
    #expect(first.outcomes.map(\.request) == [101])
    #expect(first.pendingCount == 0)
    let second = queue.receive(letters, inLane: 0)
    #expect(second.outcomes.map(\.request) == [1])
    #expect(second.pendingCount == 0)
  }
}
