import FolioCore
import FolioUI
import Testing

@Suite("Key sequences")
struct KeySequenceTests {
  func feed(_ keys: [Key]) -> [String] {
    var sequence = KeySequence()
    return keys.flatMap { sequence.feed($0) }.map { "\($0.0)\($0.1.map { " x\($0)" } ?? "")" }
  }

  @Test func countsApplyToTheNextKeyThatTakesOne() {
    #expect(
      feed([.character("1"), .character("2"), .character("j")]) == [
        "move(FolioUI.Direction.down) x12"
      ])
    #expect(feed([.character("4"), .character("0"), .character("G")]) == ["last x40"])
  }

  @Test func aLoneModeDigitPicksItsModeWhenAKeyWithoutCountFollows() {
    #expect(
      feed([.character("2"), .character("q")]) == ["show(FolioUI.ViewMode.continuous)", "quit"])
  }

  @Test func aLoneModeDigitPicksItsModeOnTimeout() {
    var sequence = KeySequence()
    #expect(sequence.feed(.character("3")).isEmpty)
    #expect(sequence.pendingCount == 3)
    let actions = sequence.timeOut()
    #expect(actions.count == 1 && actions[0].0 == .show(.spread))
    #expect(sequence.pendingCount == nil)
  }

  @Test func longCountsLapseOnTimeoutAndEscapeCancels() {
    var sequence = KeySequence()
    _ = sequence.feed(.character("1"))
    _ = sequence.feed(.character("7"))
    #expect(sequence.timeOut().isEmpty)
    _ = sequence.feed(.character("2"))
    #expect(sequence.feed(.escape).isEmpty)
    #expect(sequence.pendingCount == nil)
  }

  @Test func leadingZeroIsNotACount() {
    #expect(feed([.character("0"), .character("j")]) == ["move(FolioUI.Direction.down)"])
  }

  @Test func everyBoundKeyIsReachable() {
    for binding in Keymap.standard.bindings {
      for key in binding.keys {
        #expect(Keymap.standard.binding(for: key)?.action == binding.action, "\(key)")
      }
    }
  }
}
