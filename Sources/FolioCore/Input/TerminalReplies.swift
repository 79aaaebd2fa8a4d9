/// What a terminal answered to the queries Folio sends before its first frame (kitty's
/// graphics query, XTVERSION, the cell size, the largest sixel image (XTSMGRAPHICS), then the
/// device attributes, which every terminal
/// answers and so ends the batch), read from the bytes that came back. Bytes that are no reply
/// (keys typed meanwhile) are kept, in order, to be read as keys.
public struct TerminalReplies: Hashable, Sendable {
  /// The queries, the device attributes (DA1) last. XTSMGRAPHICS is asked twice: for the
  /// largest sixel image allowed (xterm: `maxGraphicSize`) and for the current one (xterm: that
  /// cut to the window), as a terminal may know only one of them. kitty's asks about image 31 with one pixel,
  /// to be answered and never shown.
  public static let queries =
    "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\" + "\u{1B}[>0q" + "\u{1B}[16t"
    + "\u{1B}[?2;4;0S" + "\u{1B}[?2;1;0S" + "\u{1B}[c"

  /// Whether kitty's graphics query was answered OK.
  public var showsKittyImages = false
  /// Whether the device attributes name sixel graphics (4).
  public var showsSixel = false
  /// A cell's size in pixels, from the answer to `CSI 16 t`.
  public var cellPixels: PixelSize?
  /// The terminal's name and version (XTVERSION), sanitized.
  public var version: String?
  /// The largest sixel image the terminal shows, from the answers to XTSMGRAPHICS
  /// (`CSI ? 2 ; 0 ; width ; height S`: the larger side of each if both came, as the current
  /// size is never above the largest allowed); nil when it did not say or answered an error.
  public var sixelGeometry: PixelSize?
  /// Whether the device attributes came (the batch is over).
  public var isComplete = false
  /// Bytes that were no reply, in order (keys' escape sequences left out), at most
  /// `typedLimit` of them (what curses can be given back).
  public var typed: [UInt8] = []
  /// The most typed bytes kept.
  public static let typedLimit = 64

  /// Nothing answered yet.
  public init() {}

  /// Reads `bytes`, the whole input so far (a reply cut short is read again with more).
  public init(reading bytes: [UInt8]) {
    var index = 0
    func find(_ terminator: [UInt8], from start: Int) -> Int? {
      var i = start
      while i + terminator.count <= bytes.count {
        if bytes[i] == terminator[0], Array(bytes[i..<i + terminator.count]) == terminator {
          return i
        }
        i += 1
      }
      return nil
    }
    while index < bytes.count {
      guard bytes[index] == 0x1B, index + 1 < bytes.count else {
        typed.append(bytes[index])
        index += 1
        continue
      }
      let kind = bytes[index + 1]
      if kind == 0x5F || kind == 0x50 {  // APC (kitty) or DCS (XTVERSION): up to ST
        guard let end = find([0x1B, 0x5C], from: index + 2) else { break }
        let body = String(decoding: bytes[index + 2..<end], as: UTF8.self)
        if kind == 0x5F, body.hasPrefix("Gi=31"), body.hasSuffix(";OK") {
          showsKittyImages = true
        }
        if kind == 0x50, body.hasPrefix(">|") {
          version = TerminalText.sanitized(String(body.dropFirst(2)))
        }
        index = end + 2
        continue
      }
      if kind == 0x5B {  // CSI: parameters, then a final byte
        var end = index + 2
        while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
        guard end < bytes.count else { break }
        let parameters = String(decoding: bytes[index + 2..<end], as: UTF8.self)
        let final = bytes[end]
        if final == 0x63, parameters.hasPrefix("?") {  // DA1: CSI ? … c
          let attributes = parameters.dropFirst().split(separator: ";")
          showsSixel = attributes.contains("4")
          isComplete = true
        } else if final == 0x53, parameters.hasPrefix("?2;") {  // XTSMGRAPHICS: CSI ? 2 ; … S
          let numbers = parameters.dropFirst(3).split(separator: ";").map { Int($0) }
          // Status 0 is success; 1 to 3 are errors (no width or height follows).
          if numbers.count == 3, numbers[0] == 0, let width = numbers[1], let height = numbers[2],
            (1...1_000_000).contains(width), (1...1_000_000).contains(height)
          {
            sixelGeometry = PixelSize(
              width: max(width, sixelGeometry?.width ?? 0),
              height: max(height, sixelGeometry?.height ?? 0))
          }
        } else if final == 0x74, parameters.hasPrefix("6;") {  // CSI 6 ; height ; width t
          let numbers = parameters.split(separator: ";").compactMap { Int($0) }
          if numbers.count == 3, numbers[1] > 0, numbers[2] > 0, numbers[1] < 1000,
            numbers[2] < 1000
          {
            cellPixels = PixelSize(width: numbers[2], height: numbers[1])
          }
        }
        // Anything else is a key's sequence (an arrow typed meanwhile): dropped, as curses
        // given it back would read it as Escape and two letters.
        index = end + 1
        continue
      }
      typed.append(bytes[index])
      index += 1
    }
    // What an unfinished reply left is not a key either: it is read again with more bytes.
    typed = Array(typed.prefix(Self.typedLimit))
  }

  /// The largest sixel image the terminal shows: what it answered, or for an xterm that did
  /// not answer, xterm's default `maxGraphicSize` (1000x1000: a larger image is not shown at
  /// all); nil when no limit is known.
  public var largestSixel: PixelSize? {
    if let sixelGeometry { return sixelGeometry }
    guard let version, version.lowercased().hasPrefix("xterm") else { return nil }
    return Self.xtermDefaultLargestSixel
  }

  /// xterm's `maxGraphicSize` unless configured.
  public static let xtermDefaultLargestSixel = PixelSize(width: 1000, height: 1000)
}
