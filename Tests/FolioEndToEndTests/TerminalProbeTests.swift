import FolioFixtures
import Foundation
import Testing

/// `--pixels auto` asks the terminal what it shows: run under a pseudo-terminal that answers
/// as kitty, as xterm, late, or not at all (a Python stand-in for the terminal, `pty`), the
/// viewer draws images only where kitty said OK, starts in every case, and reads no answer
/// as a key.
@Suite("Terminal probe")
struct TerminalProbeTests {
  /// The stand-in terminal: runs folio on a pseudo-terminal, answers its queries as `kind`
  /// says, presses q once the first frame is out, and prints what folio wrote, in hex, after
  /// "OUTPUT ", and folio's exit status after "STATUS ".
  static let script = #"""
    import fcntl, os, pty, select, struct, sys, termios, time
    kind, args = sys.argv[1], sys.argv[2:]
    pid, fd = pty.fork()
    if pid == 0:
        if kind == 'xterm-wide':
            # 250x60 cells of 6x13 pixels: 1,500 pixels wide.
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack('HHHH', 60, 250, 0, 0))
            args = args[:1] + ['--mode', 'continuous'] + args[1:]
        os.execv(args[0], args)
    out = b''
    answered = False
    start = time.time()
    pressed = None
    late = None
    def send(b):
        os.write(fd, b)
    while time.time() - start < 60:
        r, _, _ = select.select([fd], [], [], 0.05)
        if r:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
        if not answered and b'\x1b[c' in out:
            answered = True
            if kind == 'kitty':
                send(b'\x1b_Gi=31;OK\x1b\\\x1b[6;17;9t\x1b[?62;4;22c')
            elif kind == 'xterm':
                send(b'\x1bP>|XTerm(379)\x1b\\\x1b[?64;1;2;6;9;15;18;21;22c')
            elif kind == 'kitty-new':
                send(b'\x1b_Gi=31;OK\x1b\\\x1bP>|kitty(0.35.2)\x1b\\\x1b[6;20;10t\x1b[?62;52;c')
            elif kind == 'ghostty':
                send(b'\x1b_Gi=31;OK\x1b\\\x1bP>|ghostty 1.1.0\x1b\\\x1b[6;20;10t\x1b[?62;22;52c')
            elif kind == 'wezterm':
                send(b'\x1b_Gi=31;OK\x1b\\\x1bP>|WezTerm 20240203-110809-5046fc22\x1b\\\x1b[6;16;8t\x1b[?65;4;6;18;22c')
            elif kind == 'foot':
                send(b'\x1bP>|foot(1.16.2)\x1b\\\x1b[6;18;9t\x1b[?62;4;22c')
            elif kind == 'xterm-vt340':
                # Sixel, but no cell size (xterm answers CSI 16t only with allowWindowOps).
                send(b'\x1bP>|XTerm(379)\x1b\\\x1b[?63;1;2;4;6;9;15;16;22;28c')
            elif kind == 'xterm-wide':
                # xterm 379 -ti vt340 as recorded under Xvfb (XTSMGRAPHICS: 1000x1000 largest,
                # 1000x910 now), with the cell size it says only with allowWindowOps.
                send(b'\x1bP>|XTerm(379)\x1b\\\x1b[6;13;6t\x1b[?2;0;1000;1000S'
                     b'\x1b[?2;0;1000;910S\x1b[?63;1;2;4;6;9;15;16;22;28c')
            elif kind == 'late':
                late = time.time() + 0.8
        if late and time.time() > late:
            send(b'\x1b[?62;22c')
            late = None
        # kitty: once an image is placed; the others once the first frame is out (and a late
        # answer sent).
        marks = {'kitty': b'a=p,', 'kitty-new': b'U=1', 'ghostty': b'U=1',
                 'wezterm': b'1337;File=', 'foot': b'\x1bP'}
        ready = (marks[kind] in out and b'per screen' in out) if kind in marks else b'per screen' in out
        if kind == 'xterm-wide':
            ready = b'continuous' in out and b'\x1b\\\x1b8' in out
        if pressed is None and ready and (kind != 'late' or late is None):
            pressed = time.time()
        if pressed and time.time() - pressed > 0.3 and not out.endswith(b'QUIT'):
            send(b'q')
            pressed = float('inf')
    _, status = os.waitpid(pid, 0)
    print('OUTPUT ' + out.hex())
    print('STATUS %d' % os.waitstatus_to_exitcode(status))
    """#

  /// Runs folio under the stand-in terminal answering as `kind`, with TERM=`term`.
  func run(_ kind: String, term: String = "xterm-256color", arguments: [String] = []) throws -> (
    output: String, status: Int
  ) {
    let scratch = try ScratchFolder()
    let path = scratch.path + "/terminal.py"
    try Self.script.write(toFile: path, atomically: true, encoding: .utf8)
    var environment = scratch.environment
    environment["TERM"] = term
    environment["TMUX"] = nil
    let result = try ChildProcess.run(
      "/usr/bin/python3",
      [path, kind, FolioProcess.executable, "--no-remember"] + arguments
        + [try FixtureLibrary.path(.manual)],
      environment: environment.merging(["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]) { $1 },
      timeLimit: .seconds(90))
    let lines = result.outputText.split(separator: "\n")
    let hex = lines.first { $0.hasPrefix("OUTPUT ") }.map { $0.dropFirst(7) } ?? ""
    var bytes: [UInt8] = []
    var index = hex.startIndex
    while index < hex.endIndex, let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex) {
      bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
      index = next
    }
    let status = lines.first { $0.hasPrefix("STATUS ") }.flatMap { Int($0.dropFirst(7)) } ?? -1
    return (String(decoding: bytes, as: UTF8.self), status)
  }

  @Test func kittyGetsImagesFromTheCellSizeItReports() throws {
    let (output, status) = try run("kitty")
    #expect(status == 0)
    let model = try TerminalImages(output)
    #expect(!model.images.isEmpty, "no image for a terminal that said OK")
    // 9x17 pixels a cell, as the terminal said (not the 10x20 taken when nothing says).
    let placement = try #require(model.commands.first { $0["a"] == "p" })
    let image = try #require(model.images.first { $0.keys["i"] == placement["i"] })
    // Whole cells one way; the other cut to the page's shape.
    #expect(image.width % 9 == 0 || image.height % 17 == 0, "\(image.width)x\(image.height)")
    #expect(output.contains("a=d,d=A"))
  }

  /// kitty from 0.28 and Ghostty get placeholder cells, WezTerm iTerm2's images, foot sixel
  /// at the cell size it said; xterm with sixel but no cell size gets block art and a line
  /// that says why.
  @Test(arguments: ["kitty-new", "ghostty", "wezterm", "foot", "xterm-vt340"])
  func eachTerminalGetsItsBestPixels(kind: String) throws {
    let (output, status) = try run(kind)
    #expect(status == 0, "\(kind)")
    let placeholders = output.unicodeScalars.contains { $0.value == 0x10EEEE }
    let sixel = output.contains("\u{1B}P") && output.contains("\u{1B}[?2026h")
    let iterm = output.contains("\u{1B}]1337;File=")
    switch kind {
    case "kitty-new", "ghostty":
      #expect(placeholders && output.contains("U=1") && !sixel && !iterm, "\(kind)")
    case "wezterm":
      #expect(iterm && !placeholders && !output.contains("\u{1B}_Ga=t"), "\(kind)")
    case "foot":
      #expect(sixel && !placeholders && !iterm, "\(kind)")
      // 9x18 pixels a cell, as foot said: whole cells one way, the other cut to the page's
      // shape.
      let model = try TerminalImages(output)
      #expect(
        !model.images.isEmpty
          && model.images.allSatisfy { $0.width % 9 == 0 || $0.height % 18 == 0 })
    default:
      #expect(!placeholders && !iterm && !output.contains("\u{1B}Pq"), "\(kind)")
      #expect(output.contains("sixel needs the cell size"))
    }
    #expect(!output.contains("Folio keys"), "\(kind): the help opened")
  }

  /// xterm shows no sixel image over its `maxGraphicSize`: a page wider than that (1,500
  /// pixels in 250 cells of 6 pixels) is painted as tiles that each fit, side by side.
  @Test(arguments: [[], ["--pixels", "sixel"]])
  func xtermWiderThanItsLargestImageGetsTiles(arguments: [String]) throws {
    // `--pixels sixel` asks the terminal too: its cell size and its largest image.
    let (output, status) = try run("xterm-wide", arguments: arguments)
    #expect(status == 0)
    let model = try TerminalImages(output)
    #expect(model.images.count >= 2, "\(model.images.count) images")
    for image in model.images {
      #expect(image.width <= 1000 && image.height <= 1000, "\(image.width)x\(image.height)")
    }
    #expect(model.images.reduce(0) { $0 + $1.width } > 1000)
  }

  @Test(arguments: ["xterm", "silent", "late"])
  func otherTerminalsGetBlockArtAndNoAnswerIsAKey(kind: String) throws {
    let (output, status) = try run(kind)
    #expect(status == 0, "\(kind)")
    #expect(!output.contains("\u{1B}_Ga=t"), "\(kind): an image")
    // A late answer ("?62;22c") read as keys would open the help or change the symbols.
    #expect(!output.contains("Folio keys"), "\(kind): the help opened")
    #expect(!output.contains("symbols:"), "\(kind): the symbols changed")
    // xterm draws no sextants and its usual fonts lack them: quadrants there.
    let sextants = output.unicodeScalars.contains { (0x1FB00...0x1FB3B).contains($0.value) }
    let quadrants = output.unicodeScalars.contains { (0x2596...0x259F).contains($0.value) }
    if kind == "xterm" {
      #expect(!sextants && quadrants, "xterm: quadrants, not sextants")
    } else {
      #expect(sextants, "\(kind): sextants")
    }
  }

  /// Ghostty over SSH to a server without its terminfo entry (a made-up xterm name here, so
  /// no machine has it): drawn as xterm-256color, the line says so, and the pixels still come
  /// from what the terminal answered.
  @Test func anUnknownXtermStillGetsItsPixels() throws {
    let (output, status) = try run("ghostty", term: "xterm-folio-test-unknown")
    #expect(status == 0, "\(output.suffix(300))")
    #expect(!output.contains("unknown terminal type"))
    #expect(output.unicodeScalars.contains { $0.value == 0x10EEEE }, "no placeholder cells")
    #expect(output.contains("U=1"))
    #expect(output.contains("no terminfo entry for xterm-folio-test-unknown"))
  }
}
