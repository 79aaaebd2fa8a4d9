import FolioCore
import FolioPoppler
import FolioTerminal
import Foundation

CrashGuard.install()
ErrorStream.capture(temporaryDirectory: ProcessInfo.processInfo.environment["TMPDIR"])
FolioCommand.mainExitingCleanly()
