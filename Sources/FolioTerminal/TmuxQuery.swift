import FolioCore
import FolioPixels
import FolioSystem

/// Asks the tmux server Folio runs under about the terminal attached to it (`tmux
/// display-message -p`), for the choice of pixels: tmux answers the terminal queries itself,
/// so only tmux can say what is outside it.
public enum TmuxQuery {
  /// What tmux says of the client of this pane; nil outside tmux, or when tmux does not answer
  /// within `timeout`.
  public static func client(environment: [String: String], timeout: Duration = .milliseconds(500))
    -> TmuxClient?
  {
    guard !(environment["TMUX"] ?? "").isEmpty else { return nil }
    var arguments = ["tmux", "display-message", "-p"]
    if let pane = environment["TMUX_PANE"], !pane.isEmpty { arguments += ["-t", pane] }
    arguments += ["--", TmuxClient.format]
    guard let output = run(arguments, timeout: timeout) else { return nil }
    return TmuxClient(
      reading: String(decoding: output, as: UTF8.self).split(separator: "\n").first
        .map(String.init) ?? "")
  }

  /// Runs `arguments` with its standard output captured, for at most `timeout`; nil when it
  /// cannot start, fails or takes longer (it is killed then).
  static func run(_ arguments: [String], timeout: Duration) -> [UInt8]? {
    let outcome = ChildRun.run(arguments, output: .captured, deadline: timeout, outputLimit: 65536)
    return outcome.succeeded ? outcome.output : nil
  }
}
