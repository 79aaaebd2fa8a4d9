import FolioCore
import Testing

@testable import FolioRuntime

/// One cache for a page's block art and its pictures in pixels, bounded in bytes together:
/// each found by its own key, the least recently used of either kind out first, and a
/// picture in pixels never taken for a stand-in of block art.
@Suite("Picture cache")
struct PictureCacheTests {
  let style = RenderStyle(symbols: .half, colors: .truecolor)

  func cells(_ page: Int, columns: Int = 10) -> (RenderRequest, ScreenBuffer) {
    let request = RenderRequest(
      page: PageIndex(page), size: CellSize(columns: columns, rows: 10), style: style)
    return (request, ScreenBuffer(size: request.size, fill: Cell("x")))
  }

  func pixels(_ page: Int, bytes: Int) -> (PictureJob, EncodedPicture) {
    let job = PictureJob(
      PixelRequest(page: PageIndex(page), size: PixelSize(width: 80, height: 80)),
      encoding: .sixel(cellPixels: PixelSize(width: 8, height: 16), largest: nil))
    return (
      job,
      EncodedPicture(
        size: job.request.size,
        pieces: [EncodedPicture.Piece(bytes: [UInt8](repeating: 1, count: bytes))])
    )
  }

  @Test func blockArtAndPixelsShareOneBudget() throws {
    let (request, art) = cells(0)
    // Room for two pictures of 2,000 bytes (2,064 with their entry), or one and the block
    // art, not all three.
    let budget = request.cost + 2 * 2_064 - 1
    var cache = PictureCache(bytes: budget)
    cache.insert(art, for: request)
    let (first, firstPicture) = pixels(0, bytes: 2_000)
    cache.insert(firstPicture, for: first)
    #expect(cache.picture(for: request) == art)
    #expect(cache.picture(for: first) == firstPicture)
    // The block art is the least recently used now that the picture was read last.
    _ = cache.picture(for: first)
    let (second, secondPicture) = pixels(1, bytes: 2_000)
    cache.insert(secondPicture, for: second)
    #expect(cache.contains(second) && cache.contains(first))
    #expect(!cache.contains(request))
    #expect(cache.statistics.totalCost <= budget)
  }

  @Test func aPictureInPixelsIsNoStandInForBlockArt() {
    var cache = PictureCache(bytes: 1 << 20)
    let (job, picture) = pixels(3, bytes: 100)
    cache.insert(picture, for: job)
    let (request, _) = cells(3, columns: 20)
    #expect(cache.standIn(for: request) == nil)
    let (smaller, art) = cells(3)
    cache.insert(art, for: smaller)
    #expect(cache.standIn(for: request)?.size == request.size)
  }
}
