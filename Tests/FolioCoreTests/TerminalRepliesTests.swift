import FolioCore
import Testing

/// The answers a terminal gives to Folio's queries, read from the bytes that came back; keys
/// typed meanwhile kept in order.
@Suite("Terminal replies")
struct TerminalRepliesTests {
  func read(_ text: String) -> TerminalReplies { TerminalReplies(reading: Array(text.utf8)) }

  @Test func kittyAnswersEverything() {
    let replies = read(
      "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.35.2)\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;4;22c")
    #expect(replies.showsKittyImages)
    #expect(replies.showsSixel)
    #expect(replies.cellPixels == PixelSize(width: 10, height: 20))
    #expect(replies.version == "kitty(0.35.2)")
    #expect(replies.isComplete)
    #expect(replies.typed.isEmpty)
  }

  @Test func aTerminalWithoutImagesAnswersOnlyTheAttributes() {
    let replies = read("\u{1B}[?1;2c")
    #expect(replies.isComplete && !replies.showsKittyImages && !replies.showsSixel)
    #expect(replies.cellPixels == nil)
  }

  @Test func anErrorFromKittyIsNoImages() {
    let replies = read("\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\\u{1B}[?62c")
    #expect(!replies.showsKittyImages && replies.isComplete)
  }

  @Test func keysTypedMeanwhileAreKeptInOrder() {
    let replies = read("j\u{1B}_Gi=31;OK\u{1B}\\k\u{1B}[Bq\u{1B}[?62c")
    // The arrow's sequence is left out: given back to curses it would come as Escape, [, B.
    #expect(replies.typed == Array("jkq".utf8))
    #expect(replies.showsKittyImages && replies.isComplete)
  }

  @Test func aReplyCutShortIsNeitherAnAnswerNorKeys() {
    let replies = read("\u{1B}_Gi=31;O")
    #expect(!replies.showsKittyImages && !replies.isComplete && replies.typed.isEmpty)
    let silent = read("")
    #expect(!silent.isComplete)
  }

  @Test func hostileRepliesAreSanitizedOrIgnored() {
    let replies = read("\u{1B}P>|evil\u{07}\u{1B}]0;x\u{1B}\\\u{1B}[6;99999;1t\u{1B}[?c")
    #expect(replies.version?.unicodeScalars.allSatisfy { $0.value >= 0x20 } == true)
    #expect(replies.cellPixels == nil)
    #expect(replies.isComplete)
  }
}
