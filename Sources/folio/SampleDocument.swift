import Foundation

/// The document `folio` opens without a FILE: a sample built into the executable itself
/// (`SampleDocumentData`, made by `make sample`), so that it opens wherever the binary is
/// copied.
enum SampleDocument {
  /// The name it goes by in messages.
  static let name = "the built-in sample"

  /// The sample's PDF bytes.
  static var bytes: [UInt8] {
    guard
      let data = Data(base64Encoded: SampleDocumentData.base64, options: .ignoreUnknownCharacters)
    else { preconditionFailure("SampleDocumentData is not base64: run make sample") }
    return [UInt8](data)
  }
}
