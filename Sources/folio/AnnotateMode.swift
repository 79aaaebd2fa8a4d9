import FolioPoppler
import Foundation

/// `folio --internal-annotate --file PDF --expect VERSION EDIT…`: one annotation edit written
/// into a PDF by a short-lived process of its own, never by the viewer or its sandboxed page
/// workers. `VERSION` is the file as the viewer read it (`FileVersion`,
/// `stat -c %d:%i:%s:%.9Y`); `EDIT…` are `AnnotationEdit.arguments`. Answers on standard
/// output, one record a line, fields apart by tabs:
///
///     version DEVICE:INODE:SIZE:SECONDS.NANOSECONDS      (the file as it is now)
///     annotation PAGE KIND LEFT,TOP,RIGHT,BOTTOM NAME    (what was made or edited; NAME may be empty)
///     error REASON                                       (exit status 1, nothing written)
///
/// The file is replaced through `FileReplacement` (a temporary file beside it, synced, renamed
/// over it). With FOLIO_TEST_ANNOTATE_PAUSE=before-rename in its environment the process
/// stops itself (SIGSTOP) just before the rename, so a test can kill it there.
enum AnnotateMode {
  /// The hidden flag.
  static let flag = "--internal-annotate"
  /// The most memory and processor time one edit may take.
  static let memoryBytes: rlim_t = 4 << 30
  static let processorSeconds: rlim_t = 120

  /// Makes one edit and exits.
  static func run(arguments: [String]) -> Never {
    // A crash (a library on a damaged file) leaves no core file behind.
    ProcessLimits.apply(memoryBytes: memoryBytes, processorSeconds: processorSeconds)
    do {
      write(try annotate(arguments))
      exit(0)
    } catch {
      let line = String(describing: error).replacingOccurrences(of: "\n", with: " ")
      write(["error\t" + line])
      FileHandle.standardError.write(Data("folio: \(line)\n".utf8))
      exit(1)
    }
  }

  private struct Refusal: Error, CustomStringConvertible {
    var description: String
  }

  private static func annotate(_ arguments: [String]) throws -> [String] {
    guard arguments.count >= 4, arguments[0] == "--file", arguments[2] == "--expect" else {
      throw Refusal(description: "usage: folio \(flag) --file PDF --expect VERSION EDIT…")
    }
    guard let expected = FileVersion(arguments[3]) else {
      throw Refusal(description: "--expect is DEVICE:INODE:SIZE:SECONDS.NANOSECONDS")
    }
    let edit = try AnnotationEdit(arguments: Array(arguments.dropFirst(4)))
    let replacement = try FileReplacement.prepare(arguments[1], expected: expected)
    try replacement.waitForOtherWriters()
    replacement.removeStaleTemporaries()
    let temporary = try replacement.makeTemporary()
    var replaced = false
    defer { if !replaced { unlink(temporary) } }
    let identity = try AnnotationWriter.write(edit, from: replacement.path, to: temporary)
    try replacement.replace(with: temporary, pause: pauseForTests)
    replaced = true
    guard let version = FileVersion(path: replacement.path) else {
      throw Refusal(description: "\(replacement.path) vanished after it was written")
    }
    var records = ["version\t\(version)"]
    if let identity {
      let box = identity.box
      let edges = [box.left, box.top, box.right, box.bottom].map { String($0) }
      records.append(
        "annotation\t\(identity.page + 1)\t\(identity.kind.rawValue)\t"
          + edges.joined(separator: ",") + "\t" + (identity.name ?? ""))
    }
    return records
  }

  /// The tests' hook: stops this process just before the rename.
  private static func pauseForTests() {
    if ProcessInfo.processInfo.environment["FOLIO_TEST_ANNOTATE_PAUSE"] == "before-rename" {
      raise(SIGSTOP)
    }
  }

  private static func write(_ records: [String]) {
    FileHandle.standardOutput.write(Data(records.map { $0 + "\n" }.joined().utf8))
  }
}
