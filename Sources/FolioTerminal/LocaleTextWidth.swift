@preconcurrency import CNcursesw
import FolioCore

extension TextWidth {
  /// Widths from the C library's `wcwidth` in the current locale (call `setlocale` first).
  public static let locale = TextWidth { scalar in
    Int(folio_wcwidth(wchar_t(bitPattern: scalar.value)))
  }
}
