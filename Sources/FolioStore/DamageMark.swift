import Glibc

/// An empty file beside a store's database (`text.sqlite-damaged`) saying that a call met
/// damage in it. A file checked only in part at each opening (see
/// `StoreSchema.routinelyCheckedTables`) is then checked whole at the next one, and set aside
/// if it fails.
enum DamageMark {
  /// Leaves the mark for the database at `path` (nothing happens if it cannot be written:
  /// the damage is then found again by the next call that meets it).
  static func set(on path: String) {
    let descriptor = open(markPath(path), O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
    if descriptor >= 0 { close(descriptor) }
  }

  /// Whether the database at `path` has the mark.
  static func isSet(on path: String) -> Bool { StateFolder.exists(markPath(path)) }

  /// Removes the mark, once the file was checked whole (or set aside).
  static func clear(on path: String) { unlink(markPath(path)) }

  private static func markPath(_ path: String) -> String { path + "-damaged" }
}
