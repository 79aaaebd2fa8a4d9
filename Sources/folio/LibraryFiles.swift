import FolioCore
import Foundation

/// The PDF files a library is made of: the files named, and every file whose name ends in
/// `.pdf` (any case) under the folders named, recursively, in name order; folders reached
/// through a symbolic link are not entered (a loop or a whole disk could be behind one), files
/// reached through one are taken.
enum LibraryFiles {
  /// A folder or file that cannot be read.
  struct Problem: Error {
    var path: String
    var reason: String
  }

  /// The files of `arguments` (files and folders), each once, folders' files in name order
  /// after one another; what cannot be read is in `problems`.
  static func collect(_ arguments: [String]) -> (files: [String], problems: [Problem]) {
    var files: [String] = []
    var problems: [Problem] = []
    var seen = Set<String>()
    for argument in arguments {
      var status = stat()
      guard stat(argument, &status) == 0 else {
        problems.append(Problem(path: argument, reason: String(cString: strerror(errno))))
        continue
      }
      if status.st_mode & S_IFMT == S_IFDIR {
        walk(argument, into: &files, problems: &problems)
      } else {
        files.append(argument)
      }
    }
    files = files.filter { seen.insert($0).inserted }
    return (files, problems)
  }

  /// Whether `name` ends in `.pdf`, in any case.
  static func isPDF(_ name: String) -> Bool {
    name.count > 4 && name.lowercased().hasSuffix(".pdf")
  }

  private static func walk(_ folder: String, into files: inout [String], problems: inout [Problem])
  {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
      problems.append(Problem(path: folder, reason: "cannot be read"))
      return
    }
    let base = folder.hasSuffix("/") ? folder : folder + "/"
    for name in names.sorted() {
      let path = base + name
      var status = stat()
      // The link itself: a folder behind a link is not entered.
      guard lstat(path, &status) == 0 else { continue }
      switch status.st_mode & S_IFMT {
      case S_IFDIR: walk(path, into: &files, problems: &problems)
      case S_IFREG where isPDF(name): files.append(path)
      case S_IFLNK where isPDF(name):
        // A link to a file (not to a folder) is taken.
        var target = stat()
        if stat(path, &target) == 0, target.st_mode & S_IFMT == S_IFREG { files.append(path) }
      default: break
      }
    }
  }
}
