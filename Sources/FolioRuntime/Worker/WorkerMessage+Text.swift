import FolioCore

/// Page text on the wire: a page count, then each page's text (a string) and its boxes (a
/// count, then `TextBox.encode`'s bytes).
extension WorkerMessageFormat {
  static func append(_ texts: [PageText], to body: inout ByteWriter) {
    body.append(count: texts.count)
    for page in texts {
      body.append(page.text)
      body.append(count: page.boxes.count)
      body.append(contentsOf: TextBox.encode(page.boxes))
    }
  }

  static func readTexts(_ reader: inout ByteReader) throws(WorkerProtocolError) -> [PageText] {
    let count = try reader.count()
    // Each page takes at least 8 bytes: a count this large cannot be honest.
    guard count <= reader.remaining / 8 else { throw .truncated }
    var texts: [PageText] = []
    texts.reserveCapacity(count)
    for _ in 0..<count {
      let text = try reader.string()
      let boxCount = try reader.count()
      guard boxCount <= reader.remaining / TextBox.encodedSize else { throw .truncated }
      let bytes = try reader.bytes(count: boxCount * TextBox.encodedSize)
      guard let boxes = TextBox.decode(bytes), boxes.count == text.unicodeScalars.count else {
        throw .malformed("text whose boxes do not match its characters")
      }
      texts.append(PageText(text: text, boxes: boxes))
    }
    return texts
  }
}
