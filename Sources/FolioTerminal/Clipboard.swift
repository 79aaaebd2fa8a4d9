import FolioCore
import FolioSystem

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

  /// How long `tmux set-buffer` may take before it is killed (a stopped tmux server never
  /// answers). It runs off the loop, so it can be generous to a machine under heavy load,
  /// where starting tmux is slow.
  public static let tmuxDeadline: Duration = .seconds(5)

  /// Inside tmux (`TMUX` set in `environment`): the job that hands `text` to `tmux set-buffer
  /// -w`, for a service thread; nil outside tmux.
  public static func tmuxJob(copying text: String, environment: [String: String]) -> ClipboardJob? {
    guard !(environment["TMUX"] ?? "").isEmpty else { return nil }
    return { copyThroughTmux(text, environment: environment) }
  }

  /// Runs `tmux set-buffer -w` with `text` (tmux puts it in its buffer and passes it on to the
  /// outer terminal), in `environment`, and waits for it at most `deadline` (then it is killed
  /// and reaped). Nil when it worked, else one line saying why not. Blocks its thread.
  public static func copyThroughTmux(
    _ text: String, environment: [String: String], deadline: Duration = tmuxDeadline
  ) -> String? {
    let outcome = ChildRun.run(
      ["tmux", "set-buffer", "-w", "--", clipped(text)], environment: environment,
      deadline: deadline)
    return outcome.problem(running: "tmux set-buffer").map { "Not copied through tmux: \($0)" }
  }
}
