import FolioRuntime

/// The in-memory terminal tests drive (the same one `--print` draws into).
public typealias MemoryTerminal = OffscreenTerminal
