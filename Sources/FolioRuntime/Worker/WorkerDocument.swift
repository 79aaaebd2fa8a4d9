import FolioCore

/// The document a worker opens: the path that reads it (passed on as a descriptor), the name
/// its messages use, its password, and the version its replies belong to.
public struct WorkerDocument: Hashable, Sendable {
  public var readablePath: String
  public var name: String
  public var password: String?
  public var version: DocumentVersion
  /// Whether the file is a library's manifest (`LibraryDocument`), not a PDF.
  public var isLibrary: Bool
  /// A library's: the passwords of its files known this run, told to the worker (`unlock`)
  /// before its next request whenever one was learned since it was last told.
  public var knownPasswords: KnownPasswords?

  /// Creates a description.
  public init(
    readablePath: String, name: String, password: String?, version: DocumentVersion = .first,
    isLibrary: Bool = false, knownPasswords: KnownPasswords? = nil
  ) {
    self.readablePath = readablePath
    self.name = name
    self.password = password
    self.version = version
    self.isLibrary = isLibrary
    self.knownPasswords = knownPasswords
  }
}
