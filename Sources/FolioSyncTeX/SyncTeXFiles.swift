import Glibc

/// The SyncTeX files that may belong to a PDF, in the order libsynctex reads them.
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
  var existing: String? {
    paths.first { path in
      var info = stat()
      return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }
  }
}
