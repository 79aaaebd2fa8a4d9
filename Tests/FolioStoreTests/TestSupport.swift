import Foundation
import Glibc

/// A fresh folder under /tmp for one test, removed when the test is done with it.
final class TemporaryFolder {
  let path: String

  init() throws {
    var template = Array("/tmp/folio-store-test-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.flatMap { mkdtemp($0) }
    }
    guard let made else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    path = String(cString: made)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// A path inside the folder.
  func file(_ name: String) -> String { path + "/" + name }

  /// The names of the files in `folder` (the folder itself by default).
  func names(in folder: String? = nil) -> Set<String> {
    Set((try? FileManager.default.contentsOfDirectory(atPath: folder ?? path)) ?? [])
  }
}

/// Deterministic bytes (SplitMix64), so a failing fingerprint test can be repeated.
func sampleBytes(count: Int, seed: UInt64) -> [UInt8] {
  var state = seed
  var bytes: [UInt8] = []
  bytes.reserveCapacity(count)
  while bytes.count < count {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    value ^= value >> 31
    for shift in stride(from: 0, to: 64, by: 8) where bytes.count < count {
      bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
    }
  }
  return bytes
}

func write(_ bytes: [UInt8], to path: String) throws {
  try Data(bytes).write(to: URL(fileURLWithPath: path))
}

func readBytes(_ path: String) throws -> [UInt8] {
  [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
}
