import FolioFixtures
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The runner every end-to-end test starts programs with.
@Suite("Child processes")
struct ChildProcessTests {
  @Test func statusAndBothStreamsComeBack() throws {
    let result = try ChildProcess.run("/bin/sh", ["-c", "echo out; echo err >&2; exit 3"])
    #expect(result.status == 3 && !result.wasSignaled)
    #expect(result.outputText == "out\n")
    #expect(result.errorText == "err\n")
    let merged = try ChildProcess.run(
      "/bin/sh", ["-c", "echo out; echo err >&2"], mergesErrorIntoOutput: true)
    #expect(merged.outputText == "out\nerr\n" && merged.standardError.isEmpty)
  }

  @Test func aSignalIsReportedAsItsNumber() throws {
    let result = try ChildProcess.run("/bin/sh", ["-c", "kill -TERM $$"])
    #expect(result.wasSignaled && result.status == SIGTERM)
  }

  @Test func inputArrivesWholeAndEnds() throws {
    // More than a pipe holds, so the writer must run while the child reads.
    let bytes = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
    let result = try ChildProcess.run("/bin/sh", ["-c", "cat"], input: .bytes(bytes))
    #expect(result.status == 0 && result.standardOutput == bytes)
    let empty = try ChildProcess.run("/bin/sh", ["-c", "cat"])
    #expect(empty.status == 0 && empty.standardOutput.isEmpty, "/dev/null when nothing is given")
  }

  @Test func aDescriptorCanBeTheInput() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
    _ = "through a descriptor".withCString { write(ends[1], $0, strlen($0)) }
    close(ends[1])
    let result = try ChildProcess.run("/bin/sh", ["-c", "cat"], input: .descriptor(ends[0]))
    close(ends[0])
    #expect(result.outputText == "through a descriptor")
  }

  @Test func environmentAndDirectoryAreTheOnesGiven() throws {
    let result = try ChildProcess.run(
      "/bin/sh", ["-c", "echo \"$FOLIO_CHILD_TEST\"; pwd; echo \"${HOME:-unset}\""],
      environment: ["FOLIO_CHILD_TEST": "given"], workingDirectory: "/usr")
    #expect(result.outputText == "given\n/usr\nunset\n")
  }

  @Test func aMissingProgramIsAStartError() throws {
    #expect(throws: ChildProcess.StartError.self) {
      try ChildProcess.run("/no/such/program", [])
    }
  }

  @Test func namesAreLookedUpInThePath() throws {
    let result = try ChildProcess.run("sh", ["-c", "echo found"])
    #expect(result.outputText == "found\n")
  }

  @Test func aChildPastItsTimeLimitIsKilled() throws {
    let clock = ContinuousClock()
    let start = clock.now
    let result = try ChildProcess.run(
      "/bin/sh", ["-c", "echo started; exec sleep 60"], timeLimit: .milliseconds(300))
    #expect(result.wasKilledForTime && result.wasSignaled && result.status == SIGKILL)
    #expect(result.outputText == "started\n", "what it wrote before is kept")
    #expect(clock.now - start < .seconds(30))
  }

  @Test func aChildWithinItsTimeLimitIsLeftAlone() throws {
    let result = try ChildProcess.run("/bin/sh", ["-c", "exit 7"], timeLimit: .seconds(60))
    #expect(!result.wasKilledForTime && !result.wasSignaled && result.status == 7)
  }
}
