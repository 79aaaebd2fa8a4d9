import FolioCore

/// The root of what Folio shows: the documents of one run, each an `AppState` keyed by its
/// id, one of them in front. With a shelf (a folder, several files, the recent documents) the
/// shelf of covers is one of them and documents opened from it join it; alone, the one
/// document is all there is. Pure: `update` is the only writer, and what leaves the session
/// (opening a file, letting a document go) is a `SessionEffect`.
public struct Session: Sendable {
  /// The shelf of a library: which document it is, its files in order, and which file each
  /// document opened from it is.
  public struct Shelf: Sendable, Equatable {
    /// The shelf's own document (its covers are its tiles).
    public let id: DocumentID
    /// The files, cover by cover.
    public fileprivate(set) var files: [String]
    /// The file each document opened from the shelf shows.
    public fileprivate(set) var members: [DocumentID: String] = [:]
    /// The file to select once the shelf is listed again (after `O`).
    fileprivate var selecting: String?

    /// The cover of `path`, if it is still on the shelf.
    public func index(of path: String) -> Int? { files.firstIndex(of: path) }
  }

  /// A document asked for and not open yet: the screen stays as it is until it is.
  public struct Opening: Sendable, Equatable {
    /// The id it will have.
    public let id: DocumentID
    /// Its file.
    public let path: String
    /// The page (number or label) to show once it is open, when asked from outside.
    public var page: String?
  }

  /// Every document of the session, by id.
  public private(set) var documents: [DocumentID: AppState]
  /// The document shown.
  public private(set) var front: DocumentID
  /// The shelf, in a library.
  public private(set) var shelf: Shelf?
  /// The document being opened, if one is.
  public private(set) var opening: Opening?
  /// The terminal's size, as the last resize said (a document brought to front takes it).
  public private(set) var screenSize: CellSize
  private var nextID: DocumentID

  /// A session of one document, `state`, alone.
  public init(document state: AppState) {
    documents = [.first: state]
    front = .first
    screenSize = state.terminal.size
    nextID = DocumentID.first.next
  }

  /// A library's session: the shelf of `files`, whose covers `state` shows, in front.
  public init(shelf state: AppState, files: [String]) {
    self.init(document: state)
    shelf = Shelf(id: .first, files: files)
  }

  /// The state of the document in front.
  public var frontState: AppState {
    guard let state = documents[front] else { preconditionFailure("the front document is gone") }
    return state
  }

  /// The state of document `id`, if it is in the session.
  public func state(of id: DocumentID) -> AppState? { documents[id] }

  /// Whether `id` is the shelf.
  public func isShelf(_ id: DocumentID) -> Bool { shelf?.id == id }

  /// Applies one event; returns what the runtime must do, in order.
  public mutating func update(_ event: SessionEvent) -> [SessionEffect] {
    switch event {
    case .document(let target, let event):
      let id = target ?? front
      if target == nil, case .input(.resize(let size)) = event { screenSize = size }
      return update(id, with: event)
    case .opened(let id, let state, let startup):
      guard let asked = opening, asked.id == id else { return [.close(id)] }
      opening = nil
      documents[id] = state
      shelf?.members[id] = asked.path
      var effects = state.startingEffects.map { SessionEffect.document(id, $0) }
      for event in startup { effects += update(id, with: event) }
      if let page = asked.page, let index = documents[id]?.document.page(named: page) {
        effects += update(id, with: .remote(.goTo(index)))
      }
      return effects + bringToFront(id)
    case .notOpened(let id, let reason):
      guard let asked = opening, asked.id == id else { return [] }
      opening = nil
      guard let shelf else { return update(front, with: .problem(reason)) }
      // Said on the shelf, on the cover that could not be opened (`]` goes past it from
      // there).
      var effects = bringToFront(shelf.id)
      if let index = shelf.index(of: asked.path), var place = documents[shelf.id]?.place {
        place.page = PageIndex(index)
        effects += update(shelf.id, with: .restorePlace(place))
      }
      return effects + update(shelf.id, with: .problem(reason))
    case .openFile(let path, let page):
      let effects = open(path, find: nil)
      opening?.page = page
      return effects
    case .shelfListed(let files):
      guard var listed = shelf, !files.isEmpty else { return [] }
      listed.files = files
      let selecting = listed.selecting
      listed.selecting = nil
      shelf = listed
      guard let selecting, let index = listed.index(of: selecting),
        var place = documents[listed.id]?.place
      else { return [] }
      place.page = PageIndex(index)
      return update(listed.id, with: .restorePlace(place))
    }
  }
}

/// Going from document to document: the library's moves (`LibraryMove`, from Enter, Esc, `[`,
/// `]` and `O`) become changes of the session, and every other effect goes to the runtime
/// tagged with its document.
extension Session {
  /// Applies `event` to document `id` (if it is still in the session) and sorts its effects.
  mutating func update(_ id: DocumentID, with event: Event) -> [SessionEffect] {
    guard var state = documents[id] else { return [] }
    let effects = state.update(event)
    documents[id] = state
    var sorted: [SessionEffect] = []
    for effect in effects {
      if case .leave(let move) = effect {
        sorted += follow(move, from: id)
      } else {
        sorted.append(.document(id, effect))
      }
    }
    return sorted
  }

  /// Where `move` goes from document `id`.
  private mutating func follow(_ move: LibraryMove, from id: DocumentID) -> [SessionEffect] {
    guard let shelf else { return [] }
    switch move {
    case .open(let page, let find):
      guard shelf.files.indices.contains(page.rawValue) else { return [] }
      return open(shelf.files[page.rawValue], find: find)
    case .reorder:
      if let page = documents[shelf.id]?.view.currentPage.rawValue,
        shelf.files.indices.contains(page)
      {
        self.shelf?.selecting = shelf.files[page]
      }
      return [.reorderShelf]
    case .back:
      guard id != shelf.id else { return [] }
      // A neighbour asked for meanwhile is not wanted any more.
      opening = nil
      return bringToFront(shelf.id)
    case .next, .previous:
      // Pressed again before the neighbour is open: from that neighbour on.
      guard let path = opening?.path ?? shelf.members[id], let index = shelf.index(of: path)
      else {
        return bringToFront(shelf.id)
      }
      let target = index + (move == .next ? 1 : -1)
      guard shelf.files.indices.contains(target) else {
        let edge = move == .next ? "last" : "first"
        return update(id, with: .problem("the library's \(edge) document"))
      }
      return open(shelf.files[target], find: nil)
    }
  }

  /// Asks for the document at `path`: a new id, opened by the runtime while the screen stays;
  /// a document asked for before and not open yet is forgotten.
  private mutating func open(_ path: String, find: FindRequest?) -> [SessionEffect] {
    let id = nextID
    nextID = id.next
    opening = Opening(id: id, path: path)
    return [.open(id, path: path, find: find)]
  }

  /// Puts `id` in front: it takes the screen's size; a document of the shelf that was in front
  /// goes (its cover says where it was left, and the shelf selects it).
  mutating func bringToFront(_ id: DocumentID) -> [SessionEffect] {
    let left = front
    front = id
    var effects = fitToScreen(id) + [.bringToFront(id)]
    // A document opened from the shelf goes when another comes to the front; alone, the one
    // before goes when another file is opened in its place.
    if left != id, left != shelf?.id {
      effects += close(left, selecting: id == shelf?.id)
    }
    return effects
  }

  /// Lets document `id` go; for one opened from the shelf, its cover's label says where it
  /// was left (and the shelf selects it when asked).
  private mutating func close(_ id: DocumentID, selecting: Bool) -> [SessionEffect] {
    guard let state = documents.removeValue(forKey: id) else { return [] }
    let path = self.shelf?.members.removeValue(forKey: id)
    // Its place is written before its services go (a file opened in its place from outside
    // leaves no other chance).
    var effects = state.savingPlace.map { SessionEffect.document(id, $0) } + [.close(id)]
    guard let shelf, let path, let index = shelf.index(of: path) else { return effects }
    // The annotations the document's panel read, when it read them all (marks made or
    // removed since the cover was read are counted); else those the cover's label counted.
    let listing = state.document.annotations
    let counted =
      listing.isWhole
      ? listing.annotations.count
      : documents[shelf.id].map {
        CoverLabel.annotationCount(in: $0.document.label(of: PageIndex(index)))
      }
    let label = CoverLabel.text(
      name: CoverLabel.names(of: shelf.files)[index], title: state.document.title,
      pageCount: state.document.pageCount,
      place: state.settings.remembersPlace ? state.view.currentPage.rawValue : nil,
      annotationCount: counted ?? 0)
    effects += update(shelf.id, with: .labelFixed(PageIndex(index), label))
    if selecting, var place = documents[shelf.id]?.place {
      place.page = PageIndex(index)
      effects += update(shelf.id, with: .restorePlace(place))
    }
    return effects
  }

  /// Tells document `id` the screen's size if it was made for another.
  mutating func fitToScreen(_ id: DocumentID) -> [SessionEffect] {
    guard let size = documents[id]?.terminal.size, size != screenSize else { return [] }
    return update(id, with: .input(.resize(screenSize)))
  }
}
