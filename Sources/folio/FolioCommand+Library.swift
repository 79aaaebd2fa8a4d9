import FolioConfig
import FolioCore
import FolioStore
import FolioUI
import Foundation

/// The library's part of the command line: a folder or several files, and `folio` alone.
extension FolioCommand {
  /// A library: the shelf of covers in the viewer, `--find --list` over its files, or the
  /// frame of covers (`--print`).
  func runLibrary(config: ConfigFile, keymap: Keymap) throws {
    let (files, problems) = LibraryFiles.collect(self.files)
    for problem in problems {
      StandardStreams.writeError(Failure(path: problem.path, reason: problem.reason).line + "\n")
    }
    if search.list, let text = search.find {
      var status = try LibraryFind.run(query: text, files: files, options: picture)
      if !problems.isEmpty { status = 2 }
      if status != 0 { Self.exit(status) }
      return
    }
    guard !files.isEmpty else {
      // Each file missing has been said.
      if !problems.isEmpty { Self.exit(1) }
      throw Failure(
        path: nil, reason: "no PDF file in \(self.files.joined(separator: ", "))", status: 1)
    }
    let name = Self.libraryName(of: self.files)
    if picture.print {
      return try FramePrinter.runLibrary(picture, files: files, name: name)
    }
    try Self.requireTerminal()
    let ending = try LibraryViewer(
      files: files, name: name, options: picture, keymap: keymap,
      configProblems: config.problems, remembers: remember != false,
      problems: problems.map { Failure(path: $0.path, reason: $0.reason).line },
      folders: self.files.filter { path in
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
      }, arguments: self.files, find: search.find, markColors: config.markColors
    ).run()
    if ending.status != 0 { Self.exit(ending.status) }
  }

  /// The files of the documents opened last that are still there, newest first.
  static func recentDocuments(environment: [String: String], limit: Int = 200) -> [String] {
    guard
      let store = PlaceStore.open(directory: PlaceStore.defaultDirectory(environment: environment))
        .store,
      let paths = try? store.recentPaths(limit: limit * 2)
    else { return [] }
    let present = paths.filter { path in
      var status = stat()
      return path.hasPrefix("/") && stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }
    return Array(present.prefix(limit))
  }

  /// Fails unless standard input and output are a terminal (the viewer's, a library's).
  static func requireTerminal() throws {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
      throw Failure(
        path: nil, reason: "standard input and output must be a terminal (use --print for scripts)",
        status: 2)
    }
  }

  /// What a library of `arguments` is called: its folder's name, else how many files it has.
  static func libraryName(of arguments: [String]) -> String {
    if arguments.count == 1 {
      let folder = URL(fileURLWithPath: arguments[0]).standardizedFileURL.lastPathComponent
      return TerminalText.sanitized(folder.isEmpty ? arguments[0] : folder) + "/"
    }
    return "\(arguments.count) files"
  }
}
