@preconcurrency import CNcursesw
import FolioCore

/// Turns what `wget_wch` returns into `Key` values.
enum KeyDecoder {
  /// A function-key code (KEY_UP, KEY_NPAGE, …), or nil for keys Folio does not use.
  static func functionKey(_ code: Int32) -> Key? {
    switch code {
    case folio_key_up: return .up
    case folio_key_down: return .down
    case folio_key_left: return .left
    case folio_key_right: return .right
    case folio_key_npage: return .pageDown
    case folio_key_ppage: return .pageUp
    case folio_key_home: return .home
    case folio_key_end: return .end
    case folio_key_enter: return .enter
    case folio_key_backspace: return .backspace
    case folio_key_btab: return .backTab
    case folio_key_dc: return .delete
    default:
      for n in 1...12 where code == folio_key_f(Int32(n)) { return .function(n) }
      return nil
    }
  }

  /// A typed character: control characters become their keys, the rest stay characters.
  static func character(_ value: UInt32) -> Key? {
    switch value {
    case 0x0D, 0x0A: return .enter
    case 0x1B: return .escape
    case 0x7F, 0x08: return .backspace
    case 0x09: return .tab
    case 0x01...0x1A:
      return Unicode.Scalar(value + 0x60).map { .control(Character($0)) }
    case 0x00...0x1F, 0x80...0x9F: return nil
    default:
      return Unicode.Scalar(value).map { .character(Character($0)) }
    }
  }
}
