import Glibc

/// Reaps a child left running past its deadline (`ChildRun.run(leavesRunning:)`), on a
/// detached thread of its own that waits for it, so it never stays a zombie.
enum ChildReaper {
  /// Waits for `pid` to end on a new detached thread (at once, if no thread can start).
  static func reap(_ pid: pid_t) {
    let box = UnsafeMutablePointer<pid_t>.allocate(capacity: 1)
    box.initialize(to: pid)
    var thread = pthread_t()
    let started = pthread_create(
      &thread, nil,
      { argument in
        guard let argument else { return nil }
        let pid = argument.assumingMemoryBound(to: pid_t.self)
        var status: Int32 = 0
        while waitpid(pid.pointee, &status, 0) < 0 && errno == EINTR {}
        pid.deallocate()
        return nil
      }, box)
    if started == 0 {
      pthread_detach(thread)
    } else {
      box.deallocate()
    }
  }
}
