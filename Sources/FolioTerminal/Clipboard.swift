import FolioCore
import Glibc

/// Copying text to the clipboard of the terminal Folio runs in: the OSC 52 sequence, which
/// terminals that allow it (and tmux with `set-clipboard on`) take from programs; inside tmux
/// also `tmux set-buffer -w`, which puts the text in tmux's buffer and passes it on to the
/// outer terminal with tmux's default `set-clipboard external`.
public enum Clipboard {
  /// The most bytes copied: terminals drop longer OSC 52 payloads.
  public static let largestText = 74_994

  /// The OSC 52 sequence that sets the clipboard to `text` (cut to `largestText` bytes on a
  /// character boundary).
  public static func sequence(copying text: String) -> String {
    "\u{1B}]52;c;" + Base64.string(Array(clipped(text).utf8)) + "\u{07}"
  }

  /// `text` cut to at most `largestText` UTF-8 bytes, whole characters only.
  static func clipped(_ text: String) -> String {
    guard text.utf8.count > largestText else { return text }
    var result = ""
    var bytes = 0
    for character in text {
      let size = character.utf8.count
      guard bytes + size <= largestText else { break }
      result.append(character)
      bytes += size
    }
    return result
  }

  /// Inside tmux: hands `text` to `tmux set-buffer -w` (which returns at once) and waits for
  /// it. Nothing happens outside tmux or when tmux cannot be started.
  static func copyThroughTmux(_ text: String, environment: [String: String]) {
    guard !(environment["TMUX"] ?? "").isEmpty else { return }
    let arguments = ["tmux", "set-buffer", "-w", "--", clipped(text)]
    var pid: pid_t = 0
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // tmux must not draw on the screen or read keys.
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    if posix_spawnp(&pid, "tmux", &actions, nil, &argv, environ) == 0 {
      var status: Int32 = 0
      // set-buffer returns at once; wait for it so no zombie is left.
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
  }
}
