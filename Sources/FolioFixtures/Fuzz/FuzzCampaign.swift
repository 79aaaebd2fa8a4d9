import FolioCore
import Foundation

/// A fuzzing campaign: replays the regression inputs, then runs mutated inputs (number
/// `0, 1, 2, …` of the seed, each drawn independently) until the count or the time is used
/// up, on `jobs` threads each running one folio at a time.
public final class FuzzCampaign: @unchecked Sendable {
  /// What to run and for how long.
  public struct Plan: Sendable {
    /// The seed every input is drawn from.
    public var seed: UInt64
    /// The files mutations start from.
    public var seeds: [FuzzSeed]
    /// How many mutated inputs to run (nil: until `duration` has passed).
    public var count: Int?
    /// How long to keep making inputs (nil: until `count` have run).
    public var duration: Duration?
    /// Runs at once.
    public var jobs: Int
    /// Inputs run as they are before the mutated ones.
    public var regressionInputs: [FuzzInput]

    /// A plan; give `count`, `duration` or both (the first reached ends the campaign).
    public init(
      seed: UInt64, seeds: [FuzzSeed], count: Int?, duration: Duration?, jobs: Int = 1,
      regressionInputs: [FuzzInput] = []
    ) {
      self.seed = seed
      self.seeds = seeds
      self.count = count
      self.duration = duration
      self.jobs = max(1, jobs)
      self.regressionInputs = regressionInputs
    }
  }

  private let plan: Plan
  private let runner: FolioRunner
  private let classifier: RunClassifier
  private let store: FindingStore
  private let report: @Sendable (String) -> Void
  private let lock = NSLock()
  private var summary = FuzzSummary()
  private var nextIndex = 0
  private var runError: Error?
  private let clock = ContinuousClock()

  /// A campaign reporting progress and each new finding through `report`.
  public init(
    plan: Plan, runner: FolioRunner, classifier: RunClassifier, store: FindingStore,
    report: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.plan = plan
    self.runner = runner
    self.classifier = classifier
    self.store = store
    self.report = report
  }

  /// Runs the campaign to its end and sums it up; throws if folio could not be started.
  public func run() throws -> FuzzSummary {
    precondition(!plan.seeds.isEmpty || plan.count == 0, "no seed files")
    let start = clock.now
    let deadline = plan.duration.map { start + $0 }
    let group = DispatchGroup()
    for _ in 0..<plan.jobs {
      group.enter()
      Thread { [self] in
        work(until: deadline, start: start)
        group.leave()
      }.start()
    }
    group.wait()
    if let runError { throw runError }
    return lock.withLock {
      summary.findings = store.findings
      summary.seconds = (clock.now - start).inSeconds
      return summary
    }
  }

  /// One job: takes the next input number until the plan is done.
  private func work(until deadline: ContinuousClock.Instant?, start: ContinuousClock.Instant) {
    while let index = takeIndex(deadline: deadline) {
      let replays = plan.regressionInputs.count
      let input =
        index < replays
        ? plan.regressionInputs[index]
        : FuzzInput.mutated(index: index - replays, seed: plan.seed, seeds: plan.seeds)
      do {
        let began = clock.now
        let result = try runner.run(input)
        let took = clock.now - began
        try note(classifier.verdict(for: result, arguments: input.arguments), input, result, start)
        lock.withLock { summary.noteDuration(took, of: input) }
      } catch {
        lock.withLock { runError = runError ?? error }
        return
      }
    }
  }

  private func takeIndex(deadline: ContinuousClock.Instant?) -> Int? {
    lock.withLock {
      guard runError == nil else { return nil }
      if let deadline, clock.now >= deadline { return nil }
      if let count = plan.count, nextIndex >= plan.regressionInputs.count + count { return nil }
      defer { nextIndex += 1 }
      return nextIndex
    }
  }

  private func note(
    _ verdict: RunVerdict, _ input: FuzzInput, _ result: ChildProcess.Result,
    _ start: ContinuousClock.Instant
  ) throws {
    var new: Finding?
    if case .finding(let category, let signature) = verdict {
      new = try store.record(
        category, signature: signature, input: input, result: result, runner: runner)
    }
    let progress: String? = lock.withLock {
      summary.inputs += 1
      switch verdict {
      case .ok: break
      case .noisy(let line):
        summary.noisyRuns += 1
        summary.noiseLines[line, default: 0] += 1
      case .finding(let category, _):
        summary.runsByCategory[category, default: 0] += 1
      }
      guard summary.inputs % 50 == 0 else { return nil }
      var snapshot = summary
      snapshot.seconds = (clock.now - start).inSeconds
      return snapshot.line
    }
    if let new {
      report(
        "fuzz: new \(new.category.rawValue) (input \(input.index), \(input.origin)): \(new.signature)\n  \(new.path)"
      )
    }
    if let progress { report(progress) }
  }
}
