import FolioCore
import FolioPoppler
import FolioRuntime

/// Marks over the selection written into the PDF (`MarkWriting`): each through the annotation
/// writer, a process of its own that replaces the file by rename (`AnnotationSaver`), one page
/// after another, each at the version the one before left.
enum MarkSetup {
  /// The colour of each kind of mark.
  static func color(of kind: AnnotationKind) -> AnnotationColor {
    switch kind {
    case .underline: AnnotationColor(red: 0.1, green: 0.45, blue: 0.95)
    case .strikeOut: AnnotationColor(red: 0.9, green: 0.15, blue: 0.1)
    default: .yellow
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

  static let writing = MarkWriting { pdf, versionText, marks in
    guard var version = FileVersion(versionText) else { return "the file's version is unknown" }
    for mark in marks {
      guard let kind = editKind(of: mark.kind) else { return "\(mark.kind.name) is not made" }
      let lines = mark.lines.compactMap { box in
        box.count == 4
          ? AnnotationBox(left: box[0], top: box[1], right: box[2], bottom: box[3]) : nil
      }
      let edit = AnnotationEdit.markUp(
        kind, page: mark.page.rawValue, lines: lines, color: color(of: mark.kind),
        note: mark.note)
      switch AnnotationSaver.save(edit, to: pdf, expecting: version) {
      case .saved(let saved, _): version = saved
      case .refused(let why): return why
      }
    }
    return nil
  }
}
