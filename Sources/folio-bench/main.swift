// `folio-bench`: measures Folio's hot paths and prints Markdown for docs/benchmarks.md.
// Run through `make bench` (release build). Compare ratios measured in one run.
import Foundation

var sections: [String] = []
if CommandLine.arguments.dropFirst().first == "--leak-check" {
  // A workload for valgrind/LeakSanitizer: open, read, render and close documents repeatedly.
  do {
    try LeakWorkload.run(paths: Array(CommandLine.arguments.dropFirst(2)))
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("folio-bench: \(error)\n".utf8))
    exit(1)
  }
}
if CommandLine.arguments.dropFirst().first == "--memory-run", CommandLine.arguments.count > 2 {
  do {
    print(try PipelineBenchmarks.memoryRun(path: CommandLine.arguments[2]))
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("folio-bench: \(error)\n".utf8))
    exit(1)
  }
}
do {
  sections.append(LayoutBenchmarks.run())
  sections.append(try DocumentBenchmarks.run())
  sections.append(try PipelineBenchmarks.run())
} catch {
  FileHandle.standardError.write(Data("folio-bench: \(error)\n".utf8))
  exit(1)
}
print(sections.joined(separator: "\n\n"))
