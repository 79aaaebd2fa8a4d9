import Glibc

/// Folio's folders under the XDG base directories: `$XDG_STATE_HOME/folio` for state,
/// `$XDG_CACHE_HOME/folio` for caches, `$XDG_CONFIG_HOME/folio` for the config file.
public enum FolioDirectory {
  /// `$<variable>/folio` when `variable` is set to an absolute path, else
  /// `$HOME/<homeSubfolder>/folio` (the account's home directory when `HOME` is not set or
  /// empty).
  public static func resolve(
    _ variable: String, orHome homeSubfolder: String, environment: [String: String]
  ) -> String {
    if let base = environment[variable], base.hasPrefix("/") {
      return trimmingTrailingSlashes(base) + "/folio"
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? accountHome()
    return trimmingTrailingSlashes(home) + "/" + homeSubfolder + "/folio"
  }

  private static func trimmingTrailingSlashes(_ path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    return String(trimmed)
  }

  private static func accountHome() -> String {
    guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return "/" }
    return String(cString: directory)
  }
}
