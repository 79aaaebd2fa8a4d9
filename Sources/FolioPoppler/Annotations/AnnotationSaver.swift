import FolioSystem

/// The viewer's side of the annotation writer: runs `folio --internal-annotate` (a process of
/// its own, argv only, with a deadline; see `AnnotateMode`) for one edit and returns the
/// file's new version or the writer's one-line reason. Blocks its thread until the writer
/// ends: call it from a service thread, never from the loop's.
public enum AnnotationSaver {
  /// How a save ended.
  public enum Outcome: Sendable, Equatable {
    /// The edit is in the file, now at this version; the annotation made or edited (nil after
    /// a removal).
    case saved(FileVersion, AnnotationIdentity?)
    /// Nothing was written, for this reason (one line).
    case refused(String)
  }

  /// The writer's executable by default: the running program itself.
  public static let ownExecutable = "/proc/self/exe"

  /// Makes `edit` in the PDF at `path`, provided it is still at `version`.
  public static func save(
    _ edit: AnnotationEdit, to path: String, expecting version: FileVersion,
    executable: String = ownExecutable, environment: [String: String]? = nil,
    deadline: Duration = .seconds(60)
  ) -> Outcome {
    let arguments =
      [executable, "--internal-annotate", "--file", path, "--expect", version.description]
      + edit.arguments
    let outcome = ChildRun.run(
      arguments, environment: environment, output: .captured, deadline: deadline)
    let lines = String(decoding: outcome.output, as: UTF8.self).split(separator: "\n")
    let records = lines.map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
    if let error = records.first(where: { $0.first == "error" }), error.count > 1 {
      return .refused(error.dropFirst().joined(separator: " "))
    }
    if let problem = outcome.problem(running: "the annotation writer") {
      return .refused(problem)
    }
    guard let versionRecord = records.first(where: { $0.first == "version" && $0.count == 2 }),
      let saved = FileVersion(String(versionRecord[1]))
    else { return .refused("the annotation writer gave no version") }
    let made = records.first { $0.first == "annotation" }.flatMap {
      identity(from: $0, edit: edit)
    }
    return .saved(saved, made)
  }

  /// The identity an `annotation` record gives, with the note `edit` wrote.
  static func identity(from record: [Substring], edit: AnnotationEdit) -> AnnotationIdentity? {
    guard record.count == 5, let page = Int(record[1]),
      let kind = AnnotationEdit.Kind(rawValue: String(record[2]))
    else { return nil }
    let edges = record[3].split(separator: ",").compactMap { Double($0) }
    guard edges.count == 4 else { return nil }
    let contents: String
    switch edit {
    case .markUp(_, _, _, _, let note): contents = note ?? ""
    case .addNote(_, _, _, _, let text), .editNote(_, let text): contents = text
    case .remove(let identity): contents = identity.contents
    }
    return AnnotationIdentity(
      page: page - 1, kind: kind,
      box: AnnotationBox(left: edges[0], top: edges[1], right: edges[2], bottom: edges[3]),
      contents: contents, name: record[4].isEmpty ? nil : String(record[4]))
  }
}
