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

  /// Writing marks in `colors` (the config's, by kind name).
  static func writing(colors: [String: RGBA]) -> MarkWriting {
    MarkWriting { pdf, versionText, marks in
      guard var version = FileVersion(versionText) else { return "the file's version is unknown" }
      for mark in marks {
        if mark.kind == .note, let box = mark.lines.first, box.count == 4 {
          // A sticky note's icon just left of the word's top.
          let edit = AnnotationEdit.addNote(
            page: mark.page.rawValue, x: max(0, box[0] - 22), y: box[1],
            color: color(of: mark.kind, in: colors), text: mark.note ?? "")
          switch AnnotationSaver.save(edit, to: pdf, expecting: version) {
          case .saved(let saved, _): version = saved
          case .refused(let why): return why
          }
          continue
        }
        guard let kind = editKind(of: mark.kind) else { return "\(mark.kind.name) is not made" }
        let lines = mark.lines.compactMap { box in
          box.count == 4
            ? AnnotationBox(left: box[0], top: box[1], right: box[2], bottom: box[3]) : nil
        }
        let edit = AnnotationEdit.markUp(
          kind, page: mark.page.rawValue, lines: lines, color: color(of: mark.kind, in: colors),
          note: mark.note)
        switch AnnotationSaver.save(edit, to: pdf, expecting: version) {
        case .saved(let saved, _): version = saved
        case .refused(let why): return why
        }
      }
      return nil
    }
  }
}
