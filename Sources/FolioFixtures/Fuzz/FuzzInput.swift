import FolioCore
import Foundation

/// One file the fuzzer runs and how: a seed with mutations applied, or a regression input as
/// it is.
public struct FuzzInput: Sendable {
  /// Its number in the campaign (regression inputs come first).
  public var index: Int
  /// The seed or regression file it comes from.
  public var origin: String
  /// The mutations applied, in order, each with where it struck.
  public var mutations: [String]
  /// The file's bytes.
  public var bytes: [UInt8]
  /// How folio shows it.
  public var arguments: PrintArguments

  /// An input as given.
  public init(
    index: Int, origin: String, mutations: [String], bytes: [UInt8], arguments: PrintArguments
  ) {
    self.index = index
    self.origin = origin
    self.mutations = mutations
    self.bytes = bytes
    self.arguments = arguments
  }

  /// Input `index` of a campaign with `seed`: a seed file drawn from `seeds` (its uncompressed
  /// copy more often than not), one to three mutations, and print arguments. The same seed
  /// and index always give the same input.
  public static func mutated(index: Int, seed: UInt64, seeds: [FuzzSeed]) -> FuzzInput {
    var random = SplitMix64(seed: seed, input: index)
    let source = random.pick(seeds)
    let expanded = source.expandedBytes != nil && random.chance(0.7)
    var bytes = expanded ? source.expandedBytes ?? source.bytes : source.bytes
    let partner = random.pick(seeds)
    var mutations: [String] = []
    // Number mutations first, while the seed's number tokens found at loading still hold.
    let drawn = (0..<random.pick([1, 1, 1, 2, 2, 3])).map { _ in Mutation.draw(using: &random) }
    let ordered = drawn.filter { $0 == .numbers } + drawn.filter { $0 != .numbers }
    for mutation in ordered {
      let known =
        mutations.isEmpty ? (expanded ? source.expandedNumberRanges : source.numberRanges) : nil
      if let done = mutation.apply(
        to: &bytes, partner: partner.bytes, numberRanges: known, using: &random)
      {
        mutations.append(done)
      }
    }
    if mutations.isEmpty && !bytes.isEmpty {
      mutations.append(ByteMutations.flip(&bytes, using: &random))
    }
    return FuzzInput(
      index: index, origin: source.name + (expanded ? " (qdf)" : ""), mutations: mutations,
      bytes: bytes, arguments: .draw(pageCount: source.pageCount, using: &random))
  }
}

extension FuzzInput {
  /// Every PDF in `directory` (sorted by name) as it is, in every mode, at two sizes: the
  /// inputs that once broke folio, replayed before a campaign's mutated inputs.
  public static func replays(ofFilesIn directory: String) throws -> [FuzzInput] {
    let names = try FileManager.default.contentsOfDirectory(atPath: directory)
      .filter { $0.lowercased().hasSuffix(".pdf") }.sorted()
    var inputs: [FuzzInput] = []
    for name in names {
      guard let data = FileManager.default.contents(atPath: directory + "/" + name) else {
        throw FixtureError(description: "cannot read \(directory)/\(name)")
      }
      for mode in PrintArguments.modes {
        for size in [PrintArguments.sizes[0], PrintArguments.sizes[1]] {
          inputs.append(
            FuzzInput(
              index: inputs.count, origin: name, mutations: [], bytes: [UInt8](data),
              arguments: PrintArguments(mode: mode, columns: size.columns, rows: size.rows)))
        }
      }
    }
    return inputs
  }
}
