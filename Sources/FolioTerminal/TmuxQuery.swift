import FolioCore
import Glibc

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

  /// Runs `arguments` with its standard output read through a pipe, for at most `timeout`;
  /// nil when it cannot start, fails or takes longer (it is killed then).
  static func run(_ arguments: [String], timeout: Duration) -> [UInt8]? {
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { return nil }
    // Not inherited by other children (a worker started meanwhile would hold the pipe open).
    _ = fcntl(pipeEnds[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(pipeEnds[1], F_SETFD, FD_CLOEXEC)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // tmux must not draw on the screen or read keys.
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, &argv, environ) == 0
    close(pipeEnds[1])
    defer { close(pipeEnds[0]) }
    guard spawned else { return nil }
    var output: [UInt8] = []
    let deadline = ContinuousClock.now + timeout
    var finished = false
    while ContinuousClock.now < deadline {
      var descriptor = pollfd(fd: pipeEnds[0], events: Int16(POLLIN), revents: 0)
      let left = deadline - ContinuousClock.now
      let ready = poll(
        &descriptor, 1,
        Int32(
          max(
            1,
            left.components.seconds * 1000
              + left.components.attoseconds / 1_000_000_000_000_000)))
      if ready < 0 && errno == EINTR { continue }
      guard ready > 0 else { break }
      var chunk = [UInt8](repeating: 0, count: 4096)
      let count = read(pipeEnds[0], &chunk, chunk.count)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        finished = true
        break
      }
      output += chunk[..<count]
      if output.count > 65536 { break }
    }
    var status: Int32 = 0
    // Its output ended: it exits at once; else (or past the deadline) it is killed.
    var exited = false
    while finished && !exited && ContinuousClock.now < deadline {
      let waited = waitpid(pid, &status, WNOHANG)
      if waited == pid {
        exited = true
      } else if waited < 0 && errno != EINTR {
        break
      } else {
        usleep(1000)
      }
    }
    if !exited {
      finished = false
      kill(pid, SIGKILL)
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
    // Exited normally with status 0.
    guard finished, status & 0x7F == 0, (status >> 8) & 0xFF == 0 else { return nil }
    return output
  }
}
