import FolioFixtures
import Foundation
import Testing

/// `folio --annotations`: every annotation of the files and folders named, as tab-separated
/// lines or markdown; exit 0 when any was printed, 1 when none, 2 for a file that cannot be
/// read (one line on standard error, the others still printed) and for usage errors.
@Suite("Annotations for scripts")
struct AnnotationListTests {
  /// The lines `--list` prints for the annotated sample at `path`.
  static func sampleLines(_ path: String) -> [String] {
    [
      "\(path)\t1\tiv\thighlight\tquick brown\tFast and brown[31m",
      "\(path)\t1\tiv\tunderline\thyphenated\t",
      "\(path)\t2\t5\tstrike-out\twords\t",
      "\(path)\t2\t5\tnote\t\tCheck this",
    ]
  }

  /// The markdown of the annotated sample, as a file named `name`.
  static func sampleMarkdown(_ name: String) -> String {
    """
    # Annotated sample (\(name))

    > quick brown (p. iv)

    Fast and
    brown[31m

    > hyphenated (p. iv)

    > words (p. 5)

    Check this (p. 5)

    """
  }

  @Test func aFileIsListedALineAnAnnotation() throws {
    let folder = try ScratchFolder()
    let path = folder.path + "/sample.pdf"
    try FixturePDF.writeAnnotatedSample(to: path)
    let result = try FolioProcess.run(
      ["--annotations", "--list", path], environment: folder.environment,
      timeLimit: .seconds(60))
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.isEmpty)
    let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.dropLast().map(String.init) == Self.sampleLines(path))
    #expect(lines.last == "")
    // The note's tab, line break and escape: never raw in a field.
    #expect(!result.standardOutput.contains("\u{1B}"))
    #expect(
      lines.dropLast().allSatisfy {
        $0.split(separator: "\t", omittingEmptySubsequences: false).count == 6
      })
  }

  @Test func markdownIsAHeadingAndQuotes() throws {
    let folder = try ScratchFolder()
    let path = folder.path + "/sample.pdf"
    try FixturePDF.writeAnnotatedSample(to: path)
    let result = try FolioProcess.run(
      ["--annotations", "--format", "markdown", path], environment: folder.environment,
      timeLimit: .seconds(60))
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput == Self.sampleMarkdown("sample.pdf"))
  }

  /// A folder with two annotated documents (one in a folder under it), one without
  /// annotations and, with `damaged`, a file named .pdf that is no PDF.
  func makeFolder(_ folder: ScratchFolder, damaged: Bool) throws -> String {
    let root = folder.path + "/notes"
    try FileManager.default.createDirectory(
      atPath: root + "/sub", withIntermediateDirectories: true)
    try FixturePDF.writeAnnotatedSample(to: root + "/sample.pdf")
    try FixturePDF.writeAnnotatedSample(to: root + "/sub/other.pdf")
    try FixturePDF.write(
      [FixturePage(width: 612, height: 792, lines: ["Nothing marked"])], to: root + "/plain.pdf")
    if damaged {
      try Data("%PDF-1.4 torn off".utf8).write(to: URL(fileURLWithPath: root + "/fake.pdf"))
    }
    return root
  }

  @Test func aFolderIsListedFileByFile() throws {
    let folder = try ScratchFolder()
    let root = try makeFolder(folder, damaged: false)
    let result = try FolioProcess.run(
      ["--annotations", "--list", root], environment: folder.environment,
      timeLimit: .seconds(60))
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.isEmpty)
    let expected =
      Self.sampleLines(root + "/sample.pdf") + Self.sampleLines(root + "/sub/other.pdf")
    #expect(result.standardOutput == expected.map { $0 + "\n" }.joined())
    let markdown = try FolioProcess.run(
      ["--annotations", "--format", "markdown", root], environment: folder.environment,
      timeLimit: .seconds(60))
    #expect(markdown.status == 0)
    #expect(
      markdown.standardOutput
        == Self.sampleMarkdown("sample.pdf") + "\n" + Self.sampleMarkdown("other.pdf"))
  }

  @Test func aDamagedFileIsOneLineAndTheOthersAreStillListed() throws {
    let folder = try ScratchFolder()
    let root = try makeFolder(folder, damaged: true)
    let result = try FolioProcess.run(
      ["--annotations", "--list", root], environment: folder.environment,
      timeLimit: .seconds(60))
    #expect(result.status == 2)
    let errors = result.standardError.split(separator: "\n")
    #expect(errors.count == 1, "\(result.standardError)")
    #expect(errors.first?.hasPrefix("folio: \(root)/fake.pdf: ") == true)
    let expected =
      Self.sampleLines(root + "/sample.pdf") + Self.sampleLines(root + "/sub/other.pdf")
    #expect(result.standardOutput == expected.map { $0 + "\n" }.joined())
  }

  @Test func noAnnotationsIsStatusOne() throws {
    let folder = try ScratchFolder()
    let root = try makeFolder(folder, damaged: false)
    for format in ["list", "markdown"] {
      let result = try FolioProcess.run(
        ["--annotations", "--format", format, root + "/plain.pdf"],
        environment: folder.environment, timeLimit: .seconds(60))
      #expect(result.status == 1, "\(result.standardError)")
      #expect(result.standardOutput.isEmpty && result.standardError.isEmpty)
    }
  }

  @Test func anotherProgramsAnnotationsAreListed() throws {
    let path = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("shared/corpus/pdfs/pypdf-annotated.pdf")
      .path
    let folder = try ScratchFolder()
    let result = try FolioProcess.run(
      ["--annotations", path], environment: folder.environment, timeLimit: .seconds(60))
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.standardOutput
        == [
          "\(path)\t1\t1\tnote\t\tThis is a text annotation.",
          "\(path)\t1\t1\thighlight\tLine 1 Line 2\tHighlight comment",
          "\(path)\t1\t1\tink\t\tHello world!",
        ].map { $0 + "\n" }.joined())
  }

  @Test func usageErrorsAreStatusTwo() throws {
    let folder = try ScratchFolder()
    let path = folder.path + "/sample.pdf"
    try FixturePDF.writeAnnotatedSample(to: path)
    for arguments in [
      ["--annotations"], ["--format", "markdown", path], ["--list", path],
      ["--annotations", "--find", "quick", path], ["--annotations", "--format", "html", path],
      ["--annotations", "--print", path],
    ] {
      let result = try FolioProcess.run(
        arguments, environment: folder.environment, timeLimit: .seconds(60))
      #expect(result.status == 2, "\(arguments)")
      #expect(result.standardError.split(separator: "\n").count == 1, "\(arguments)")
      #expect(result.standardOutput.isEmpty)
    }
  }
}
