import FolioCore
import Testing

/// Base64 as RFC 4648 writes it.
struct Base64Tests {
  @Test(arguments: [
    ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
    ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
  ])
  func theRFCsVectors(text: String, encoded: String) {
    #expect(Base64.string(Array(text.utf8)) == encoded)
    #expect(Base64.encoded(Array(text.utf8)) == Array(encoded.utf8))
  }

  @Test func everySixBitValueHasItsLetter() {
    // 0x00 0x10 0x83 0x10 0x51 0x87 … : the 64 values 0…63 in order, three bytes a four.
    var bytes: [UInt8] = []
    for group in stride(from: 0, to: 64, by: 4) {
      let value =
        UInt32(group) << 18 | UInt32(group + 1) << 12 | UInt32(group + 2) << 6
        | UInt32(group + 3)
      bytes += [UInt8(value >> 16), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
    #expect(
      Base64.string(bytes)
        == "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
    #expect(Base64.string([0xFF, 0xFE]) == "//4=")
  }
}
