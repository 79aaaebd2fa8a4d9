import Foundation
import Glibc
import Testing

@testable import FolioRuntime

/// A client of another user is refused by its uid (`SO_PEERCRED`) before anything it sent is
/// read, even where the folder's and socket's modes would let it in.
@Suite struct ControlPeerTests {
  /// The tools that run a client as uid 65534: `setpriv` (util-linux) and Debian's python3
  /// (one under /root cannot be run by that uid).
  static let setpriv = "/usr/bin/setpriv"
  static let python = "/usr/bin/python3"
  static let canRunAsAnotherUser =
    geteuid() == 0 && access(setpriv, X_OK) == 0 && access(python, X_OK) == 0

  /// A client that connects, sends one request line (the server may have closed the
  /// connection already) and prints what it reads until the end.
  static let client = """
    import socket, sys
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(5)
    s.connect(sys.argv[1])
    try:
        s.sendall(b'{"command": ["intruder"], "id": 1}\\n')
    except OSError:
        pass
    data = b''
    while True:
        try:
            chunk = s.recv(65536)
        except ConnectionResetError:
            break
        if not chunk:
            break
        data += chunk
    sys.stdout.write(data.decode())
    """

  @Test(
    .enabled(
      if: canRunAsAnotherUser,
      "needs root, /usr/bin/setpriv and /usr/bin/python3 to run a client as uid 65534"
    ))
  func anotherUsersClientIsRefused() throws {
    // Under /tmp itself (TMPDIR may be a folder uid 65534 cannot enter), open to all: only
    // the uid check stands in the way.
    var template = Array("/tmp/folio-peer-XXXXXX".utf8CString)
    guard mkdtemp(&template) != nil else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    let folder = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try check(chmod(folder, 0o777))
    let loop = try ControlTestLoop(path: folder + "/\(getpid()).sock")
    defer { loop.stop() }
    try check(chmod(loop.path, 0o777))

    let child = Process()
    child.executableURL = URL(fileURLWithPath: Self.setpriv)
    child.arguments = [
      "--reuid=65534", "--regid=65534", "--clear-groups", Self.python, "-c", Self.client, loop.path,
    ]
    let output = Pipe()
    let errors = Pipe()
    child.standardOutput = output
    child.standardError = errors
    try child.run()
    child.waitUntilExit()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let complaint = String(
      decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(child.terminationStatus == 0, "\(complaint)")
    #expect(
      ControlMessage.parse(Array(printed.utf8.dropLast()))
        == .reply(.failure("permission denied: another user's viewer", id: nil)))
    // Our own request goes through, and the loop never saw the other user's.
    #expect(try ControlClient.send(ControlRequest(name: "echo"), to: loop.path).isSuccess)
    #expect(loop.requestNames == ["echo"])
  }
}
