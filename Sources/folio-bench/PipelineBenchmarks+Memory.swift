import FolioCore
import FolioFixtures
import FolioLayout
import FolioPoppler
import FolioRuntime
import FolioTestSupport
import FolioUI
import Foundation

/// The memory the bench reads: this process's, and its tree's with the page workers.
extension PipelineBenchmarks {
  /// Resident and proportional memory of this process and its children (the page workers)
  /// together, in MiB: RSS counts the libraries every process maps once per process, PSS
  /// shares them out (what the tree really costs the machine).
  static func treeMemory() -> (resident: Double, proportional: Double) {
    let parts = treeMemoryByProcess()
    return (parts.map(\.resident).reduce(0, +), parts.map(\.proportional).reduce(0, +))
  }

  /// The same for each process: this one first, then its children (the page workers).
  static func treeMemoryByProcess() -> [(pid: String, resident: Double, proportional: Double)] {
    let me = getpid()
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(me)/task")) ?? []
    let children = tasks.flatMap { task -> [String] in
      ((try? String(contentsOfFile: "/proc/\(me)/task/\(task)/children", encoding: .utf8)) ?? "")
        .split(separator: " ").map(String.init)
    }
    return (["\(me)"] + children).map { pid in
      var resident = 0.0
      var proportional = 0.0
      let rollup = (try? String(contentsOfFile: "/proc/\(pid)/smaps_rollup", encoding: .utf8)) ?? ""
      for line in rollup.split(separator: "\n") {
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        guard fields.count >= 2, let kib = Double(fields[1]) else { continue }
        if fields[0] == "Rss:" { resident += kib / 1024 }
        if fields[0] == "Pss:" { proportional += kib / 1024 }
      }
      return (pid, resident, proportional)
    }
  }

  /// Resident memory now and at its peak, in MiB, from /proc/self/status.
  static func memory() -> (current: Double, peak: Double) {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    func value(_ key: String) -> Double {
      guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(key) }) else {
        return 0
      }
      return (Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
    }
    return (value("VmRSS:"), value("VmHWM:"))
  }
}
