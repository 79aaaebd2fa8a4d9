/// The SyncTeX indexes of the last few PDFs asked for, each read once per build: an index is
/// read again only when the PDF's SyncTeX file changed since it was read (another device,
/// inode, size or modification time of `NAME.synctex` or `NAME.synctex.gz`, one appearing or
/// going), which a rebuild always does. A failure is kept the same way: a damaged or missing
/// file is not read again until it changes.
///
/// Not thread-safe: one cache is used from one thread, the SyncTeX service's (the indexes it
/// returns are `Sendable` and may go anywhere).
public final class SyncTeXIndexes {
  /// How many PDFs are kept; the one used longest ago goes first.
  private static let capacity = 8

  private struct Entry {
    var stamps: [FileStamp?]
    var result: Result<SyncTeXIndex, SyncTeXError>
    var lastUse: UInt64
  }

  /// By the PDF's path made absolute and normalized.
  private var entries: [String: Entry] = [:]
  private var uses: UInt64 = 0

  /// An empty cache.
  public init() {}

  /// The index of the PDF at `pdfPath`, read now if it is not kept or its SyncTeX file changed
  /// since it was read; throws what `SyncTeXIndex(pdfPath:)` throws (kept likewise).
  public func index(pdfPath: String) throws(SyncTeXError) -> SyncTeXIndex {
    let key = SourcePath.absolute(pdfPath, in: SourcePath.workingDirectory)
    // The stamps are taken before the file is read: a change during the read is seen next time.
    let stamps = SyncTeXFiles(pdfPath: key).stamps
    uses += 1
    if var entry = entries[key], entry.stamps == stamps {
      entry.lastUse = uses
      entries[key] = entry
      return try entry.result.get()
    }
    let result: Result<SyncTeXIndex, SyncTeXError>
    do throws(SyncTeXError) {
      result = .success(try SyncTeXIndex(pdfPath: pdfPath))
    } catch {
      result = .failure(error)
    }
    entries[key] = Entry(stamps: stamps, result: result, lastUse: uses)
    if entries.count > Self.capacity,
      let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
    {
      entries[oldest] = nil
    }
    return try result.get()
  }
}
