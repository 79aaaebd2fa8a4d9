import FolioCore
import FolioPixels
import FolioPoppler
import FolioRaster
import Foundation

/// A model of what a terminal that does kitty's Unicode placeholders shows: reads a screen as
/// tmux captures it with its colors (`capture-pane -p -e`) and finds the placeholder cells
/// (U+10EEEE with its row, column and id marks, the id's low part in the foreground color).
struct PlaceholderScreen {
  /// One placeholder cell: where it is on screen, the image it shows and which cell of the
  /// image's grid.
  struct Cell: Hashable {
    var x: Int
    var y: Int
    var id: UInt32
    var row: Int
    var column: Int
  }

  var cells: [Cell] = []
  /// Cells that hold a U+10EEEE without its three marks, or with marks kitty does not number.
  var malformed = 0

  init(styled screen: String) {
    let marks = Dictionary(
      uniqueKeysWithValues: KittyDiacritics.scalars.enumerated().map { ($1, $0) })
    // tmux writes a color when it changes, not again at each line.
    var foreground: UInt32?
    for (y, line) in screen.components(separatedBy: "\n").enumerated() {
      let scalars = Array(line.unicodeScalars)
      var x = 0
      var index = 0
      while index < scalars.count {
        let scalar = scalars[index]
        if scalar == "\u{1B}", index + 1 < scalars.count, scalars[index + 1] == "[" {
          var end = index + 2
          while end < scalars.count, !(0x40...0x7E).contains(scalars[end].value) { end += 1 }
          let parameters = String(
            String.UnicodeScalarView(scalars[index + 2..<min(end, scalars.count)]))
          if end < scalars.count, scalars[end] == "m" {
            foreground = Self.foreground(parameters, current: foreground)
          }
          index = end + 1
          continue
        }
        index += 1
        // Combining marks belong to the cell before.
        var following: [UInt32] = []
        while index < scalars.count, marks[scalars[index].value] != nil {
          following.append(scalars[index].value)
          index += 1
        }
        if scalar.value == 0x10EEEE {
          if following.count == 3, let low = foreground, let row = marks[following[0]],
            let column = marks[following[1]], let high = marks[following[2]]
          {
            cells.append(
              Cell(x: x, y: y, id: UInt32(high) << 24 | low, row: row, column: column))
          } else {
            malformed += 1
          }
        }
        x += 1
      }
    }
  }

  /// The foreground after an SGR sequence with `parameters`: a palette index or a 24-bit
  /// color as kitty reads an id from it.
  static func foreground(_ parameters: String, current: UInt32?) -> UInt32? {
    let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map {
      Int($0) ?? 0
    }
    var result = current
    var index = 0
    while index < numbers.count {
      switch numbers[index] {
      case 0, 39: result = nil
      case 38 where index + 2 < numbers.count && numbers[index + 1] == 5:
        result = UInt32(numbers[index + 2])
        index += 2
      case 38 where index + 4 < numbers.count && numbers[index + 1] == 2:
        result = UInt32(numbers[index + 2] << 16 | numbers[index + 3] << 8 | numbers[index + 4])
        index += 4
      case 30...37: result = UInt32(numbers[index] - 30)
      case 90...97: result = UInt32(numbers[index] - 90 + 8)
      default: break
      }
      index += 1
    }
    return result
  }

  /// The images shown, by id.
  var ids: Set<UInt32> { Set(cells.map(\.id)) }

  /// Whether every image's cells sit at one place of its grid: the screen cell less the grid
  /// cell is the same for all of them (the grid's corner), so the image shows unbroken.
  var everyImageIsWhole: Bool {
    var corners: [UInt32: Set<[Int]>] = [:]
    for cell in cells {
      corners[cell.id, default: []].insert([cell.x - cell.column, cell.y - cell.row])
    }
    return corners.values.allSatisfy { $0.count == 1 }
  }
}

extension TerminalImages {
  /// `output` with the sequences passed through tmux (`ESC Ptmux; … ESC \`, escapes doubled)
  /// taken out of their wrapping, as the terminal outside tmux gets them.
  static func unwrappingTmux(_ output: String) -> String {
    let bytes = Array(output.utf8)
    let opening = Array("\u{1B}Ptmux;".utf8)
    var result: [UInt8] = []
    var index = 0
    while index < bytes.count {
      if index + opening.count <= bytes.count,
        Array(bytes[index..<index + opening.count]) == opening
      {
        index += opening.count
        // Doubled escapes are one; a single ESC \ ends the wrapping.
        while index < bytes.count {
          if bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == 0x1B {
            result.append(0x1B)
            index += 2
          } else if bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == 0x5C {
            index += 2
            break
          } else {
            result.append(bytes[index])
            index += 1
          }
        }
        continue
      }
      result.append(bytes[index])
      index += 1
    }
    return String(decoding: result, as: UTF8.self)
  }
}

extension TerminalImages {
  /// How alike `image` is to the most alike of the first 12 pages of `document`, each rendered
  /// by Poppler at the image's size (`similarity`).
  static func likenessToPages(_ image: Image, of document: PopplerDocument) throws -> Double {
    try (0..<min(12, document.pageCount)).map { page in
      let raster = try document.render(
        PageIndex(page), size: PixelSize(width: image.width, height: image.height))
      guard let picture = raster.rgbPicture(inverted: false) else { return 0 }
      return similarity(image.rgb, picture.rgb)
    }.max() ?? 0
  }
}
