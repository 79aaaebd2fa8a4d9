import FolioCore
import FolioPoppler
import FolioRuntime

/// Marks over the selection written into the PDF (`MarkWriting`): each through the annotation
/// writer, a process of its own that replaces the file by rename (`AnnotationSaver`), one page
/// after another, each at the version the one before left.
enum MarkSetup {
  /// The colour of each kind of mark: the config's (`highlight-color`…, by kind name), else
  /// yellow, blue and red.
  static func color(of kind: AnnotationKind, in colors: [String: RGBA]) -> AnnotationColor {
    if let color = colors[kind.name] {
      return AnnotationColor(
        red: Double(color.red) / 255, green: Double(color.green) / 255,
        blue: Double(color.blue) / 255)
    }
    switch kind {
    case .underline: return AnnotationColor(red: 0.1, green: 0.45, blue: 0.95)
    case .strikeOut: return AnnotationColor(red: 0.9, green: 0.15, blue: 0.1)
    default: return .yellow
    }
  }

  /// The writer's kind for a kind of mark; nil for one it does not make.
  static func editKind(of kind: AnnotationKind) -> AnnotationEdit.Kind? {
    switch kind {
    case .highlight: .highlight
    case .underline: .underline
    case .strikeOut: .strikeOut
    default: nil
    }
  }

  /// The writer's kind for an annotation read from the file (the kinds it does not make are
  /// all "other" to it).
  static func identityKind(of kind: AnnotationKind) -> AnnotationEdit.Kind {
    switch kind {
    case .highlight: .highlight
    case .underline: .underline
    case .strikeOut: .strikeOut
    case .squiggly: .squiggly
    case .note: .note
    default: .other
    }
  }

  /// The identity the writer finds `target` by.
  static func identity(of target: MarkWriting.Target) -> AnnotationIdentity? {
    guard target.box.count == 4 else { return nil }
    return AnnotationIdentity(
      page: target.page.rawValue, kind: identityKind(of: target.kind),
      box: AnnotationBox(
        left: target.box[0], top: target.box[1], right: target.box[2], bottom: target.box[3]),
      contents: target.note, name: target.name)
  }

  /// The writer's edit for one of Folio's; why not, when it has none.
  static func edit(
    _ edit: MarkWriting.Edit, colors: [String: RGBA]
  ) -> Result<AnnotationEdit, Refusal> {
    switch edit {
    case .add(let mark):
      if mark.kind == .note, let box = mark.lines.first, box.count == 4 {
        // A sticky note's icon just left of the word's top.
        return .success(
          .addNote(
            page: mark.page.rawValue, x: max(0, box[0] - 22), y: box[1],
            color: color(of: mark.kind, in: colors), text: mark.note ?? ""))
      }
      guard let kind = editKind(of: mark.kind) else {
        return .failure(Refusal(line: "\(mark.kind.name) is not made"))
      }
      let lines = mark.lines.compactMap { box in
        box.count == 4
          ? AnnotationBox(left: box[0], top: box[1], right: box[2], bottom: box[3]) : nil
      }
      return .success(
        .markUp(
          kind, page: mark.page.rawValue, lines: lines, color: color(of: mark.kind, in: colors),
          note: mark.note))
    case .remove(let target):
      guard let identity = identity(of: target) else {
        return .failure(Refusal(line: "the annotation's place is unknown"))
      }
      return .success(.remove(identity))
    case .editNote(let target, let text):
      guard let identity = identity(of: target) else {
        return .failure(Refusal(line: "the annotation's place is unknown"))
      }
      return .success(.editNote(identity, text: text))
    }
  }

  /// Why an edit was not made, in one line.
  struct Refusal: Error {
    var line: String
  }

  /// Writing edits, new marks in `colors` (the config's, by kind name).
  static func writing(colors: [String: RGBA]) -> MarkWriting {
    MarkWriting { pdf, versionText, edits in
      guard var version = FileVersion(versionText) else { return "the file's version is unknown" }
      for change in edits {
        let made: AnnotationEdit
        switch edit(change, colors: colors) {
        case .success(let edit): made = edit
        case .failure(let refusal): return refusal.line
        }
        switch AnnotationSaver.save(made, to: pdf, expecting: version) {
        case .saved(let saved, _): version = saved
        case .refused(let why): return why
        }
      }
      return nil
    }
  }
}
