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

/// XTSMGRAPHICS: the largest sixel image a terminal shows, as xterm answers it.
@Suite("Terminal replies: largest sixel")
struct LargestSixelReplyTests {
  func read(_ text: String) -> TerminalReplies { TerminalReplies(reading: Array(text.utf8)) }

  @Test func theQuestionsGoBeforeTheDeviceAttributes() throws {
    let queries = TerminalReplies.queries
    let largest = try #require(queries.firstRange(of: "\u{1B}[?2;4;0S"))
    let current = try #require(queries.firstRange(of: "\u{1B}[?2;1;0S"))
    let attributes = try #require(queries.firstRange(of: "\u{1B}[c"))
    #expect(largest.upperBound <= attributes.lowerBound)
    #expect(current.upperBound <= attributes.lowerBound)
  }

  @Test func xtermSaysItsMaximum() {
    // Recorded from xterm 379 (-ti vt340, 280x70 cells of 6x13 pixels under Xvfb) asked
    // XTVERSION, the cell size, XTSMGRAPHICS's largest and current sixel sizes and DA1: it
    // leaves the cell size unanswered; the current size is maxGraphicSize cut to the window.
    let replies = read(
      "\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[?2;0;1000;1000S\u{1B}[?2;0;1000;910S"
        + "\u{1B}[?63;1;2;4;6;9;15;16;22;28c")
    #expect(replies.sixelGeometry == PixelSize(width: 1000, height: 1000))
    #expect(replies.largestSixel == PixelSize(width: 1000, height: 1000))
    #expect(replies.version == "XTerm(379)")
    #expect(replies.showsSixel && replies.isComplete && replies.typed.isEmpty)
    // A terminal that knows only the current size, or only a configured largest one.
    let current = read("\u{1B}[?2;3;0S\u{1B}[?2;0;480;312S\u{1B}[?63;4c")
    #expect(current.largestSixel == PixelSize(width: 480, height: 312))
    let configured = read("\u{1B}[?2;0;2400;1600S\u{1B}[?63;4c")
    #expect(configured.largestSixel == PixelSize(width: 2400, height: 1600))
  }

  @Test func anErrorStatusIsNoMaximum() {
    let replies = read("\u{1B}[?2;3;0S\u{1B}[?62;4c")
    #expect(replies.sixelGeometry == nil && replies.largestSixel == nil)
    #expect(replies.isComplete && replies.typed.isEmpty)
  }

  @Test func anXtermThatDoesNotAnswerHasItsDefault() {
    let xterm = read("\u{1B}P>|XTerm(370)\u{1B}\\\u{1B}[?63;4c")
    #expect(xterm.sixelGeometry == nil)
    #expect(xterm.largestSixel == TerminalReplies.xtermDefaultLargestSixel)
    let other = read("\u{1B}P>|foot(1.16.2)\u{1B}\\\u{1B}[?62;4c")
    #expect(other.largestSixel == nil)
    let silent = read("\u{1B}[?62;4c")
    #expect(silent.largestSixel == nil)
  }
}
