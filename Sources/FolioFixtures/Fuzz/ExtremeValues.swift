/// The values the number and page-box mutations write: the ones that broke (or could break)
/// page geometry, written both as PDF numbers and in the exponent form some writers emit.
public enum ExtremeValues {
  /// Numbers that replace number tokens.
  public static let numbers: [String] = [
    "0", "-0", "-1", "1", "0.0", "-0.0", "1e17", "1e-14", "1e-18", "1e300", "1e-300", "-1e17",
    "100000000000000000", "0.00000000000001", "0.000000000000000001",
    "9223372036854775807", "9223372036854775808", "-9223372036854775809",
    "18446744073709551616", "99999999999999999999", "2147483647", "2147483648", "-2147483649",
    "4294967296", "65536", "32768", "-32769", "3.4028236e38", "nan", "inf", "-",
    String(repeating: "9", count: 400), "0." + String(repeating: "0", count: 330) + "1",
    "1" + String(repeating: "0", count: 310),
  ]

  /// Rectangles that replace /MediaBox, /CropBox and the other page boxes.
  public static let boxes: [String] = [
    "[0 0 1e17 792]", "[0 0 612 1e-14]", "[0 0 1e-18 792]", "[0 0 9223372036854775808 8400]",
    "[0 0 1e13 0.001]", "[0 0 0 0]", "[0 0 -612 792]", "[0 0 612 -792]", "[612 792 0 0]",
    "[0 0 100000000000000000 792]", "[0 0 612 0.00000000000001]",
    "[0 0 0.000000000000000001 792]", "[0 0 10000000000000 0.001]", "[0 0 1e300 1e300]",
    "[0 0 1e-300 1e-300]", "[-1e17 -1e17 1e17 1e17]", "[0 0 14400 14400]", "[0 0 1 200000]",
    "[0 0 200000 1]", "[0 0 612]", "[]", "[0 0 612 792 5]", "[/a /b /c /d]", "[0 0 nan 792]",
    "[0 0 2147483648 2147483648]", "[0 0 0.5 0.5]", "[0 0 612 792]", "null", "5 0 R",
  ]

  /// Values for /Rotate.
  public static let rotations: [String] = [
    "45", "90", "-90", "180", "270", "-270", "360", "361", "1e17", "-1", "2147483647",
    "-2147483648", "9223372036854775808", "0.5", "nan", "/Ninety",
  ]

  /// Values for /UserUnit.
  public static let userUnits: [String] = [
    "0", "-1", "1e-14", "1e17", "75000", "1e300", "1e-300", "9223372036854775808", "0.0001",
    "100000000000000000", "/Big",
  ]
}
