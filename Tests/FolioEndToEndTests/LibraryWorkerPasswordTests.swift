import FolioCore
import FolioFixtures
import FolioPoppler
import FolioRuntime
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A library's page worker (the real `folio` in worker mode) and the passwords known this run:
/// an encrypted file's cover fails until its password is learned, then the worker is told it
/// before its next request and draws the cover; a worker started after a crash is told again.
@Suite("Library worker passwords")
struct LibraryWorkerPasswordTests {
  @Test func aLearnedPasswordReachesTheWorkerAndItsSuccessor() throws {
    let scratch = try ScratchFolder()
    let plain = try scratch.writeDocument("plain.pdf", pages: 3)
    let locked = scratch.path + "/locked.pdf"
    let encrypt = try ChildProcess.run(
      "/usr/bin/qpdf", ["--encrypt", "secret", "secret", "256", "--", plain, locked])
    #expect(encrypt.status == 0, "\(encrypt.errorText)")
    let manifest = try PopplerDocument.readablePath(
      holding: LibraryDocument.manifest(of: [locked, plain]))
    defer { LibraryDocument.close(manifest: manifest) }
    let passwords = KnownPasswords()
    let worker = WorkerProcess(
      launch: WorkerLaunch(executable: FolioProcess.executable),
      document: WorkerDocument(
        readablePath: manifest, name: "library", password: nil, isLibrary: true,
        knownPasswords: passwords),
      limits: WorkerLimits())
    let style = RenderStyle(symbols: .sextant, colors: .truecolor)
    let cover = RenderRequest(
      page: PageIndex(0), size: CellSize(columns: 20, rows: 12), style: style)
    let other = RenderRequest(
      page: PageIndex(1), size: CellSize(columns: 20, rows: 12), style: style)
    #expect(throws: DocumentError.self) { try worker.render(cover) }
    let plainCover = try worker.render(other)
    passwords.learn("secret", for: locked)
    let drawn = try worker.render(cover)
    #expect(drawn.picture == plainCover.picture, "the encrypted copy's cover is the plain one's")
    #expect(drawn.label?.hasPrefix("locked.pdf") == true)
    #expect(drawn.label?.hasSuffix("3 pages") == true, "\(drawn.label ?? "no label")")
    // A worker that crashed is replaced, and the new one is told the password too.
    let first = try #require(worker.processID)
    kill(first, SIGSEGV)
    var answered: RenderedPage?
    for _ in 0..<2 where answered == nil {
      do {
        answered = try worker.render(cover)
      } catch let failure as WorkerFailure {
        #expect(failure.description == "crashed")
      }
    }
    #expect(answered?.picture == plainCover.picture)
    #expect(worker.processID != first)
    #expect(worker.startCount == 2)
  }
}
