import FolioCore
import Foundation

/// libFuzzer's entry point: one input, the bytes of a would-be PDF.
@_cdecl("LLVMFuzzerTestOneInput")
public func folioFuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  BytesToCells.run(UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size))
  return 0
}

#if LIBFUZZER
  /// libFuzzer's driver, called from `main` (SwiftPM gives an executable's `main` to its
  /// module, so libFuzzer's own `main` is not linked in).
  @_silgen_name("LLVMFuzzerRunDriver")
  func runLibFuzzer(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
  ) -> CInt

  /// Under libFuzzer (`make libfuzz`): libFuzzer's command line and loop.
  @main
  enum LibFuzzerMain {
    static func main() {
      var count = CommandLine.argc
      var arguments = CommandLine.unsafeArgv
      exit(runLibFuzzer(&count, &arguments, folioFuzzOneInput))
    }
  }
#else
  /// Without libFuzzer (a normal `swift build`): replays the files and folders named on the
  /// command line through the same entry point, one input each, and says how many ran. A trap
  /// ends the run as it would under libFuzzer.
  @main
  enum Replay {
    static func main() {
      var count = 0
      for argument in CommandLine.arguments.dropFirst() {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) else {
          FileHandle.standardError.write(Data("folio-libfuzzer: no such file: \(argument)\n".utf8))
          exit(2)
        }
        let paths =
          isFolder.boolValue
          ? ((try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []).sorted().map {
            argument + "/" + $0
          } : [argument]
        for path in paths {
          guard let data = FileManager.default.contents(atPath: path) else { continue }
          data.withUnsafeBytes { bytes in
            _ = folioFuzzOneInput(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count)
          }
          count += 1
        }
      }
      try? FileManager.default.removeItem(atPath: BytesToCells.scratchPath)
      print("folio-libfuzzer: \(count) inputs replayed")
    }
  }
#endif
