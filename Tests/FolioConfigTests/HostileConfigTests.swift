import FolioConfig
import FolioCore
import Foundation
import Testing

/// Config files that are not config files: garbage, NUL bytes, endless lines, deep nesting,
/// and the inputs that make toml++ assert. Each is read quickly into a few one-line problems
/// and whatever good lines it has; none crashes or hangs.
@Suite struct HostileConfigTests {
  /// Reads `bytes` and checks the problems are few, one line each, with no control
  /// characters.
  func read(_ bytes: [UInt8], within limit: Duration = .seconds(20)) -> ConfigFile {
    let clock = ContinuousClock()
    let start = clock.now
    let config = ConfigFile.parse(bytes: bytes, name: "hostile.toml")
    #expect(clock.now - start < limit)
    #expect(config.problems.count <= ConfigFile.problemsShown + 1)
    for problem in config.problems {
      #expect(problem.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F })
      #expect(problem.count < 1000)
    }
    return config
  }

  @Test func aMegabyteOfGarbageIsAFewProblemsAndItsGoodLinesStillApply() {
    var random = SplitMix64(seed: 20_261_127)
    var bytes = (0..<1_000_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    bytes += Array("\nsymbols = \"ascii\"\n".utf8)
    let config = read(bytes)
    #expect(config.problems.last?.hasSuffix("more problems not shown") == true)
    #expect(config.symbols == .ascii)
    // Garbage that is mostly TOML's own punctuation.
    let punctuation = Array("[]{}=\"'#.,\n \t-_0aT:".utf8)
    let toml = (0..<1_000_000).map { _ in
      punctuation[Int(random.next() % UInt64(punctuation.count))]
    }
    _ = read(toml)
  }

  /// Thousands of short files of TOML's punctuation, each read whole: an input toml++
  /// asserts on that `UnsafeTOMLLine` lets through aborts the run.
  @Test func shortFilesOfPunctuationNeverReachTheParsersAssertions() {
    var random = SplitMix64(seed: 46)
    let punctuation = Array("[]{}=\"'#.,\n \t-_0aT:+".utf8)
    for _ in 0..<3000 {
      let count = Int(random.next() % 40) + 1
      _ = read(
        (0..<count).map { _ in punctuation[Int(random.next() % UInt64(punctuation.count))] })
    }
  }

  @Test func nulBytesAndOtherControlCharactersCostTheirLinesOnly() {
    let config = read(Array("mode = \"gr\0id\"\nsymbols = \"quad\"\n\u{7}\nrtl = true".utf8))
    #expect(config.problems.count == 2, "\(config.problems)")
    #expect(
      config.problems[0].hasPrefix("hostile.toml:1: ") && config.problems[0].contains("U+0000"))
    #expect(config.problems[1].hasPrefix("hostile.toml:3: "))
    #expect(config.symbols == .quad && config.rightToLeft == true && config.mode == nil)
    let notUTF8 = read([0xFF, 0xFE, 0x0A] + Array("symbols = \"half\"".utf8))
    #expect(notUTF8.problems == ["hostile.toml:1: not UTF-8 text"])
    #expect(notUTF8.symbols == .half)
  }

  @Test func veryLongLinesAreQuotedShort() {
    let long = "mode = " + String(repeating: "x", count: 200_000)
    let config = read(Array((long + "\nsymbols = \"half\"").utf8))
    #expect(config.problems.count == 1 && config.problems[0].count < 300, "\(config.problems)")
    #expect(config.symbols == .half)
    let digits = "cache-mb = " + String(repeating: "9", count: 200_000)
    #expect(read(Array(digits.utf8)).problems.count == 1)
  }

  @Test func deepNestingStopsAtALimit() {
    for opening in ["[", "{a=", "[{a="] {
      let deep = "x = " + String(repeating: opening, count: 100_000)
      let config = read(Array((deep + "\nsymbols = \"half\"").utf8))
      #expect(config.problems.count == 1, "\(opening): \(config.problems)")
      #expect(config.symbols == .half)
    }
    let headers = String(repeating: "[", count: 100_000)
    #expect(read(Array(headers.utf8)).problems.count == 1)
  }

  /// Inputs on which toml++ (inside TOMLKit) fails an assertion when it sees them, found by
  /// fuzzing it: they never reach it.
  @Test(arguments: [
    "[[[", "[.", "[[[a]]]", "m= [},\u{0}]0\"", "h = [[}b'#_d000",
    "h =1979-05-27TTTb:!TTb:_n", "che-bm = [[[[[[[[[[[}[[[2,,,,2Jcb =",
    "a = [1, }]", "a = {b = [}]}", "x = 07:32:00Z", "x = 1979-05-27T07:32:0a",
  ])
  func inputsThatCrashTheTOMLParserAreProblems(text: String) {
    let config = read(Array(("symbols = \"half\"\n" + text + "\n[keys]\nJ = \"quit\"").utf8))
    #expect(!config.problems.isEmpty)
    #expect(config.symbols == .half)
    #expect(config.keys.count == 1)
  }

  @Test func aFileThatCannotBeReadIsAnErrorOnlyWhenNamed() throws {
    let folder = FileManager.default.temporaryDirectory.path + "/folio-config-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(throws: ConfigFileError.missing) {
      try ConfigFile.read(path: folder + "/missing.toml", required: true)
    }
    let absent = try ConfigFile.read(path: folder + "/missing.toml")
    #expect(absent.problems.isEmpty)
    #expect(throws: ConfigFileError.directory) { try ConfigFile.read(path: folder, required: true) }
    #expect(
      try ConfigFile.read(path: folder).problems == ["\(folder): is a directory, not a config file"]
    )
    #expect(throws: ConfigFileError.notAFile) {
      try ConfigFile.read(path: "/dev/zero", required: true)
    }
    let large = folder + "/large.toml"
    try Data(count: ConfigFile.largestSize + 1).write(to: URL(fileURLWithPath: large))
    #expect(throws: ConfigFileError.tooLarge) { try ConfigFile.read(path: large, required: true) }
  }
}
