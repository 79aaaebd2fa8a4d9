import FolioRaster

/// A document opened for the viewer, with what its page workers need to open it again: the
/// path they read (`readablePath`), its password, the name it goes by, and whether it is a
/// library's list of files (`LibraryDocument`) rather than a PDF.
public protocol OpenedDocument: DocumentSource {
  var readablePath: String { get }
  var password: String? { get }
  /// The path it was opened by (or what stands for it: standard input, the sample, a library).
  var path: String { get }
  var isLibrary: Bool { get }
}

extension PopplerDocument: OpenedDocument {
  public var isLibrary: Bool { false }
}
