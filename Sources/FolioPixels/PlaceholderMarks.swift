import FolioCore

/// What a kitty image placeholder cell says besides its color: the row and column of the
/// image's grid of cells it shows and the high byte of the image's id, each written as a
/// combining mark after U+10EEEE (`KittyDiacritics`). The terminal draws that part of the
/// image there, while curses, tmux and the screen buffer treat the cell as text.
public struct PlaceholderMarks: Hashable, Sendable {
  /// The character every placeholder cell shows.
  public static let base: Unicode.Scalar = "\u{10EEEE}"
  /// The largest row or column a mark can number.
  public static let largestIndex = KittyDiacritics.scalars.count - 1

  public var row: UInt16
  public var column: UInt16
  public var idHighByte: UInt8

  /// Marks for `row` and `column` (at most `largestIndex`) of the image `id`.
  public init(row: Int, column: Int, id: PlaceholderImageID) {
    precondition(row <= Self.largestIndex && column <= Self.largestIndex)
    self.row = UInt16(row)
    self.column = UInt16(column)
    idHighByte = id.highByte
  }

  /// The three marks written after the base character.
  public var marks: CombiningMarks {
    CombiningMarks(
      [Int(row), Int(column), Int(idHighByte)].map {
        // Every mark of the table is a scalar.
        Unicode.Scalar(KittyDiacritics.scalars[$0]) ?? " "
      })
  }

  /// The marks `marks` say; nil when they are not three of kitty's.
  public init?(_ marks: CombiningMarks) {
    let numbers = marks.scalars.compactMap { scalar in
      KittyDiacritics.scalars.firstIndex(of: scalar.value)
    }
    guard marks.scalars.count == 3, numbers.count == 3, numbers[2] <= Int(UInt8.max) else {
      return nil
    }
    row = UInt16(numbers[0])
    column = UInt16(numbers[1])
    idHighByte = UInt8(numbers[2])
  }
}

/// A kitty image's id as placeholder cells carry it: its low part in the cells' foreground
/// color, its high byte in their third mark. The color is a palette index from 16 to 255 (tmux
/// passes those on unchanged, while it turns 24-bit colors into palette ones when the outer
/// terminal lacks them); where curses draws 24-bit colors only (a `-direct` terminfo), it is
/// the 24-bit color 0x0001NN, which such a terminal passes on whole.
public struct PlaceholderImageID: Hashable, Sendable {
  /// The id the image is sent under.
  public let value: UInt32
  /// The foreground of its cells.
  public let color: TerminalColor
  /// Its high byte, the third mark.
  public let highByte: UInt8

  /// How many ids there are before they come round again.
  public static let count = 240 * 256

  /// The `number`-th id (taken modulo `count`), colored for direct-color curses or not.
  public init(number: Int, isDirectColor: Bool) {
    let number = ((number % Self.count) + Self.count) % Self.count
    let low = UInt8(16 + number % 240)
    highByte = UInt8(number / 240)
    if isDirectColor {
      // 0x0001NN: at least 256, so curses takes it for a color, not a palette index.
      color = .rgb(0, 1, low)
      value = UInt32(highByte) << 24 | 0x100 | UInt32(low)
    } else {
      color = .indexed(low)
      value = UInt32(highByte) << 24 | UInt32(low)
    }
  }
}

extension ScreenBuffer {
  /// Makes the cell at column `x`, row `y` a placeholder cell showing the cell at `row`,
  /// `column` of image `id`'s grid.
  public mutating func setPlaceholder(
    row: Int, column: Int, of id: PlaceholderImageID, x: Int, y: Int
  ) {
    set(
      Cell(PlaceholderMarks.base, foreground: id.color),
      marks: PlaceholderMarks(row: row, column: column, id: id).marks, x: x, y: y)
  }

  /// The placeholder marks of the cell at column `x`, row `y`, if it is a placeholder cell.
  public func placeholder(x: Int, y: Int) -> PlaceholderMarks? {
    guard self[x, y].scalar == PlaceholderMarks.base, let marks = marks(x: x, y: y) else {
      return nil
    }
    return PlaceholderMarks(marks)
  }
}
