@preconcurrency import CNcursesw
import FolioCore
import Glibc

/// Images written between frames, and deleted when the terminal is given back.
extension NcursesTerminal {
  public func writeSequences(_ bytes: [UInt8]) {
    guard isActive, !bytes.isEmpty else { return }
    if !hasShownImages { CrashGuard.imagesDidShow(deletion: imageDeletion) }
    hasShownImages = true
    writeRaw(bytes)
  }

  public func redraw(rows: [Range<Int>]) {
    guard isActive else { return }
    for range in rows where !range.isEmpty {
      // Marks the rows garbled: curses writes them whole at the next update.
      wredrawln(folio_stdscr(), Int32(range.lowerBound), Int32(range.count))
    }
    update()
  }

  /// Deletes the images shown (on the alternate screen every one is Folio's).
  func deleteImages() {
    guard hasShownImages else { return }
    hasShownImages = false
    writeRaw(imageDeletion)
  }

  /// Writes `bytes` to the terminal between frames (curses has written everything; what is
  /// written moves no cursor, or puts it back).
  func writeRaw(_ bytes: [UInt8]) {
    fflush(stdout)
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count, let base = buffer.baseAddress {
        let written = write(STDOUT_FILENO, base + offset, buffer.count - offset)
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { break }
        offset += written
      }
    }
  }
}
