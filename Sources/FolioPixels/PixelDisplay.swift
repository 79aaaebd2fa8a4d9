import FolioCore

/// How the viewer shows pages: as block art, or as pixels in one of the terminal image
/// protocols, chosen from `--pixels`, what the terminal answered and, inside tmux, what tmux
/// says of the terminal outside it.
public enum PixelDisplay: Hashable, Sendable {
  case blockArt
  /// kitty placements over the cells (kitty before 0.28, and terminals that answer kitty's
  /// query but are not known to do placeholders).
  case kittyPlacements
  /// kitty's Unicode placeholder cells; through tmux's passthrough inside tmux.
  case kittyPlaceholders(throughTmux: Bool)
  case sixel
  case iterm2

  /// The display, and a line for the status line when pixels were asked for (or would be
  /// shown) but cannot be. `replies` are the terminal's answers (nil when it was not asked),
  /// `tmux` what tmux says of its client (nil outside tmux), `colors` what curses draws with.
  public static func chosen(
    setting: PixelsSetting, replies: TerminalReplies?, tmux: TmuxClient?, colors: ColorMode
  ) -> (display: PixelDisplay, notice: String?) {
    guard setting != .off else { return (.blockArt, nil) }
    // Placeholder cells carry the image's id in their color: 256 colors at least.
    let placeholdersDrawable = colors == .palette256 || colors == .truecolor
    if let tmux { return chosen(setting: setting, inside: tmux, drawable: placeholdersDrawable) }
    let version = replies?.version ?? ""
    switch setting {
    case .off: return (.blockArt, nil)
    case .sixel: return (.sixel, nil)
    case .iterm2: return (.iterm2, nil)
    case .kitty:
      return (
        Self.doesPlaceholders(version) && placeholdersDrawable
          ? .kittyPlaceholders(throughTmux: false) : .kittyPlacements, nil
      )
    case .auto:
      guard let replies else { return (.blockArt, nil) }
      // WezTerm shows iTerm2's images better than its kitty graphics.
      if Self.prefersITerm(version) { return (.iterm2, nil) }
      if replies.showsKittyImages {
        return (
          Self.doesPlaceholders(version) && placeholdersDrawable
            ? .kittyPlaceholders(throughTmux: false) : .kittyPlacements, nil
        )
      }
      if replies.showsSixel { return (.sixel, nil) }
      return (.blockArt, nil)
    }
  }

  private static func chosen(setting: PixelsSetting, inside tmux: TmuxClient, drawable: Bool)
    -> (display: PixelDisplay, notice: String?)
  {
    let outerDoesPlaceholders =
      setting == .kitty || doesPlaceholders(tmux.termType)
      || (tmux.termType.isEmpty && ["xterm-kitty", "xterm-ghostty"].contains(tmux.termName))
    switch setting {
    case .kitty,
      .auto where outerDoesPlaceholders:
      guard drawable else {
        return (.blockArt, "pixels: inside tmux they need 256 colors (TERM=tmux-256color)")
      }
      guard tmux.allowsPassthrough else {
        return (
          .blockArt, "pixels: tmux passes no images; add `set -g allow-passthrough on` to tmux.conf"
        )
      }
      return (.kittyPlaceholders(throughTmux: true), nil)
    case .sixel,
      .auto where tmux.features.contains("sixel"):
      // A tmux built with sixel draws the images itself.
      return (.sixel, nil)
    case .iterm2:
      return (.blockArt, "pixels: iTerm2 images do not pass through tmux; --pixels kitty does")
    default:
      // kitty before 0.28 shows images only where it is the terminal itself.
      guard tmux.termType.lowercased().hasPrefix("kitty") else { return (.blockArt, nil) }
      return (
        .blockArt,
        "pixels: through tmux kitty 0.28 or newer is needed (this is \(tmux.termType));"
          + " outside tmux this kitty shows them"
      )
    }
  }

  /// Whether a terminal of this XTVERSION (or tmux's `client_termtype`) does kitty's Unicode
  /// placeholders: kitty from 0.28, Ghostty.
  static func doesPlaceholders(_ version: String) -> Bool {
    let lowered = version.lowercased()
    if lowered.hasPrefix("ghostty") { return true }
    guard lowered.hasPrefix("kitty") else { return false }
    let numbers = lowered.drop { !$0.isNumber }.prefix { $0.isNumber || $0 == "." }
      .split(separator: ".").compactMap { Int($0) }
    guard let major = numbers.first else { return false }
    return major > 0 || (numbers.count > 1 && numbers[1] >= 28)
  }

  /// Whether iTerm2's images are the better choice in a terminal of this XTVERSION.
  static func prefersITerm(_ version: String) -> Bool {
    let lowered = version.lowercased()
    return ["wezterm", "iterm2", "mintty"].contains { lowered.hasPrefix($0) }
  }
}

/// What tmux says of the terminal it is attached to (`tmux display-message -p` with `format`):
/// its terminfo name, its XTVERSION (tmux 3.4 on; empty before), its features, its cell size
/// in pixels (0: unknown) and whether passthrough is allowed in this pane.
public struct TmuxClient: Hashable, Sendable {
  public var termName: String
  public var termType: String
  public var features: Set<String>
  public var cellPixels: PixelSize?
  public var allowsPassthrough: Bool

  /// The format whose line `init(reading:)` reads.
  public static let format =
    "#{client_termname}\t#{client_termtype}\t#{client_termfeatures}\t#{client_cell_width}"
    + "\t#{client_cell_height}\t#{allow-passthrough}"

  /// Reads the line tmux printed for `format`; nil when it is not such a line.
  public init?(reading line: String) {
    let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    guard fields.count == 6 else { return nil }
    termName = fields[0]
    termType = fields[1]
    features = Set(fields[2].split(separator: ",").map(String.init))
    let width = Int(fields[3]) ?? 0
    let height = Int(fields[4]) ?? 0
    // As a terminal's own answer is taken: 1 to 999 pixels a side.
    cellPixels =
      (1...999).contains(width) && (1...999).contains(height)
      ? PixelSize(width: width, height: height) : nil
    // "1" (on) or "all" (tmux 3.4: even for panes not shown).
    allowsPassthrough = !["", "0", "off"].contains(fields[5])
  }

  /// A client with these facts.
  public init(
    termName: String, termType: String = "", features: Set<String> = [],
    cellPixels: PixelSize? = nil, allowsPassthrough: Bool
  ) {
    self.termName = termName
    self.termType = termType
    self.features = features
    self.cellPixels = cellPixels
    self.allowsPassthrough = allowsPassthrough
  }
}
