// (`make sample` writes it to .build/sample.pdf and builds it into folio as
// Sources/folio/Generated/SampleDocumentData.swift).
import FolioFixtures
// Writes Folio's built-in sample document: `swift run folio-make-sample OUTPUT.pdf`
import Foundation

let output = CommandLine.arguments.dropFirst().first ?? ".build/sample.pdf"
let portrait = (595.0, 842.0)
let landscape = (842.0, 595.0)
let roman = ["i", "ii", "iii"]
var pages: [FixturePage] = []
pages.append(
  FixturePage(
    width: portrait.0, height: portrait.1, headline: "Folio", caption: "a sample document",
    tint: (0.93, 0.95, 1.0), hasColorBlocks: true, label: "Cover"))
for (i, label) in roman.enumerated() {
  pages.append(
    FixturePage(
      width: portrait.0, height: portrait.1, headline: label, caption: "front matter \(i + 1)",
      label: label))
}
for number in 1...20 {
  var page = FixturePage(
    width: portrait.0, height: portrait.1, headline: String(number),
    caption: "page \(number) of 20", label: String(number))
  switch number {
  case 4, 9:
    page.width = landscape.0
    page.height = landscape.1
    page.caption = "landscape page \(number)"
  case 7:
    page.width = portrait.0 * 2
    page.caption = "a wide two-page spread"
    page.hasColorBlocks = true
  case 12:
    page.width = 420
    page.height = 1190
    page.caption = "a tall page"
  case 3, 15, 18:
    page.hasColorBlocks = true
    page.tint = number == 15 ? (1.0, 0.96, 0.88) : nil
    page.caption = "colour on page \(number)"
  default:
    break
  }
  pages.append(page)
}
do {
  try FixturePDF.write(pages, title: "Folio sample document", to: output)
  print("wrote \(pages.count) pages to \(output)")
} catch {
  print("folio-make-sample: \(error)")
  exit(1)
}
