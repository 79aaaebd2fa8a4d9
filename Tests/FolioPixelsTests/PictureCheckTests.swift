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

  /// One sixel image the picture's size: whole, printable, painting no wider nor taller than
  /// the picture (a worker could otherwise paint over the status line or scroll the screen).
  @Test func sixelImagesAreWholePrintableAndNoLargerThanThePicture() {
    let job = PictureJob(
      request, encoding: .sixel(cellPixels: PixelSize(width: 10, height: 20), largest: nil))
    func check(_ data: String, offset: CellPoint = CellPoint(x: 0, y: 0)) -> Bool {
      PictureCheck.isWellFormed(picture(data, offset: offset), for: job)
    }
    // 40 wide, ten bands of six pixels (60 high).
    let tenBands = Array(repeating: "!40~", count: 10).joined(separator: "-")
    #expect(check("\u{1B}P0;1;0q\"1;1;40;60#0;2;0;0;0#0\(tenBands)\u{1B}\\"))
    #expect(check("\u{1B}Pq#0~~$#1~~-~~\u{1B}\\"))
    // Wider, taller, larger raster attributes: refused.
    #expect(!check("\u{1B}Pq#0!41~\u{1B}\\"))
    #expect(!check("\u{1B}Pq#0!20~!21~\u{1B}\\"))
    #expect(!check("\u{1B}Pq\(tenBands)-~\u{1B}\\"))
    #expect(!check("\u{1B}Pq\"1;1;4000;4000#0~\u{1B}\\"))
    // Elsewhere than the picture's top-left; an escape inside; a control byte; no `q`; not
    // closed.
    #expect(!check("\u{1B}Pq#0~\u{1B}\\", offset: CellPoint(x: 1, y: 0)))
    #expect(!check("\u{1B}Pq#0~\u{1B}[2J~\u{1B}\\"))
    #expect(!check("\u{1B}Pq#0~\u{7}\u{1B}\\"))
    #expect(!check("\u{1B}P0;1#0~\u{1B}\\"))
    #expect(!check("\u{1B}Pq#0~"))
  }

  /// Cut into tiles no larger than the terminal's largest image: one image a tile, in order,
  /// each within its tile (20x40 pixels: 2x2 cells of 10x20; the last row one cell high).
  @Test func sixelTilesAreTheTilesFolioCutsEachWithinItsTile() {
    let job = PictureJob(
      request,
      encoding: .sixel(
        cellPixels: PixelSize(width: 10, height: 20), largest: PixelSize(width: 20, height: 40)))
    let tall = "\u{1B}Pq" + Array(repeating: "!20~", count: 7).joined(separator: "-") + "\u{1B}\\"
    let short = "\u{1B}Pq" + Array(repeating: "!20~", count: 4).joined(separator: "-") + "\u{1B}\\"
    func tiles(_ pieces: [(String, Int, Int)]) -> EncodedPicture {
      EncodedPicture(
        size: request.size,
        pieces: pieces.map {
          EncodedPicture.Piece(offset: CellPoint(x: $0.1, y: $0.2), bytes: Array($0.0.utf8))
        })
    }
    let right = [(tall, 0, 0), (tall, 2, 0), (short, 0, 2), (short, 2, 2)]
    #expect(PictureCheck.isWellFormed(tiles(right), for: job))
    // One too few; out of order; a short tile painting a tall tile's height.
    #expect(!PictureCheck.isWellFormed(tiles(Array(right.dropLast())), for: job))
    #expect(!PictureCheck.isWellFormed(tiles([right[1], right[0], right[2], right[3]]), for: job))
    #expect(
      !PictureCheck.isWellFormed(tiles([right[0], right[1], (tall, 0, 2), right[3]]), for: job))
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
