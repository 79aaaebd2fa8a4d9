import FolioCore
import FolioFixtures
import FolioRaster
import Foundation

/// Poppler's own command-line raster (`pdftoppm`), read back for comparisons.
enum PopplerReference {
  /// Which of Poppler's command-line rasterizers to ask.
  enum Tool {
    /// `pdftoppm`: Poppler's Splash backend.
    case splash
    /// `pdftocairo`: Poppler's cairo backend, the one Folio renders with.
    case cairo
  }

  /// The page rendered by `tool` at about `width` x `height` pixels: the tools round the other
  /// side their own way, so callers render Folio's image at the size this returns.
  static func render(_ path: String, page: Int, width: Int, height: Int, tool: Tool) throws
    -> RGBAImage
  {
    switch tool {
    case .cairo:
      return try cairoRender(path, page: page, width: width, height: height)
    case .splash:
      // pdftoppm applies -scale-to-x/-y before /Rotate: a quarter-turned page needs them swapped.
      let first = try rawRender(path, page: page, width: width, height: height)
      if first.size == PixelSize(width: width, height: height) { return first }
      return try rawRender(path, page: page, width: height, height: width)
    }
  }

  /// The pixel rectangle (x, y, width, height) of `image`, copied out.
  static func crop(_ image: RGBAImage, _ rect: (Int, Int, Int, Int)) -> RGBAImage {
    var cropped = RGBAImage(size: PixelSize(width: rect.2, height: rect.3))
    for y in 0..<rect.3 {
      for x in 0..<rect.2 { cropped[x, y] = image[rect.0 + x, rect.1 + y] }
    }
    return cropped
  }

  /// Runs a Poppler tool and returns the file it wrote at `output` + `suffix`.
  private static func runTool(_ arguments: [String], output: String, suffix: String) throws -> Data
  {
    let result = try ChildProcess.run(arguments[0], Array(arguments.dropFirst()))
    defer { try? FileManager.default.removeItem(atPath: output + suffix) }
    guard let data = FileManager.default.contents(atPath: output + suffix) else {
      throw ReferenceError(description: "\(arguments[0]) wrote nothing (status \(result.status))")
    }
    return data
  }

  private static func scaleArguments(page: Int, width: Int, height: Int) -> [String] {
    [
      "-singlefile", "-f", String(page), "-l", String(page), "-scale-to-x", String(width),
      "-scale-to-y", String(height),
    ]
  }

  private static func rawRender(_ path: String, page: Int, width: Int, height: Int) throws
    -> RGBAImage
  {
    let output = NSTemporaryDirectory() + "folio-ref-\(UUID().uuidString)"
    let arguments =
      ["pdftoppm"] + scaleArguments(page: page, width: width, height: height) + [path, output]
    return try parsePPM(runTool(arguments, output: output, suffix: ".ppm"))
  }

  private static func cairoRender(_ path: String, page: Int, width: Int, height: Int) throws
    -> RGBAImage
  {
    let output = NSTemporaryDirectory() + "folio-cairo-\(UUID().uuidString)"
    let arguments =
      ["pdftocairo", "-tiff", "-tiffcompression", "none"]
      + scaleArguments(page: page, width: width, height: height) + [path, output]
    return try parseTIFF(runTool(arguments, output: output, suffix: ".tif"))
  }

  /// Parses an uncompressed little-endian 8-bit RGB TIFF (what pdftocairo writes).
  static func parseTIFF(_ data: Data) throws -> RGBAImage {
    let bytes = [UInt8](data)
    func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
    func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
    guard bytes.count > 8, bytes[0] == 0x49, bytes[1] == 0x49 else {
      throw ReferenceError(description: "not a little-endian TIFF")
    }
    let ifd = u32(4)
    var tags: [Int: [Int]] = [:]
    for entry in 0..<u16(ifd) {
      let at = ifd + 2 + entry * 12
      let (tag, type, count) = (u16(at), u16(at + 2), u32(at + 4))
      let size = type == 3 ? 2 : 4
      let base = count * size <= 4 ? at + 8 : u32(at + 8)
      tags[tag] = (0..<count).map { size == 2 ? u16(base + $0 * 2) : u32(base + $0 * 4) }
    }
    guard let width = tags[256]?.first, let height = tags[257]?.first,
      tags[259]?.first == 1, tags[277]?.first == 3,
      let offsets = tags[273], let counts = tags[279]
    else { throw ReferenceError(description: "unsupported TIFF layout") }
    var rgba = [UInt8]()
    rgba.reserveCapacity(width * height * 4)
    for (offset, count) in zip(offsets, counts) {
      for i in stride(from: offset, to: offset + count, by: 3) {
        rgba.append(contentsOf: [bytes[i], bytes[i + 1], bytes[i + 2], 255])
      }
    }
    guard let image = RGBAImage(size: PixelSize(width: width, height: height), pixels: rgba) else {
      throw ReferenceError(description: "TIFF pixel count does not match its size")
    }
    return image
  }

  /// Writes an image as a binary PPM, for looking at failures.
  static func writePPM(_ image: RGBAImage, to path: String) {
    var data = Data("P6\n\(image.width) \(image.height)\n255\n".utf8)
    for y in 0..<image.height {
      for x in 0..<image.width {
        let pixel = image[x, y]
        data.append(contentsOf: [pixel.red, pixel.green, pixel.blue])
      }
    }
    FileManager.default.createFile(atPath: path, contents: data)
  }

  /// Parses a binary PPM (P6, maxval 255) into an opaque RGBA image.
  static func parsePPM(_ data: Data) throws -> RGBAImage {
    let bytes = [UInt8](data)
    var fields: [Int] = []
    var index = 2
    guard bytes.starts(with: Array("P6".utf8)) else { throw ReferenceError(description: "not P6") }
    while fields.count < 3 && index < bytes.count {
      while index < bytes.count,
        bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x09 || bytes[index] == 0x0D
      { index += 1 }
      if bytes[index] == UInt8(ascii: "#") {
        while index < bytes.count, bytes[index] != 0x0A { index += 1 }
        continue
      }
      var value = 0
      while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
        value = value * 10 + Int(bytes[index] - 0x30)
        index += 1
      }
      fields.append(value)
    }
    index += 1
    let size = PixelSize(width: fields[0], height: fields[1])
    var rgba = [UInt8]()
    rgba.reserveCapacity(size.area * 4)
    for pixel in 0..<size.area {
      let i = index + pixel * 3
      rgba.append(contentsOf: [bytes[i], bytes[i + 1], bytes[i + 2], 255])
    }
    guard let image = RGBAImage(size: size, pixels: rgba) else {
      throw ReferenceError(description: "bad PPM")
    }
    return image
  }

  /// Mean absolute difference per channel (RGB), 0…255.
  static func meanAbsoluteDifference(_ a: RGBAImage, _ b: RGBAImage) -> Double {
    precondition(a.size == b.size)
    var total = 0
    for y in 0..<a.height {
      for x in 0..<a.width {
        let (p, q) = (a[x, y], b[x, y])
        total += abs(Int(p.red) - Int(q.red)) + abs(Int(p.green) - Int(q.green))
        total += abs(Int(p.blue) - Int(q.blue))
      }
    }
    return Double(total) / Double(a.size.area * 3)
  }
}

struct ReferenceError: Error, CustomStringConvertible {
  var description: String
}
