import FolioCore
import FolioUI

/// What the executable gives the loop to open other documents and, for a library, to keep
/// its shelf.
extension Browser {
  /// How the loop opens other documents (on the opener's thread) and asks for a password
  /// (the terminal given back): a document of the shelf, or a file the control socket names.
  public struct DocumentHooks {
    /// Opens a document, on the opener's thread.
    public var open: @Sendable (DocumentOpener.Request) -> DocumentOpener.Outcome
    /// Asks for the password of the file at the path, on the loop's thread; nil when none is
    /// given.
    public var askPassword: (String) -> String?

    /// Creates hooks.
    public init(
      open: @escaping @Sendable (DocumentOpener.Request) -> DocumentOpener.Outcome,
      askPassword: @escaping (String) -> String?
    ) {
      self.open = open
      self.askPassword = askPassword
    }
  }

  /// What a library's loop needs besides its shelf: its files, how its documents are opened,
  /// and how the shelf goes to its next order (the order's name, said on the status line).
  public struct LibraryHooks {
    /// The shelf's files, cover by cover.
    public var files: [String]
    /// How its documents are opened.
    public var documents: DocumentHooks
    /// Takes the shelf's next order (the shelf's reopen lists its files in it); its name.
    public var nextOrder: () -> String
    /// The passwords that opened documents of the shelf this run (shared with the shelf's
    /// workers): such a document opens again without asking, and its cover is drawn.
    public var passwords: KnownPasswords

    /// Creates hooks.
    public init(
      files: [String], documents: DocumentHooks, nextOrder: @escaping () -> String,
      passwords: KnownPasswords = KnownPasswords()
    ) {
      self.files = files
      self.documents = documents
      self.nextOrder = nextOrder
      self.passwords = passwords
    }
  }
}
