import FolioFixtures
import FolioTestSupport
import Foundation
import Testing

/// A short fixed-seed fuzz campaign in every `make test` (`make fuzz` runs long ones): 200
/// mutated inputs from the corpus files under 200 KB and the small fixtures, two at a time,
/// must give no crash, no hang and no bad output. Same seed, same inputs: a failure here
/// reproduces with the command it prints.
@Suite("Fuzz campaign (fixed seed)")
struct FuzzCampaignTests {
  static let seed: UInt64 = 20_261_124
  static let count = 200

  @Test func fixedSeedCampaignFindsNothing() throws {
    let scratch = NSTemporaryDirectory() + "folio-fuzz-campaign-\(getpid())"
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    let seeds =
      try FuzzSeed.loadAll(in: ErrorTests.corpus, scratch: scratch, maximumBytes: 200 * 1024)
      + FuzzSeed.fixtures(scratch: scratch)
    try #require(seeds.count > 10, "the corpus at \(ErrorTests.corpus)")
    let runner = try FolioRunner(
      executable: FolioProcess.executable, timeLimit: .seconds(30), scratch: scratch)
    let store = try FindingStore(directory: scratch + "/findings")
    let campaign = FuzzCampaign(
      plan: .init(seed: Self.seed, seeds: seeds, count: Self.count, duration: nil, jobs: 2),
      runner: runner, classifier: FuzzRegressionTests.classifier, store: store)
    let summary = try campaign.run()
    #expect(summary.inputs == Self.count)
    let report =
      "\(summary.line)\n\(summary.findingLines.joined(separator: "\n"))\n(each .pdf has a .txt "
      + "beside it with its command line; all inputs again: folio-fuzz --seed \(Self.seed) "
      + "--count \(Self.count) --max-seed-kb 200 --corpus \(ErrorTests.corpus))"
    // Recorded rather than #expect-ed, which would print the whole summary. The findings are
    // kept for a look; without any, nothing is left behind.
    if summary.hasFindings {
      Issue.record("\(report)")
    } else {
      try? FileManager.default.removeItem(atPath: scratch)
    }
  }

  @Test func theSameSeedDrawsTheSameInputs() throws {
    let seeds = [
      FuzzSeed(
        name: "a",
        bytes: Array("%PDF-1.4\n1 0 obj << /Type /Page /MediaBox [0 0 612 792] >>\nendobj\n".utf8)),
      FuzzSeed(
        name: "b",
        bytes: Array("%PDF-1.4\n2 0 obj << /Length 5 >>\nstream\nabcde\nendstream\n".utf8)),
    ]
    for index in 0..<50 {
      let first = FuzzInput.mutated(index: index, seed: 7, seeds: seeds)
      let again = FuzzInput.mutated(index: index, seed: 7, seeds: seeds)
      #expect(first.bytes == again.bytes && first.arguments == again.arguments)
      #expect(first.mutations == again.mutations && !first.mutations.isEmpty)
    }
  }

  @Test func pageBoxesAndStreamsAreFound() {
    let text = Array(
      "<< /MediaBox [0 0 612 792] /Rotate 90 >>\nstream\r\nxyz\nendstream 12 -3.5 .25".utf8)
    #expect(
      PDFScanner.streamDataRanges(in: text).map { String(decoding: text[$0], as: UTF8.self) } == [
        "xyz\n"
      ])
    let numbers = PDFScanner.numberRanges(in: text).map {
      String(decoding: text[$0], as: UTF8.self)
    }
    #expect(numbers == ["0", "0", "612", "792", "90", "12", "-3.5", ".25"])
    let key = PDFScanner.offsets(of: "/MediaBox", in: text)[0] + 9
    #expect(
      PDFScanner.valueRange(after: key, in: text).map { String(decoding: text[$0], as: UTF8.self) }
        == "[0 0 612 792]")
  }
}
