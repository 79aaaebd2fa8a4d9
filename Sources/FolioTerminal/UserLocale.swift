import FolioCore
import Glibc

/// The C library's locale, taken from the environment the way a terminal program should.
public enum UserLocale {
  /// Adopts the locale the environment names. Where this system lacks it but it names UTF-8
  /// (`LANG=en_US.UTF-8` passed over SSH to a machine without that locale), the C library
  /// would be left in the C locale, where ncurses writes nothing beyond ASCII and `wcwidth`
  /// knows no block character; the terminal still speaks UTF-8, so `C.UTF-8` stands in for
  /// the character handling, as tmux does.
  public static func adopt(environment: [String: String]) {
    if setlocale(LC_ALL, "") == nil && LocaleEncoding.isUTF8(environment: environment) {
      setlocale(LC_CTYPE, "C.UTF-8")
    }
  }
}
