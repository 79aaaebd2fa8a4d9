import FolioCore
import FolioUI

/// How the runtime writes marks into a PDF, given by the executable (the annotation writer, a
/// process of its own that replaces the file by rename): the PDF, the version of it the viewer
/// shows (`DEVICE:INODE:SIZE:SECONDS.NANOSECONDS`, so a file changed meanwhile is not
/// overwritten) and the edits in points from the page's top-left as shown; what went wrong in
/// one line, or nil.
public struct MarkWriting: Sendable {
  /// A mark in points.
  public struct Mark: Sendable, Hashable {
    public var page: PageIndex
    public var kind: AnnotationKind
    /// One box a line: left, top, right, bottom.
    public var lines: [[Double]]
    public var note: String?
  }

  /// An annotation already in the file, as the writer finds it: its page, kind, rectangle in
  /// points (left, top, right, bottom), note and /NM name.
  public struct Target: Sendable, Hashable {
    public var page: PageIndex
    public var kind: AnnotationKind
    public var box: [Double]
    public var note: String
    public var name: String?
  }

  /// One edit.
  public enum Edit: Sendable, Hashable {
    /// A new mark.
    case add(Mark)
    /// An annotation removed.
    case remove(Target)
    /// An annotation's note replaced.
    case editNote(Target, String)
  }

  /// Writes the edits; why not, or nil.
  public var write: @Sendable (_ pdf: String, _ version: String, _ edits: [Edit]) -> String?

  /// A way of writing edits.
  public init(write: @escaping @Sendable (String, String, [Edit]) -> String?) {
    self.write = write
  }

  /// What the status line says once `edits` are written.
  static func summary(of edits: [Edit]) -> String {
    let added = Set(
      edits.compactMap { edit -> String? in
        if case .add(let mark) = edit { return mark.kind.name }
        return nil
      }
    ).sorted()
    if !added.isEmpty {
      return "written into the file: \(added.joined(separator: ", ")) (it reloads)"
    }
    switch edits.first {
    case .remove(let target): return "removed the \(target.kind.name) from the file (it reloads)"
    case .editNote: return "the note is written into the file (it reloads)"
    default: return "nothing to write"
    }
  }
}

/// Writes marks (`MarkWriting`) on a thread of its own, so the loop never waits for the writer;
/// what it says comes back as a line for the status line. Use from the loop's thread.
final class MarkWriter: LoopService {
  private struct Job: Hashable, Sendable {
    var number: Int
    var pdf: String
    var version: String
    var edits: [MarkWriting.Edit]
  }

  private let service: WorkQueue<Job, String>
  private var count = 0
  private var asked: [Int: DocumentID] = [:]
  /// Writes waiting for the one running to end: one at a time, in order (each replaces the
  /// file the next one reads).
  private var waiting: [Job] = []
  private var isWriting = false

  init(writing: MarkWriting, inbox: LoopInbox) throws {
    service = try WorkQueue<Job, String>(
      workerCount: 1, name: "folio-marks", inbox: inbox, makeWorker: {}
    ) { _, job in
      writing.write(job.pdf, job.version, job.edits) ?? MarkWriting.summary(of: job.edits)
    }
  }

  deinit { service.beginShutdown() }

  /// Writes `edits` into `pdf`, which document `id` shows at `version`.
  func write(_ edits: [MarkWriting.Edit], into pdf: String, version: String, for id: DocumentID) {
    count += 1
    asked[count] = id
    waiting.append(Job(number: count, pdf: pdf, version: version, edits: edits))
    startNext()
  }

  private func startNext() {
    guard !isWriting, !waiting.isEmpty else { return }
    isWriting = true
    let job = waiting.removeFirst()
    service.replaceWanted([(job, RenderPriority(tier: .visible, distance: 0))])
  }

  /// What the finished writes said, as lines for the documents that asked.
  func lines(in letters: [LoopInbox.Letter]) -> [(DocumentID, String)] {
    let finished = service.receive(letters).outcomes
    let lines = finished.compactMap { outcome -> (DocumentID, String)? in
      guard let id = asked.removeValue(forKey: outcome.request.number) else { return nil }
      switch outcome.result {
      case .success(let line): return (id, TerminalText.sanitized(line))
      case .failure(let error): return (id, TerminalText.sanitized("\(error)"))
      }
    }
    if !finished.isEmpty {
      isWriting = false
      startNext()
    }
    return lines
  }

  /// Lines come back through `lines(in:)`, not as events.
  func receive(_ letters: [LoopInbox.Letter]) -> [Event] { [] }
}
