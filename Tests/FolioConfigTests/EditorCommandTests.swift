import FolioConfig
import Testing

/// `synctex-editor-command`: words split as a shell would, never run by one; zathura's
/// placeholders filled in each word.
@Suite("Editor command")
struct EditorCommandTests {
  @Test func placeholdersAreFilledInEachWordAndNothingIsExpanded() throws {
    let command = try EditorCommand(
      #"nvim --server "$HOME/nvim.sock" --remote-send '<C-\><C-n>:e %{input}<CR>:%{line}<CR>'"#)
    let arguments = command.arguments(input: "/tmp/a b;rm -rf.tex", line: 12, column: nil)
    #expect(
      arguments == [
        "nvim", "--server", "$HOME/nvim.sock", "--remote-send",
        "<C-\\><C-n>:e /tmp/a b;rm -rf.tex<CR>:12<CR>",
      ])
  }

  @Test func codeGoToColumn() throws {
    let command = try EditorCommand("code --goto %{input}:%{line}:%{column}")
    #expect(
      command.arguments(input: "main.tex", line: 3, column: 7) == [
        "code", "--goto", "main.tex:3:7",
      ])
    #expect(command.arguments(input: "main.tex", line: 3, column: nil).last == "main.tex:3:0")
  }

  @Test(arguments: [
    ("", EditorCommand.Problem.empty), ("   ", .empty), ("vim 'a", .unclosedQuote),
    (#"vim "a"#, .unclosedQuote), (#"vim a\"#, .trailingBackslash), ("'' x", .empty),
  ])
  func unreadableCommandsSayWhy(text: String, problem: EditorCommand.Problem) {
    #expect(throws: problem) { try EditorCommand(text) }
  }

  @Test func theConfigFileReadsItAndSaysWhatIsWrong() {
    let good = ConfigFile.parse(
      "synctex-editor-command = \"vim +%{line} %{input}\"\nsynctex-tmux = \"window\"\n",
      name: "c")
    #expect(good.problems.isEmpty)
    #expect(good.editorCommand?.words == ["vim", "+%{line}", "%{input}"])
    #expect(good.tmuxOpening == .window)
    let bad = ConfigFile.parse(
      "synctex-editor-command = \"vim 'x\"\nsynctex-tmux = \"tab\"\n", name: "c")
    #expect(bad.editorCommand == nil)
    #expect(bad.problems.count == 2)
    #expect(bad.problems.contains { $0.contains("synctex-editor-command") && $0.contains("quote") })
  }
}
