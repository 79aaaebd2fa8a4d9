import Glibc

/// Replaces a file with a new version without ever leaving it damaged: the new version is
/// written to a temporary file in the same folder (`.NAME.folio-XXXXXX`), synced, and renamed
/// over the original, which the rename alone changes (a kill at any moment leaves either the
/// old file or the new one, whole). The original's mode is kept, and its owner where the
/// process may set it; the folder is synced after the rename.
///
/// `prepare` refuses, in one line and before anything is written, a file that changed since
/// the version the caller read, a file or folder that is not writable (a file or folder whose
/// owner may not write it counts as read-only even for root) and a read-only filesystem.
public struct FileReplacement: Sendable {
  /// Why the file is not replaced: one line.
  public struct Refusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// The line.
    public var description: String
  }

  /// The file replaced: the path given, with links resolved (the link stays a link).
  public let path: String
  /// The folder holding it.
  public let folder: String
  /// Its name in the folder.
  public let name: String
  /// The version the caller read, which must still be on disk when the rename happens.
  public let expected: FileVersion
  private let mode: mode_t
  private let owner: uid_t
  private let group: gid_t

  /// How old a temporary file left by a killed writer must be before the next writer removes it.
  public static let staleAge: Int = 60

  /// Checks that `path` is still at version `expected` and may be replaced.
  public static func prepare(_ path: String, expected: FileVersion) throws(Refusal)
    -> FileReplacement
  {
    guard let resolved = realpath(path, nil) else {
      throw Refusal(description: "cannot read \(path): \(String(cString: strerror(errno)))")
    }
    let real = String(cString: resolved)
    free(resolved)
    var status = stat()
    guard stat(real, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      throw Refusal(description: "\(path) is not a regular file")
    }
    guard FileVersion(status) == expected else {
      throw Refusal(description: "\(path) changed on disk since it was read: nothing written")
    }
    guard let slash = real.lastIndex(of: "/") else {
      throw Refusal(description: "cannot find the folder of \(path)")
    }
    let folder = slash == real.startIndex ? "/" : String(real[..<slash])
    var filesystem = statvfs()
    if statvfs(folder, &filesystem) == 0, filesystem.f_flag & UInt(ST_RDONLY) != 0 {
      throw Refusal(description: "\(path) is on a read-only filesystem: nothing written")
    }
    let writable = access(real, W_OK) == 0
    let reason = errno
    if !writable || status.st_mode & S_IWUSR == 0 {
      if !writable && reason == EROFS {
        throw Refusal(description: "\(path) is on a read-only filesystem: nothing written")
      }
      throw Refusal(description: "\(path) is read-only: nothing written")
    }
    var folderStatus = stat()
    if access(folder, W_OK) != 0 || stat(folder, &folderStatus) != 0
      || folderStatus.st_mode & S_IWUSR == 0
    {
      throw Refusal(description: "the folder of \(path) is read-only: nothing written")
    }
    return FileReplacement(
      path: real, folder: folder, name: String(real[real.index(after: slash)...]),
      expected: expected, mode: status.st_mode & 0o7777, owner: status.st_uid,
      group: status.st_gid)
  }

  /// Waits until no other Folio writer is replacing this file (an advisory lock on it, held
  /// until this process ends), then checks again that it is still the expected version: of
  /// two writers started on the same version, the second waits for the first and then refuses.
  public func waitForOtherWriters() throws(Refusal) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure("cannot open it") }
    // Left open: the lock lasts as long as the process. Without locks (ENOLCK) the version
    // checks still hold.
    while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
    guard FileVersion(path: path) == expected else {
      throw Refusal(description: "\(path) changed on disk since it was read: nothing written")
    }
  }

  /// The start of every temporary file's name for this file.
  public var temporaryPrefix: String { "." + name + ".folio-" }

  /// Removes temporary files of this file older than `staleAge` seconds, left by writers
  /// that were killed (a killed process cannot clean up after itself); younger ones may
  /// belong to a writer still running.
  public func removeStaleTemporaries(now: time_t = time(nil)) {
    guard let directory = opendir(folder) else { return }
    defer { closedir(directory) }
    while let entry = readdir(directory) {
      let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        raw.bindMemory(to: CChar.self).baseAddress.map { String(cString: $0) } ?? ""
      }
      guard entryName.hasPrefix(temporaryPrefix),
        entryName.count == temporaryPrefix.count + 6
      else { continue }
      let candidate = folder + "/" + entryName
      var status = stat()
      guard lstat(candidate, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
        now - status.st_mtim.tv_sec > Self.staleAge
      else { continue }
      unlink(candidate)
    }
  }

  /// Makes an empty temporary file beside the original (mode 0600) and returns its path.
  public func makeTemporary() throws(Refusal) -> String {
    var template = Array((folder + "/" + temporaryPrefix + "XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard descriptor >= 0 else {
      throw Refusal(
        description: "cannot write beside \(path): \(String(cString: strerror(errno)))")
    }
    close(descriptor)
    return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Gives `temporary` the original's mode (and owner where allowed), syncs it, checks that
  /// the original is still the expected version, renames `temporary` over it and syncs the
  /// folder. `pause` runs just before the rename (the tests' hook). On a refusal `temporary`
  /// is left for the caller to remove.
  public func replace(with temporary: String, pause: () -> Void = {}) throws(Refusal) {
    let descriptor = open(temporary, O_RDWR | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure("cannot reopen the new version") }
    defer { close(descriptor) }
    _ = fchown(descriptor, owner, group)  // Allowed for root only; the mode matters more.
    guard fchmod(descriptor, mode) == 0 else { throw failure("cannot set its mode") }
    guard fsync(descriptor) == 0 else { throw failure("cannot sync the new version") }
    pause()
    guard FileVersion(path: path) == expected else {
      throw Refusal(description: "\(path) changed on disk while writing: nothing written")
    }
    guard rename(temporary, path) == 0 else { throw failure("cannot rename the new version") }
    let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if directory >= 0 {
      fsync(directory)
      close(directory)
    }
  }

  private func failure(_ what: String) -> Refusal {
    Refusal(description: "\(path): \(what): \(String(cString: strerror(errno)))")
  }
}
