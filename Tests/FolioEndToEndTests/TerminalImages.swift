import CPoppler
import CZlib
import Foundation

/// A model of what a terminal that shows images makes of Folio's output: finds the kitty APC
/// sequences (chunks put together), sixel DCS sequences and iTerm2 OSC 1337 sequences, decodes
/// each into pixels, and says where the cursor put it (relative moves from the end of the text).
struct TerminalImages {
  struct Image {
    var width: Int
    var height: Int
    /// Red, green, blue a pixel, row-major.
    var rgb: [UInt8]
    /// The kitty control keys of the first chunk ("s", "v", "c", "r", …), or iTerm2's.
    var keys: [String: String]
    /// The cell (column, rows up from the end) the cursor was moved to before it.
    var column: Int?
    var rowsUp: Int?
  }

  var images: [Image] = []
  /// kitty placements (`a=p`) and deletions (`a=d`), in order, by their keys.
  var commands: [[String: String]] = []
  /// The largest kitty chunk payload.
  var largestChunk = 0
  /// The output with every image sequence (and the cursor moves around them) taken out.
  var text = ""

  init(_ output: String) throws {
    let bytes = Array(output.utf8)
    var index = 0
    var kittyPayload: [UInt8] = []
    var kittyKeys: [String: String] = [:]
    var column: Int?
    var rowsUp: Int?
    var plain: [UInt8] = []
    func ends(_ at: Int, _ terminator: [UInt8]) -> Int? {
      var i = at
      while i + terminator.count <= bytes.count {
        if Array(bytes[i..<i + terminator.count]) == terminator { return i }
        i += 1
      }
      return nil
    }
    while index < bytes.count {
      if bytes[index] == 0x1B, index + 1 < bytes.count {
        let next = bytes[index + 1]
        if next == 0x5F, index + 2 < bytes.count, bytes[index + 2] == 0x47 {  // ESC _ G
          guard let end = ends(index + 3, [0x1B, 0x5C]) else { throw Problem("an open APC") }
          let body = Array(bytes[index + 3..<end])
          let split = body.firstIndex(of: 0x3B) ?? body.count
          var keys: [String: String] = [:]
          for pair in String(decoding: body[..<split], as: UTF8.self).split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { keys[parts[0]] = parts[1] }
          }
          if let action = keys["a"], ["p", "d", "q"].contains(action) {
            // A placement, a deletion or a query: no pixels.
            commands.append(keys)
            index = end + 2
            continue
          }
          let payload = split < body.count ? Array(body[(split + 1)...]) : []
          largestChunk = max(largestChunk, payload.count)
          if kittyPayload.isEmpty && kittyKeys.isEmpty { kittyKeys = keys }
          kittyPayload += payload
          if keys["m"] == "0" {
            images.append(
              try Self.kitty(kittyPayload, keys: kittyKeys, column: column, rowsUp: rowsUp))
            kittyPayload = []
            kittyKeys = [:]
          }
          index = end + 2
          continue
        }
        if next == 0x50 {  // ESC P: sixel
          guard let end = ends(index + 2, [0x1B, 0x5C]) else { throw Problem("an open DCS") }
          var image = try Self.sixel(Array(bytes[index..<end + 2]))
          (image.column, image.rowsUp) = (column, rowsUp)
          images.append(image)
          index = end + 2
          continue
        }
        if next == 0x5D, let end = ends(index + 2, [0x07]) {  // OSC … BEL
          let body = String(decoding: bytes[index + 2..<end], as: UTF8.self)
          if body.hasPrefix("1337;File=") {
            var image = try Self.iterm(body)
            (image.column, image.rowsUp) = (column, rowsUp)
            images.append(image)
            index = end + 1
            continue
          }
        }
        if next == 0x37 || next == 0x38 {  // ESC 7, ESC 8
          if next == 0x38 { (column, rowsUp) = (nil, nil) }
          index += 2
          continue
        }
        if next == 0x5B,
          let final = bytes[(index + 2)...].firstIndex(where: { (0x40...0x7E).contains($0) }),
          bytes[final] == 0x41 || bytes[final] == 0x47
        {
          let number = Int(String(decoding: bytes[index + 2..<final], as: UTF8.self)) ?? 1
          if bytes[final] == 0x41 { rowsUp = number } else { column = number - 1 }
          index = final + 1
          continue
        }
      }
      plain.append(bytes[index])
      index += 1
    }
    text = String(decoding: plain, as: UTF8.self)
    if !kittyPayload.isEmpty { throw Problem("a kitty image without its last chunk") }
  }

  struct Problem: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  static func kitty(_ payload: [UInt8], keys: [String: String], column: Int?, rowsUp: Int?)
    throws -> Image
  {
    if keys["f"] == "100", let data = Data(base64Encoded: Data(payload)) {
      // A PNG.
      var image = try png(Array(data))
      (image.keys, image.column, image.rowsUp) = (keys, column, rowsUp)
      return image
    }
    guard let data = Data(base64Encoded: Data(payload)), let width = keys["s"].flatMap(Int.init),
      let height = keys["v"].flatMap(Int.init), keys["f"] == "24", keys["o"] == "z"
    else { throw Problem("a kitty image with keys \(keys)") }
    var length = uLong(width * height * 3)
    var rgb = [UInt8](repeating: 0, count: Int(length))
    let compressed = [UInt8](data)
    let status = rgb.withUnsafeMutableBufferPointer { target in
      compressed.withUnsafeBufferPointer { source in
        uncompress(target.baseAddress, &length, source.baseAddress, uLong(source.count))
      }
    }
    guard status == Z_OK, Int(length) == width * height * 3 else {
      throw Problem("kitty pixels that do not inflate to \(width)x\(height)")
    }
    return Image(
      width: width, height: height, rgb: rgb, keys: keys, column: column, rowsUp: rowsUp)
  }

  static func sixel(_ sequence: [UInt8]) throws -> Image {
    // A folder of its own per image: tests decode sixel on several threads at once.
    let folder =
      FileManager.default.temporaryDirectory.path + "/folio-sixel-\(getpid())-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data(sequence).write(to: URL(fileURLWithPath: folder + "/image.six"))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sixel2png")
    process.arguments = ["-i", folder + "/image.six", "-o", folder + "/image.png"]
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw Problem("sixel2png refused the sixel") }
    return try png(Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/image.png"))))
  }

  static func iterm(_ body: String) throws -> Image {
    guard let colon = body.firstIndex(of: ":") else { throw Problem("an OSC 1337 without data") }
    var keys: [String: String] = [:]
    for pair in body[body.index(body.startIndex, offsetBy: 10)..<colon].split(separator: ";") {
      let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
      if parts.count == 2 { keys[parts[0]] = parts[1] }
    }
    guard let data = Data(base64Encoded: String(body[body.index(after: colon)...])) else {
      throw Problem("OSC 1337 data that is not base64")
    }
    var image = try png(Array(data))
    image.keys = keys
    return image
  }

  /// Decodes a PNG with cairo.
  static func png(_ bytes: [UInt8]) throws -> Image {
    final class Source {
      var bytes: [UInt8]
      var offset = 0
      init(_ bytes: [UInt8]) { self.bytes = bytes }
    }
    let source = Source(bytes)
    let surface = cairo_image_surface_create_from_png_stream(
      { context, data, length in
        guard let context, let data else { return CAIRO_STATUS_READ_ERROR }
        let source = Unmanaged<Source>.fromOpaque(context).takeUnretainedValue()
        guard source.offset + Int(length) <= source.bytes.count else {
          return CAIRO_STATUS_READ_ERROR
        }
        for i in 0..<Int(length) { data[i] = source.bytes[source.offset + i] }
        source.offset += Int(length)
        return CAIRO_STATUS_SUCCESS
      }, Unmanaged.passUnretained(source).toOpaque())
    defer { cairo_surface_destroy(surface) }
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
      let data = cairo_image_surface_get_data(surface)
    else { throw Problem("a PNG cairo cannot read") }
    let width = Int(cairo_image_surface_get_width(surface))
    let height = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    var rgb: [UInt8] = []
    rgb.reserveCapacity(width * height * 3)
    for y in 0..<height {
      data.advanced(by: y * stride).withMemoryRebound(to: UInt32.self, capacity: width) { row in
        for x in 0..<width {
          let word = row[x]
          rgb += [UInt8(word >> 16 & 0xFF), UInt8(word >> 8 & 0xFF), UInt8(word & 0xFF)]
        }
      }
    }
    return Image(width: width, height: height, rgb: rgb, keys: [:])
  }

  /// How alike two pictures of the same size are: 1 less the mean absolute difference of
  /// their channels over 255 (1 for equal pictures).
  static func similarity(_ a: [UInt8], _ b: [UInt8]) -> Double {
    guard a.count == b.count, !a.isEmpty else { return 0 }
    var total = 0
    for i in a.indices { total += abs(Int(a[i]) - Int(b[i])) }
    return 1 - Double(total) / Double(a.count) / 255
  }
}
