import Glibc

/// The SyncTeX files that may belong to a PDF, in the order libsynctex reads them, and the
/// stamp that tells when one of them was replaced.
struct SyncTeXFiles: Hashable, Sendable {
  /// `NAME.synctex` then `NAME.synctex.gz` for `NAME.pdf` (the PDF's last extension replaced).
  let paths: [String]

  /// The candidates for the absolute, normalized `pdfPath`.
  init(pdfPath: String) {
    let folder = SourcePath.folder(of: pdfPath)
    let name = pdfPath[pdfPath.index(after: pdfPath.lastIndex(of: "/") ?? pdfPath.startIndex)...]
    let base = name.lastIndex(of: ".").map { name[..<$0] } ?? name
    let stem = (folder == "/" ? "" : folder) + "/" + base
    paths = [stem + ".synctex", stem + ".synctex.gz"]
  }

  /// The first candidate that is a regular file, or nil when there is none.
  var existing: String? { paths.first { FileStamp(path: $0) != nil } }

  /// Each candidate's stamp (nil for one that is not there): any change means a rebuild.
  var stamps: [FileStamp?] { paths.map(FileStamp.init(path:)) }
}

/// What `stat` says of a regular file that changes when it is rewritten or replaced: its
/// device and inode, size and modification time (to the nanosecond).
struct FileStamp: Hashable, Sendable {
  let device: UInt64
  let inode: UInt64
  let size: Int64
  let seconds: Int
  let nanoseconds: Int

  /// The stamp of the regular file at `path` (links followed), or nil when there is none.
  init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    seconds = info.st_mtim.tv_sec
    nanoseconds = info.st_mtim.tv_nsec
  }
}
