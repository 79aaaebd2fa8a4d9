import Foundation

/// A JSON value in a control message: the `data` of a reply or an event, an argument, an id.
/// Encoded by `json` as one line (object keys sorted, strings escaped: quotes, backslashes and
/// every control character; nothing else of a document's text is trusted to be harmless).
public enum ControlValue: Hashable, Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number (a non-finite one is written as `null`: JSON has none).
  case number(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([ControlValue])
  /// An object; keys are written sorted.
  case object([String: ControlValue])

  /// The value as JSON text on one line.
  public var json: String {
    var text = ""
    write(to: &text)
    return text
  }

  /// Whether it is a scalar (null, a bool, a number or a string): what an id may be.
  public var isScalar: Bool {
    switch self {
    case .array, .object: false
    default: true
    }
  }

  /// Appends the value's JSON text to `text`.
  func write(to text: inout String) {
    switch self {
    case .null: text += "null"
    case .bool(let value): text += value ? "true" : "false"
    case .number(let value): text += Self.numberText(value)
    case .string(let value): Self.writeString(value, to: &text)
    case .array(let values):
      text += "["
      for (index, value) in values.enumerated() {
        if index > 0 { text += "," }
        value.write(to: &text)
      }
      text += "]"
    case .object(let members):
      text += "{"
      for (index, key) in members.keys.sorted().enumerated() {
        if index > 0 { text += "," }
        Self.writeString(key, to: &text)
        text += ":"
        members[key, default: .null].write(to: &text)
      }
      text += "}"
    }
  }

  /// The JSON text of `value`: a whole number below 2^53 without a fraction, `null` for NaN
  /// and the infinities, else the shortest text that reads back as `value`.
  static func numberText(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == value.rounded(), abs(value) <= 9_007_199_254_740_992 {
      return String(Int64(value))
    }
    return "\(value)"
  }

  /// Appends `string` as a JSON string literal: `"` and `\` escaped, control characters
  /// (U+0000–U+001F, U+007F) and the line and paragraph separators as `\u` escapes.
  static func writeString(_ string: String, to text: inout String) {
    text += "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case "\u{0}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
        let hex = String(scalar.value, radix: 16)
        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: text.unicodeScalars.append(scalar)
      }
    }
    text += "\""
  }

  /// The value Foundation's `JSONSerialization` read, or nil for something JSON cannot hold.
  init?(foundation object: Any) {
    switch object {
    case is NSNull: self = .null
    case let string as String: self = .string(string)
    case let number as NSNumber:
      // JSONSerialization reads `true` and `false` as NSNumbers of type "c" (a C char).
      if String(cString: number.objCType) == "c" {
        self = .bool(number.boolValue)
      } else {
        self = .number(number.doubleValue)
      }
    case let values as [Any]:
      var converted: [ControlValue] = []
      converted.reserveCapacity(values.count)
      for value in values {
        guard let value = ControlValue(foundation: value) else { return nil }
        converted.append(value)
      }
      self = .array(converted)
    case let members as [String: Any]:
      var converted: [String: ControlValue] = [:]
      for (key, value) in members {
        guard let value = ControlValue(foundation: value) else { return nil }
        converted[key] = value
      }
      self = .object(converted)
    default: return nil
    }
  }

  /// What Foundation's `JSONSerialization` reads from `line` (any JSON value, a scalar too),
  /// or nil when it is not JSON.
  static func foundationObject(parsing line: some Collection<UInt8>) -> Any? {
    try? JSONSerialization.jsonObject(with: Data(line), options: [.fragmentsAllowed])
  }
}
