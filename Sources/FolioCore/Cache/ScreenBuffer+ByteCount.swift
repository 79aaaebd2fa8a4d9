extension ScreenBuffer {
  /// The bytes the buffer's cells take: the cost to give a byte-bounded cache.
  public var byteCount: Int { cells.count * MemoryLayout<Cell>.stride }
}
