import FolioCore

/// How the runtime reads SyncTeX, given by the executable (which links the reader): forward
/// from a source line to the boxes it made, inverse from a point on a page to its source line.
/// Called on `SourceFinder`'s thread; errors are one line for the person.
public struct SourceLookup: Sendable {
  /// A box a source line made: its page and its place in points from the page's top-left.
  public struct Box: Sendable, Equatable {
    public var page: PageIndex
    public var x, y, width, height: Double

    /// A box of `page`.
    public init(page: PageIndex, x: Double, y: Double, width: Double, height: Double) {
      self.page = page
      self.x = x
      self.y = y
      self.width = width
      self.height = height
    }
  }

  /// A source file's line (and column, when SyncTeX knows it).
  public struct Line: Sendable, Equatable {
    /// The file, as SyncTeX names it (made absolute against the PDF's folder).
    public var input: String
    public var line: Int
    public var column: Int?

    /// A line of `input`.
    public init(input: String, line: Int, column: Int?) {
      self.input = input
      self.line = line
      self.column = column
    }
  }

  /// The boxes line `line` (column `column`, -1 if unknown) of `input` made in the PDF at the
  /// first path.
  public var boxes:
    @Sendable (_ pdf: String, _ input: String, _ line: Int, _ column: Int) throws -> [Box]
  /// The source line of the point (`x`, `y` in points from the top-left) of `page`, if any.
  public var line:
    @Sendable (_ pdf: String, _ page: PageIndex, _ x: Double, _ y: Double) throws -> Line?

  /// Opens the editor at a line (the tmux pane it runs in, if known, selected), when an
  /// editor command is set; returns why it could not, or nil. Never through a shell.
  public var edit: (@Sendable (_ line: Line, _ pane: String?) -> String?)?

  /// A lookup made of its two directions and the editor.
  public init(
    boxes: @escaping @Sendable (String, String, Int, Int) throws -> [Box],
    line: @escaping @Sendable (String, PageIndex, Double, Double) throws -> Line?,
    edit: (@Sendable (Line, String?) -> String?)? = nil
  ) {
    self.boxes = boxes
    self.line = line
    self.edit = edit
  }
}
