import FolioCore

/// Lines of plausible technical prose for the `manual` fixture: words drawn from a fixed
/// vocabulary by a seeded generator.
public enum ManualText {
  static let vocabulary = """
    the of and to in is that for it as with was on be by this are or from at which an not \
    but have has all were when can there been one their more if will would other its into \
    register memory address instruction operand value field bit byte word page table entry \
    processor mode interrupt exception vector stack pointer segment descriptor privilege \
    level control flag status cache line buffer translation lookaside physical virtual \
    linear mapping format encoding prefix opcode immediate displacement scale index base \
    signed unsigned integer floating point precision rounding result overflow underflow \
    denormal infinity operation execute load store compare branch jump call return loop \
    repeat string move copy exchange add subtract multiply divide shift rotate test set \
    clear complement logical arithmetic packed scalar double single quad extended vector \
    length mask element lane broadcast gather scatter permute shuffle blend insert extract \
    convert truncate saturate minimum maximum absolute square root reciprocal estimate \
    section chapter volume figure example note see also described following previous
    """.split(separator: " ").map(String.init)

  /// One line of about 60 characters.
  public static func line(using generator: inout SplitMix64) -> String {
    var line = ""
    while line.count < 56 {
      let word = vocabulary[Int(generator.next() % UInt64(vocabulary.count))]
      line += line.isEmpty ? word.prefix(1).uppercased() + word.dropFirst() : " " + word
    }
    return line + "."
  }
}
