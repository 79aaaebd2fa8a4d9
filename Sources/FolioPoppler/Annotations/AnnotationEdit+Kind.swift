extension AnnotationEdit {
  /// The kinds of annotation the writer makes and names (the PDF /Subtype in brackets); those
  /// read are FolioCore's `AnnotationKind`.
  public enum Kind: String, Sendable, CaseIterable {
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
}
