import FolioCore

/// How pages are drawn: the symbols, colors, inversion and text layer of every picture, and
/// the symbol sets this terminal can draw.
public struct DrawingState: Hashable, Sendable {
  /// The style every page is drawn in.
  public private(set) var style: RenderStyle
  /// The symbol sets the terminal can draw (never empty), in the order `c` steps through them.
  public let drawableSymbols: [SymbolSet]

  /// The drawing state for `style` on a terminal that draws `drawable` (ASCII when it names
  /// none), and what to say if the style's symbols had to be replaced.
  static func make(style: RenderStyle, drawable: [SymbolSet]) -> (DrawingState, String?) {
    // ASCII is drawable wherever text is; a style the terminal cannot draw takes its fallback
    // and says so.
    let drawable = drawable.isEmpty ? [SymbolSet.ascii] : drawable
    var style = style
    var message: String?
    if let substitute = style.symbols.substitute(among: drawable), substitute != style.symbols {
      message = "cannot draw \(style.symbols.rawValue) here; using \(substitute.rawValue)"
      style.symbols = substitute
    }
    return (DrawingState(style: style, drawableSymbols: drawable), message)
  }

  /// `c`: the next drawable symbol set; returns what the status line says.
  mutating func cycleSymbols() -> String {
    let index = drawableSymbols.firstIndex(of: style.symbols) ?? -1
    style.symbols = drawableSymbols[(index + 1) % drawableSymbols.count]
    return "symbols: \(style.symbols.rawValue)"
  }

  /// Whether pages show as images: not at all (the terminal draws block art only), or on or
  /// off by the person's choice (`p`).
  public enum Pixels: Hashable, Sendable {
    case unavailable, on, off
  }

  /// Pages as images or block art.
  public private(set) var pixels = Pixels.unavailable
  /// Why pages are not shown as images here, when the runtime knows (`p` says it).
  public private(set) var whyNoPixels: String?

  /// `p`: images on or off; returns what the status line says.
  mutating func togglePixels() -> String {
    switch pixels {
    case .unavailable:
      return whyNoPixels ?? "pixels: not shown in this terminal (folio --pixels kitty, in kitty)"
    case .on:
      pixels = .off
      return "pixels off: pages as block art (p shows images)"
    case .off:
      pixels = .on
      return "pixels on"
    }
  }

  /// `t`: the text layer's next setting; returns what the status line says.
  mutating func cycleTextLayer() -> String {
    style.text = style.text.next
    switch style.text {
    case .auto: return "text where it is legible"
    case .on: return "all text as characters"
    case .off: return "no text: block art only"
    }
  }

  /// The terminal can show images: pages show as images unless turned off already.
  mutating func makePixelsAvailable() {
    if pixels == .unavailable { pixels = .on }
  }

  /// Pages cannot be shown as images here, for `reason`.
  mutating func notePixelsUnavailable(_ reason: String) {
    if pixels == .unavailable { whyNoPixels = reason }
  }

  /// Dark paper on or off (`i`).
  mutating func toggleInvert() { style.isInverted.toggle() }

  /// `z`'s legible text: the text layer on where legible if it was off.
  mutating func showLegibleText() {
    if style.text == .off { style.text = .auto }
  }

  /// A remembered place's looks: its symbols if this terminal can draw them, its paper.
  mutating func restore(symbols: SymbolSet, isInverted: Bool) {
    if drawableSymbols.contains(symbols) { style.symbols = symbols }
    style.isInverted = isInverted
  }
}
