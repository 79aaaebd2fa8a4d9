import ArgumentParser

/// `--annotations`' part of the command line.
extension FolioCommand {
  /// `--annotations` reads files and prints: nothing else that opens a viewer or prints pages.
  func validateAnnotations() throws {
    if search.find != nil || picture.print || picking.pick || previewing.preview
      || remoting.remote || remoting.synctexForward != nil
    {
      throw ValidationError(
        "--annotations prints the annotations: not with --find, --print, --pick, --preview, "
          + "--remote or --synctex-forward")
    }
    if files.isEmpty { throw ValidationError("--annotations needs a FILE or a folder") }
    if files.contains("-") {
      throw ValidationError("--annotations reads files and folders: not - (standard input)")
    }
  }

  /// Prints the annotations of the files and folders named; the exit status.
  func runAnnotations() throws -> Int32 {
    let (files, problems) = LibraryFiles.collect(self.files)
    for problem in problems {
      StandardStreams.writeError(Failure(path: problem.path, reason: problem.reason).line + "\n")
    }
    return try AnnotationPrinter.run(
      files: files, problems: problems.count, format: annotating.format ?? .list,
      password: password, options: picture)
  }
}
