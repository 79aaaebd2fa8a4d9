/// One argument of a control command after its name: a string or a number, as JSON gave it
/// (`["goto", "xii"]`, `["goto", 12]`).
public enum ControlArgument: Hashable, Sendable, CustomStringConvertible {
  /// A string.
  case string(String)
  /// A number.
  case number(Double)

  /// The argument as JSON.
  public var value: ControlValue {
    switch self {
    case .string(let text): .string(text)
    case .number(let number): .number(number)
    }
  }

  /// The argument as text: a string as it is, a number as JSON writes it (`12`, `1.5`).
  public var description: String {
    switch self {
    case .string(let text): text
    case .number(let number): ControlValue.numberText(number)
    }
  }
}
