/// Where a crash happened, read from what the Swift runtime printed: the failure's message
/// (debug builds say "Fatal error: …", release builds "*** Swift runtime failure: … ***") and
/// the first frame of the crashed thread with a source location of folio's ("Double value
/// cannot be converted to Int… @ PageMetrics.count(_:at:) Layout/PageMetrics.swift:113"), the
/// same in both builds; else the signal.
enum CrashSite {
  static func signature(of result: ChildProcess.Result) -> String {
    let lines = result.errorText.split(separator: "\n")
    var parts: [String] = []
    if let fatal = lines.first(where: { $0.contains("Fatal error: ") }),
      let marker = fatal.range(of: "Fatal error: ")
    {
      parts.append(String(fatal[marker.upperBound...].prefix(160)))
    } else if let failure = lines.first(where: { $0.hasPrefix("*** Swift runtime failure: ") }) {
      let message = failure.dropFirst("*** Swift runtime failure: ".count)
      parts.append(String(message.replacingOccurrences(of: " ***", with: "").prefix(160)))
    } else if let reason = lines.first(where: { $0.contains("Program crashed") }) {
      parts.append(
        reason.split(separator: " at 0x").first.map {
          $0.replacingOccurrences(of: "*** ", with: "")
        } ?? "")
    } else {
      parts.append(result.wasSignaled ? "signal \(result.status)" : "exit \(result.status)")
    }
    if let crashed = lines.firstIndex(where: { $0.contains(" crashed:") }) {
      let frames = lines[(crashed + 1)...].prefix(60)
      if let frame = frames.first(where: {
        $0.contains(" at /") && !$0.contains("<compiler-generated>") && !$0.contains(" in libswift")
      }) {
        parts.append(site(of: frame))
      } else if let frame = frames.first(where: { $0.contains(" in ") }) {
        parts.append(site(of: frame))
      }
    }
    return parts.joined(separator: " @ ")
  }

  /// A backtrace frame as `function file:line`: no frame number, address or offset, and the
  /// path cut to its last two folders.
  static func site(of frame: Substring) -> String {
    var words = frame.split(separator: " ").filter { word in
      !(word.hasPrefix("0x") || word.allSatisfy(\.isNumber) || word.hasPrefix("[") || word == "+"
        || word == "specialized")
    }
    var location = ""
    if let at = words.lastIndex(of: "at"), at + 1 < words.count {
      let path = words[at + 1].split(separator: "/").suffix(2).joined(separator: "/")
      location = " " + path.split(separator: ":").prefix(2).joined(separator: ":")
      words.removeSubrange(at...)
    }
    if let inIndex = words.lastIndex(of: "in") { words.removeSubrange(inIndex...) }
    return String((words.joined(separator: " ") + location).prefix(200))
  }
}
