import CSynctex
import FolioCore

/// A PDF's SyncTeX index, read once with libsynctex: forward search (a source line to boxes on
/// pages) and inverse search (a point on a page to a source line).
///
/// Sendable: the index's libsynctex scanner is only used under its own lock (one query at a
/// time); everything else is immutable. Its answers are those of the `synctex` tool, whose
/// library it calls.
public final class SyncTeXIndex: Sendable {
  /// The folder of the PDF: relative source names are relative to it.
  private let folder: String
  /// Each input file TeX recorded: its name as recorded and that name made absolute.
  private let inputs: [Input]
  private let scanner: LockedScanner

  private struct Input: Sendable {
    let recorded: String
    let absolute: String
  }

  /// Reads the SyncTeX file beside the PDF at `pdfPath` (relative to the working directory, or
  /// absolute): `NAME.synctex` when there is one, else `NAME.synctex.gz` (libsynctex's
  /// order). Throws `SyncTeXError.missing` when there is neither and `.damaged` when it cannot
  /// be parsed or has no page.
  public init(pdfPath: String) throws(SyncTeXError) {
    let absolutePDF = SourcePath.absolute(pdfPath, in: SourcePath.workingDirectory)
    guard let synctexPath = SyncTeXFiles(pdfPath: absolutePDF).existing else {
      throw .missing(pdfPath: pdfPath)
    }
    // With parse 1, a file libsynctex cannot parse gives nil (the scanner already freed).
    guard let parsed = synctex_scanner_new_with_output_file(absolutePDF, nil, 1) else {
      throw .damaged(synctexPath: synctexPath)
    }
    let scanner = LockedScanner(parsed)
    let folder = SourcePath.folder(of: absolutePDF)
    var inputs: [Input] = []
    var node = synctex_scanner_input(parsed)
    while let input = node {
      if let name = synctex_node_get_name(input).map({ String(cString: $0) }), !name.isEmpty {
        inputs.append(Input(recorded: name, absolute: SourcePath.absolute(name, in: folder)))
      }
      node = synctex_node_sibling(input)
    }
    guard synctex_sheet(parsed, 1) != nil, !inputs.isEmpty else {
      throw .damaged(synctexPath: synctexPath)
    }
    self.folder = folder
    // libsynctex lists the inputs last first; keep TeX's order so the first match is TeX's.
    self.inputs = inputs.reversed()
    self.scanner = scanner
  }

  /// Forward search: the boxes where `line` (1-based) of `input` was typeset, in libsynctex's
  /// order (the best first); empty when the input is not one TeX recorded or the line is below 1
  /// (or above `Int32.max`).
  /// Like `synctex view`, a line that made no box (blank, past the end) gets the boxes of the
  /// nearest line that did.
  ///
  /// `column` is passed on to libsynctex (0 or -1: the whole line; pdfTeX records no columns).
  /// `input` names a source file either absolutely or relative to the PDF's folder; it matches a
  /// recorded input when both, made absolute against the PDF's folder, are the same path once
  /// `.` parts and repeated slashes are taken out and each `..` is applied to the text (no link
  /// is followed). So `chapter.tex`, `./chapter.tex` and `/project/chapter.tex` all find an
  /// input recorded as `./chapter.tex` or `/project/./chapter.tex` beside `/project/main.pdf`.
  /// A bare file name is not matched against inputs in other folders.
  public func boxes(line: Int, column: Int, input: String) -> [SyncTeXBox] {
    guard line >= 1, line <= Int(Int32.max) else { return [] }
    let wanted = SourcePath.absolute(input, in: folder)
    guard let recorded = inputs.first(where: { $0.absolute == wanted })?.recorded else {
      return []
    }
    let column = Int32(clamping: column)
    return scanner.withScanner { scanner in
      guard synctex_display_query(scanner, recorded, Int32(line), column, -1) > 0 else {
        return []
      }
      var boxes: [SyncTeXBox] = []
      while let node = synctex_scanner_next_result(scanner) {
        if let box = Self.box(of: node) { boxes.append(box) }
      }
      return boxes
    }
  }

  /// Inverse search: the source place of the point (`x`, `y`), in points from the top-left
  /// corner of `page`, as the first answer of libsynctex; nil when nothing on the page answers,
  /// the page is not in the index, or a coordinate is not finite.
  public func source(page: PageIndex, x: Double, y: Double) -> SyncTeXSource? {
    guard page.rawValue >= 0, page.number <= Int(Int32.max) else { return nil }
    let h = Float(x)
    let v = Float(y)
    guard h.isFinite, v.isFinite else { return nil }
    let found: (name: String, line: Int32, column: Int32)? = scanner.withScanner { scanner in
      guard synctex_edit_query(scanner, Int32(page.number), h, v) > 0,
        let node = synctex_scanner_next_result(scanner)
      else { return nil }
      let name =
        synctex_scanner_get_name(scanner, synctex_node_tag(node)) ?? synctex_node_get_name(node)
      guard let name else { return nil }
      return (String(cString: name), synctex_node_line(node), synctex_node_column(node))
    }
    guard let found, !found.name.isEmpty, found.line >= 1 else { return nil }
    return SyncTeXSource(
      path: SourcePath.absolute(found.name, in: folder), line: Int(found.line),
      column: found.column >= 1 ? Int(found.column) : nil)
  }

  /// The visible box of a result node, or nil for one with no page or a size that is not finite.
  private static func box(of node: OpaquePointer) -> SyncTeXBox? {
    let page = Int(synctex_node_page(node))
    let left = Double(synctex_node_box_visible_h(node))
    let baseline = Double(synctex_node_box_visible_v(node))
    let width = Double(synctex_node_box_visible_width(node))
    let height = Double(synctex_node_box_visible_height(node))
    let depth = Double(synctex_node_box_visible_depth(node))
    guard page >= 1, [left, baseline, width, height, depth].allSatisfy(\.isFinite) else {
      return nil
    }
    return SyncTeXBox(
      page: PageIndex(number: page), x: left, y: baseline - height, width: width,
      height: height + depth)
  }
}
