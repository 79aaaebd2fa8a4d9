import Foundation
import Glibc
import Testing

@testable import FolioStore

@Suite struct DocumentFingerprintTests {
  let window = DocumentFingerprint.windowSize

  @Test func aFileReadsAsItsHeadAndTail() throws {
    let folder = try TemporaryFolder()
    let bytes = sampleBytes(count: 300_000, seed: 1)
    try write(bytes, to: folder.file("a.pdf"))
    let made = try DocumentFingerprint.make(fileAt: folder.file("a.pdf"), pageCount: 7)
    let expected = DocumentFingerprint(
      size: bytes.count, head: Array(bytes.prefix(window)), tail: Array(bytes.suffix(window)),
      pageCount: 7)
    #expect(made == expected)
    #expect(made.text == "v1-300000-\(made.hash.hex)-7")
    #expect(made.hash.hex.count == 32)
    #expect(made.hash.hex.allSatisfy { "0123456789abcdef".contains($0) })
  }

  @Test(arguments: [0, 10, 65_535, 300_000 - 65_536, 300_000 - 1])
  func oneChangedByteInTheHeadOrTailChangesIt(offset: Int) throws {
    let folder = try TemporaryFolder()
    var bytes = sampleBytes(count: 300_000, seed: 2)
    try write(bytes, to: folder.file("a.pdf"))
    let before = try DocumentFingerprint.make(fileAt: folder.file("a.pdf"), pageCount: 3)
    bytes[offset] ^= 0x01
    try write(bytes, to: folder.file("a.pdf"))
    let after = try DocumentFingerprint.make(fileAt: folder.file("a.pdf"), pageCount: 3)
    #expect(before != after)
    #expect(before.hash.fnv != after.hash.fnv)
    #expect(before.hash.mix != after.hash.mix)
    #expect(before.text != after.text)
  }

  @Test func aChangeBetweenTheWindowsIsNotSeen() throws {
    let folder = try TemporaryFolder()
    var bytes = sampleBytes(count: 300_000, seed: 3)
    try write(bytes, to: folder.file("a.pdf"))
    let before = try DocumentFingerprint.make(fileAt: folder.file("a.pdf"), pageCount: 3)
    bytes[150_000] ^= 0xFF
    try write(bytes, to: folder.file("a.pdf"))
    #expect(try DocumentFingerprint.make(fileAt: folder.file("a.pdf"), pageCount: 3) == before)
  }

  @Test func theSizeAndThePageCountChangeIt() throws {
    let folder = try TemporaryFolder()
    let bytes = sampleBytes(count: 200_000, seed: 4)
    try write(bytes, to: folder.file("a.pdf"))
    let before = try DocumentFingerprint.make(fileAt: folder.file("a.pdf"), pageCount: 3)
    #expect(try DocumentFingerprint.make(fileAt: folder.file("a.pdf"), pageCount: 4) != before)
    try write(bytes + [0], to: folder.file("a.pdf"))
    #expect(try DocumentFingerprint.make(fileAt: folder.file("a.pdf"), pageCount: 3) != before)
    // Same windows, different size: still told apart.
    let head = Array(bytes.prefix(window))
    let tail = Array(bytes.suffix(window))
    #expect(
      DocumentFingerprint(size: 1, head: head, tail: tail, pageCount: 3)
        != DocumentFingerprint(size: 2, head: head, tail: tail, pageCount: 3))
  }

  @Test func aRenamedOrCopiedFileKeepsIt() throws {
    let folder = try TemporaryFolder()
    try write(sampleBytes(count: 100_000, seed: 5), to: folder.file("a.pdf"))
    let original = try DocumentFingerprint.make(fileAt: folder.file("a.pdf"), pageCount: 9)
    try FileManager.default.copyItem(atPath: folder.file("a.pdf"), toPath: folder.file("b.pdf"))
    try FileManager.default.moveItem(atPath: folder.file("a.pdf"), toPath: folder.file("c.pdf"))
    #expect(try DocumentFingerprint.make(fileAt: folder.file("b.pdf"), pageCount: 9) == original)
    #expect(try DocumentFingerprint.make(fileAt: folder.file("c.pdf"), pageCount: 9) == original)
  }

  @Test func aSmallFileIsItsOwnHeadAndTail() throws {
    let folder = try TemporaryFolder()
    var bytes = sampleBytes(count: 1_000, seed: 6)
    try write(bytes, to: folder.file("small.pdf"))
    let made = try DocumentFingerprint.make(fileAt: folder.file("small.pdf"), pageCount: 1)
    #expect(made == DocumentFingerprint(size: 1_000, head: bytes, tail: bytes, pageCount: 1))
    #expect(made.text.hasPrefix("v1-1000-"))
    bytes[500] ^= 0x80
    try write(bytes, to: folder.file("small.pdf"))
    #expect(try DocumentFingerprint.make(fileAt: folder.file("small.pdf"), pageCount: 1) != made)
    try write([], to: folder.file("empty.pdf"))
    let empty = try DocumentFingerprint.make(fileAt: folder.file("empty.pdf"), pageCount: 0)
    #expect(empty.size == 0)
    #expect(empty != made)
  }

  @Test func headAndTailAreKeptApart() {
    let bytes = sampleBytes(count: 100, seed: 7)
    let one = DocumentFingerprint(
      size: 200, head: Array(bytes.prefix(60)), tail: Array(bytes.suffix(40)), pageCount: 1)
    let other = DocumentFingerprint(
      size: 200, head: Array(bytes.prefix(40)), tail: Array(bytes.suffix(60)), pageCount: 1)
    #expect(one != other)
  }

  @Test func aMissingFileOrAFolderIsAnError() throws {
    let folder = try TemporaryFolder()
    #expect(throws: FingerprintError.self) {
      try DocumentFingerprint.make(fileAt: folder.file("missing.pdf"), pageCount: 1)
    }
    // A folder, and a FIFO no one writes to (refused, not waited on).
    #expect(mkfifo(folder.file("fifo"), 0o600) == 0)
    for path in [folder.path, folder.file("fifo")] {
      do {
        _ = try DocumentFingerprint.make(fileAt: path, pageCount: 1)
        Issue.record("\(path) has no fingerprint")
      } catch {
        #expect(error.message == "cannot read \(path): not a regular file")
      }
    }
  }
}
