import FolioCore
import Testing

/// The bytes of text boxes, as the worker sends them and the text cache keeps them.
struct TextBoxEncodingTests {
  static let boxes: [TextBox] = [
    TextBox(left: UInt16(1), top: 0x0203, right: 0xFFFF, bottom: 0x8000), TextBox(),
    TextBox(left: UInt16(300), top: 400, right: 500, bottom: 600),
  ]

  @Test func boxesAreFourLittleEndianEdges() {
    let bytes = TextBox.encode(Self.boxes)
    #expect(bytes.count == Self.boxes.count * TextBox.encodedSize)
    #expect(Array(bytes.prefix(8)) == [1, 0, 3, 2, 0xFF, 0xFF, 0, 0x80])
    #expect(TextBox.encode([]).isEmpty)
  }

  @Test func decodingGivesTheBoxesBack() {
    let bytes = TextBox.encode(Self.boxes)
    #expect(TextBox.decode(bytes) == Self.boxes)
    // A slice that starts past the start of its array, as a message's field does.
    let framed = [9, 9, 9] + bytes + [7]
    #expect(TextBox.decode(framed[3..<(3 + bytes.count)]) == Self.boxes)
    #expect(TextBox.decode(framed[3..<3]) == [])
  }

  @Test func partOfABoxIsNoBoxes() {
    let bytes = TextBox.encode(Self.boxes)
    #expect(TextBox.decode(Array(bytes.dropLast())) == nil)
    #expect(TextBox.decode(bytes[1...]) == nil)
  }
}
