import FolioSystem
import Glibc
import Testing

/// The pid a child printed (its first line).
private func printedPid(_ outcome: ChildRun.Outcome) -> pid_t? {
  let text = String(decoding: outcome.output, as: UTF8.self)
  return text.split(separator: "\n").first.flatMap { pid_t(String($0)) }
}

/// Whether `pid` names no process at all (not even a zombie waiting to be reaped).
private func isGone(_ pid: pid_t) -> Bool {
  kill(pid, 0) != 0 && errno == ESRCH
}

@Suite("A child run with a deadline")
struct ChildRunTests {
  @Test func aChildThatDoesNotEndIsKilledAndReapedAtItsDeadline() throws {
    // The shell prints its pid, then becomes `sleep 30`.
    let outcome = ChildRun.run(
      ["sh", "-c", "echo $$; exec sleep 30"], output: .captured, deadline: .milliseconds(300))
    #expect(outcome.ending == .timedOut)
    #expect(!outcome.succeeded)
    #expect(outcome.problem(running: "sleep") == "sleep did not answer in time")
    let pid = try #require(printedPid(outcome))
    #expect(isGone(pid))
  }

  @Test func aChildLeftRunningGoesOnAndIsReapedWhenItEnds() throws {
    // An editor that stays open: the shell prints its pid, then lives a while longer.
    let outcome = ChildRun.run(
      ["sh", "-c", "echo $$; exec sleep 0.5"], output: .captured, deadline: .milliseconds(100),
      leavesRunning: true)
    #expect(outcome.ending == .stillRunning)
    #expect(outcome.problem(running: "editor") == nil)
    let pid = try #require(printedPid(outcome))
    #expect(kill(pid, 0) == 0)
    // Once it ends it is reaped (no zombie is left).
    let deadline = ContinuousClock.now + .seconds(10)
    while !isGone(pid) && ContinuousClock.now < deadline { usleep(10_000) }
    #expect(isGone(pid))
  }

  @Test func aStoppedChildIsKilledAndReapedAtItsDeadline() throws {
    // A process stopped with SIGSTOP, as a stopped tmux server is.
    let outcome = ChildRun.run(
      ["sh", "-c", "echo $$; kill -STOP $$; echo continued"], output: .captured,
      deadline: .milliseconds(300))
    #expect(outcome.ending == .timedOut)
    let pid = try #require(printedPid(outcome))
    #expect(isGone(pid))
    #expect(!String(decoding: outcome.output, as: UTF8.self).contains("continued"))
  }

  @Test func outputAndExitStatusAreKept() {
    let outcome = ChildRun.run(
      ["sh", "-c", "printf hello; exit 3"], output: .captured, deadline: .seconds(30))
    #expect(outcome.ending == .exited(3))
    #expect(outcome.output == Array("hello".utf8))
    #expect(outcome.problem(running: "sh") == "sh failed (exit status 3)")
  }

  @Test func argumentsReachTheProgramAsTheyAre() {
    let text = "$HOME; echo `id` * \"quoted\""
    let outcome = ChildRun.run(["printf", "%s", text], output: .captured, deadline: .seconds(30))
    #expect(outcome.succeeded)
    #expect(String(decoding: outcome.output, as: UTF8.self) == text)
  }

  @Test func aChildEndedBySignalSaysWhich() {
    let outcome = ChildRun.run(["sh", "-c", "kill -TERM $$"], deadline: .seconds(30))
    #expect(outcome.ending == .signaled(SIGTERM))
  }

  @Test func aMissingProgramCannotStart() {
    let outcome = ChildRun.run(["folio-no-such-program-\(getpid())"], deadline: .seconds(30))
    #expect(outcome.ending == .couldNotStart(ENOENT))
    #expect(outcome.problem(running: "it")?.hasPrefix("cannot start it:") == true)
    #expect(ChildRun.run([], deadline: nil).ending == .couldNotStart(ENOENT))
  }

  @Test func aGrandchildHoldingTheOutputOpenDoesNotHoldTheWait() throws {
    // The shell leaves a `sleep` behind with the output pipe, prints its pid and exits.
    let outcome = ChildRun.run(
      ["sh", "-c", "sleep 30 & echo $!"], output: .captured, deadline: .seconds(20))
    let pid = try #require(printedPid(outcome))
    defer { kill(pid, SIGKILL) }
    #expect(outcome.ending == .exited(0))
  }

  @Test func theEnvironmentAndFolderAreTheChildsWhenGiven() throws {
    let outcome = ChildRun.run(
      ["sh", "-c", "printf '%s:' \"$FOLIO_TEST_VALUE\"; pwd"],
      environment: ["FOLIO_TEST_VALUE": "given", "PATH": "/usr/bin:/bin"],
      workingDirectory: "/", output: .captured, deadline: .seconds(30))
    #expect(outcome.succeeded)
    #expect(String(decoding: outcome.output, as: UTF8.self) == "given:/\n")
  }

  @Test func inputComesFromTheDescriptorGiven() throws {
    let ends = try #require(ChildRun.makePipe())
    let bytes = Array("piped".utf8)
    #expect(write(ends.write, bytes, bytes.count) == bytes.count)
    close(ends.write)
    defer { close(ends.read) }
    let outcome = ChildRun.run(["cat"], input: ends.read, output: .captured, deadline: .seconds(30))
    #expect(outcome.succeeded)
    #expect(outcome.output == bytes)
  }
}
