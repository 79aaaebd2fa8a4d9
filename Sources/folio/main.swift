import FolioCore
import FolioPoppler
import FolioTerminal
import Foundation

CrashGuard.install()
FolioCommand.mainExitingCleanly()
