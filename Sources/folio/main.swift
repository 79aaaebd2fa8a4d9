import FolioCore
import FolioPoppler
import FolioTerminal
import Foundation

FolioCommand.mainExitingCleanly()
