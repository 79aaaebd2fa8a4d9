import FolioCore

/// What the screen needs of the runtime now, declared rather than commanded: a pure function
/// of the state, read by the runtime after each update. The runtime keeps what it already
/// asked for and asks its services only for what changed (as Elm's subscriptions do); a new
/// version of the document or a new service starts that bookkeeping again.
public struct Demands: Equatable, Sendable {
  /// The pictures on screen and in the prefetch margin.
  public var pictures: PictureWants
  /// Pages with hits on screen whose hit boxes are not known.
  public var hitRegions: HitRegionRequest?
  /// Pages on screen (page views) whose links are not read.
  public var links: [PageIndex]
  /// Pages around the screen whose content box is not known, when trimming.
  public var contentBoxes: [PageIndex]
  /// Whether the outline of the version shown is wanted and not read (the outline panel).
  public var outline: Bool
  /// Whether the structure tree's headings of the version shown are wanted and not read (the
  /// reading view).
  public var headings: Bool
  /// The page whose body text size `z` waits for.
  public var bodyText: PageIndex?
  /// Whether every hit's line of context is wanted (the hits panel).
  public var hitLines: Bool
  /// Pages whose text (with its characters' boxes) is wanted and not read: those on screen
  /// while text is selected, and a page whose text is to be copied.
  public var texts: [PageIndex]
  /// Whether every annotation of the version shown is wanted and not all read (the
  /// annotations panel).
  public var annotations: Bool
}

extension AppState {
  /// What the screen needs of the runtime now. O(log n + pieces on and near the screen).
  public var demands: Demands {
    let needs = modes.needs
    return Demands(
      pictures: pictureWants, hitRegions: hitRegionWants, links: linkWants,
      contentBoxes: contentBoxWants,
      outline: needs.contains(.outline) && document.outline == nil,
      headings: view.mode == .read && reading.headings(of: document.version) == nil,
      bodyText: view.readingZoomPage, hitLines: needs.contains(.hitLines) && search.isActive,
      texts: textWants,
      annotations: needs.contains(.annotations) && !document.annotations.isComplete)
  }
}
