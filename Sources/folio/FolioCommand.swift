import ArgumentParser
import FolioConfig
import FolioCore
import FolioPoppler
import FolioRuntime
import FolioStore
import FolioTerminal
import FolioUI
import Foundation

/// The `folio` command line: parses options, opens the document, and hands off to the viewer.
struct FolioCommand: ParsableCommand {
  /// What a document read from standard input is called.
  static let standardInputName = "standard input"

  static let configuration = CommandConfiguration(
    commandName: "folio",
    abstract: "Browse the pages of a PDF file in the terminal.",
    usage: """
      folio [<options>] [<file> ...]
      folio --preview <file> [<width> <height> [<x> <y>]] [<options>]
      """,
    discussion: """
      A folder (its PDFs, in folders under it too) or several files open a library: a grid of \
      their covers (name, title, pages, annotations); Enter opens one, Esc in its grid goes back, \
      [ and ] go to the previous and next, / searches them all, their annotations' notes too. \
      With no FILE, the documents opened last, newest first (a built-in sample when there are none).
      """,
    version: "folio 0.1.0")

  @Argument(
    help:
      "The PDF file to open; - reads it from standard input; a folder or several files: a library."
  )
  var file: String?

  @Option(help: "The password of an encrypted PDF.")
  var password: String?

  @Flag(
    inversion: .prefixedNo,
    help: ArgumentHelp(
      "Restore and save the place in this document (the default; over remember = false in the config file).",
      discussion: "--no-remember: do not restore or save the place in this document."))
  var remember: Bool?

  @OptionGroup(title: "Picture output for scripts")
  var picture: PrintOptions

  @OptionGroup(title: "Search")
  var search: FindOptions

  @OptionGroup(title: "Annotations")
  var annotating: AnnotationOptions

  @OptionGroup(title: "Picking pages")
  var picking: PickOptions

  @OptionGroup(title: "File-manager previews")
  var previewing: PreviewOptions

  @OptionGroup(title: "Configuration")
  var configuring: ConfigOptions

  @OptionGroup(title: "Driving a running viewer")
  var remoting: RemoteOptions

  /// The files named: FILE and, without --preview, the arguments after it.
  var files: [String] {
    [file].compactMap { $0 } + (previewing.preview ? [] : previewing.geometry)
  }

  /// Whether the files named make a library: more than one, or a folder.
  var opensLibrary: Bool {
    var status = stat()
    return files.count > 1
      || (files.count == 1 && stat(files[0], &status) == 0
        && status.st_mode & S_IFMT == S_IFDIR)
  }

  func validate() throws {
    if opensLibrary && (files.contains("-") || picking.pick) {
      throw ValidationError(
        "several files or a folder: not with - (standard input) or --pick")
    }
    if search.list && search.find == nil && !annotating.annotations {
      throw ValidationError("--list needs --find TEXT or --annotations")
    }
    if annotating.annotations { try validateAnnotations() }
    if search.list && picture.print {
      throw ValidationError("--list and --print cannot be used together")
    }
    if remoting.to != nil && !remoting.remote {
      throw ValidationError("--to says which viewer --remote talks to")
    }
    if remoting.remote && remoting.synctexForward != nil {
      throw ValidationError("--remote and --synctex-forward cannot be used together")
    }
    if remoting.synctexForward != nil && (picture.print || search.list || previewing.preview) {
      throw ValidationError(
        "--synctex-forward shows the place in a viewer: not with --print, --list or --preview")
    }
    if previewing.preview && file == nil {
      throw ValidationError("--preview needs a FILE: folio --preview FILE [WIDTH HEIGHT]")
    }
    if previewing.preview && (search.list || picking.pick || picture.mode != nil) {
      throw ValidationError(
        "--preview prints one page: it cannot be used with --list, --pick or --mode")
    }
    if picking.pick && (search.list || picture.print) {
      throw ValidationError("--pick opens the viewer: it cannot be used with --list or --print")
    }
    // The viewer shows every protocol; printed, the hits are marked in the block art, which
    // the images would cover.
    if let pixels = picture.pixels?.named, picture.print || previewing.preview, search.find != nil {
      throw ValidationError(
        "--pixels \(pixels.rawValue) cannot be used with --find: the hits are marked in block art")
    }
  }

  mutating func run() throws {
    if configuring.listActions {
      try StandardStreams.writeOutput(ActionNames.all.map { $0.name + "\n" }.joined())
      return
    }
    let environment = ProcessInfo.processInfo.environment
    if remoting.remote {
      Self.exit(RemoteClient.run(files, to: remoting.to, environment: environment))
    }
    if annotating.annotations { Self.exit(try runAnnotations()) }
    // The config file's defaults, where the command line said nothing.
    let config = try configuring.load(environment: environment)
    var forward: ForwardTarget?
    if let spec = remoting.synctexForward {
      switch try ForwardSearchCommand.run(
        spec, file: file, opening: config.tmuxOpening ?? .split, configPath: configuring.config,
        environment: environment)
      {
      case .exit(let status): Self.exit(status)
      case .openHere(let target):
        // No viewer shows it: this one will, from the place asked for.
        forward = target
        file = target.pdf
      }
    }
    let opensViewer = !picture.print && !previewing.preview && !search.list
    picture.adopt(config, forViewer: opensViewer)
    if remember == nil { remember = config.remember }
    let keymap = Keymap.standard.rebinding(config.keys)
    if previewing.preview {
      // A preview is --print of one page sized for the pane.
      picture.print = true
      picture.size = previewSize
    }
    if opensLibrary {
      return try runLibrary(config: config, keymap: keymap)
    }
    if file == nil, opensViewer, search.find == nil, !picking.pick, remember != false {
      // `folio` alone: the documents opened last, newest first (the sample when there are
      // none).
      let recent = Self.recentDocuments(environment: ProcessInfo.processInfo.environment)
      if !recent.isEmpty {
        try Self.requireTerminal()
        let ending = try LibraryViewer(
          files: recent, name: "recent documents", options: picture, keymap: keymap,
          configProblems: config.problems, remembers: true, markColors: config.markColors
        ).run()
        if ending.status != 0 { Self.exit(ending.status) }
        return
      }
    }
    let readsStandardInput = file == "-"
    if readsStandardInput && isatty(STDIN_FILENO) == 1 {
      throw Failure(
        path: nil, reason: "- reads the PDF from standard input, which is a terminal", status: 2)
    }
    let path = readsStandardInput ? Self.standardInputName : file ?? SampleDocument.name
    Self.documentName = path
    let source: String
    do {
      if readsStandardInput {
        source = try PopplerDocument.readablePathForStandardInput()
      } else if let file {
        source = try PopplerDocument.readablePath(for: file)
      } else {
        source = try PopplerDocument.readablePath(holding: SampleDocument.bytes)
      }
    } catch {
      throw Failure(path: path, reason: error.reason)
    }
    // Page workers start loading now, while this process opens its own copy for the page
    // count, the first sizes and labels.
    let prestarted =
      search.list ? 0 : picture.print && picture.mode == nil ? 1 : picture.workerCount
    var opening = BrowserSetup.opening(
      readablePath: source, name: path, password: password, options: picture, prestarted: prestarted
    )
    let document: PopplerDocument
    do {
      document = try PopplerDocument.open(readablePath: source, named: path, password: password)
    } catch .encrypted(passwordGiven: false)
      where !picture.print && isatty(STDOUT_FILENO) == 1
      && (readsStandardInput || isatty(STDIN_FILENO) == 1)
    {
      document = try Self.openAskingForPassword(source, named: path)
    } catch {
      throw Failure(path: path, reason: error.reason)
    }
    if document.password != password {
      // A password typed at the prompt: the workers started without it.
      opening = BrowserSetup.opening(
        readablePath: source, name: path, password: document.password, options: picture,
        prestarted: prestarted)
    }
    Self.verbose = picture.verbose
    if search.list, let text = search.find {
      let status = try FindList.run(
        query: text, document: document, readablePath: source, path: path, options: picture)
      if status != 0 { Self.exit(status) }
      return
    }
    if picture.print {
      // For the tests of the crash guard: a crash where no terminal is involved.
      if let kind = ProcessInfo.processInfo.environment["FOLIO_CRASH_TEST"] {
        CrashGuard.crash(kind)
      }
      if picture.mode == .read {
        return try ReadPrinter.run(picture, document: document, opening: opening, path: path)
      }
      if let mode = picture.mode ?? (search.find != nil ? .continuous : nil) {
        // With --find, a frame (continuous unless --mode says otherwise) shows the hits.
        return try FramePrinter.run(
          picture, mode: mode, document: document, opening: opening, path: path,
          find: search.find)
      }
      return try PrintCommand.run(picture, document: document, workers: opening, path: path)
    }
    if readsStandardInput { Self.takeKeyboardFromTerminal() }
    let pickedPagesOutput = picking.pick ? try Self.drawOnTerminalKeepingOutput() : nil
    try Self.requireTerminal()
    var viewer = Viewer(
      document: document, opening: opening, options: picture, path: path,
      isStream: readsStandardInput || document.readablePath != (file ?? ""),
      forgetsPlace: remember == false, find: search.find,
      pick: picking.pick ? picking.pickFormat : nil,
      keymap: keymap, configProblems: config.problems)
    viewer.sourceLookup = SyncTeXSetup.lookup(
      editor: config.editorCommand, environment: environment)
    viewer.forward = forward
    viewer.markColors = config.markColors
    let ending = try viewer.run()
    // The terminal is restored by now.
    if let output = ending.output {
      try StandardStreams.writeOutput(output, to: pickedPagesOutput ?? STDOUT_FILENO)
    }
    if ending.status != 0 { Self.exit(ending.status) }
  }

  /// With `--preview`, the pane's size: from the arguments or fzf's variables, else `--size`,
  /// else the terminal's, else 80x24.
  var previewSize: CellSize? {
    guard previewing.preview else { return nil }
    return previewing.paneSize(environment: ProcessInfo.processInfo.environment)
      ?? picture.size ?? PrintCommand.terminalSize() ?? CellSize(columns: 80, rows: 24)
  }

  /// Opens an encrypted document with a password typed at the terminal (three tries; an
  /// empty line gives up), as a viewer does when no `--password` was given.
  static func openAskingForPassword(_ source: String, named name: String) throws
    -> PopplerDocument
  {
    let prompt = "Password for \(TerminalText.sanitized(name)): "
    var lastError = DocumentError.encrypted(passwordGiven: false)
    for attempt in 1...3 {
      guard let typed = PasswordPrompt.ask(prompt) else { break }
      do {
        return try PopplerDocument.open(readablePath: source, named: name, password: typed)
      } catch .encrypted(passwordGiven: true) {
        lastError = .encrypted(passwordGiven: true)
        if attempt < 3 { PasswordPrompt.say("folio: wrong password, try again") }
      } catch {
        throw Failure(path: name, reason: error.reason)
      }
    }
    throw Failure(path: name, reason: lastError.reason)
  }

  /// For `--pick`: the viewer draws on and reads keys from the controlling terminal, whatever
  /// standard input and output are; returns a descriptor of the standard output the picked
  /// pages go to.
  private static func drawOnTerminalKeepingOutput() throws -> Int32 {
    let terminal = open("/dev/tty", O_RDWR | O_CLOEXEC)
    guard terminal >= 0 else {
      throw Failure(path: nil, reason: "--pick needs a terminal to show the pages on", status: 2)
    }
    defer { close(terminal) }
    let output = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3)
    guard output >= 0 else {
      throw Failure(path: nil, reason: "--pick: no standard output to print the pages on")
    }
    dup2(terminal, STDOUT_FILENO)
    if isatty(STDIN_FILENO) != 1 { dup2(terminal, STDIN_FILENO) }
    return output
  }

  /// With the document read from standard input, keys come from the controlling terminal
  /// instead (as `less` does): it becomes standard input. Without one, nothing changes and
  /// the terminal check that follows says why the viewer cannot run.
  private static func takeKeyboardFromTerminal() {
    let terminal = open("/dev/tty", O_RDONLY)
    guard terminal >= 0 else { return }
    dup2(terminal, STDIN_FILENO)
    close(terminal)
  }
}

extension FolioCommand {
  /// `--verbose`: library messages are passed on whole.
  nonisolated(unsafe) static var verbose = false
  /// The document's name for the line about library messages, once known.
  nonisolated(unsafe) static var documentName: String?

  /// Runs the command and exits: one line on stderr for any failure, status 2 for usage errors.
  static func mainExitingCleanly() -> Never {
    var command: FolioCommand
    do {
      command = try parse()
    } catch {
      exitForUsage(error)
    }
    do {
      try command.run()
      Self.exit(0)
    } catch let failure as Failure {
      if command.previewing.preview, let size = command.previewSize {
        // The pane shows these lines, cut at its edge: the reason first, wrapped to fit.
        let lines = PreviewMessage.lines(of: failure, in: size)
        StandardStreams.writeError(lines.map { $0 + "\n" }.joined())
      } else {
        StandardStreams.writeError(failure.line + "\n")
      }
      // `--list` answers as grep does: 1 means "no hits", so a failure is 2.
      Self.exit(command.search.list && failure.status == 1 ? 2 : failure.status)
    } catch let error as ValidationError {
      exitForUsage(error)
    } catch {
      // Anything else is a failure of the run, not of the command line.
      let reason = TerminalText.sanitized("\(error)")
      StandardStreams.writeError("folio: \(reason)\n")
      Self.exit(1)
    }
  }

  /// Ends the process at once with `status`, after flushing what `print` buffered and what
  /// libraries wrote on standard error: no atexit
  /// handlers or library destructors run, so a render thread stuck inside Poppler can neither
  /// hold up the exit nor crash while the library is torn down under it.
  static func exit(_ status: Int32) -> Never {
    fflush(nil)
    // What libraries wrote on standard error here (Poppler's warnings while this process read
    // the document) follows folio's own lines: all of it with --verbose, else one line when the
    // document was shown anyway (a failure's own line says enough).
    if verbose {
      ErrorStream.forward()
    } else if ErrorStream.hasCapturedText {
      ErrorStream.discard()
      if status == 0 {
        let name = TerminalText.sanitized(documentName ?? "document")
        StandardStreams.writeError("folio: \(name): damaged structure, read as far as possible\n")
      }
    }
    _exit(status)
  }

  /// Help and version go to stdout with status 0; usage errors are one line and status 2.
  private static func exitForUsage(_ error: any Error) -> Never {
    if exitCode(for: error) == .success {
      print(fullMessage(for: error))
      Self.exit(0)
    }
    var message = oneLine(fullMessage(for: error))
    if message.isEmpty { message = "invalid arguments" }
    if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
    StandardStreams.writeError("folio: \(TerminalText.sanitized(message))\n")
    Self.exit(2)
  }

  /// The first line of an argument parser's message, with the list of choices that follows
  /// it on lines of their own ("- half", "- quad", …) folded in: "… one of the following:
  /// half, quad, …". Anything after the list (usage, help hints) is left out.
  static func oneLine(_ message: String) -> String {
    let lines = message.split(separator: "\n", omittingEmptySubsequences: true)
      .map { $0.trimmingCharacters(in: .whitespaces) }
    guard let first = lines.first else { return "" }
    let choices = lines.dropFirst().prefix { $0.hasPrefix("- ") }.map { $0.dropFirst(2) }
    return choices.isEmpty ? first : first + " " + choices.joined(separator: ", ")
  }
}
