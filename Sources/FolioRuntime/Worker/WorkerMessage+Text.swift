import FolioCore

/// Page text on the wire: a page count, then each page's text (a string), its boxes (a
/// count, then `TextBox.encode`'s bytes) and its bold runs (a count, then each run's first
/// scalar and length).
extension WorkerMessageFormat {
  static func append(_ texts: [PageText], to body: inout ByteWriter) {
    body.append(count: texts.count)
    for page in texts {
      body.append(page.text)
      body.append(count: page.boxes.count)
      body.append(contentsOf: TextBox.encode(page.boxes))
      body.append(count: page.bold.count)
      for run in page.bold {
        body.append(count: run.lowerBound)
        body.append(count: run.count)
      }
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
      let runCount = try reader.count()
      // Each run takes 8 bytes, and runs are apart within the text.
      guard runCount <= reader.remaining / 8, runCount <= boxes.count else { throw .truncated }
      var bold: [Range<Int>] = []
      bold.reserveCapacity(runCount)
      for _ in 0..<runCount {
        let start = try reader.count()
        let length = try reader.count()
        guard length > 0, start <= boxes.count - length else {
          throw .malformed("a bold run outside its text")
        }
        bold.append(start..<start + length)
      }
      texts.append(PageText(text: text, boxes: boxes, bold: bold))
    }
    return texts
  }
}
