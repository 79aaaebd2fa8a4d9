import FolioCore
import Testing

/// A `Duration` in seconds and whole milliseconds.
struct DurationUnitsTests {
  @Test func secondsKeepTheFraction() {
    #expect(Duration.seconds(20).inSeconds == 20)
    #expect(Duration.milliseconds(1_500).inSeconds == 1.5)
    #expect(Duration.microseconds(250).inSeconds == 0.000_25)
    #expect(Duration.zero.inSeconds == 0)
    #expect(Duration.milliseconds(-2_500).inSeconds == -2.5)
  }

  @Test func millisecondsDropTheFractionTowardZero() {
    #expect(Duration.seconds(3).wholeMilliseconds == 3_000)
    #expect(Duration.microseconds(1_999).wholeMilliseconds == 1)
    #expect(Duration.nanoseconds(999_999).wholeMilliseconds == 0)
    #expect(Duration.microseconds(-1_500).wholeMilliseconds == -1)
    #expect((Duration.seconds(2) + .nanoseconds(7)).wholeMilliseconds == 2_000)
  }

  @Test func millisecondsSaturate() {
    #expect(Duration.seconds(Int64.max).wholeMilliseconds == Int.max)
    #expect(Duration.seconds(Int64.min).wholeMilliseconds == Int.min)
  }
}
