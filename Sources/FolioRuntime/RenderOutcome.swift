/// A finished render as the main thread receives it: the request it answers (so it is drawn only
/// into a tile still wanting that request, and cached either way) and its output or error.
public struct RenderOutcome<Request: Hashable & Sendable, Output: Sendable>: Sendable {
  /// The request rendered.
  public var request: Request
  /// The rendered output, or the error the worker or the renderer threw.
  public var result: Result<Output, any Error>

  /// Creates an outcome.
  public init(request: Request, result: Result<Output, any Error>) {
    self.request = request
    self.result = result
  }
}
