import FolioCore
import Foundation

/// What the user searches for, normalized as page text is (`SearchableText`), with smart case:
/// a query with an upper-case letter matches case exactly, one without ignores case (as in vim
/// and ripgrep). Literal text, no patterns.
public struct TextQuery: Hashable, Sendable {
  /// The query as typed.
  public let typed: String
  /// Whether case must match.
  public let isCaseSensitive: Bool
  /// The normalized query's scalars, lower-cased when case does not matter; empty for a query
  /// of only whitespace.
  let scalars: [Unicode.Scalar]

  /// A query for `typed`.
  public init(_ typed: String) {
    self.typed = typed
    isCaseSensitive = typed.contains { $0.isUppercase }
    let normalized = String(decoding: SearchableText(normalizing: typed).utf8, as: UTF8.self)
    // Never a notes partition: a match never spans page text and a note.
    let scalars = normalized.unicodeScalars.filter {
      $0 != SearchableText.joint && $0 != NotesPartition.mark
    }
    self.scalars = isCaseSensitive ? Array(scalars) : scalars.flatMap(CaseFolding.folded)
  }

  /// Whether the query finds nothing because it is empty.
  public var isEmpty: Bool { scalars.isEmpty }
}

/// Lower-casing of single scalars, as case-insensitive matching compares them.
enum CaseFolding {
  /// `scalar` lower-cased (ASCII without a lookup; others through Unicode's mapping, which may
  /// give more than one scalar).
  static func folded(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
    if scalar.isASCII {
      let value = scalar.value
      return [(65...90).contains(value) ? Unicode.Scalar(UInt8(value + 32)) : scalar]
    }
    return Array(scalar.properties.lowercaseMapping.unicodeScalars)
  }
}
