import FolioCore
import FolioLayout
import FolioUI
import Glibc

/// Waiting for the screen to be complete, for `--print`, tests and benchmarks.
extension Browser {
  /// Waits up to `milliseconds` for a letter in the inbox.
  func waitForLetters(milliseconds: Int32) {
    var descriptor = pollfd(fd: inbox.wakeDescriptor, events: Int16(POLLIN), revents: 0)
    _ = poll(&descriptor, 1, milliseconds)
  }

  /// Waits until every picture on screen is its exact render (for `--print`, tests and
  /// benchmarks; the prefetch margin is not waited for). Sizes learned from renders may move
  /// pages and want more renders: it loops until the screen is complete, nothing is pending or
  /// wanted, or `timeout` passes.
  public func settle(timeout: Duration = .seconds(120)) {
    let deadline = ContinuousClock.now + timeout
    // Trimmed pages wait for their content boxes first: they decide the layout.
    while !state.contentBoxWants.isEmpty, ContinuousClock.now < deadline {
      waitForLetters(milliseconds: 50)
      send(backgroundEvents())
    }
    while true {
      send(backgroundEvents())
      // Done when nothing was pending as the outcomes were taken (so none is left unreceived)
      // and the last layout pass wanted nothing (a render it wanted may finish before any
      // check).
      let isIdle = board.pendingWhenReceived == 0 && board.wantedCount == 0
      if board.isScreenComplete || isIdle || ContinuousClock.now >= deadline { break }
      // Sleep until a render arrives (the inbox turns readable) or 50 ms pass.
      waitForLetters(milliseconds: 50)
    }
    send([.renderProgress(pending: board.pendingCount)])
  }

  /// Starts a search for `query` and goes to its first hit from the current page when one is
  /// found (`--find`).
  public func find(_ query: String) {
    send([.find(query)])
  }

  /// Waits until the search in force has searched every page and the hits on screen have
  /// their boxes (for `--find --print`), then until the screen is complete.
  public func settleSearch(timeout: Duration = .seconds(120)) {
    let deadline = ContinuousClock.now + timeout
    while searcher != nil, state.search.isActive, ContinuousClock.now < deadline {
      send(backgroundEvents())
      if state.search.isComplete && state.hitRegionWants == nil { break }
      waitForLetters(milliseconds: 50)
    }
    settle(timeout: max(.seconds(1), deadline - .now))
  }
}

/// What tests, benchmarks and `--print` read of the pictures.
extension Browser {
  /// Whether every tile on screen shows its exact picture (or its render failed).
  public var isScreenComplete: Bool { board.isScreenComplete }

  /// Tile recycling counters of the main view.
  public var tileCounters: TilePool<RenderRequest>.Counters { board.mainTiles.counters }

  /// Pages drawn so far whose renders came with the libraries' complaints, and what they said.
  public var damagedPages: [PageIndex: [String]] { board.damagedPages }
}
