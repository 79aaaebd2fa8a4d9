import FolioCore
import FolioUI

/// What the runtime has already asked its services for, to meet the state's `Demands`: the
/// runtime's bookkeeping, not the app's. Each turn compares the demands with it and asks only
/// for what changed; a new version's services start the services' part again.
struct DemandLedger {
  var pictures: PictureWants?
  var hitRegions: HitRegionRequest?
  var links: [PageIndex] = []
  var contentBoxes: [PageIndex] = []
  var isOutlineAsked = false
  var isHeadingsAsked = false
  var bodyText: PageIndex?
  var sendsHitLines = false
  var texts: [PageIndex] = []
  var isAnnotationsAsked = false

  /// What `demands` asks that was not asked yet, as calls on `services`; then `demands` is
  /// what was asked.
  mutating func meet(_ demands: Demands, services: DemandedServices) {
    if demands.pictures != pictures {
      pictures = demands.pictures
      services.board.want(demands.pictures)
    }
    if let request = demands.hitRegions, request != hitRegions {
      services.searcher?.findRegions(request)
    }
    hitRegions = demands.hitRegions
    // Asked even when empty: links of pages left are no longer wanted.
    if demands.links != links { services.navigation.wantLinks(demands.links) }
    links = demands.links
    if !demands.contentBoxes.isEmpty, demands.contentBoxes != contentBoxes {
      services.navigation.wantContentBoxes(demands.contentBoxes)
    }
    contentBoxes = demands.contentBoxes
    if demands.outline && !isOutlineAsked { services.navigation.wantOutline() }
    isOutlineAsked = demands.outline
    if demands.headings && !isHeadingsAsked { services.navigation.wantHeadings() }
    isHeadingsAsked = demands.headings
    if let page = demands.bodyText, page != bodyText { services.navigation.wantBodyText(page) }
    bodyText = demands.bodyText
    if !demands.texts.isEmpty, demands.texts != texts {
      services.navigation.wantTexts(demands.texts)
    }
    texts = demands.texts
    if demands.annotations && !isAnnotationsAsked { services.navigation.wantAnnotations() }
    isAnnotationsAsked = demands.annotations
    if demands.hitLines != sendsHitLines {
      if demands.hitLines { services.searcher?.sendLines() } else { services.searcher?.stopLines() }
      sendsHitLines = demands.hitLines
    }
  }

  /// The services were replaced (a new version): everything they were asked is asked again.
  mutating func forgetServices() {
    hitRegions = nil
    links = []
    contentBoxes = []
    isOutlineAsked = false
    isHeadingsAsked = false
    bodyText = nil
    sendsHitLines = false
    texts = []
    isAnnotationsAsked = false
  }
}

/// The services demands are met by.
struct DemandedServices {
  var board: PictureBoard
  var navigation: NavigationReader
  var searcher: (any PageSearcher)?
}
