import FolioCore
import Foundation
import Glibc
import Testing

@testable import FolioRuntime

/// A fresh directory under the temporary directory, removed with everything in it at deinit.
final class TemporaryDirectory {
  let path: String

  init() throws {
    let environment = ProcessInfo.processInfo.environment
    let base = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array((base + "/folio-watch-XXXXXX").utf8CString)
    guard mkdtemp(&template) != nil else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    let bytes = template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    path = String(decoding: bytes, as: UTF8.self)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// `name` inside this directory.
  func callAsFunction(_ name: String) -> String { path + "/" + name }
}

/// Writes `text` into the file at `path` in place (created if missing, else truncated).
func writeInPlace(_ path: String, _ text: String = "content") throws {
  let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
  guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
  defer { close(descriptor) }
  let written = text.utf8CString.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count - 1) }
  guard written == text.utf8.count else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
}

/// Calls a C function that returns 0 on success.
func check(_ result: Int32) throws {
  guard result == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
}

/// Waits up to five seconds for the watcher's descriptor to become readable.
func waitUntilReadable(_ watcher: FileWatcher, deadline: ContinuousClock.Instant) -> Bool {
  while true {
    let remaining = ContinuousClock.now.duration(to: deadline)
    guard remaining > .zero else { return false }
    let milliseconds = Int32(clamping: remaining.wholeMilliseconds &+ 1)
    var entry = pollfd(fd: watcher.descriptor, events: Int16(POLLIN), revents: 0)
    if poll(&entry, 1, milliseconds) > 0, entry.revents & Int16(POLLIN) != 0 { return true }
  }
}

/// The changes read until `done` holds for all of them together, or five seconds passed.
func changes(
  of watcher: FileWatcher, until done: (FileChange) -> Bool = { $0.fileDidChange }
) -> FileChange {
  let deadline = ContinuousClock.now + .seconds(5)
  var seen: FileChange = []
  while !done(seen), waitUntilReadable(watcher, deadline: deadline) {
    seen.formUnion(watcher.takeChanges())
  }
  return seen
}

/// The events that some change left waiting, known to be queued: inotify queues an event
/// before the system call that caused it returns.
func pendingChanges(of watcher: FileWatcher) -> FileChange? {
  guard waitUntilReadable(watcher, deadline: .now + .seconds(5)) else { return nil }
  return watcher.takeChanges()
}

@Suite("File watcher")
struct FileWatcherTests {
  @Test func writeInPlaceIsModified() throws {
    let directory = try TemporaryDirectory()
    try writeInPlace(directory("doc.pdf"))
    let watcher = try FileWatcher(path: directory("doc.pdf"))
    #expect(watcher.takeChanges() == [])
    try writeInPlace(directory("doc.pdf"), "new content")
    let change = changes(of: watcher) { $0.contains(.modified) }
    #expect(change == [.modified])
    #expect(change.fileDidChange && change.isWatchAlive)
  }

  @Test func replaceByRenameIsReplaced() throws {
    let directory = try TemporaryDirectory()
    try writeInPlace(directory("doc.pdf"))
    let watcher = try FileWatcher(path: directory("doc.pdf"))
    try writeInPlace(directory("doc.pdf.tmp"), "new content")
    try check(rename(directory("doc.pdf.tmp"), directory("doc.pdf")))
    let change = changes(of: watcher)
    #expect(change == [.replaced])
    #expect(watcher.isWatching)
  }

  @Test func deleteIsRemoved() throws {
    let directory = try TemporaryDirectory()
    try writeInPlace(directory("doc.pdf"))
    let watcher = try FileWatcher(path: directory("doc.pdf"))
    try check(unlink(directory("doc.pdf")))
    let change = changes(of: watcher)
    #expect(change == [.removed])
    #expect(change.isWatchAlive)
  }

  @Test func recreatedAfterDeleteIsSeen() throws {
    let directory = try TemporaryDirectory()
    try writeInPlace(directory("doc.pdf"))
    let watcher = try FileWatcher(path: directory("doc.pdf"))
    try check(unlink(directory("doc.pdf")))
    #expect(changes(of: watcher) == [.removed])
    try writeInPlace(directory("doc.pdf"), "again")
    #expect(changes(of: watcher) { $0.contains(.modified) } == [.replaced, .modified])
    // The new file is watched as well as the old one was.
    try writeInPlace(directory("doc.pdf"), "and again")
    #expect(changes(of: watcher) { $0.contains(.modified) } == [.modified])
  }

  @Test func missingFileIsSeenWhenCreated() throws {
    let directory = try TemporaryDirectory()
    let watcher = try FileWatcher(path: directory("doc.pdf"))
    try writeInPlace(directory("doc.pdf"))
    #expect(changes(of: watcher).contains(.replaced))
  }

  @Test func siblingChangesDoNotCount() throws {
    let directory = try TemporaryDirectory()
    try writeInPlace(directory("doc.pdf"))
    try writeInPlace(directory("doc.pdf2"))
    let watcher = try FileWatcher(path: directory("doc.pdf"))
    try writeInPlace(directory("doc.pdf2"), "changed")
    try writeInPlace(directory("doc.pd"))
    try writeInPlace(directory("other.tmp"))
    try check(rename(directory("other.tmp"), directory("other.pdf")))
    try check(unlink(directory("doc.pdf2")))
    #expect(pendingChanges(of: watcher) == [])
    try writeInPlace(directory("doc.pdf"), "changed")
    #expect(changes(of: watcher) { $0.contains(.modified) } == [.modified])
  }

  @Test func relativePathIsResolvedAgainstTheCurrentDirectory() throws {
    let directory = try TemporaryDirectory()
    try writeInPlace(directory("doc.pdf"))
    let cwd = FileManager.default.currentDirectoryPath
    let depth = cwd.split(separator: "/").count
    let relative = String(repeating: "../", count: depth) + directory.path.dropFirst() + "/doc.pdf"
    let watcher = try FileWatcher(path: relative)
    try writeInPlace(directory("doc.pdf"), "changed")
    #expect(changes(of: watcher) { $0.contains(.modified) } == [.modified])
  }

  @Test func symlinkTargetChangesCount() throws {
    let directory = try TemporaryDirectory()
    try check(mkdir(directory("links"), 0o755))
    try check(mkdir(directory("real"), 0o755))
    try writeInPlace(directory("real/doc.pdf"))
    try check(symlink("../real/doc.pdf", directory("links/doc.pdf")))
    let watcher = try FileWatcher(path: directory("links/doc.pdf"))

    try writeInPlace(directory("real/doc.pdf"), "in place")
    #expect(changes(of: watcher) { $0.contains(.modified) } == [.modified])

    try writeInPlace(directory("real/doc.pdf.tmp"), "renamed over")
    try check(rename(directory("real/doc.pdf.tmp"), directory("real/doc.pdf")))
    #expect(changes(of: watcher) == [.replaced])

    try writeInPlace(directory("real/other.pdf"))
    try writeInPlace(directory("links/other.pdf"))
    #expect(pendingChanges(of: watcher) == [])
  }

  @Test func repointedSymlinkIsFollowed() throws {
    let directory = try TemporaryDirectory()
    try check(mkdir(directory("real"), 0o755))
    try writeInPlace(directory("real/one.pdf"))
    try writeInPlace(directory("real/two.pdf"))
    try check(symlink("real/one.pdf", directory("doc.pdf")))
    let watcher = try FileWatcher(path: directory("doc.pdf"))

    try check(symlink("real/two.pdf", directory("doc.pdf.tmp")))
    try check(rename(directory("doc.pdf.tmp"), directory("doc.pdf")))
    #expect(changes(of: watcher) == [.replaced])

    try writeInPlace(directory("real/one.pdf"), "no longer watched")
    #expect(pendingChanges(of: watcher) == [])
    try writeInPlace(directory("real/two.pdf"), "watched now")
    #expect(changes(of: watcher) { $0.contains(.modified) } == [.modified])
  }

  @Test func manyEventsAndLongNamesInOneTake() throws {
    let directory = try TemporaryDirectory()
    // NAME_MAX bytes, and siblings differing from it only in the last byte.
    let stem = String(repeating: "n", count: Int(NAME_MAX) - 1)
    try writeInPlace(directory(stem + "z"))
    let watcher = try FileWatcher(path: directory(stem + "z"))
    // 600 events of 272 bytes (create, modify, close for each): more than two reads' worth.
    for letter in "abcdefghijklmnopqrstuvwxy" {
      for digit in 0..<8 {
        try writeInPlace(directory(String(stem.dropLast()) + "\(digit)" + String(letter)))
      }
    }
    try writeInPlace(directory(stem + "z"), "changed")
    #expect(waitUntilReadable(watcher, deadline: .now + .seconds(5)))
    #expect(watcher.takeChanges() == [.modified])  // All read at once, and nothing lost.
    #expect(watcher.takeChanges() == [])
  }

  @Test func removedDirectoryEndsTheWatch() throws {
    let directory = try TemporaryDirectory()
    try check(mkdir(directory("sub"), 0o755))
    try writeInPlace(directory("sub/doc.pdf"))
    let watcher = try FileWatcher(path: directory("sub/doc.pdf"))
    try check(unlink(directory("sub/doc.pdf")))
    try check(rmdir(directory("sub")))
    let change = changes(of: watcher) { !$0.isWatchAlive }
    #expect(change == [.removed, .watchEnded])
    #expect(!watcher.isWatching)
    #expect(watcher.takeChanges() == [.watchEnded])
  }

  @Test(arguments: ["", "dir/", "/tmp/.", "/tmp/.."])
  func pathsThatNameNoFileAreRefused(path: String) {
    #expect(throws: FileWatcherError.invalidPath(path)) { try FileWatcher(path: path) }
  }

  @Test func pathWithNULIsRefused() {
    #expect(throws: FileWatcherError.invalidPath("a\u{0}b")) { try FileWatcher(path: "a\u{0}b") }
  }

  @Test func missingDirectoryIsRefused() throws {
    let directory = try TemporaryDirectory()
    let error = FileWatcherError.systemCall(
      "inotify_add_watch", subject: directory("none"), errno: ENOENT)
    #expect(throws: error) { try FileWatcher(path: directory("none/doc.pdf")) }
    #expect(error.description.hasSuffix("/none failed: No such file or directory"))
  }
}

@Suite("The loop's file watch")
struct FileWatchTests {
  /// A watch that could not start at first (no inotify instance left) and starts later does
  /// not take the unchanged file for a changed one; a file changed meanwhile is.
  @Test func aWatchThatStartsLateReportsOnlyARealChange() throws {
    let folder = NSTemporaryDirectory() + "folio-watch-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/doc.pdf"
    try Data("%PDF-1.4 first".utf8).write(to: URL(fileURLWithPath: file))
    func watch() -> FileWatch {
      var attempts = 0
      return FileWatch(path: file, retryDelay: .milliseconds(10)) { path in
        attempts += 1
        if attempts == 1 { throw FileWatcherError.invalidPath(path) }
        return try FileWatcher(path: path)
      }
    }
    func settled(_ watch: FileWatch) -> Bool {
      let deadline = ContinuousClock.now + .seconds(5)
      var changed = false
      while watch.descriptor == nil, ContinuousClock.now < deadline {
        usleep(20_000)
        changed = watch.takeChange() || changed
      }
      #expect(watch.descriptor != nil, "the watch never started")
      return changed
    }
    #expect(!settled(watch()), "the same file is no change")
    let second = watch()
    try Data("%PDF-1.4 second, longer".utf8).write(to: URL(fileURLWithPath: file))
    #expect(settled(second), "a file that changed while unwatched is a change")
  }
}
