/// One change to the annotations of a PDF, as plain values: what the writer process
/// (`folio --internal-annotate`) is asked to do. Pages are indexes from 0; boxes and points are
/// in PDF points from the top-left corner of the page as it is shown (after /Rotate), the way
/// Folio's text boxes give them; the writer turns them into PDF user space.
public enum AnnotationEdit: Sendable, Equatable {
  /// A highlight, underline or strike-out over `lines` (one box a line), with an optional
  /// note (the annotation's /Contents).
  case markUp(
    AnnotationKind, page: Int, lines: [AnnotationBox], color: AnnotationColor,
    note: String?)
  /// A sticky note (a text annotation) with its icon's top-left corner at `x`, `y`.
  case addNote(page: Int, x: Double, y: Double, color: AnnotationColor, text: String)
  /// Removes the annotation `identity` names.
  case remove(AnnotationIdentity)
  /// Replaces the note (/Contents) of the annotation `identity` names with `text`.
  case editNote(AnnotationIdentity, text: String)

  /// The page the edit is on (from 0).
  public var page: Int {
    switch self {
    case .markUp(_, let page, _, _, _), .addNote(let page, _, _, _, _): page
    case .remove(let identity), .editNote(let identity, _): identity.page
    }
  }
}

/// The kinds of annotation the writer makes and names (the PDF /Subtype in brackets).
public enum AnnotationKind: String, Sendable, CaseIterable {
  /// /Highlight.
  case highlight
  /// /Underline.
  case underline
  /// /StrikeOut.
  case strikeOut = "strike-out"
  /// /Text: a sticky note.
  case note
  /// /Squiggly (read, never made).
  case squiggly
  /// Any other kind (read, never made).
  case other

  /// Whether it marks up lines of text (and so takes line boxes).
  public var marksText: Bool { self == .highlight || self == .underline || self == .strikeOut }
}

/// An annotation's colour: red, green and blue from 0 to 1 (the writer's arguments carry
/// 8 bits a part, `RRGGBB`).
public struct AnnotationColor: Sendable, Equatable {
  /// Red, 0…1.
  public var red: Double
  /// Green, 0…1.
  public var green: Double
  /// Blue, 0…1.
  public var blue: Double

  /// A colour from its parts, each clamped to 0…1.
  public init(red: Double, green: Double, blue: Double) {
    func clamped(_ part: Double) -> Double { part.isFinite ? min(max(part, 0), 1) : 0 }
    self.red = clamped(red)
    self.green = clamped(green)
    self.blue = clamped(blue)
  }

  /// A colour written `RRGGBB` (hexadecimal, an optional leading `#`); nil when it is not one.
  public init?(hex: String) {
    let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
    guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
    self.init(
      red: Double(value >> 16 & 0xFF) / 255, green: Double(value >> 8 & 0xFF) / 255,
      blue: Double(value & 0xFF) / 255)
  }

  /// `RRGGBB`, lower case.
  public var hex: String {
    [red, green, blue].map { part in
      let byte = String(Int((part * 255).rounded()), radix: 16)
      return byte.count == 1 ? "0" + byte : byte
    }.joined()
  }

  /// Yellow (`ffe600`), the usual highlight.
  public static let yellow = AnnotationColor(red: 1, green: 230 / 255, blue: 0)
}

/// A box on a page in PDF points from the top-left corner of the page as shown.
public struct AnnotationBox: Sendable, Equatable {
  /// Left edge.
  public var left: Double
  /// Top edge (down from the top of the page).
  public var top: Double
  /// Right edge.
  public var right: Double
  /// Bottom edge.
  public var bottom: Double

  /// A box from its edges.
  public init(left: Double, top: Double, right: Double, bottom: Double) {
    self.left = left
    self.top = top
    self.right = right
    self.bottom = bottom
  }

  /// Whether every edge is a finite number and the box has some width and height.
  public var isUsable: Bool {
    [left, top, right, bottom].allSatisfy(\.isFinite) && right > left && bottom > top
  }

  /// Whether each edge is within `tolerance` points of `other`'s.
  public func isClose(to other: AnnotationBox, tolerance: Double = 1) -> Bool {
    abs(left - other.left) <= tolerance && abs(top - other.top) <= tolerance
      && abs(right - other.right) <= tolerance && abs(bottom - other.bottom) <= tolerance
  }

  /// The smallest box holding all of `boxes` (nil for none).
  public static func union(_ boxes: [AnnotationBox]) -> AnnotationBox? {
    guard let first = boxes.first else { return nil }
    return boxes.dropFirst().reduce(first) { sum, box in
      AnnotationBox(
        left: min(sum.left, box.left), top: min(sum.top, box.top),
        right: max(sum.right, box.right), bottom: max(sum.bottom, box.bottom))
    }
  }
}
