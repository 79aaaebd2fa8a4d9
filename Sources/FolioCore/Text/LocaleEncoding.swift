/// What the environment says about the encoding of the user's locale, read the way the C
/// library picks the locale: the first non-empty one of `LC_ALL`, `LC_CTYPE` and `LANG`.
public enum LocaleEncoding {
  /// Whether the locale the environment names uses UTF-8 (`en_US.UTF-8`, `C.utf8`, …). It
  /// says what the user's terminal speaks even where this system lacks that locale.
  public static func isUTF8(environment: [String: String]) -> Bool {
    let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy
      .compactMap { environment[$0] }.first { !$0.isEmpty }
    return locale.map(namesUTF8) == true
  }

  /// Whether a locale name such as `en_US.UTF-8` or `C.utf8` names the UTF-8 encoding.
  static func namesUTF8(_ locale: String) -> Bool {
    let lowered = locale.lowercased()
    let codeset =
      lowered.split(separator: ".", maxSplits: 1).dropFirst().first
      .map { $0.split(separator: "@").first.map(String.init) ?? "" } ?? ""
    return codeset == "utf-8" || codeset == "utf8"
  }
}
