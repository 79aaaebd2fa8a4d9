/// Why a render service could not start.
public enum RenderServiceError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A system call failed with an errno value.
  case systemCall(String, Int32)

  public var description: String {
    switch self {
    case .systemCall(let name, let code): "\(name) failed (errno \(code))"
    }
  }
}
