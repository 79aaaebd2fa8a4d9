import FolioCore
import FolioUI

/// Runs SyncTeX lookups (`SourceLookup`) on a thread of its own, so reading a large
/// `.synctex.gz` or starting the editor never stalls the loop: forward searches (a client of
/// the control socket waits for each) and inverse searches (`E`, Ctrl+click), which open the
/// editor at the line found. Of each kind the newest replaces one not yet started. Use from
/// the loop's thread.
public final class SourceFinder: LoopService {
  /// A lookup asked for: its number (the loop matches answers by it) and what it asks.
  struct Query: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
      case boxes(input: String, line: Int, column: Int)
      case line(page: PageIndex, x: Double, y: Double, pane: String?)
    }
    var number: Int
    var pdf: String
    var kind: Kind

    var lane: Int {
      if case .boxes = kind { return 0 }
      return 1
    }
  }

  /// What a lookup found: a forward search's boxes, or an inverse search's line and what
  /// became of opening the editor there.
  enum Found: Sendable, CustomStringConvertible {
    case boxes([SourceLookup.Box])
    case line(SourceLookup.Line?, editor: Editor)

    /// What became of opening the editor.
    enum Editor: Sendable {
      case opened, notSet
      case failed(String)
    }

    /// An inverse search's answer as the status line says it.
    var description: String {
      guard case .line(let found, let editor) = self else { return "" }
      guard let found else { return "SyncTeX finds no source line here" }
      let place = TerminalText.sanitized("\(found.input):\(found.line)")
      switch editor {
      case .opened: return place + " opened in the editor"
      case .notSet: return place + " (synctex-editor-command opens it in the editor)"
      case .failed(let why): return place + ": " + TerminalText.sanitized(why)
      }
    }
  }

  /// A finished lookup: its number and what it found, or why not (one line).
  struct Answer: Sendable {
    var number: Int
    var result: Result<Found, SourceError>
  }

  /// Why a lookup found nothing, said on the status line or to the client.
  public struct SourceError: Error, Sendable, CustomStringConvertible {
    public var description: String
  }

  private let service: WorkQueue<Query, Found>
  private var count = 0

  /// A finder posting to `inbox`, looking up with `lookup`.
  public init(lookup: SourceLookup, inbox: LoopInbox) throws {
    service = try WorkQueue<Query, Found>(
      workerCount: 1, name: "folio-synctex", inbox: inbox, lane: { $0.lane }, makeWorker: {}
    ) { _, query in
      switch query.kind {
      case .boxes(let input, let line, let column):
        return .boxes(try lookup.boxes(query.pdf, input, line, column))
      case .line(let page, let x, let y, let pane):
        guard let found = try lookup.line(query.pdf, page, x, y) else {
          return .line(nil, editor: .notSet)
        }
        guard let edit = lookup.edit else { return .line(found, editor: .notSet) }
        return .line(found, editor: edit(found, pane).map { .failed($0) } ?? .opened)
      }
    }
  }

  deinit { service.beginShutdown() }

  /// Looks for the boxes of `input`'s `line` in `pdf`; returns the answer's number.
  func findBoxes(in pdf: String, input: String, line: Int, column: Int) -> Int {
    ask(pdf, .boxes(input: input, line: line, column: column))
  }

  /// Looks for the source line of a point of `pdf` (points from the page's top-left) and opens
  /// the editor there (in tmux pane `pane`, when known).
  func findLine(in pdf: String, page: PageIndex, x: Double, y: Double, pane: String?) -> Int {
    ask(pdf, .line(page: page, x: x, y: y, pane: pane))
  }

  private func ask(_ pdf: String, _ kind: Query.Kind) -> Int {
    count += 1
    let query = Query(number: count, pdf: pdf, kind: kind)
    service.replaceWanted(
      [(query, RenderPriority(tier: .visible, distance: 0))], inLane: query.lane)
    return count
  }

  /// The lookups finished in `letters`.
  func answers(in letters: [LoopInbox.Letter]) -> [Answer] {
    service.receive(letters).outcomes.map { outcome in
      Answer(
        number: outcome.request.number,
        result: outcome.result.mapError {
          SourceError(description: TerminalText.sanitized("\($0)"))
        })
    }
  }

  /// Answers come back through `answers(in:)`, not as events.
  public func receive(_ letters: [LoopInbox.Letter]) -> [Event] { [] }
}
