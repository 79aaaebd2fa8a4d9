import CSynctex
import Glibc

/// A libsynctex scanner behind a mutex: a query keeps its results in the scanner until they
/// are read, so each query and the reading of its results happen under the lock, and the
/// scanner is freed with its holder. Nothing else touches the scanner, which makes sharing the
/// holder between threads safe.
final class LockedScanner: @unchecked Sendable {
  private let scanner: OpaquePointer
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  /// Takes ownership of a parsed scanner.
  init(_ scanner: OpaquePointer) {
    self.scanner = scanner
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    synctex_scanner_free(scanner)
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// `body` run with the scanner, alone.
  func withScanner<Result>(_ body: (OpaquePointer) -> Result) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body(scanner)
  }
}
