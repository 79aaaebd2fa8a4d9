import FolioCore
import Foundation
import Glibc
import Testing

@testable import FolioRuntime

/// The changes a folder watcher reads until `done` holds for all of them together, or five
/// seconds passed.
private func changes(
  of watcher: FolderWatcher, until done: (FileChange) -> Bool = { $0.fileDidChange }
) -> FileChange {
  let deadline = ContinuousClock.now + .seconds(5)
  var seen: FileChange = []
  while !done(seen) {
    let remaining = ContinuousClock.now.duration(to: deadline)
    guard remaining > .zero else { break }
    var entry = pollfd(fd: watcher.descriptor, events: Int16(POLLIN), revents: 0)
    // The walker's news comes without an event: looked for at least every 10 ms.
    _ = poll(&entry, 1, Int32(min(10, remaining.wholeMilliseconds + 1)))
    seen.formUnion(watcher.takeChanges())
  }
  return seen
}

/// Makes `path` and the folders above it.
private func makeFolder(_ path: String) throws {
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
}

@Suite("Folder watcher")
struct FolderWatcherTests {
  @Test func aPDFDeepInTheTreeIsSeenOnceTheTreeIsWalked() throws {
    let root = try TemporaryDirectory()
    let deep = root.path + String(repeating: "/d", count: 60)
    try makeFolder(deep)
    let watcher = try FolderWatcher(roots: [root.path])
    #expect(watcher.waitUntilWalked(timeout: .seconds(30)))
    #expect(watcher.watchedFolderCount == 61)
    try writeInPlace(deep + "/paper.pdf")
    #expect(changes(of: watcher).contains(.replaced))
  }

  @Test func otherFilesDoNotCount() throws {
    let root = try TemporaryDirectory()
    let watcher = try FolderWatcher(roots: [root.path])
    #expect(watcher.waitUntilWalked(timeout: .seconds(30)))
    try writeInPlace(root("notes.txt"))
    try writeInPlace(root("a.pdf.txt"))
    // A PDF written last: the changes read up to it are those of the PDF alone.
    try writeInPlace(root("Paper.PDF"))
    let seen = changes(of: watcher) { $0.contains(.modified) }
    #expect(seen == [.replaced, .modified])
  }

  @Test func aNewFolderIsWalkedAndWatchedAndCountsWhenWalked() throws {
    let root = try TemporaryDirectory()
    let watcher = try FolderWatcher(roots: [root.path])
    #expect(watcher.waitUntilWalked(timeout: .seconds(30)))
    // A tree moved in at once: its folders were never seen made.
    let outside = try TemporaryDirectory()
    try makeFolder(outside("tree/inner"))
    try check(rename(outside("tree"), root("tree")))
    // The rename counts, and so does the walk's end (files may have landed before the watch);
    // both may come in one read, so only the first is asked for apart.
    #expect(changes(of: watcher).contains(.replaced))
    #expect(watcher.waitUntilWalked(timeout: .seconds(30)))
    #expect(watcher.watchedFolderCount == 3)
    try writeInPlace(root("tree/inner/late.pdf"))
    #expect(changes(of: watcher) { $0.contains(.modified) }.contains(.modified))
  }

  @Test func aFolderBehindALinkIsNotEntered() throws {
    let root = try TemporaryDirectory()
    let elsewhere = try TemporaryDirectory()
    try makeFolder(elsewhere("inside"))
    try check(symlink(elsewhere.path, root("link")))
    let watcher = try FolderWatcher(roots: [root.path])
    #expect(watcher.waitUntilWalked(timeout: .seconds(30)))
    #expect(watcher.watchedFolderCount == 1)
  }

  @Test func aRemovedRootEndsTheWatch() throws {
    let parent = try TemporaryDirectory()
    try makeFolder(parent("root"))
    let watcher = try FolderWatcher(roots: [parent("root")])
    try check(rmdir(parent("root")))
    #expect(!changes(of: watcher) { !$0.isWatchAlive }.isWatchAlive)
  }

  @Test func rootsThatCannotBeWatchedAreRefused() throws {
    let parent = try TemporaryDirectory()
    #expect(throws: FileWatcherError.self) { try FolderWatcher(roots: [parent("missing")]) }
  }
}
