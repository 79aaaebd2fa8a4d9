import Foundation

/// A request's id, kept as the JSON text it came as (a whole number keeps all its digits) and
/// echoed back in the reply: any JSON scalar (a number, a string, a bool or null).
public struct ControlID: Hashable, Sendable, CustomStringConvertible {
  /// The id as JSON text.
  public let json: String

  /// The id `value` (a scalar; an array or object is not an id and gives nil).
  public init?(_ value: ControlValue) {
    guard value.isScalar else { return nil }
    json = value.json
  }

  /// The id `number`.
  public init(_ number: Int) { json = String(number) }

  /// The id Foundation's `JSONSerialization` read, or nil for an array or an object. A whole
  /// number keeps every digit; anything else is written as `ControlValue` writes it, so an id
  /// read twice is the same id.
  init?(foundation object: Any) {
    if let number = object as? NSNumber {
      switch String(cString: number.objCType) {
      case "c": json = number.boolValue ? "true" : "false"
      case "Q", "L", "I", "S", "C": json = String(number.uint64Value)
      case "q", "l", "i", "s": json = String(number.int64Value)
      default: json = ControlValue.numberText(number.doubleValue)
      }
      return
    }
    guard let value = ControlValue(foundation: object), value.isScalar else { return nil }
    json = value.json
  }

  public var description: String { json }
}
