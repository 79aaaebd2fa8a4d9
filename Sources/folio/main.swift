import FolioCore
import FolioPoppler
import FolioRuntime
import FolioTerminal
import Foundation

// Pictures pass through the heap in both roles: freed ones go back to the system.
MemoryPolicy.limitHeapGrowth()
// The hidden worker mode comes first: a worker has no terminal to guard.
if CommandLine.arguments.count > 1 && CommandLine.arguments[1] == WorkerLaunch.flag {
  PageWorkerMode.run(arguments: Array(CommandLine.arguments.dropFirst(2)))
}
// A SyncTeX query runs in a process of its own (libsynctex reads untrusted files).
if CommandLine.arguments.count > 1 && CommandLine.arguments[1] == SyncTeXQueryMode.flag {
  SyncTeXQueryMode.run(arguments: Array(CommandLine.arguments.dropFirst(2)))
}
// An annotation edit runs in a short-lived process of its own (it writes the document).
if CommandLine.arguments.count > 1 && CommandLine.arguments[1] == AnnotateMode.flag {
  AnnotateMode.run(arguments: Array(CommandLine.arguments.dropFirst(2)))
}
CrashGuard.install()
ErrorStream.capture(temporaryDirectory: ProcessInfo.processInfo.environment["TMPDIR"])
FolioCommand.mainExitingCleanly()
