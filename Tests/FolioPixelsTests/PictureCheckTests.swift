import FolioCore
import FolioPixels
import Testing

/// A page worker draws untrusted documents and its picture's bytes go to the terminal as they
/// are: only the picture asked for passes, no escape or control byte smuggled in.
@Suite("Picture check")
struct PictureCheckTests {
  let request = PixelRequest(page: PageIndex(0), size: PixelSize(width: 40, height: 60))

  func picture(_ bytes: String, format: String = "", offset: CellPoint = CellPoint(x: 0, y: 0))
    -> EncodedPicture
  {
    EncodedPicture(
      size: request.size, pieces: [EncodedPicture.Piece(offset: offset, bytes: Array(bytes.utf8))],
      format: format)
  }

  @Test func kittyPicturesAreBase64UnderFolioSFormats() {
    let job = PictureJob(request, encoding: .kitty)
    #expect(PictureCheck.isWellFormed(picture("QUJD+/9=", format: "f=100"), for: job))
    #expect(PictureCheck.isWellFormed(picture("QUJD", format: "f=24,o=z,s=40,v=60"), for: job))
    // Another size, other keys, an escape in the payload, nothing: refused.
    #expect(!PictureCheck.isWellFormed(picture("QUJD", format: "f=24,o=z,s=41,v=60"), for: job))
    #expect(!PictureCheck.isWellFormed(picture("QUJD", format: "f=100,a=T"), for: job))
    #expect(
      !PictureCheck.isWellFormed(
        picture("QU\u{1B}\\\u{1B}]52;c;eA==\u{7}", format: "f=100"), for: job))
    #expect(!PictureCheck.isWellFormed(picture("", format: "f=100"), for: job))
    var wrongSize = picture("QUJD", format: "f=100")
    wrongSize.size = PixelSize(width: 40, height: 61)
    #expect(!PictureCheck.isWellFormed(wrongSize, for: job))
  }

  @Test func sixelPiecesAreWholePrintableImagesInsideThePicture() {
    let job = PictureJob(
      request, encoding: .sixel(cellPixels: PixelSize(width: 10, height: 20), largest: nil))
    #expect(PictureCheck.isWellFormed(picture("\u{1B}P0;1;0q\"1;1#0~-\u{1B}\\"), for: job))
    #expect(
      PictureCheck.isWellFormed(
        picture("\u{1B}Pq#0!4~\u{1B}\\", offset: CellPoint(x: 3, y: 2)), for: job))
    // Past the picture's cells; an escape inside; a control byte; no `q`; not closed.
    #expect(
      !PictureCheck.isWellFormed(
        picture("\u{1B}Pq#0~\u{1B}\\", offset: CellPoint(x: 4, y: 0)), for: job))
    #expect(!PictureCheck.isWellFormed(picture("\u{1B}Pq#0~\u{1B}[2J~\u{1B}\\"), for: job))
    #expect(!PictureCheck.isWellFormed(picture("\u{1B}Pq#0~\u{7}\u{1B}\\"), for: job))
    #expect(!PictureCheck.isWellFormed(picture("\u{1B}P0;1#0~\u{1B}\\"), for: job))
    #expect(!PictureCheck.isWellFormed(picture("\u{1B}Pq#0~"), for: job))
  }

  /// iTerm2: the worker sends base64 only; the viewer writes the sequence, its size the PNG's.
  @Test func iTermPicturesAreBase64AndTheViewerWritesTheSequence() {
    let job = PictureJob(request, encoding: .iterm2(cells: CellSize(columns: 4, rows: 3)))
    #expect(PictureCheck.isWellFormed(picture("QUJDRA=="), for: job))
    #expect(!PictureCheck.isWellFormed(picture("\u{1B}]1337;File=inline=1:QUJD\u{7}"), for: job))
    let sequence = ITermSequences.inlineImage(
      base64: Array("QUJDRA==".utf8), over: CellSize(columns: 4, rows: 3))
    #expect(
      String(decoding: sequence, as: UTF8.self)
        == "\u{1B}]1337;File=inline=1;size=4;width=4;height=3;preserveAspectRatio=0:QUJDRA==\u{7}")
  }
}
