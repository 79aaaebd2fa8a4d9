import FolioCore
import FolioFixtures
import FolioUI
import Foundation
import Testing

/// `make install` into a temporary prefix, and `--preview` as file managers call it.
@Suite("Install and previews")
struct InstallTests {
  /// The package's root folder.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

  @Test func makeInstallPutsEverythingUnderThePrefixAndUninstallTakesItAway() throws {
    let prefix = try ScratchFolder()
    let built = URL(fileURLWithPath: FolioProcess.executable).deletingLastPathComponent().path
    let install = try ChildProcess.run(
      "make", ["-C", Self.root, "install-files", "BUILT=\(built)", "PREFIX=\(prefix.path)"])
    #expect(install.status == 0, "\(install.errorText)")
    let files = [
      "bin/folio", "share/man/man1/folio.1", "share/bash-completion/completions/folio",
      "share/zsh/site-functions/_folio", "share/fish/vendor_completions.d/folio.fish",
    ].map { prefix.path + "/" + $0 }
    for file in files { #expect(FileManager.default.fileExists(atPath: file), "\(file)") }
    // The installed binary runs from anywhere.
    let version = try ChildProcess.run(
      prefix.path + "/bin/folio", ["--version"], workingDirectory: "/")
    #expect(version.outputText.hasPrefix("folio "))
    // The man page renders without warnings and lists every option and every key.
    let man = try ChildProcess.run(
      "man", ["--warnings", "-l", files[1]],
      environment: ProcessInfo.processInfo.environment.merging(
        ["MANWIDTH": "100", "LANG": "C.UTF-8", "MANPAGER": "cat"]) { $1 })
    #expect(man.status == 0 && man.errorText.isEmpty, "\(man.errorText)")
    let page = try String(contentsOfFile: files[1], encoding: .utf8)
    let dump = try ChildProcess.run(FolioProcess.executable, ["--help"]).outputText
    for option in dump.matches(of: #/--([a-z][a-z-]+)/#).map({ String($0.output.1) })
    where option != "help" && option != "version" {
      #expect(
        page.contains("\\-\\-" + option.replacingOccurrences(of: "-", with: "\\-")), "--\(option)")
    }
    // A flag's --no- form says what it does itself, not what the flag does.
    let entries = Self.optionEntries(of: page)
    for (name, text) in entries where name.hasPrefix("no-") {
      guard let positive = entries[String(name.dropFirst(3))] else { continue }
      #expect(text != positive, "--\(name) has --\(name.dropFirst(3))'s description")
      #expect(!text.contains(positive), "--\(name): \(text)")
    }
    #expect(entries["no-invert"]?.hasPrefix("Do not invert") == true)
    #expect(entries["no-trim"]?.contains("config file") == true)
    #expect(entries["no-rtl"]?.contains("remembered") == true)
    #expect(entries["no-remember"]?.hasPrefix("Do not restore or save") == true)
    // Every action name, each whole on one line of the rendered page (copied into a config).
    let actions = try ChildProcess.run(FolioProcess.executable, ["--list-actions", "--no-config"])
    let rendered = Set(man.outputText.split(whereSeparator: { " ,.\n".contains($0) }))
    let broken = actions.outputText.split(separator: "\n").filter { !rendered.contains($0) }
    #expect(broken.isEmpty, "not whole in the man page: \(broken)")
    let keys = Self.keyColumn(of: page)
    for binding in Keymap.standard.bindings {
      for key in binding.keys {
        #expect(keys.contains(Self.name(of: key)), "\(key) is not in the man page's keys")
      }
    }
    // The bash completion loads.
    let bash = try ChildProcess.run(
      "bash", ["-c", "source \(files[2]) && complete -p folio"])
    #expect(bash.outputText.contains("folio"), "\(bash.errorText)")
    let uninstall = try ChildProcess.run(
      "make", ["-C", Self.root, "uninstall", "PREFIX=\(prefix.path)"])
    #expect(uninstall.status == 0)
    for file in files { #expect(!FileManager.default.fileExists(atPath: file), "\(file)") }
  }

  /// The OPTIONS section's entries: each long option's name (without dashes) and its
  /// description, roff escapes undone.
  static func optionEntries(of page: String) -> [String: String] {
    guard
      let options = page.components(separatedBy: ".SH OPTIONS").last?.components(
        separatedBy: ".SH "
      ).first
    else { return [:] }
    var entries: [String: String] = [:]
    for entry in options.components(separatedBy: ".TP\n").dropFirst() {
      let lines = entry.split(separator: "\n", maxSplits: 1).map {
        $0.replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\fB", with: "")
          .replacingOccurrences(of: "\\fR", with: "").replacingOccurrences(of: "\\fI", with: "")
      }
      guard lines.count == 2, let name = lines[0].split(separator: " ").first,
        name.hasPrefix("--")
      else { continue }
      entries[String(name.dropFirst(2))] = lines[1].trimmingCharacters(in: .whitespacesAndNewlines)
    }
    return entries
  }

  /// The words of the KEYS section's key column.
  static func keyColumn(of page: String) -> Set<String> {
    guard
      let keys = page.components(separatedBy: ".SH KEYS").last?.components(separatedBy: ".SH ")
        .first
    else { return [] }
    var words: Set<String> = []
    for line in keys.split(separator: "\n") where line.hasPrefix("\\fB") {
      let text = line.replacingOccurrences(of: "\\fB", with: "").replacingOccurrences(
        of: "\\fR", with: ""
      )
      .replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\e", with: "\\")
      for word in text.split(whereSeparator: { $0 == " " || $0 == "," }) {
        words.insert(String(word))
      }
    }
    return words
  }

  /// How the key table names `key`.
  static func name(of key: Key) -> String {
    switch key {
    case .character(" "): return "Space"
    case .character(let character): return String(character)
    case .control(let character): return "Ctrl-" + String(character).uppercased()
    case .up, .down, .left, .right: return "arrows"
    case .pageUp: return "PgUp"
    case .pageDown: return "PgDn"
    case .home: return "Home"
    case .end: return "End"
    case .enter: return "Enter"
    case .escape: return "Esc/Backspace"
    case .backspace: return "Esc/Backspace"
    case .tab: return "Tab"
    default: return "\(key)"
    }
  }

  @Test func aPreviewIsThePageInThePaneSizeFromTheArgumentsOrFzf() throws {
    let scratch = try ScratchFolder()
    let file = try scratch.writeDocument("paper.pdf", pages: 3)
    let lf = try FolioProcess.run(
      ["--preview", file, "40", "12", "3", "5", "--colors", "none"],
      environment: scratch.environment,
      timeLimit: .seconds(60))
    #expect(lf.status == 0, "\(lf.standardError)")
    let lines = lf.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
      .dropLast()
    #expect(lines.count == 12)
    #expect(lines.allSatisfy { $0.count <= 40 })
    var fzf = scratch.environment
    fzf["FZF_PREVIEW_COLUMNS"] = "30"
    fzf["FZF_PREVIEW_LINES"] = "8"
    let pane = try FolioProcess.run(
      ["--preview", file, "--colors", "none"], environment: fzf, timeLimit: .seconds(60))
    #expect(pane.standardOutput.split(separator: "\n").count == 8)
    for bad in [["--preview", file, "40"], ["--preview", file, "0", "10"], [file, "40", "10"]] {
      let refused = try FolioProcess.run(
        bad, environment: scratch.environment, timeLimit: .seconds(60))
      #expect(refused.status == 2 && refused.standardOutput.isEmpty, "\(bad)")
    }
  }

  @Test func aPreviewWithoutAFileIsAUsageError() throws {
    let scratch = try ScratchFolder()
    for arguments in [["--preview"], ["--preview", "--colors", "none"]] {
      let run = try FolioProcess.run(arguments, environment: scratch.environment)
      #expect(run.status == 2, "\(arguments)")
      #expect(run.standardOutput.isEmpty, "\(arguments): the sample was printed")
      #expect(
        run.standardError == "folio: --preview needs a FILE: folio --preview FILE [WIDTH HEIGHT]\n")
    }
  }

  @Test func aPreviewSaysWhatWentWrongFirstWrappedToThePane() throws {
    let scratch = try ScratchFolder()
    let file = try scratch.writeDocument("a-document-with-a-rather-long-name.pdf", pages: 3)
    let past = try FolioProcess.run(
      ["--preview", file, "30", "10", "--page", "9"], environment: scratch.environment,
      timeLimit: .seconds(60))
    #expect(past.status == 1 && past.standardOutput.isEmpty)
    let lines = past.standardError.split(separator: "\n").map(String.init)
    #expect(lines.first == "folio: has no page 9", "\(lines)")
    #expect(lines.allSatisfy { $0.count <= 30 }, "\(lines)")
    // yazi's plugin finds the page count on one line.
    #expect(lines.contains("(it has 3 pages)"), "\(lines)")
    #expect(lines.joined().contains("a-document-with-a-rather-long-name.pdf"))
    // Encrypted, in a pane 24 columns wide and 3 rows high: never more than the pane.
    let encrypted = try FolioProcess.run(
      ["--preview", ErrorTests.corpus + "/pypdf-password-openpassword.pdf", "24", "3"],
      environment: scratch.environment, timeLimit: .seconds(60))
    let shown = encrypted.standardError.split(separator: "\n")
    #expect(encrypted.status == 1 && shown.count == 3, "\(shown)")
    #expect(shown.first == "folio: is encrypted:" && shown.allSatisfy { $0.count <= 24 })
    // fzf's variables size the pane when the arguments do not.
    var fzf = scratch.environment
    fzf["FZF_PREVIEW_COLUMNS"] = "20"
    fzf["FZF_PREVIEW_LINES"] = "8"
    let missing = try FolioProcess.run(["--preview", scratch.path + "/gone.pdf"], environment: fzf)
    #expect(missing.status == 1)
    #expect(missing.standardError == "folio: no such file\n(gone.pdf)\n")
    // Outside a preview the line is as ever: the file first.
    let plain = try FolioProcess.run(
      ["--print", "--page", "9", file], environment: scratch.environment, timeLimit: .seconds(60))
    #expect(plain.standardError == "folio: \(file): has no page 9 (it has 3 pages)\n")
  }

  @Test func theLfAndLessSetUpsPreviewAPDFAndPassOnOtherFiles() throws {
    let scratch = try ScratchFolder()
    let file = try scratch.writeDocument("paper.pdf", pages: 2)
    // The scripts call `folio` on PATH: the one under test.
    let folder = URL(fileURLWithPath: FolioProcess.executable).deletingLastPathComponent().path
    var environment = ProcessInfo.processInfo.environment.merging(scratch.environment) { $1 }
    environment["PATH"] = folder + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    environment["COLUMNS"] = "50"
    environment["LINES"] = "9"
    let previewers = Self.root + "/Scripts/previewers/"
    let lf = try ChildProcess.run(
      previewers + "lf-previewer.sh", [file, "60", "14", "0", "1"], environment: environment,
      timeLimit: .seconds(60))
    #expect(lf.status == 0, "\(lf.errorText)")
    #expect(lf.outputText.split(separator: "\n").count == 14)
    let less = try ChildProcess.run(
      previewers + "less-open.sh", [file], environment: environment, timeLimit: .seconds(60))
    #expect(less.outputText.split(separator: "\n").count == 9)
    for script in ["lf-previewer.sh", "less-open.sh"] {
      let other = try ChildProcess.run(
        previewers + script, [Self.root + "/README.md", "60", "14", "0", "1"],
        environment: environment)
      #expect(other.status == 1 && other.outputText.isEmpty, "\(script)")
    }
  }

  @Test func theUsageLineShowsThePaneSizeOnlyForPreviews() throws {
    let help = try FolioProcess.run(["--help"]).standardOutput
    #expect(help.contains("USAGE: folio [<options>] [<file> ...]\n"))
    #expect(
      help.contains("       folio --preview <file> [<width> <height> [<x> <y>]] [<options>]\n"))
    #expect(!help.contains("<size>"))
  }
}
